//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]
use serde_json::{json, Value};
use superstep::*;

pub fn last(keys: &[&str]) -> StateGraph {
    StateGraph::with_state(keys.iter().map(|k| (k.to_string(), Channel::last_value())))
}

pub fn run(g: &CompiledGraph, input: Value) -> Value {
    g.invoke_blocking(input, RunConfig::default()).expect("run succeeds")
}

pub fn updates(g: &CompiledGraph, input: Value) -> Vec<Value> {
    g.stream_blocking(input, RunConfig::default().modes(&[StreamMode::Updates])).expect("stream").into_iter().map(|p| p.data).collect()
}

pub fn values(g: &CompiledGraph, input: Value) -> Vec<Value> {
    g.stream_blocking(input, RunConfig::default().modes(&[StreamMode::Values])).expect("stream").into_iter().map(|p| p.data).collect()
}

/// A node that appends its own name to the `path` list.
pub fn mark(name: &'static str) -> graph::node::NodeFn {
    node(move |_s| Ok::<_, NodeError>(json!({ "path": [name] })))
}
