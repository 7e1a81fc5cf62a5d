//! Draining a run (LangGraph's `RunControl`): asked by a node or from outside, the
//! run stops at its next superstep boundary with its checkpoint saved, and a null
//! input resumes it there; a subgraph stops at its own.
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
fn a_subgraph_stops_at_its_own_boundary_and_resumes_there() {
    let (s1_runs, p_runs) = (std::rc::Rc::new(std::cell::Cell::new(0)), std::rc::Rc::new(std::cell::Cell::new(0)));
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node("s1", counted(&s1_runs, json!({ "path": ["s1"] })))
        .node("s2", asking("s2"))
        .node("s3", mark("s3"))
        .edge(START, "s1")
        .edge("s1", "s2")
        .edge("s2", "s3")
        .compile()
        .unwrap();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("p", counted(&p_runs, json!({ "path": ["p"] })))
        .subgraph("sub", sub)
        .node("after", mark("after"))
        .edge(START, "p")
        .edge(START, "sub")
        .edge("p", "after")
        .edge("sub", "after")
        .compile_with(with_saver())
        .unwrap();
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(pregel::Drain::default());
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { reason: "sigterm".into() });
    // As LangGraph.js: the subgraph stopped before s3; its sibling's write is kept, and
    // the subgraph's task is pending, with no failure recorded.
    let state = futures::executor::block_on(g.get_state(&cfg, true)).unwrap();
    assert_eq!((state.values["path"].clone(), state.next.clone()), (json!(["p"]), vec!["sub".to_string()]));
    let task = state.tasks.iter().find(|t| t.name == "sub").unwrap();
    assert_eq!(task.error, None);
    let child = task.state.as_ref().expect("the subgraph's saved state");
    assert_eq!((child.values["path"].clone(), child.next.clone()), (json!(["s1", "s2"]), vec!["s3".to_string()]));
    cfg.drain = None;
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["p", "s1", "s2", "s3", "after"]));
    assert_eq!((s1_runs.get(), p_runs.get()), (1, 1), "the subgraph continues where it stopped, and p is not run again");
}

/// A parent whose `ask` pauses (after `delay` yields) beside a subgraph that drains after its
/// first node, and beside a `slow` node that takes 60 yields, if asked for.
fn asking_beside_a_draining_subgraph(delay: u32, slow: bool) -> CompiledGraph {
    use futures::FutureExt;
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node("s1", asking("s1"))
        .node("s2", mark("s2"))
        .edge(START, "s1")
        .edge("s1", "s2")
        .compile()
        .unwrap();
    let ask = graph::node::async_node(move |_s, rt: pregel::Runtime| {
        async move {
            yield_times(delay).await;
            let answer = rt.interrupt(json!("go?"))?;
            Ok::<_, NodeError>(json!({ "path": [answer] }))
        }
        .boxed_local()
    });
    let mut g =
        StateGraph::new().channel("path", Channel::append()).node("ask", ask).subgraph("sub", sub).edge(START, "ask").edge(START, "sub");
    if slow {
        let slow = graph::node::async_node(|_s, _rt| {
            async {
                yield_times(60).await;
                Ok::<_, NodeError>(json!({ "path": ["slow"] }))
            }
            .boxed_local()
        });
        g = g.node("slow", slow).edge(START, "slow");
    }
    g.compile_with(with_saver()).unwrap()
}

#[test]
fn a_pause_before_a_subgraphs_drain_ends_the_run_drained_and_one_after_it_pauses_the_run() {
    // As LangGraph.js's runner: a drain arriving after a pause counts as a failure of the
    // superstep (GraphDrained); a pause arriving after a drain wins. Either way both tasks
    // stay pending, and resuming finishes the run.
    for (delay, drained) in [(0, true), (20, false)] {
        let g = asking_beside_a_draining_subgraph(delay, false);
        let mut cfg = RunConfig::thread("t");
        cfg.drain = Some(pregel::Drain::default());
        let out = g.invoke_blocking(json!({}), cfg.clone());
        if drained {
            assert_eq!(out.unwrap_err(), Error::Drained { reason: "sigterm".into() });
        } else {
            assert_eq!(out.unwrap()["__interrupt__"][0]["value"], json!("go?"));
        }
        let state = g.get_state_blocking(&cfg).unwrap();
        assert_eq!(state.next, vec!["ask", "sub"], "delay {delay}");
        assert!(state.tasks.iter().all(|t| t.error.is_none()), "delay {delay}");
        cfg.drain = None;
        assert_eq!(g.invoke_blocking(Command::resume(json!("yes")), cfg).unwrap()["path"], json!(["yes", "s1", "s2"]), "delay {delay}");
    }
}

