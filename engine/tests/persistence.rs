//! Checkpoints, threads, interrupts and resume, pending writes (time travel: `time_travel.rs`).
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::checkpoint::{Checkpointer, MemorySaver};
use superstep::*;

/// A node that asks `question` with `interrupt()` and writes the answer to `key`.
fn asking(question: &'static str, key: &'static str) -> graph::node::NodeFn {
    node_rt(move |_, rt| Ok::<_, NodeError>(json!({ key: rt.interrupt(json!(question))? })))
}

/// The seeds' human_review: interrupt("Do you approve?"), then Command(resume="yes").
#[test]
fn human_review_pauses_and_resumes() {
    let s = saver();
    let g = StateGraph::new()
        .channel("messages", Channel::last_value())
        .node(
            "human_review",
            node_rt(|_, rt| {
                let answer = rt.interrupt(json!("Do you approve?"))?;
                Ok::<_, NodeError>(json!({"messages": [{"role": "user", "content": answer}]}))
            }),
        )
        .edge(START, "human_review")
        .edge("human_review", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("graph-api-resume");
    let paused = g.invoke_blocking(json!({"messages": []}), cfg.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], json!("Do you approve?"));
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next, vec!["human_review"]);
    assert_eq!(state.tasks[0].interrupts[0].value, json!("Do you approve?"));
    let done = g.invoke_blocking(Command::resume(json!("yes")), cfg.clone()).unwrap();
    assert_eq!(done, json!({"messages": [{"role": "user", "content": "yes"}]}));
    let state = g.get_state_blocking(&cfg).unwrap();
    assert!(state.next.is_empty());
    // -1 input, 0 START, 1 human_review (its first, interrupted attempt left no checkpoint).
    assert_eq!(state.metadata.unwrap().step, 1);
}

/// A node may pause with an interrupt of its own making, which has no id (LangGraph.js's
/// `NodeInterrupt`): it is shown and stored without one, and resuming runs the node again.
#[test]
fn an_interrupt_without_an_id_is_shown_and_stored_without_one() {
    let s = saver();
    let calls = Rc::new(Cell::new(0));
    let c = calls.clone();
    let needs_n = node(move |st| {
        c.set(c.get() + 1);
        match st.get("n") {
            Some(n) if !n.is_null() => Ok(json!({ "done": n })),
            _ => Err(NodeError::Interrupted(vec![Interrupt { value: json!("need n"), ..Default::default() }])),
        }
    });
    let g = last(&["n", "done"]).node("c", needs_n).edge(START, "c").compile_with(storing_in(&s)).unwrap();
    let cfg = thread("node-interrupt");
    let paused = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(paused["__interrupt__"], json!([{ "value": "need n" }]));
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.tasks[0].interrupts, vec![Interrupt { value: json!("need n"), ..Default::default() }]);
    assert_eq!(g.invoke_blocking(Command::resume(json!("ignored")), cfg.clone()).unwrap()["__interrupt__"], json!([{ "value": "need n" }]));
    g.update_state_blocking(&cfg, json!({ "n": 5 }), None).unwrap();
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap(), json!({ "n": 5, "done": 5 }));
    assert_eq!(calls.get(), 3);
}

/// `interrupt(value, { responseSchema })`: the interrupt carries the schema, and an
/// answer the node refuses (`refuse_answer`, then fail) is not kept: the task stays
/// paused on that interrupt, and the next resume answers it again (as LangGraph.js).
#[test]
fn an_interrupt_carries_its_response_schema_and_a_refused_answer_is_asked_again() {
    let s = saver();
    let schema = json!({ "type": "boolean" });
    let asked = schema.clone();
    let ask = node_rt(move |_, rt| {
        let answer = rt.interrupt_asking(json!("ok?"), Some(asked.clone()))?;
        if !answer.is_boolean() {
            rt.refuse_answer();
            return Err(NodeError::from("not a boolean"));
        }
        Ok::<_, NodeError>(json!({ "ok": answer }))
    });
    let g = last(&["ok"]).node("ask", ask).edge(START, "ask").compile_with(storing_in(&s)).unwrap();
    let cfg = thread("response-schema");
    let paused = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["response_schema"], schema);
    assert!(g.invoke_blocking(Command::resume(json!("yes")), cfg.clone()).is_err());
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next, vec!["ask"]);
    assert_eq!(state.tasks[0].interrupts[0].response_schema, Some(schema));
    assert_eq!(g.invoke_blocking(Command::resume(json!(true)), cfg).unwrap(), json!({ "ok": true }));
}

