//! Task calls inside a node (LangGraph's `task()`): their results are kept when
//! the node pauses or fails, so its next run gets them back (streamed as cached
//! updates) instead of doing the work again.
mod common;
use common::*;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::*;

/// `double` as a task call: reused when saved, else done (counted in `runs`).
fn double(rt: &Runtime, runs: &Cell<u32>, x: i64) -> i64 {
    match rt.begin_call("double", json!([x])) {
        (_, Some(v)) => v.as_i64().unwrap(),
        (index, None) => {
            runs.set(runs.get() + 1);
            rt.finish_call(index, "double", json!(x * 2));
            x * 2
        }
    }
}

/// A node that doubles `v` twice through task calls, then asks, or fails on its first run.
fn graph(runs: Rc<Cell<u32>>, fail_first: bool) -> CompiledGraph {
    let failed = Rc::new(Cell::new(false));
    last(&["v", "log"])
        .node(
            "n",
            node_rt(move |s, rt| {
                let a = double(rt, &runs, s.i64("v").unwrap());
                let b = double(rt, &runs, a);
                if fail_first && !failed.replace(true) {
                    return Err(NodeError::msg("flaky"));
                }
                let ok = if fail_first { json!("-") } else { rt.interrupt(json!("ok?"))? };
                let ok = ok.as_str().unwrap_or_default();
                Ok::<_, NodeError>(json!({"v": b, "log": format!("{a},{b},{ok}")}))
            }),
        )
        .edge(START, "n")
        .compile_with(with_saver())
        .unwrap()
}

fn updates_of(g: &CompiledGraph, input: impl Into<Input>, cfg: &RunConfig) -> Vec<Value> {
    use futures::StreamExt;
    let parts: Vec<_> =
        futures::executor::block_on(async { g.stream(input, cfg.clone().modes(&[StreamMode::Updates])).await.unwrap().collect().await });
    parts.into_iter().filter_map(|p: Result<StreamPart, Error>| p.ok()).map(|p| p.data).collect()
}

#[test]
fn calls_before_an_interrupt_are_not_done_again_on_resume() {
    let runs = Rc::new(Cell::new(0));
    let g = graph(runs.clone(), false);
    let cfg = RunConfig::thread("t");
    let first = updates_of(&g, json!({"v": 3}), &cfg);
    assert_eq!(first[..2], [json!({"double": 6}), json!({"double": 12})]);
    assert_eq!(runs.get(), 2);
    let resumed = updates_of(&g, Command::resume(json!("yes")), &cfg);
    assert_eq!(
        resumed,
        [
            json!({"double": 6, "__metadata__": {"cached": true}}),
            json!({"double": 12, "__metadata__": {"cached": true}}),
            json!({"n": {"v": 12, "log": "6,12,yes"}}),
        ]
    );
    assert_eq!(runs.get(), 2, "the resumed node reused both results");
    // A later superstep starts with no saved calls.
    let again = updates_of(&g, json!({"v": 1}), &cfg);
    assert_eq!(again[..2], [json!({"double": 2}), json!({"double": 4})]);
    assert_eq!(runs.get(), 4);
}

#[test]
fn calls_before_a_failure_are_reused_when_the_thread_is_resumed() {
    let runs = Rc::new(Cell::new(0));
    let g = graph(runs.clone(), true);
    let cfg = RunConfig::thread("t");
    assert!(g.invoke_blocking(json!({"v": 3}), cfg.clone()).is_err());
    assert_eq!(runs.get(), 2);
    let done = g.invoke_blocking(Value::Null, cfg.clone()).unwrap();
    assert_eq!(done["log"], json!("6,12,-"));
    assert_eq!(runs.get(), 2);
}

