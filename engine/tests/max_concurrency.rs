//! `RunConfig::max_concurrency` (LangGraph's `maxConcurrency`): at most that
//! many tasks of a superstep run at once, the rest wait in task order, and
//! every write lands as without the limit. A failure stops the superstep
//! before the waiting tasks start; they run when the thread resumes.
mod common;
use common::*;
use futures::FutureExt;
use serde_json::json;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use superstep::*;

/// Counts the tasks running at once; each node yields a few times in the middle.
#[derive(Default)]
struct Gauge {
    running: Cell<usize>,
    peak: Cell<usize>,
    started: RefCell<Vec<String>>,
}

fn worker(gauge: &Rc<Gauge>, name: &'static str, fails: Rc<Cell<bool>>) -> graph::node::NodeFn {
    let gauge = gauge.clone();
    async_node(move |_, _| {
        let gauge = gauge.clone();
        let fails = fails.clone();
        async move {
            gauge.started.borrow_mut().push(name.to_string());
            gauge.running.set(gauge.running.get() + 1);
            gauge.peak.set(gauge.peak.get().max(gauge.running.get()));
            // The failing node gives up early; the others keep their slots longer.
            yield_times(if name == "a" { 1 } else { 4 }).await;
            gauge.running.set(gauge.running.get() - 1);
            if fails.get() && name == "a" {
                return Err(NodeError::from("a failed"));
            }
            Ok(json!({ "path": [name] }))
        }
        .boxed_local()
    })
}

fn fan_out(gauge: &Rc<Gauge>, fails: Rc<Cell<bool>>) -> StateGraph {
    let mut g = StateGraph::new().channel("path", Channel::append());
    for name in ["a", "b", "c", "d"] {
        g = g.node(name, worker(gauge, name, fails.clone())).edge(START, name);
    }
    g
}

fn limited(n: Option<usize>) -> RunConfig {
    RunConfig { max_concurrency: n, ..RunConfig::default() }
}

#[test]
fn at_most_the_limit_runs_at_once_and_every_write_lands() {
    for (limit, peak) in [(None, 4), (Some(3), 3), (Some(2), 2), (Some(1), 1)] {
        let gauge = Rc::new(Gauge::default());
        let g = fan_out(&gauge, Rc::new(Cell::new(false))).compile().unwrap();
        let out = g.invoke_blocking(json!({}), limited(limit)).unwrap();
        assert_eq!(out["path"], json!(["a", "b", "c", "d"]), "limit {limit:?}");
        assert_eq!(gauge.peak.get(), peak, "limit {limit:?}");
        assert_eq!(*gauge.started.borrow(), ["a", "b", "c", "d"], "tasks start in task order");
    }
}

#[test]
fn a_subgraph_inherits_the_limit() {
    let gauge = Rc::new(Gauge::default());
    let sub = fan_out(&gauge, Rc::new(Cell::new(false))).compile().unwrap();
    let g = StateGraph::new().channel("path", Channel::append()).subgraph("sub", sub).edge(START, "sub").compile().unwrap();
    let out = g.invoke_blocking(json!({}), limited(Some(2))).unwrap();
    assert_eq!(out["path"], json!(["a", "b", "c", "d"]));
    assert_eq!(gauge.peak.get(), 2);
}

#[test]
fn a_subgraph_node_takes_its_slot_in_task_order() {
    // Its run starts after the first pass (as LangGraph.js's awaits order it), but
    // its slot is its own from the start, as LangGraph.js's runner gives it: "c"
    // waits for a slot although "b" has not yet started.
    let gauge = Rc::new(Gauge::default());
    let never = Rc::new(Cell::new(false));
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node("b", worker(&gauge, "b", never.clone()))
        .edge(START, "b")
        .compile()
        .unwrap();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("a0", worker(&gauge, "a0", never.clone()))
        .subgraph("b", sub)
        .node("c", worker(&gauge, "c", never.clone()))
        .node("d", worker(&gauge, "d", never))
        .edge(START, "a0")
        .edge(START, "b")
        .edge(START, "c")
        .edge(START, "d")
        .compile()
        .unwrap();
    let out = g.invoke_blocking(json!({}), limited(Some(2))).unwrap();
    assert_eq!(out["path"], json!(["a0", "b", "c", "d"]));
    assert_eq!(*gauge.started.borrow(), ["a0", "b", "c", "d"]);
    assert_eq!(gauge.peak.get(), 2);
}

#[test]
fn a_failure_stops_the_waiting_tasks_and_they_run_on_resume() {
    let gauge = Rc::new(Gauge::default());
    let fails = Rc::new(Cell::new(true));
    let g = fan_out(&gauge, fails.clone()).compile_with(with_saver()).unwrap();
    let cfg = RunConfig { max_concurrency: Some(2), ..RunConfig::thread("t") };
    assert!(g.invoke_blocking(json!({}), cfg.clone()).is_err());
    assert_eq!(*gauge.started.borrow(), ["a", "b"], "c and d waited for a slot and never started");
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next.len(), 4);
    let errors: Vec<_> = state.tasks.iter().map(|t| t.error.as_deref()).collect();
    // As LangGraph.js: the message the node threw, not the engine's wrapping of it.
    assert_eq!(errors[0], Some("a failed"));
    assert!(errors[1].is_some(), "b was stopped");
    fails.set(false);
    gauge.started.borrow_mut().clear();
    // b was dropped mid-run, so the gauge still counts it.
    gauge.running.set(0);
    gauge.peak.set(0);
    let out = g.invoke_blocking(serde_json::Value::Null, cfg).unwrap();
    assert_eq!(out["path"], json!(["a", "b", "c", "d"]));
    assert_eq!(*gauge.started.borrow(), ["a", "b", "c", "d"]);
    assert_eq!(gauge.peak.get(), 2);
}

#[test]
fn a_failure_does_not_stop_the_tasks_that_start_with_it() {
    // Synchronous nodes: "a" fails at once; "b" had a slot from the start, as in LangGraph.js,
    // so it runs and keeps its write; "c" would wait for a slot, and never starts.
    let ran = Rc::new(RefCell::new(Vec::new()));
    let mark_run = |name: &'static str, fail: bool| {
        let ran = ran.clone();
        node(move |_| {
            ran.borrow_mut().push(name);
            if fail {
                return Err(NodeError::from("a failed"));
            }
            Ok(json!({ "path": [name] }))
        })
    };
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark_run("a", true))
        .node("b", mark_run("b", false))
        .node("c", mark_run("c", false))
        .edge(START, "a")
        .edge(START, "b")
        .edge(START, "c")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig { max_concurrency: Some(2), ..RunConfig::thread("t") };
    assert!(g.invoke_blocking(json!({}), cfg.clone()).is_err());
    assert_eq!(*ran.borrow(), ["a", "b"]);
    let state = g.get_state_blocking(&cfg).unwrap();
    let errors: Vec<_> = state.tasks.iter().map(|t| (t.name.as_str(), t.error.is_some())).collect();
    assert_eq!(errors, [("a", true), ("b", false), ("c", true)]);
}
