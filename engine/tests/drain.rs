//! Draining a run (LangGraph's `RunControl`): asked by a node or from outside, the
//! root run stops at its next superstep boundary with its checkpoint saved, and a
//! null input resumes it there.
mod common;
use common::*;
use serde_json::{json, Value};
use superstep::*;

/// A node that asks the run to drain (through the runtime, as a JS node would) and marks its path.
fn asking(name: &'static str) -> graph::node::NodeFn {
    node_rt(move |_s, rt| {
        rt.drain().expect("the run has a drain request").request("sigterm");
        Ok::<_, NodeError>(json!({ "path": [name] }))
    })
}

fn chain(middle: graph::node::NodeFn) -> CompiledGraph {
    StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark("a"))
        .node("b", middle)
        .node("c", mark("c"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .compile_with(with_saver())
        .unwrap()
}

#[test]
fn a_drained_run_stops_before_the_next_superstep_and_resumes_there() {
    let g = chain(asking("b"));
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(pregel::Drain::default());
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { reason: "sigterm".into() });
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!((state.values["path"].clone(), state.next.clone()), (json!(["a", "b"]), vec!["c".to_string()]));
    assert!(state.tasks.iter().all(|t| t.error.is_none()), "a drain is no task's failure");
    // Still asked for: the resumed run stops again at once; once lifted, it finishes.
    assert_eq!(g.invoke_blocking(Value::Null, cfg.clone()).unwrap_err(), Error::Drained { reason: "sigterm".into() });
    cfg.drain = None;
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["a", "b", "c"]));
}

#[test]
fn a_drain_asked_in_the_last_superstep_lets_the_run_finish() {
    let g =
        StateGraph::new().channel("path", Channel::append()).node("a", asking("a")).edge(START, "a").compile_with(with_saver()).unwrap();
    let drain = pregel::Drain::default();
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(drain.clone());
    assert_eq!(g.invoke_blocking(json!({}), cfg).unwrap()["path"], json!(["a"]));
    assert_eq!(drain.requested().as_deref(), Some("sigterm"));
}

#[test]
fn a_subgraph_runs_its_course_and_the_root_stops_at_its_own_boundary() {
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node("s1", asking("s1"))
        .node("s2", mark("s2"))
        .edge(START, "s1")
        .edge("s1", "s2")
        .compile()
        .unwrap();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .subgraph("sub", sub)
        .node("after", mark("after"))
        .edge(START, "sub")
        .edge("sub", "after")
        .compile_with(with_saver())
        .unwrap();
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(pregel::Drain::default());
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { reason: "sigterm".into() });
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.values["path"], json!(["s1", "s2"]));
    assert_eq!(state.next, vec!["after"]);
}
