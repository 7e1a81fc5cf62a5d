//! Node error handlers (`NodeSpec::on_error`, LangGraph.js's `errorHandler`):
//! a node that fails after its retries runs its handler in the same superstep,
//! on its own input; the handler's writes stand in for the node's, and the
//! run goes on where the handler routes it (nowhere unless it says).
mod common;
use common::*;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::graph::node::RetryPolicy;
use superstep::*;

fn boom() -> graph::node::NodeFn {
    node(|_s| Err::<Value, _>(NodeError::from("boom")))
}

/// Writes what it handles: the failed node, the error, and the input it got.
fn recorder() -> graph::node::NodeFn {
    node_rt(|s, rt| {
        let (node, e) = rt.failure().expect("a handler sees the failure");
        Ok::<_, NodeError>(json!({ "path": [format!("handled {node}: {}", e.task_message())], "seen": s.get("seen").cloned() }))
    })
}

fn graph(handler: graph::node::NodeFn) -> StateGraph {
    StateGraph::new()
        .channel("path", Channel::append())
        .channel("seen", Channel::last_value())
        .add_node(NodeSpec::new("a", boom()).on_error("on_a"))
        .add_node(NodeSpec::new("on_a", handler).ends(["fix"]))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("fix", mark("fix"))
        .edge(START, "a")
        .edge(START, "c")
        .edge("a", "b")
        .edge("b", END)
}

#[test]
fn the_handler_runs_in_the_same_superstep_on_the_failed_input_and_the_run_stops_there() {
    let g = graph(recorder()).compile().unwrap();
    let out = g.invoke_blocking(json!({ "seen": "input" }), RunConfig::default()).unwrap();
    // a's edge to b is not followed: the handler routes nowhere. Its writes take a's
    // place in the apply order, before c's.
    assert_eq!(out["path"], json!(["handled a: boom", "c"]));
    assert_eq!(out["seen"], json!("input"));
}

#[test]
fn the_updates_stream_shows_the_handler_under_its_own_name() {
    let g = graph(recorder()).compile().unwrap();
    let chunks = updates(&g, json!({}));
    assert!(chunks.contains(&json!({ "on_a": { "path": ["handled a: boom"], "seen": null } })), "{chunks:?}");
    assert!(!chunks.iter().any(|c| c.get("a").is_some()), "{chunks:?}");
}

#[test]
fn the_tasks_stream_shows_the_failure_and_the_handler_task() {
    let g = graph(recorder()).compile().unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    let results: Vec<(String, Value)> = parts
        .iter()
        .filter(|p| p.data.get("result").is_some())
        .map(|p| (p.data["name"].as_str().unwrap().to_string(), p.data["error"].clone()))
        .collect();
    assert!(results.contains(&("a".into(), json!({ "message": "boom", "name": "Error" }))), "{results:?}");
    assert!(results.contains(&("on_a".into(), Value::Null)), "{results:?}");
    let starts: Vec<&str> = parts.iter().filter(|p| p.data.get("input").is_some()).map(|p| p.data["name"].as_str().unwrap()).collect();
    assert_eq!(starts, ["a", "c", "on_a"]);
    // Nothing triggered the handler's task: as LangGraph.js, it shows as pushed.
    let triggers =
        |name: &str| parts.iter().find(|p| p.data.get("input").is_some() && p.data["name"] == name).map(|p| p.data["triggers"].clone());
    assert_eq!(triggers("on_a"), Some(json!(["__pregel_push"])));
    assert_eq!(triggers("a"), Some(json!(["branch:to:a"])));
}

#[test]
fn a_handler_command_routes_the_run_on() {
    let to_fix = node(|_s| Ok::<_, NodeError>(Command::goto("fix").with_update(json!({ "path": ["handled"] }))));
    let g = graph(to_fix).compile().unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["handled", "c", "fix"]));
}

#[test]
fn retries_run_out_before_the_handler_runs() {
    let attempts = Rc::new(Cell::new(0));
    let counted = attempts.clone();
    let flaky = node(move |_s| {
        counted.set(counted.get() + 1);
        Err::<Value, _>(NodeError::from("boom"))
    });
    let policy = RetryPolicy { max_attempts: 3, initial_interval: 0.0, ..Default::default() };
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", flaky).retry(policy).on_error("on_a"))
        .node("on_a", mark("on_a"))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["on_a"]));
    assert_eq!(attempts.get(), 3);
}

#[test]
fn a_failing_handler_fails_the_run_with_its_own_error() {
    let g = graph(node(|_s| Err::<Value, _>(NodeError::from("handler broke")))).compile().unwrap();
    let err = g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert!(matches!(&err, Error::Node { node, message, .. } if node == "on_a" && message == "handler broke"), "{err:?}");
}

