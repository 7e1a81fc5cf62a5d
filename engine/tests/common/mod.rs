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

/// Compile options with a fresh in-memory checkpointer.
pub fn with_saver() -> CompileOptions {
    CompileOptions {
        checkpointer: checkpoint::Checkpointing::Saver(std::rc::Rc::new(checkpoint::MemorySaver::new())),
        ..Default::default()
    }
}

/// A fresh memory saver, to read back what a graph stores in it.
pub fn saver() -> std::rc::Rc<checkpoint::MemorySaver> {
    std::rc::Rc::new(checkpoint::MemorySaver::new())
}

/// Compile options that store checkpoints in `s`.
pub fn storing_in(s: &std::rc::Rc<checkpoint::MemorySaver>) -> CompileOptions {
    CompileOptions { checkpointer: checkpoint::Checkpointing::Saver(s.clone()), ..Default::default() }
}

pub fn thread(id: &str) -> RunConfig {
    RunConfig::thread(id)
}

/// Every part of a run's stream, the error that ends a failed run included
/// (`stream_blocking` keeps only the error).
pub fn stream_parts(g: &CompiledGraph, input: Value, config: RunConfig) -> Vec<Result<StreamPart, Error>> {
    use futures::StreamExt;
    futures::executor::block_on(async { g.stream(input, config).await.expect("stream starts").collect().await })
}

/// A state of one appended list, `path`, which `mark` nodes write.
pub fn path_state() -> StateGraph {
    StateGraph::new().channel("path", Channel::append())
}

/// A node that appends its own name to the `path` list.
pub fn mark(name: &'static str) -> graph::node::NodeFn {
    node(move |_s| Ok::<_, NodeError>(json!({ "path": [name] })))
}

/// A node that returns `out` and counts its runs in `calls`.
pub fn counted(calls: &std::rc::Rc<std::cell::Cell<u32>>, out: Value) -> graph::node::NodeFn {
    let calls = calls.clone();
    node(move |_| {
        calls.set(calls.get() + 1);
        Ok::<_, NodeError>(out.clone())
    })
}

/// Returns Pending `n` times (waking itself), so other tasks get polled first.
pub async fn yield_times(n: u32) {
    for _ in 0..n {
        let mut yielded = false;
        futures::future::poll_fn(|cx| {
            if yielded {
                std::task::Poll::Ready(())
            } else {
                yielded = true;
                cx.waker().wake_by_ref();
                std::task::Poll::Pending
            }
        })
        .await
    }
}

/// Stream parts as `(namespace without task ids, data)`.
pub fn ns_updates(g: &CompiledGraph, input: Value) -> Vec<(Vec<String>, Value)> {
    g.stream_blocking(input, RunConfig::default().modes(&[StreamMode::Updates]).subgraphs(true))
        .unwrap()
        .into_iter()
        .map(|p| (p.namespace.iter().map(|n| n.split(':').next().unwrap().to_string()).collect(), p.data))
        .collect()
}

/// A node that returns `out` once the test fires the sender (it runs once); it
/// hands its runtime to `held`, if given, for the test to push parts from outside
/// the engine's polls, as a JS node's promise continuation does.
pub fn gated(
    out: Value,
    held: Option<std::rc::Rc<std::cell::RefCell<Option<pregel::Runtime>>>>,
) -> (graph::node::NodeFn, futures::channel::oneshot::Sender<()>) {
    use futures::FutureExt;
    let (release, released) = futures::channel::oneshot::channel::<()>();
    let released = std::cell::RefCell::new(Some(released));
    let node = async_node(move |_, rt| {
        if let Some(held) = &held {
            *held.borrow_mut() = Some(rt);
        }
        let released = released.borrow_mut().take().expect("a gated node runs once");
        let out = out.clone();
        async move {
            released.await.ok();
            Ok::<_, NodeError>(out)
        }
        .boxed_local()
    });
    (node, release)
}