#[test]
fn a_drain_after_a_pause_stops_the_tasks_still_running_as_a_failure_does() {
    // As LangGraph.js's runner, which takes such a drain for a node's failure: `slow`,
    // still running, is stopped and runs again on resume. The pause comes at once, or
    // after a yield (while the subgraph runs).
    for delay in [0, 1] {
        let g = asking_beside_a_draining_subgraph(delay, true);
        let mut cfg = RunConfig::thread("t");
        cfg.drain = Some(pregel::Drain::default());
        assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { reason: "sigterm".into() }, "delay {delay}");
        let state = g.get_state_blocking(&cfg).unwrap();
        let slow = state.tasks.iter().find(|t| t.name == "slow").unwrap();
        assert_eq!(slow.error_class.as_deref(), Some("AbortError"), "delay {delay}");
        cfg.drain = None;
        let out = g.invoke_blocking(Command::resume(json!("yes")), cfg).unwrap();
        assert_eq!(out["path"], json!(["yes", "slow", "s1", "s2"]), "delay {delay}");
    }
}

/// A subgraph of two nodes whose first asks for a drain, and one of one node.
fn two_and_one() -> (CompiledGraph, CompiledGraph) {
    let two = StateGraph::new().channel("path", Channel::append()).node("c1", asking("two.c1")).node("c2", mark("two.c2"));
    let two = two.edge(START, "c1").edge("c1", "c2").compile().unwrap();
    let one = StateGraph::new().channel("path", Channel::append()).node("c1", mark("one.c1")).edge(START, "c1").compile().unwrap();
    (two, one)
}

fn drained_state(g: &CompiledGraph) -> checkpoint::StateSnapshot {
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(pregel::Drain::default());
    assert!(matches!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { .. }));
    g.get_state_blocking(&cfg).unwrap()
}

fn result(state: &checkpoint::StateSnapshot, name: &str) -> Option<Value> {
    state.tasks.iter().find(|t| t.name == name).and_then(|t| t.result.clone())
}

#[test]
fn a_drain_a_subgraphs_node_asks_for_lets_its_sibling_subgraphs_run_their_first_superstep() {
    // As LangGraph.js: every subgraph of a superstep starts its first superstep before
    // any subgraph's node runs.
    let (two, one) = two_and_one();
    let g = StateGraph::new().channel("path", Channel::append()).subgraph("first", two).subgraph("second", one);
    let g = g.edge(START, "first").edge(START, "second").compile_with(with_saver()).unwrap();
    let state = drained_state(&g);
    assert_eq!(result(&state, "second"), Some(json!({"path": ["one.c1"]})), "the later sibling finished");
    assert_eq!(result(&state, "first"), None, "the subgraph that asked stopped at its own boundary");
    assert_eq!(state.next, ["first"]);
}

#[test]
fn a_drain_a_node_asks_for_at_once_stops_sibling_subgraphs_and_its_own_calls_before_they_run() {
    // As LangGraph.js: a node's code that runs at once runs before the subgraphs start, and
    // a graph the node calls after asking starts after the drain.
    let (_, one) = two_and_one();
    let called = one.clone();
    let calls = async_node(move |_s, rt: Runtime| {
        let sub = called.clone();
        async move {
            rt.drain().expect("the run has a drain request").request("mine");
            let out = rt.invoke_graph(&sub, json!({})).await?;
            Ok::<_, NodeError>(json!({ "path": out["path"] }))
        }
    });
    let g = StateGraph::new().channel("path", Channel::append()).node("calls", calls).subgraph("sub", one);
    let g = g.edge(START, "calls").edge(START, "sub").compile_with(with_saver()).unwrap();
    let state = drained_state(&g);
    assert_eq!((result(&state, "calls"), result(&state, "sub")), (None, None));
    assert_eq!(state.next, ["calls", "sub"]);
}

#[test]
fn a_subgraph_that_waits_for_a_concurrency_slot_reads_the_drain_when_it_starts() {
    // As LangGraph.js: under maxConcurrency, a subgraph whose task waits for a slot
    // starts its run once one is free, after the drain its sibling asked for.
    let (two, one) = two_and_one();
    let g = StateGraph::new().channel("path", Channel::append()).subgraph("first", two).subgraph("second", one);
    let g = g.edge(START, "first").edge(START, "second").compile_with(with_saver()).unwrap();
    let mut cfg = RunConfig::thread("t");
    cfg.drain = Some(pregel::Drain::default());
    cfg.max_concurrency = Some(1);
    assert!(matches!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Drained { .. }));
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!((result(&state, "first"), result(&state, "second")), (None, None));
    assert_eq!(state.next, ["first", "second"]);
}