#[test]
fn without_a_handler_the_failure_still_fails_the_run() {
    let g = StateGraph::new().channel("path", Channel::append()).node("a", boom()).edge(START, "a").compile().unwrap();
    assert!(matches!(g.invoke_blocking(json!({}), RunConfig::default()), Err(Error::Node { .. })));
}

#[test]
fn a_handler_that_pauses_resumes_with_the_answer_without_running_the_node_again() {
    let asks = node_rt(|_s, rt| {
        let answer = rt.interrupt(json!("retry?"))?;
        Ok::<_, NodeError>(json!({ "path": [format!("answer {answer}")] }))
    });
    let runs = Rc::new(Cell::new(0));
    let counted = runs.clone();
    let failing = node(move |_s| {
        counted.set(counted.get() + 1);
        Err::<Value, _>(NodeError::from("boom"))
    });
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", failing).on_error("on_a"))
        .node("on_a", asks)
        .node("c", mark("c"))
        .edge(START, "a")
        .edge(START, "c")
        .compile_with(with_saver())
        .unwrap();
    let config = RunConfig::thread("t");
    let paused = g.invoke_blocking(json!({}), config.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], json!("retry?"));
    // As LangGraph.js: the snapshot lists the failed node with its error, and not its handler's writes.
    let state = g.get_state_blocking(&config).unwrap();
    assert_eq!(state.values["path"], json!(["c"]));
    let a = state.tasks.iter().find(|t| t.name == "a").expect("task a");
    assert_eq!(a.error.as_deref(), Some("boom"));
    let out = g.invoke_blocking(Command::resume(json!("yes")), config).unwrap();
    assert_eq!(out["path"], json!(["answer \"yes\"", "c"]));
    assert_eq!(runs.get(), 1, "the failed node does not run again");
}

#[test]
fn a_finished_handler_in_a_paused_superstep_runs_again_on_resume_as_in_langgraph_js_and_its_node_does_not() {
    let handler_runs = Rc::new(Cell::new(0));
    let counted = handler_runs.clone();
    let handler = node(move |_s| {
        counted.set(counted.get() + 1);
        Ok::<_, NodeError>(json!({ "path": ["handled"] }))
    });
    let asks = node_rt(|_s, rt| Ok::<_, NodeError>(json!({ "path": [rt.interrupt(json!("c?"))?] })));
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", boom()).on_error("on_a"))
        .node("on_a", handler)
        .node("c", asks)
        .edge(START, "a")
        .edge(START, "c")
        .compile_with(with_saver())
        .unwrap();
    let config = RunConfig::thread("t");
    let paused = g.invoke_blocking(json!({}), config.clone()).unwrap();
    // As LangGraph.js: the run's output shows the handler's writes, the thread's state does not.
    assert_eq!(paused["path"], json!(["handled"]));
    assert_eq!(g.get_state_blocking(&config).unwrap().values["path"], json!([]));
    let out = g.invoke_blocking(Command::resume(json!("c!")), config).unwrap();
    assert_eq!(out["path"], json!(["handled", "c!"]));
    assert_eq!(handler_runs.get(), 2);
}

#[test]
fn an_unknown_handler_is_a_validation_error_and_a_handler_is_reachable() {
    let g = StateGraph::new().channel("path", Channel::append()).add_node(NodeSpec::new("a", boom()).on_error("nope")).edge(START, "a");
    let err = g.compile().err().expect("unknown handler");
    assert!(err.to_string().contains("nope"), "{err}");
    // The handler itself has no incoming edge, yet compiles.
    assert!(graph(recorder()).compile().is_ok());
}

#[test]
fn a_handled_failure_does_not_stop_tasks_waiting_for_a_concurrency_slot() {
    // Closed slots would leave `c` waiting for good: run on a thread of its own, so that
    // this fails instead of hanging.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let g = graph(recorder()).compile().unwrap();
        let config = RunConfig { max_concurrency: Some(1), ..RunConfig::default() };
        let _ = tx.send(g.invoke_blocking(json!({}), config).map_err(|e| e.to_string()));
    });
    let out = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("the run ends").unwrap();
    assert_eq!(out["path"], json!(["handled a: boom", "c"]));
}

/// As in LangGraph.js: a handler may route anywhere with a Command, so with one in the
/// graph no node counts as unreachable (here "later" is named by nothing but its own edge).
#[test]
fn a_graph_with_an_error_handler_has_no_unreachable_nodes() {
    let without = StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark("a"))
        .node("later", mark("later"))
        .edge(START, "a")
        .edge("later", END);
    assert!(matches!(without.compile(), Err(Error::Validation(ValidationError::Unreachable { .. }))));
    let handled = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", boom()).on_error("on_a"))
        .add_node(NodeSpec::new("on_a", node(|_s| Ok::<_, NodeError>(Command::goto("later")))))
        .node("later", mark("later"))
        .edge(START, "a")
        .edge("later", END);
    let g = handled.compile().expect("every node may be reached through the handler");
    assert_eq!(g.invoke_blocking(json!({}), RunConfig::default()).unwrap()["path"], json!(["later"]));
}