/// `(name, "start" | "result")` of each `tasks` stream event.
fn task_events(g: &CompiledGraph, input: impl Into<Input>, cfg: &RunConfig) -> Vec<(String, &'static str)> {
    use futures::StreamExt;
    let parts: Vec<_> =
        futures::executor::block_on(async { g.stream(input, cfg.clone().modes(&[StreamMode::Tasks])).await.unwrap().collect().await });
    parts
        .into_iter()
        .filter_map(|p: Result<StreamPart, Error>| p.ok())
        .map(|p| (p.data["name"].as_str().unwrap().to_string(), if p.data.get("input").is_some() { "start" } else { "result" }))
        .collect()
}

#[test]
fn each_call_is_a_task_of_its_own_in_the_tasks_stream_and_a_kept_one_reports_no_result_ordered_as_in_langgraph() {
    let g = graph(Rc::new(Cell::new(0)), false);
    let cfg = RunConfig::thread("t");
    let s = |n: &str, k| (n.to_string(), k);
    assert_eq!(
        task_events(&g, json!({"v": 3}), &cfg),
        // As LangGraph.js streams them: a call's result after the next call starts.
        [s("n", "start"), s("double", "start"), s("double", "start"), s("double", "result"), s("double", "result"), s("n", "result")]
    );
    assert_eq!(
        task_events(&g, Command::resume(json!("ok")), &cfg),
        [s("n", "start"), s("double", "start"), s("double", "start"), s("n", "result")]
    );
}

/// One node `n`, retried up to `max_attempts` times with no wait, under a saver.
fn retried(max_attempts: u32, action: superstep::graph::node::NodeFn) -> CompiledGraph {
    last(&["v"])
        .add_node(NodeSpec::new("n", action).retry(RetryPolicy { max_attempts, initial_interval: 0.0, ..RetryPolicy::default() }))
        .edge(START, "n")
        .compile_with(with_saver())
        .unwrap()
}

#[test]
fn a_retried_node_runs_its_calls_again_as_in_langgraph() {
    // LangGraph.js numbers a retry's calls on from the failed attempt's, so a retry
    // does the work again (unless an earlier run kept a result under that number).
    let runs = Rc::new(Cell::new(0));
    let failed = Rc::new(Cell::new(false));
    let counted = runs.clone();
    let g = retried(
        3,
        node_rt(move |s, rt| {
            let v = double(rt, &counted, s.i64("v").unwrap());
            if !failed.replace(true) {
                return Err(NodeError::msg("flaky"));
            }
            Ok::<_, NodeError>(json!({ "v": v }))
        }),
    );
    assert_eq!(g.invoke_blocking(json!({"v": 3}), RunConfig::thread("t")).unwrap()["v"], json!(6));
    assert_eq!(runs.get(), 2);
}

#[test]
fn a_retry_after_a_resume_reuses_the_calls_its_earlier_run_numbered_alike() {
    // Attempts 1 and 3 fail. Run 1: call 0 (attempt 1), call 1 (attempt 2), then the
    // pause. The resume: attempt 3 reuses call 0, and its retry reuses call 1.
    let runs = Rc::new(Cell::new(0));
    let attempts = Rc::new(Cell::new(0));
    let (counted, tries) = (runs.clone(), attempts.clone());
    let g = retried(
        2,
        node_rt(move |s, rt| {
            let v = double(rt, &counted, s.i64("v").unwrap());
            tries.set(tries.get() + 1);
            if tries.get() % 2 == 1 {
                return Err(NodeError::msg("odd attempt"));
            }
            let ok = rt.interrupt(json!("ok?"))?;
            Ok::<_, NodeError>(json!({ "v": format!("{v}:{}", ok.as_str().unwrap_or_default()) }))
        }),
    );
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({"v": 3}), cfg.clone()).unwrap();
    assert_eq!((runs.get(), attempts.get()), (2, 2));
    let done = g.invoke_blocking(Command::resume(json!("yes")), cfg).unwrap();
    assert_eq!(done["v"], json!("6:yes"));
    assert_eq!((runs.get(), attempts.get()), (2, 4), "both calls were kept");
}