#[test]
fn succeeded_tasks_of_an_interrupted_step_are_not_rerun() {
    let s = saver();
    let fast = Rc::new(Cell::new(0));
    let asks = Rc::new(Cell::new(0));
    let a = asks.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("fast", counted(&fast, json!({"log": ["fast"]})))
        .node(
            "ask",
            node_rt(move |_, rt| {
                a.set(a.get() + 1);
                let v = rt.interrupt(json!("?"))?;
                Ok::<_, NodeError>(json!({"log": [v]}))
            }),
        )
        .edge(START, "fast")
        .edge(START, "ask")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let out = g.invoke_blocking(Command::resume(json!("answer")), cfg.clone()).unwrap();
    assert_eq!(out["log"], json!(["answer", "fast"]));
    assert_eq!(fast.get(), 1);
    assert_eq!(asks.get(), 2);
}

#[test]
fn a_failed_step_resumes_only_the_failed_task() {
    let s = saver();
    let ok_calls = Rc::new(Cell::new(0));
    let flaky_calls = Rc::new(Cell::new(0));
    let f = flaky_calls.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("ok", counted(&ok_calls, json!({"log": ["ok"]})))
        .node(
            "flaky",
            node(move |_| {
                f.set(f.get() + 1);
                if f.get() == 1 {
                    Err(NodeError::msg("first try fails"))
                } else {
                    Ok(json!({"log": ["flaky"]}))
                }
            }),
        )
        .edge(START, "ok")
        .edge(START, "flaky")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    assert!(g.invoke_blocking(json!({}), cfg.clone()).is_err());
    let state = g.get_state_blocking(&cfg).unwrap();
    // As LangGraph.js: the newest state shows `ok`'s saved write and only `flaky` as next,
    // while the stored checkpoint (history) lists the whole unfinished superstep, its
    // nodes in the order they were added.
    assert_eq!(state.next, vec!["flaky"]);
    assert_eq!(state.values["log"], json!(["ok"]));
    assert!(state.tasks.iter().any(|t| t.name == "flaky" && t.error.is_some()));
    let stored = &g.get_state_history_blocking(&cfg).unwrap()[0];
    assert_eq!((stored.next.clone(), stored.values["log"].clone()), (vec!["ok".to_string(), "flaky".to_string()], json!([])));
    let out = g.invoke_blocking(Value::Null, cfg.clone()).unwrap();
    assert_eq!(out["log"], json!(["flaky", "ok"]));
    assert_eq!((ok_calls.get(), flaky_calls.get()), (1, 2));
    // As LangGraph: history keeps the failure beside what the task's second run wrote.
    let ran = g.get_state_history_blocking(&cfg).unwrap().into_iter().find(|h| h.next.contains(&"flaky".to_string())).unwrap();
    let tasks: Vec<_> = ran.tasks.iter().map(|t| (t.name.as_str(), t.error.as_deref(), t.result.clone())).collect();
    assert_eq!(tasks, [("ok", None, Some(json!({"log": ["ok"]}))), ("flaky", Some("first try fails"), Some(json!({"log": ["flaky"]})))]);
}

#[test]
fn several_interrupts_in_one_node_are_matched_by_order() {
    let s = saver();
    let g = last(&["a", "b"])
        .node(
            "ask",
            node_rt(|_, rt| {
                let a = rt.interrupt(json!("first?"))?;
                let b = rt.interrupt(json!("second?"))?;
                Ok::<_, NodeError>(json!({"a": a, "b": b}))
            }),
        )
        .edge(START, "ask")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap()["__interrupt__"][0]["value"], "first?");
    assert_eq!(g.invoke_blocking(Command::resume(json!(1)), cfg.clone()).unwrap()["__interrupt__"][0]["value"], "second?");
    // As LangGraph: after a resume that hits a second interrupt, `next` is empty but the task is listed.
    let st = g.get_state_blocking(&cfg).unwrap();
    assert!(st.next.is_empty());
    assert_eq!(st.tasks[0].interrupts[0].value, "second?");
    assert_eq!(g.invoke_blocking(Command::resume(json!(2)), cfg).unwrap(), json!({"a": 1, "b": 2}));
}