/// Node `failing` at START, checkpointed, whose handler asks "handler?" and writes the answer.
fn asked_on_failure(failing: graph::node::NodeFn) -> CompiledGraph {
    let asks = node_rt(|_s, rt| {
        let answer = rt.interrupt(json!("handler?"))?;
        Ok::<_, NodeError>(json!({ "path": [format!("handler {answer}")] }))
    });
    StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", failing).on_error("on_a"))
        .node("on_a", asks)
        .edge(START, "a")
        .compile_with(with_saver())
        .unwrap()
}

/// A node that asks "node?" and, once answered, fails with the answer in its message.
fn fails_after_asking() -> graph::node::NodeFn {
    node_rt(|_s, rt| {
        let answer = rt.interrupt(json!("node?"))?;
        Err::<Value, _>(NodeError::from(format!("boom after {answer}")))
    })
}

#[test]
fn a_handler_that_starts_after_the_failed_node_used_the_resume_value_asks_its_own_question() {
    // a asks, takes the answer on resume, then fails; its handler asks too. As in
    // LangGraph.js, where taking a single resume value removes it, the handler pauses
    // instead of taking the node's answer again, and the next resume answers it.
    let g = asked_on_failure(fails_after_asking());
    let config = RunConfig::thread("t");
    let asked = |v: &Value| v["__interrupt__"][0]["value"].clone();
    assert_eq!(asked(&g.invoke_blocking(json!({}), config.clone()).unwrap()), json!("node?"));
    assert_eq!(asked(&g.invoke_blocking(Command::resume(json!("first")), config.clone()).unwrap()), json!("handler?"));
    let out = g.invoke_blocking(Command::resume(json!("second")), config).unwrap();
    assert_eq!(out["path"], json!(["handler \"second\""]));
}

#[test]
fn a_handler_does_not_take_the_answer_to_the_question_its_node_failed_before_asking() {
    // a asks, and on resume fails before asking again; its handler asks too. The resume
    // map answered a's question (by its id), not the handler's: as in LangGraph.js, whose
    // handler is a task with interrupt ids of its own, the handler pauses with its own.
    let runs = Rc::new(Cell::new(0));
    let counted = runs.clone();
    let failing = node_rt(move |_s, rt| {
        counted.set(counted.get() + 1);
        if counted.get() == 2 {
            return Err::<Value, _>(NodeError::from("boom"));
        }
        let answer = rt.interrupt(json!("node?"))?;
        Ok(json!({ "path": [format!("a {answer}")] }))
    });
    let g = asked_on_failure(failing);
    let config = RunConfig::thread("t");
    let by_id = |out: &Value, answer: &str| {
        let asked = &out["__interrupt__"][0];
        let map = serde_json::Map::from_iter([(asked["id"].as_str().unwrap().to_string(), json!(answer))]);
        (asked["value"].clone(), Command { resume: Some(Value::Object(map)), ..Default::default() })
    };
    let (asked, resume) = by_id(&g.invoke_blocking(json!({}), config.clone()).unwrap(), "for a");
    assert_eq!(asked, json!("node?"));
    let (asked, resume) = by_id(&g.invoke_blocking(resume, config.clone()).unwrap(), "for the handler");
    assert_eq!(asked, json!("handler?"));
    let out = g.invoke_blocking(resume, config).unwrap();
    assert_eq!(out["path"], json!(["handler \"for the handler\""]));
    assert_eq!(runs.get(), 2, "the failed node does not run again");
}

#[test]
fn a_handler_that_an_edge_also_runs_shows_that_edge_as_its_trigger() {
    // c runs from START and, as a's error handler, again in the same superstep.
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", boom()).on_error("c"))
        .node("c", mark("c"))
        .edge(START, "a")
        .edge(START, "c")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    let mut triggers: Vec<Value> =
        parts.iter().filter(|p| p.data.get("input").is_some() && p.data["name"] == "c").map(|p| p.data["triggers"].clone()).collect();
    triggers.sort_by_key(|t| t.to_string());
    assert_eq!(triggers, [json!(["__pregel_push"]), json!(["branch:to:c"])]);
}

