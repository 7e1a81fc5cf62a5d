//! A graph's step timeout (LangGraph's `step_timeout`): a superstep that runs
//! longer stops as a cancelled run does, keeping what it finished.
mod common;
use common::*;
use futures::future::{FutureExt, LocalBoxFuture};
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::*;

/// Waits measured in polls, as the nodes' work is: a wait of `s` seconds takes `s * 1000` polls.
struct PollSleeper;

impl env::Sleeper for PollSleeper {
    fn sleep(&self, seconds: f64) -> LocalBoxFuture<'static, ()> {
        yield_times((seconds * 1000.0) as u32).boxed_local()
    }
}

/// A node that takes `polls` polls, then appends its name to `path`.
fn slow(name: &'static str, polls: u32) -> graph::node::NodeFn {
    async_node(move |_, _| {
        async move {
            yield_times(polls).await;
            Ok::<_, NodeError>(json!({ "path": [name] }))
        }
        .boxed_local()
    })
}

fn options() -> CompileOptions {
    CompileOptions { env: Env { sleeper: Rc::new(PollSleeper), ..Env::default() }, ..with_saver() }
}

fn path() -> StateGraph {
    StateGraph::new().channel("path", Channel::append())
}

#[test]
fn a_superstep_past_the_timeout_stops_keeping_what_finished_and_resumes() {
    let g = path()
        .node("quick", mark("quick"))
        .node("slow", slow("slow", 500))
        .node("after", mark("after"))
        .edge(START, "quick")
        .edge(START, "slow")
        .edge("slow", "after")
        .compile_with(CompileOptions { step_timeout: Some(0.05), ..options() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::StepTimeout { step: 1, seconds: 0.05 });
    let state = g.get_state_blocking(&cfg).unwrap();
    // The stopped task left nothing: no error, and it is next again; the finished one's write shows.
    assert_eq!(state.next, vec!["slow"]);
    assert!(state.tasks.iter().all(|t| t.error.is_none()));
    assert_eq!(state.values["path"], json!(["quick"]));
    // Set after compile, as LangGraph's field is: without a limit the thread goes on.
    g.set_step_timeout(None);
    assert_eq!(g.step_timeout(), None);
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["quick", "slow", "after"]));
}

#[test]
fn the_timeout_is_per_superstep_not_per_run() {
    // Three steps of 30 polls each: 90 in all, each within a 50-poll limit.
    let g = path()
        .node("a", slow("a", 30))
        .node("b", slow("b", 30))
        .node("c", slow("c", 30))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .compile_with(options())
        .unwrap();
    g.set_step_timeout(Some(0.05));
    assert_eq!(g.step_timeout(), Some(0.05));
    assert_eq!(g.invoke_blocking(json!({}), RunConfig::thread("t")).unwrap()["path"], json!(["a", "b", "c"]));
    // One step past the limit stops the run there, after the steps before it.
    let h = path().node("a", slow("a", 30)).node("b", slow("b", 80)).edge(START, "a").edge("a", "b").compile_with(options()).unwrap();
    h.set_step_timeout(Some(0.05));
    let cfg = RunConfig::thread("t");
    assert_eq!(h.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::StepTimeout { step: 2, seconds: 0.05 });
    assert_eq!(h.get_state_blocking(&cfg).unwrap().values["path"], json!(["a"]));
    assert_eq!(Error::StepTimeout { step: 2, seconds: 0.05 }.class_name(), "TimeoutError");
}

#[test]
fn a_subgraph_past_its_own_timeout_fails_its_node() {
    let child = path().node("work", slow("work", 80)).edge(START, "work").compile_with(options()).unwrap();
    child.set_step_timeout(Some(0.05));
    let parent = path().subgraph("child", child).edge(START, "child").compile_with(options()).unwrap();
    let cfg = RunConfig::thread("t");
    match parent.invoke_blocking(json!({}), cfg.clone()).unwrap_err() {
        Error::StepTimeout { seconds, .. } => assert_eq!(seconds, 0.05),
        other => panic!("expected the child's step timeout, got {other:?}"),
    }
    // The parent has no limit of its own: the child's timeout is its node's failure.
    let state = parent.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next, vec!["child"]);
    assert!(state.tasks[0].error.as_deref().is_some_and(|e| e.contains("step timeout")), "{:?}", state.tasks[0].error);
}