#[test]
fn parallel_interrupts_resume_with_a_map_by_id() {
    let s = saver();
    let g = last(&["x", "y"])
        .node("ask_x", asking("x", "x"))
        .node("ask_y", asking("y", "y"))
        .edge(START, "ask_x")
        .edge(START, "ask_y")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    let paused = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let ints = paused["__interrupt__"].as_array().unwrap();
    assert_eq!(ints.len(), 2);
    let mut map = serde_json::Map::new();
    for i in ints {
        map.insert(i["id"].as_str().unwrap().to_string(), json!(format!("answer to {}", i["value"].as_str().unwrap())));
    }
    let out = g.invoke_blocking(Command::resume(Value::Object(map)), cfg).unwrap();
    assert_eq!(out, json!({"x": "answer to x", "y": "answer to y"}));
}

/// As LangGraph tells a resume map: by its keys' shape. A map keyed by an interrupt that was
/// answered already answers nothing (the others ask again), and beside a waiting one's id it
/// answers that one only: never is the map itself taken as every task's answer.
#[test]
fn a_resume_map_with_an_answered_id_answers_only_the_ids_still_waiting() {
    let s = saver();
    let mut g = last(&["x", "y", "z"]);
    for (node, key) in [("ask_x", "x"), ("ask_y", "y"), ("ask_z", "z")] {
        g = g.node(node, asking(key, key)).edge(START, node);
    }
    let g = g.compile_with(storing_in(&s)).unwrap();
    let cfg = thread("t");
    let paused = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let id_of =
        |v: &str| paused["__interrupt__"].as_array().unwrap().iter().find(|i| i["value"] == v).unwrap()["id"].as_str().unwrap().to_string();
    let (x, y, z) = (id_of("x"), id_of("y"), id_of("z"));
    let map = |pairs: &[(&str, &str)]| Command::resume(Value::Object(pairs.iter().map(|(k, v)| (k.to_string(), json!(v))).collect()));
    g.invoke_blocking(map(&[(&x, "ans x")]), cfg.clone()).unwrap();
    // x's id again: it answers nothing, and y and z ask again.
    let again = g.invoke_blocking(map(&[(&x, "stale")]), cfg.clone()).unwrap();
    let asked: Vec<&Value> = again["__interrupt__"].as_array().unwrap().iter().map(|i| &i["value"]).collect();
    assert_eq!(asked.len(), 2, "{again}");
    assert!(asked.contains(&&json!("y")) && asked.contains(&&json!("z")));
    assert_eq!(g.get_state_blocking(&cfg).unwrap().values, json!({"x": "ans x"}));
    // x's id beside y's: y takes its answer, z still waits.
    g.invoke_blocking(map(&[(&x, "stale"), (&y, "ans y")]), cfg.clone()).unwrap();
    assert_eq!(g.get_state_blocking(&cfg).unwrap().values, json!({"x": "ans x", "y": "ans y"}));
    assert_eq!(g.invoke_blocking(map(&[(&z, "ans z")]), cfg).unwrap(), json!({"x": "ans x", "y": "ans y", "z": "ans z"}));
}

#[test]
fn parallel_interrupts_are_reported_in_the_order_the_tasks_paused() {
    use futures::FutureExt;
    // "a_slow" comes first in task order but pauses after "b_fast", which pauses at once.
    let g = last(&["x", "y"])
        .node(
            "a_slow",
            async_node(|_, rt: Runtime| {
                async move {
                    yield_times(3).await;
                    Ok::<_, NodeError>(json!({ "x": rt.interrupt(json!("a?"))? }))
                }
                .boxed_local()
            }),
        )
        .node("b_fast", asking("b?", "y"))
        .edge(START, "a_slow")
        .edge(START, "b_fast")
        .compile_with(storing_in(&saver()))
        .unwrap();
    let paused = g.invoke_blocking(json!({}), thread("t")).unwrap();
    let order: Vec<&Value> = paused["__interrupt__"].as_array().unwrap().iter().map(|i| &i["value"]).collect();
    assert_eq!(order, [&json!("b?"), &json!("a?")]);
}