#[test]
fn a_thread_whose_handler_paused_shows_the_failure_with_the_question_its_node_asked() {
    // As LangGraph.js's state (scenario 282): the failed task lists the node's own
    // question, which it took the answer to, and not its handler's.
    let g = asked_on_failure(fails_after_asking());
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    g.invoke_blocking(Command::resume(json!("yes")), cfg.clone()).unwrap();
    let state = g.get_state_blocking(&cfg).unwrap();
    let task = state.tasks.iter().find(|t| t.name == "a").expect("a's task");
    assert_eq!(task.error.as_deref(), Some("boom after \"yes\""));
    assert_eq!(task.interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>(), [json!("node?")]);
    assert_eq!(task.error_class.as_deref(), Some("Error"));
    // LangGraph.js lists it among the thread's interrupts too.
    assert_eq!(state.interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>(), [json!("node?")]);
}

#[test]
fn each_failed_task_has_a_handler_task_of_its_own_which_starts_first_on_resume() {
    let asks = node_rt(|_s, rt| Ok::<_, NodeError>(json!({ "path": [format!("handled {}", rt.interrupt(json!("handler?"))?)] })));
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(NodeSpec::new("a", boom()).on_error("on_x"))
        .add_node(NodeSpec::new("b", boom()).on_error("on_x"))
        .node("on_x", asks)
        .node("c", mark("c"))
        .edge(START, "a")
        .edge(START, "b")
        .edge(START, "c")
        .compile_with(with_saver())
        .unwrap();
    let starts = |input: Input| -> Vec<(String, String)> {
        let parts = g.stream_blocking(input, RunConfig::thread("t").modes(&[StreamMode::Tasks])).unwrap();
        let started = parts.iter().filter(|p| p.data.get("input").is_some());
        started.map(|p| (p.data["name"].as_str().unwrap().to_string(), p.data["id"].as_str().unwrap().to_string())).collect()
    };
    let first = starts(json!({}).into());
    let handlers: Vec<&String> = first.iter().filter(|(n, _)| n == "on_x").map(|(_, id)| id).collect();
    assert_eq!(handlers.len(), 2, "{first:?}");
    assert_ne!(handlers[0], handlers[1]);
    assert!(first.iter().all(|(_, id)| !id.is_empty()));
    let failed: Vec<&String> = first.iter().filter(|(n, _)| n == "a" || n == "b").map(|(_, id)| id).collect();
    assert!(handlers.iter().all(|h| !failed.contains(h)));
    // On resume the handlers start again, first, as the same tasks.
    let resumed = starts(Command::resume(json!("ok")).into());
    let again: Vec<&String> = resumed
        .iter()
        .take(2)
        .map(|(n, id)| {
            assert_eq!(n, "on_x");
            id
        })
        .collect();
    let (mut a, mut b) = (handlers.clone(), again.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b, "{resumed:?}");
}

#[test]
fn a_task_a_siblings_failure_stopped_is_taken_over_by_its_handler_on_resume_as_in_langgraph_js() {
    use futures::FutureExt;
    // LangGraph.js saves the abort as the stopped task's error, so on resume its handler
    // runs with an AbortError, the node does not run again, and its edges are not followed.
    let (slow_runs, broken) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(true)));
    let (runs, b) = (slow_runs.clone(), broken.clone());
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(
            NodeSpec::new(
                "slow",
                async_node(move |_, _| {
                    runs.set(runs.get() + 1);
                    async {
                        yield_times(3).await;
                        Ok::<_, NodeError>(json!({ "path": ["slow"] }))
                    }
                    .boxed_local()
                }),
            )
            .on_error("on_slow"),
        )
        .node("on_slow", recorder())
        .node("fails", node(move |_| if b.get() { Err("broken") } else { Ok(json!({ "path": ["fixed"] })) }))
        .node("after_slow", mark("after_slow"))
        .edge(START, "slow")
        .edge(START, "fails")
        .edge("slow", "after_slow")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("t");
    assert!(matches!(g.invoke_blocking(json!({}), cfg.clone()), Err(Error::Node { node, .. }) if node == "fails"));
    let state = g.get_state_blocking(&cfg).unwrap();
    // Only the failed task is still to run; the stopped one shows its abort.
    assert_eq!(state.next, ["fails"]);
    let slow = state.tasks.iter().find(|t| t.name == "slow").unwrap();
    assert_eq!(slow.error_class.as_deref(), Some("AbortError"));
    broken.set(false);
    let parts = g.stream_blocking(Value::Null, cfg.clone().modes(&[StreamMode::Updates])).unwrap();
    let chunks: Vec<Value> = parts.into_iter().map(|p| p.data).collect();
    assert!(chunks.contains(&json!({ "on_slow": { "path": ["handled slow: This operation was aborted"] } })), "{chunks:?}");
    let out = g.get_state_blocking(&cfg).unwrap().values;
    assert_eq!(out["path"], json!(["fixed", "handled slow: This operation was aborted"]));
    assert_eq!(slow_runs.get(), 1);
}