#[test]
fn plain_input_restarts_from_start_keeping_state_but_a_command_resumes_the_last_checkpoint() {
    let s = saver();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"log": ["a"]}))))
        .edge(START, "a")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    assert_eq!(g.invoke_blocking(json!({"log": ["in1"]}), cfg.clone()).unwrap()["log"], json!(["in1", "a"]));
    let out = g.invoke_blocking(json!({"log": ["in2"]}), cfg.clone()).unwrap();
    assert_eq!(out["log"], json!(["in1", "a", "in2", "a"]));
    // The "appears stuck" trap: a Command on a finished thread applies its update and runs nothing.
    let stuck = g.invoke_blocking(Command { update: Some(json!({"log": ["follow up"]})), ..Default::default() }, cfg.clone()).unwrap();
    assert_eq!(stuck["log"], json!(["in1", "a", "in2", "a", "follow up"]));
    assert!(g.get_state_blocking(&cfg).unwrap().next.is_empty());
}

#[test]
fn static_breakpoints_before_and_after_then_continue_with_null() {
    let s = saver();
    let g = path_state()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .compile_with(CompileOptions { interrupt_before: vec!["b".into()], interrupt_after: vec!["b".into()], ..storing_in(&s) })
        .unwrap();
    let cfg = thread("t");
    let first = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(first, json!({"path": ["a"], "__interrupt__": []}));
    assert_eq!(g.get_state_blocking(&cfg).unwrap().next, vec!["b"]);
    let second = g.invoke_blocking(Value::Null, cfg.clone()).unwrap();
    assert_eq!(second, json!({"path": ["a", "b"], "__interrupt__": []}));
    assert_eq!(g.invoke_blocking(Value::Null, cfg.clone()).unwrap(), json!({"path": ["a", "b", "c"]}));
    // At invoke time too, with "*".
    let mut at_invoke = thread("t2");
    at_invoke.interrupt_before = Some(vec!["*".into()]);
    let g2 = path_state().node("a", mark("a")).edge(START, "a").compile_with(storing_in(&s)).unwrap();
    // As LangGraph's invoke: a run that never showed its state returns only the stop.
    assert_eq!(g2.invoke_blocking(json!({}), at_invoke.clone()).unwrap(), json!({"__interrupt__": []}));
}

#[test]
fn a_removed_node_that_an_interrupted_thread_was_about_to_run_is_a_typed_error() {
    let s = saver();
    let build = |name: &'static str| last(&["x"]).node(name, asking("?", "x")).edge(START, name).compile_with(storing_in(&s)).unwrap();
    let cfg = thread("t");
    build("review").invoke_blocking(json!({}), cfg.clone()).unwrap();
    let renamed = build("renamed");
    assert_eq!(futures::executor::block_on(renamed.missing_nodes(&cfg)).unwrap(), vec!["review".to_string()]);
    assert!(futures::executor::block_on(build("review").missing_nodes(&cfg)).unwrap().is_empty());
    let err = renamed.invoke_blocking(Command::resume(json!(1)), cfg).unwrap_err();
    assert_eq!(err, Error::MissingNode { node: "review".into() });
}

#[test]
fn a_finished_thread_runs_on_a_changed_topology_with_added_and_removed_keys() {
    let s = saver();
    let cfg = thread("t");
    let v1 = last(&["old", "kept"])
        .node("a", node(|_| Ok::<_, NodeError>(json!({"old": 1, "kept": 1}))))
        .edge(START, "a")
        .compile_with(storing_in(&s))
        .unwrap();
    v1.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let v2 = last(&["kept", "new"])
        .node("b", node(|s| Ok::<_, NodeError>(json!({"new": s.i64("kept").unwrap() + 1}))))
        .edge(START, "b")
        .compile_with(storing_in(&s))
        .unwrap();
    assert_eq!(v2.invoke_blocking(json!({}), cfg).unwrap(), json!({"kept": 1, "new": 2}));
}

#[test]
fn checkpoints_store_appended_items_not_whole_lists() {
    let s = saver();
    let g = StateGraph::new()
        .channel("items", Channel::append())
        .channel("n", Channel::last_value())
        .node(
            "add",
            node(|s| Ok::<_, NodeError>(json!({"items": [format!("item {}", s.i64("n").unwrap())], "n": s.i64("n").unwrap() + 1}))),
        )
        .edge(START, "add")
        .conditional("add", router(|s| Ok::<_, NodeError>(if s.i64("n").unwrap() >= 50 { END } else { "add" })), None)
        .compile_with(storing_in(&s))
        .unwrap();
    let big: Vec<String> = (0..2000).map(|i| format!("seed {i}")).collect();
    let cfg = thread("t").recursion_limit(100);
    g.invoke_blocking(json!({"items": big, "n": 0}), cfg.clone()).unwrap();
    let latest = block_on(s.get("t", "", None)).unwrap().unwrap();
    assert_eq!(latest.values.get("items").and_then(Value::as_array).unwrap().len(), 2050);
    assert!(MemorySaver::stored_bytes(&latest.checkpoint) < 1024, "{} bytes", MemorySaver::stored_bytes(&latest.checkpoint));
}

/// As LangGraph: an update with no `as_node` on a fresh thread is written as
/// START, so the entry node is next; an update as a node runs its router.
#[test]
fn update_state_routes_like_the_node_it_writes_as() {
    let s = saver();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .channel("go", Channel::last_value())
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .edge(START, "a")
        .conditional("a", router(|st| Ok::<_, NodeError>(if st.str("go") == Some("c") { "c" } else { "b" })), None)
        .edge("b", END)
        .edge("c", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let fresh = thread("fresh");
    g.update_state_blocking(&fresh, json!({"path": ["seed"]}), None).unwrap();
    assert_eq!(g.get_state_blocking(&fresh).unwrap().next, vec!["a"]);
    assert_eq!(g.invoke_blocking(Value::Null, fresh).unwrap()["path"], json!(["seed", "a", "b"]));
    let t = thread("routed");
    g.invoke_blocking(json!({"go": "b"}), t.clone()).unwrap();
    g.update_state_blocking(&t, json!({"go": "c"}), Some("a")).unwrap();
    assert_eq!(g.get_state_blocking(&t).unwrap().next, vec!["c"]);
    assert_eq!(g.invoke_blocking(Value::Null, t).unwrap()["path"], json!(["a", "b", "c"]));
}

/// As LangGraph.js: null input with nothing to continue is an EmptyInput error;
/// a Command on an empty thread applies its update and goto to an empty state.
#[test]
fn null_input_needs_something_to_continue_and_a_command_starts_an_empty_thread() {
    let build = |opts: CompileOptions| {
        StateGraph::new()
            .channel("path", Channel::append())
            .node("a", mark("a"))
            .edge(START, "a")
            .edge("a", END)
            .compile_with(opts)
            .unwrap()
    };
    let plain = build(CompileOptions::default());
    assert!(matches!(plain.invoke_blocking(Value::Null, RunConfig::default()), Err(Error::EmptyInput { .. })));
    let s = saver();
    let g = build(storing_in(&s));
    assert!(matches!(g.invoke_blocking(Value::Null, thread("none")), Err(Error::EmptyInput { .. })));
    let resume = Command { resume: Some(json!(1)), ..Default::default() };
    // Nothing is interrupted, so nothing runs.
    assert_eq!(g.invoke_blocking(resume, thread("r")).unwrap(), json!({"path": []}));
    let goto = Command { goto: vec![Goto::Node("a".into())], ..Default::default() };
    assert_eq!(g.invoke_blocking(goto, thread("g")).unwrap(), json!({"path": ["a"]}));
}

/// As LangGraph.js: a paused run's output and newest state include what its
/// finished tasks wrote; Send tasks of one node are each in `next`; a
/// checkpointed run streams every checkpoint it saves, with the next tasks.
#[test]
fn a_paused_superstep_shows_finished_writes_and_streams_its_checkpoints() {
    let s = saver();
    let g = StateGraph::new()
        .channel("done", Channel::last_value())
        .channel("answer", Channel::last_value())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"done": "yes"}))))
        .node("b", asking("?", "answer"))
        .edge(START, "a")
        .edge(START, "b")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("p");
    let parts = g.stream_blocking(json!({}), cfg.clone().modes(&[StreamMode::Checkpoints])).unwrap();
    let seen: Vec<(Value, Value)> = parts.iter().map(|p| (p.data["metadata"]["source"].clone(), p.data["next"].clone())).collect();
    assert_eq!(seen, vec![(json!("input"), json!(["__start__"])), (json!("loop"), json!(["a", "b"]))]);
    let out = g.invoke_blocking(Value::Null, cfg.clone()).unwrap();
    assert_eq!((out["done"].clone(), out["__interrupt__"][0]["value"].clone()), (json!("yes"), json!("?")));
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!((state.values["done"].clone(), state.next), (json!("yes"), vec!["b".to_string()]));

    let fan = StateGraph::new()
        .channel("out", Channel::append())
        .node("ask", node_rt(|st, rt| Ok::<_, NodeError>(json!({"out": [rt.interrupt(st.value("item"))?]}))))
        .conditional(
            START,
            router(|_| {
                Ok::<_, NodeError>(vec![Goto::Send(Send::new("ask", json!({"item": 1}))), Goto::Send(Send::new("ask", json!({"item": 2})))])
            }),
            None,
        )
        .compile_with(storing_in(&s))
        .unwrap();
    fan.invoke_blocking(json!({}), thread("fan")).unwrap();
    assert_eq!(fan.get_state_blocking(&thread("fan")).unwrap().next, vec!["ask", "ask"]);
}

/// A Command with both resume and update resumes the paused node (the update
/// does not consume its trigger), and a subgraph paused at its own breakpoint
/// continues past it when the parent continues.
#[test]
fn resume_with_update_and_subgraph_breakpoints_continue() {
    let s = saver();
    let g = StateGraph::new()
        .channel("a", Channel::last_value())
        .channel("note", Channel::last_value())
        .node("ask", asking("?", "a"))
        .node(
            "show",
            node(|st| Ok::<_, NodeError>(json!({"note": format!("{}/{}", st.str("a").unwrap_or("-"), st.str("note").unwrap_or("-"))}))),
        )
        .edge(START, "ask")
        .edge("ask", "show")
        .edge("show", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("ru");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let both = Command { resume: Some(json!("yes")), update: Some(json!({"note": "n"})), ..Default::default() };
    assert_eq!(g.invoke_blocking(both, cfg).unwrap(), json!({"a": "yes", "note": "yes/n"}));

    let child = StateGraph::new()
        .channel("path", Channel::append())
        .node("c1", mark("c1"))
        .node("c2", mark("c2"))
        .edge(START, "c1")
        .edge("c1", "c2")
        .edge("c2", END)
        .compile_with(CompileOptions { interrupt_before: vec!["c2".into()], ..Default::default() })
        .unwrap();
    let parent = StateGraph::new()
        .channel("path", Channel::append())
        .subgraph("sub", child)
        .edge(START, "sub")
        .edge("sub", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("sb");
    assert_eq!(parent.invoke_blocking(json!({}), cfg.clone()).unwrap()["__interrupt__"], json!([]));
    assert_eq!(parent.invoke_blocking(Value::Null, cfg).unwrap(), json!({"path": ["c1", "c2"]}));
}

/// As LangGraph's null resume: after the state was edited while a node was
/// paused inside interrupt(), a resume value still answers that node.
#[test]
fn a_resume_after_an_edit_still_answers_the_paused_node() {
    let s = saver();
    let g = StateGraph::new()
        .channel("draft", Channel::last_value())
        .channel("ok", Channel::last_value())
        .node("write", node(|_| Ok::<_, NodeError>(json!({"draft": "v1"}))))
        .node(
            "review",
            node_rt(|st, rt| Ok::<_, NodeError>(json!({"ok": format!("{} {}", rt.interrupt(json!("review?"))?, st.value("draft"))}))),
        )
        .edge(START, "write")
        .edge("write", "review")
        .edge("review", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("edit");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    g.update_state_blocking(&cfg, json!({"draft": "v2"}), None).unwrap();
    let out = g.invoke_blocking(Command { resume: Some(json!("approved")), ..Default::default() }, cfg).unwrap();
    assert_eq!(out["ok"], json!("\"approved\" \"v2\""));
}

/// While a superstep is paused, the state shows what its finished tasks wrote:
/// their id-less messages get ids of their own there too, so none replaces another.
#[test]
fn a_paused_steps_finished_messages_each_get_an_id() {
    let s = saver();
    let say = |text: &'static str| node(move |_| Ok::<_, NodeError>(json!({"messages": [{"role": "ai", "content": text}]})));
    let g = StateGraph::new()
        .channel("messages", Channel::messages())
        .node("a", say("a"))
        .node("b", say("b"))
        .node("ask", node_rt(|_, rt| rt.interrupt(json!("?")).map(|_| json!({}))))
        .edge(START, "a")
        .edge(START, "b")
        .edge(START, "ask")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("paused-msgs");
    let out = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let state = g.get_state_blocking(&cfg).unwrap();
    for messages in [&out["messages"], &state.values["messages"]] {
        let ids: Vec<&str> = messages.as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), 2, "{messages}");
        assert!(ids.iter().all(|id| !id.is_empty()) && ids[0] != ids[1], "{ids:?}");
    }
}

/// A paused subgraph's state config reads and updates that subgraph (as the
/// subgraph graph), and the parent's resume continues it with the edit.
#[test]
fn a_subgraph_state_config_reads_and_edits_the_subgraph() {
    let s = saver();
    let child = StateGraph::new()
        .channel("path", Channel::append())
        .channel("topic", Channel::last_value())
        .node("prep", mark("prep"))
        .node(
            "ask",
            node_rt(|st, rt| {
                Ok::<_, NodeError>(json!({"path": [format!("{} {}", st.str("topic").unwrap_or("-"), rt.interrupt(json!("?"))?)]}))
            }),
        )
        .edge(START, "prep")
        .edge("prep", "ask")
        .edge("ask", END)
        .compile()
        .unwrap();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .channel("topic", Channel::last_value())
        .subgraph("sub", child)
        .edge(START, "sub")
        .edge("sub", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("subcfg");
    g.invoke_blocking(json!({"topic": "cats"}), cfg.clone()).unwrap();
    let parent = futures::executor::block_on(g.get_state(&cfg, true)).unwrap();
    let sub_config = parent.tasks[0].state.as_ref().unwrap().config.clone();
    let mut sub_cfg = thread("subcfg");
    sub_cfg.configurable = sub_config["configurable"].as_object().unwrap().clone();
    assert_eq!(g.get_state_blocking(&sub_cfg).unwrap().next, vec!["ask"]);
    sub_cfg.configurable.remove("checkpoint_id");
    g.update_state_blocking(&sub_cfg, json!({"topic": "dogs"}), None).unwrap();
    let out = g.invoke_blocking(Command::resume(json!("yes")), cfg).unwrap();
    assert_eq!(out["path"], json!(["prep", "dogs \"yes\""]));
}

/// Replaying from a parent checkpoint taken before a subgraph node runs the
/// subgraph afresh (the parent's checkpoint id is not the child's), and a
/// config naming a checkpoint lists just that one.
#[test]
fn replaying_before_a_subgraph_runs_it_and_a_named_checkpoint_lists_alone() {
    let s = saver();
    let child = StateGraph::new().channel("path", Channel::append()).node("c", mark("c")).edge(START, "c").compile().unwrap();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("p", mark("p"))
        .subgraph("sub", child)
        .edge(START, "p")
        .edge("p", "sub")
        .edge("sub", END)
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("replay-sub");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let before_sub = g.get_state_history_blocking(&cfg).unwrap().into_iter().find(|h| h.next == vec!["sub"]).unwrap();
    let mut at = thread("replay-sub");
    at.configurable = before_sub.config["configurable"].as_object().unwrap().clone();
    assert_eq!(g.get_state_history_blocking(&at).unwrap().len(), 1);
    // (The child returns the whole shared list, which the parent's append reducer adds again, as in LangGraph.)
    assert_eq!(g.invoke_blocking(Value::Null, at).unwrap()["path"], json!(["p", "p", "c"]));
}

/// A node that fails after its interrupt was answered keeps that interrupt on
/// its task, but the thread waits for no answer: it is failed, not paused.
#[test]
fn a_task_failing_after_its_answer_lists_the_interrupt_but_nothing_waits() {
    let s = saver();
    let g = StateGraph::new()
        .channel("a", Channel::last_value())
        .node(
            "ask",
            node_rt(|_, rt| {
                let answer = rt.interrupt(json!("go?"))?;
                Err::<Value, _>(NodeError::msg(format!("cannot use {answer}")))
            }),
        )
        .edge(START, "ask")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert!(g.invoke_blocking(Command::resume(json!("y")), cfg.clone()).is_err());
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.tasks[0].interrupts[0].value, json!("go?"));
    assert!(state.tasks[0].error.is_some());
    assert!(state.interrupts.is_empty(), "nothing waits for an answer: {:?}", state.interrupts);
}

#[test]
fn an_update_as_a_waiting_edges_target_leaves_its_barrier_full() {
    // As LangGraph: j still runs after an update written as j, so k runs twice.
    let g = path_state()
        .node("a", mark("a"))
        .node("c", mark("c"))
        .node("j", mark("j"))
        .node("k", mark("k"))
        .edge(START, "a")
        .edge(START, "c")
        .join(["a", "c"], "j")
        .edge("j", "k")
        .compile_with(CompileOptions { interrupt_before: vec!["j".into()], ..storing_in(&saver()) })
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    g.update_state_blocking(&cfg, json!({"path": ["upd"]}), Some("j")).unwrap();
    let mut next = g.get_state_blocking(&cfg).unwrap().next;
    next.sort();
    assert_eq!(next, vec!["j", "k"]);
    let out = g.invoke_blocking(Value::Null, cfg).unwrap();
    assert_eq!(out["path"], json!(["a", "c", "upd", "j", "k", "k"]));
}

/// As LangGraph's `invoke`: it returns the last `values` chunk, so a run that wrote
/// no output key returns nothing, and a pause before any returns only the stop.
#[test]
fn invoke_returns_the_state_the_run_last_showed_and_nothing_if_none() {
    let build = |write: bool| {
        StateGraph::new()
            .channel("path", Channel::append())
            .node("a", node(move |_| Ok::<_, NodeError>(if write { json!({"path": ["a"]}) } else { json!({}) })))
            .edge(START, "a")
            .compile_with(storing_in(&saver()))
            .unwrap()
    };
    assert_eq!(build(false).invoke_blocking(json!({}), thread("t")).unwrap(), Value::Null);
    assert_eq!(build(true).invoke_blocking(json!({}), thread("t")).unwrap(), json!({"path": ["a"]}));
    // The input shows the state: its chunk is the last one.
    assert_eq!(build(false).invoke_blocking(json!({"path": ["in"]}), thread("t")).unwrap(), json!({"path": ["in"]}));
    let mut before = thread("b");
    before.interrupt_before = Some(vec!["a".into()]);
    let g = build(true);
    assert_eq!(g.invoke_blocking(json!({}), before.clone()).unwrap(), json!({"__interrupt__": []}));
    // Continuing shows the state it continues from first.
    assert_eq!(g.invoke_blocking(Value::Null, thread("b")).unwrap(), json!({"path": ["a"]}));
    // Only output keys count: a run that writes another shows invoke nothing.
    let narrow = StateGraph::new()
        .channel("path", Channel::append())
        .channel("x", Channel::last_value())
        .output_keys(vec!["x".to_string()])
        .node("a", mark("a"))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(narrow.invoke_blocking(json!({}), RunConfig::default()).unwrap(), Value::Null);
}

#[test]
fn a_task_answered_beside_one_still_paused_shows_its_question_and_its_state_update_only() {
    let g = last(&["x", "y", "z"])
        .node("a", asking("a?", "x"))
        .node("b", asking("b?", "y"))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"z": 1}))))
        .edge(START, "a")
        .edge(START, "b")
        .edge("a", "c")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let paused = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(paused.interrupts.len(), 2);
    let a_id = paused.tasks.iter().find(|t| t.name == "a").unwrap().interrupts[0].id.clone();
    let map = serde_json::Map::from_iter([(a_id, json!("yes"))]);
    g.invoke_blocking(Command { resume: Some(Value::Object(map)), ..Default::default() }, cfg.clone()).unwrap();
    let state = g.get_state_blocking(&cfg).unwrap();
    let a = state.tasks.iter().find(|t| t.name == "a").unwrap();
    assert_eq!(a.interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>(), [json!("a?")]);
    assert_eq!(a.result, Some(json!({"x": "yes"})));
    // Only the task still paused waits for an answer.
    assert_eq!(state.interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>(), [json!("b?")]);
}
