//! Stream modes: values, updates, debug/tasks, custom, several at once.
mod common;
use common::*;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::*;

fn two_steps() -> CompiledGraph {
    StateGraph::new()
        .channel("x", Channel::last_value())
        .node(
            "a",
            node_rt(|s, rt| {
                rt.write(json!({"progress": "half"}));
                Ok::<_, NodeError>(json!({"x": s.i64("x").unwrap() + 1}))
            }),
        )
        .node("b", node(|_| Ok::<_, NodeError>(NodeOutput::Nothing)))
        .edge(START, "a")
        .edge("a", "b")
        .compile()
        .unwrap()
}

#[test]
fn a_late_writer_reaches_the_stream_while_the_run_streams_and_nothing_after() {
    use std::cell::RefCell;
    let kept: Rc<RefCell<Option<LateWriter>>> = Rc::default();
    let (keep, late) = (kept.clone(), kept.clone());
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node(
            "a",
            node_rt(move |_, rt| {
                *keep.borrow_mut() = rt.late_writer();
                Ok::<_, NodeError>(json!({"x": 1}))
            }),
        )
        .node(
            "b",
            node(move |_| {
                // a's call has settled; what a left running still writes to the run's stream.
                if let Some(writer) = late.borrow().as_ref() {
                    writer.write(json!("late from a"));
                }
                Ok::<_, NodeError>(json!({"x": 2}))
            }),
        )
        .edge(START, "a")
        .edge("a", "b")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Updates, StreamMode::Custom])).unwrap();
    let seen: Vec<(&str, Value)> = parts.iter().map(|p| (p.mode.as_str(), p.data.clone())).collect();
    assert_eq!(seen, vec![("updates", json!({"a": {"x": 1}})), ("custom", json!("late from a")), ("updates", json!({"b": {"x": 2}}))]);
    // The stream is gone: the writer takes nothing, and says so.
    let writer = kept.borrow_mut().take().expect("a run that streams custom gives a late writer");
    assert!(!writer.is_live());
    writer.write(json!("after the run"));
    // A run that does not stream custom gives no late writer.
    g.invoke_blocking(json!({}), RunConfig::default()).unwrap();
    assert!(kept.borrow().is_none());
}

#[test]
fn values_and_updates() {
    let g = two_steps();
    assert_eq!(values(&g, json!({"x": 1})), vec![json!({"x": 1}), json!({"x": 2})]);
    // A node returning nothing shows as an empty update.
    assert_eq!(updates(&g, json!({"x": 1})), vec![json!({"a": {"x": 2}}), json!({"b": {}})]);
}

#[test]
fn several_modes_interleave_in_order() {
    let g = two_steps();
    let parts = g
        .stream_blocking(json!({"x": 1}), RunConfig::default().modes(&[StreamMode::Updates, StreamMode::Custom, StreamMode::Values]))
        .unwrap();
    let seen: Vec<(&str, serde_json::Value)> = parts.iter().map(|p| (p.mode.as_str(), p.data.clone())).collect();
    assert_eq!(
        seen,
        vec![
            ("values", json!({"x": 1})),
            ("custom", json!({"progress": "half"})),
            ("updates", json!({"a": {"x": 2}})),
            ("values", json!({"x": 2})),
            ("updates", json!({"b": {}})),
        ]
    );
}

#[test]
fn debug_reports_tasks_with_step_and_triggers_and_results() {
    let g = two_steps();
    let parts = g.stream_blocking(json!({"x": 1}), RunConfig::default().modes(&[StreamMode::Debug])).unwrap();
    let kinds: Vec<(String, i64, String)> = parts
        .iter()
        .map(|p| {
            (
                p.data["type"].as_str().unwrap().to_string(),
                p.data["step"].as_i64().unwrap(),
                p.data["payload"]["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("task".into(), 1, "a".into()),
            ("task_result".into(), 1, "a".into()),
            ("task".into(), 2, "b".into()),
            ("task_result".into(), 2, "b".into())
        ]
    );
    assert_eq!(parts[0].data["payload"]["triggers"], json!(["branch:to:a"]));
    assert_eq!(parts[0].data["payload"]["input"], json!({"x": 1}));
    assert_eq!(parts[1].data["payload"]["result"], json!({"x": 2}));
}

#[test]
fn streams_are_incremental() {
    use futures::StreamExt;
    let g = two_steps();
    futures::executor::block_on(async {
        let mut s = g.stream(json!({"x": 1}), RunConfig::default().modes(&[StreamMode::Updates])).await.unwrap();
        let first = s.next().await.unwrap().unwrap();
        assert_eq!(first.data, json!({"a": {"x": 2}}));
        let rest: Vec<_> = s.collect().await;
        assert_eq!(rest.len(), 1);
    });
}

#[test]
fn a_subgraphs_messages_reach_the_stream_only_with_subgraphs() {
    let chat = |text: &'static str| {
        node_rt(move |_, rt| {
            rt.push_message(json!([{ "type": "ai", "content": text }, { "langgraph_node": rt.node() }]));
            Ok::<_, NodeError>(json!({}))
        })
    };
    let inner = last(&["x"]).node("inner", chat("deep")).edge(START, "inner").compile().unwrap();
    let g = last(&["x"]).node("top", chat("shallow")).subgraph("sub", inner).edge(START, "top").edge("top", "sub").compile().unwrap();
    let seen = |subgraphs: bool| -> Vec<(usize, serde_json::Value)> {
        let config = RunConfig::default().modes(&[StreamMode::Messages]).subgraphs(subgraphs);
        g.stream_blocking(json!({}), config).unwrap().iter().map(|p| (p.namespace.len(), p.data[0]["content"].clone())).collect()
    };
    // As LangGraph: a subgraph's tokens stay out of a stream without `subgraphs: true`.
    assert_eq!(seen(false), vec![(0, json!("shallow"))]);
    assert_eq!(seen(true), vec![(0, json!("shallow")), (1, json!("deep"))]);
    // Not asked for, not streamed.
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Updates])).unwrap();
    assert!(parts.iter().all(|p| p.mode == StreamMode::Updates));
}

#[test]
fn tool_events_stream_where_asked_a_subgraphs_only_with_subgraphs() {
    let calls = |tool: &'static str| {
        node_rt(move |_, rt| {
            // A handler asks before it reports: nothing to do where no stream takes the events.
            if rt.streams_tools() {
                rt.push_tool_event(json!({ "event": "on_tool_start", "name": tool }));
            }
            Ok::<_, NodeError>(json!({}))
        })
    };
    let inner = last(&["x"]).node("inner", calls("deep")).edge(START, "inner").compile().unwrap();
    let g = last(&["x"]).node("top", calls("shallow")).subgraph("sub", inner).edge(START, "top").edge("top", "sub").compile().unwrap();
    let seen = |subgraphs: bool| -> Vec<(usize, serde_json::Value)> {
        let config = RunConfig::default().modes(&[StreamMode::parse("tools").unwrap()]).subgraphs(subgraphs);
        g.stream_blocking(json!({}), config).unwrap().iter().map(|p| (p.namespace.len(), p.data["name"].clone())).collect()
    };
    assert_eq!(seen(false), vec![(0, json!("shallow"))]);
    assert_eq!(seen(true), vec![(0, json!("shallow")), (1, json!("deep"))]);
    assert_eq!(StreamMode::Tools.as_str(), "tools");
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Updates])).unwrap();
    assert!(parts.iter().all(|p| p.mode == StreamMode::Updates));
}

#[test]
fn a_nodes_output_message_streams_unless_the_stream_has_seen_its_id() {
    let message = |id: &str, text: &str| json!({ "type": "ai", "content": text, "id": id });
    let (m1, m3) = (message("m1", "in input"), message("m3", "new"));
    let talk = node_rt(move |_, rt| {
        rt.push_message(json!([message("m2", "stream"), {}]));
        for m in [message("m1", "in input"), message("m2", "streamed"), message("m3", "new")] {
            rt.push_output_message(json!([m, {}]));
        }
        Ok::<_, NodeError>(json!({}))
    });
    let g = last(&["messages"]).node("talk", talk).edge(START, "talk").compile().unwrap();
    let config = RunConfig::default().modes(&[StreamMode::Messages]);
    let parts = g.stream_blocking(json!({ "messages": [m1] }), config).unwrap();
    // m1 was in the task's input and m2 went out as a token: only m3 is new.
    let ids: Vec<_> = parts.iter().map(|p| p.data[0]["id"].clone()).collect();
    assert_eq!(ids, vec![json!("m2"), json!("m3")]);
    assert_eq!(parts[1].data[0], m3);
}

#[test]
fn a_failed_task_streams_its_own_message_and_class() {
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node(
            "bad",
            node(|_| {
                Err::<serde_json::Value, _>(NodeError::Failed { message: "boom".into(), kind: None, class: Some("RangeError".into()) })
            }),
        )
        .edge(START, "bad")
        .compile()
        .unwrap();
    let parts = stream_parts(&g, json!({"x": 1}), RunConfig::default().modes(&[StreamMode::Tasks]));
    // As LangGraph.js: `{message, name}`, the node's words, not the engine's.
    let result = parts.iter().flatten().find(|p| p.data.get("result").is_some()).unwrap();
    assert_eq!(result.data["error"], json!({"message": "boom", "name": "RangeError"}));
    assert!(parts.last().unwrap().is_err());
}

/// Mode and task name (or the chunk) of each part, for order checks.
fn order(parts: &[StreamPart]) -> Vec<String> {
    parts
        .iter()
        .map(|p| match p.data.get("name") {
            Some(n) => {
                format!("{} {} {}", p.mode.as_str(), n.as_str().unwrap(), if p.data.get("result").is_some() { "result" } else { "start" })
            }
            None => format!("{} {}", p.mode.as_str(), p.data),
        })
        .collect()
}

#[test]
fn every_task_starts_before_any_runs_and_a_pause_streams_before_its_result() {
    // As LangGraph.js streams them: both starts, then the pause (updates and
    // values), then the paused task's result, then its sibling's.
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node("ask", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|_| json!({}))))
        .node("b", node(|_| Ok::<_, NodeError>(NodeOutput::Nothing)))
        .edge(START, "ask")
        .edge(START, "b")
        .compile_with(with_saver())
        .unwrap();
    let config = RunConfig::thread("t").modes(&[StreamMode::Tasks, StreamMode::Updates]);
    let parts: Vec<StreamPart> = stream_parts(&g, json!({"x": 1}), config).into_iter().flatten().collect();
    let seen = order(&parts);
    let interrupt = seen.iter().position(|s| s.starts_with("updates {\"__interrupt__\"")).unwrap();
    assert_eq!(&seen[..2], ["tasks ask start", "tasks b start"]);
    assert_eq!(seen[interrupt + 1], "tasks ask result");
    assert_eq!(&seen[interrupt + 2..], ["updates {\"b\":{}}", "tasks b result"]);
}

/// As LangGraph.js: of the nodes that finish at once, those that throw (an interrupt, an
/// error) finish before those that return, each group in task order (extra scenario 285).
#[test]
fn nodes_that_throw_at_once_finish_before_nodes_that_return_at_once() {
    let ok = |name: &'static str| node(move |_| Ok::<_, NodeError>(json!({ "log": [name] })));
    let ask = |name: &'static str| node_rt(move |_, rt| rt.interrupt(json!(format!("{name}?"))).map(|a| json!({ "log": [a] })));
    let mut g = StateGraph::new().channel("log", Channel::append());
    for (name, f) in [("a", ok("a")), ("b", ask("b")), ("c", ok("c")), ("d", ask("d"))] {
        g = g.node(name, f).edge(START, name);
    }
    let g = g.compile_with(with_saver()).unwrap();
    let config = RunConfig::thread("t").modes(&[StreamMode::Updates]);
    let parts: Vec<StreamPart> = stream_parts(&g, json!({}), config).into_iter().flatten().collect();
    let shown: Vec<Value> = parts.iter().map(|p| p.data.get("__interrupt__").map_or(p.data.clone(), |i| i[0]["value"].clone())).collect();
    assert_eq!(shown, [json!("b?"), json!("d?"), json!({"a": {"log": ["a"]}}), json!({"c": {"log": ["c"]}})]);
    // A node failing at once beside one returning: the failure's result streams first.
    let fails = node(|_| Err::<Value, _>(NodeError::Failed { message: "boom".into(), kind: None, class: None }));
    let g = StateGraph::new().channel("log", Channel::append()).node("a", ok("a")).node("b", fails);
    let g = g.edge(START, "a").edge(START, "b").compile().unwrap();
    let parts = stream_parts(&g, json!({}), RunConfig::default().modes(&[StreamMode::Tasks]));
    let parts: Vec<StreamPart> = parts.into_iter().flatten().collect();
    assert_eq!(order(&parts)[2..], ["tasks b result", "tasks a result"]);
}

#[test]
fn a_checkpoint_the_run_stops_after_is_saved_but_not_streamed() {
    // LangGraph streams a checkpoint as the next superstep begins, so the one
    // after an `interrupt_after` breakpoint, or before the recursion limit, is
    // not streamed; a resume streams it.
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"x": 2}))))
        .edge(START, "a")
        .edge("a", "b")
        .compile_with(CompileOptions { interrupt_after: vec!["a".into()], ..with_saver() })
        .unwrap();
    let steps = |input: Input, config: RunConfig| -> Vec<i64> {
        let parts = g.stream_blocking(input, config.modes(&[StreamMode::Checkpoints])).unwrap();
        parts.iter().map(|p| p.data["metadata"]["step"].as_i64().unwrap()).collect()
    };
    assert_eq!(steps(json!({"x": 0}).into(), RunConfig::thread("t")), vec![-1, 0]);
    assert_eq!(steps(Input::Continue, RunConfig::thread("t")), vec![1, 2]);
    let looping = StateGraph::new()
        .channel("x", Channel::last_value())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1}))))
        .edge(START, "a")
        .edge("a", "a")
        .compile_with(with_saver())
        .unwrap();
    let parts = stream_parts(&looping, json!({"x": 0}), RunConfig::thread("u").modes(&[StreamMode::Checkpoints]).recursion_limit(3));
    let seen: Vec<i64> = parts.iter().flatten().map(|p| p.data["metadata"]["step"].as_i64().unwrap()).collect();
    assert_eq!(seen, vec![-1, 0, 1, 2]);
    assert!(parts.last().unwrap().is_err());
}

#[test]
fn a_task_start_carries_the_nodes_metadata() {
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .add_node(NodeSpec::new("a", node(|_| Ok::<_, NodeError>(NodeOutput::Nothing))).metadata(json!({"tag": 1})))
        .edge(START, "a")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({"x": 1}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    // As LangGraph.js: its integration tag, then the node's own metadata.
    assert_eq!(parts[0].data["metadata"], json!({"ls_integration": "langgraph", "tag": 1}));
}

#[test]
fn a_task_start_carries_the_runs_metadata_the_enclosing_nodes_and_its_own_then_the_runs_tags() {
    // As LangGraph.js builds it from the task's config, LangGraph's own keys left out.
    let sub = StateGraph::new()
        .channel("x", Channel::last_value())
        .add_node(NodeSpec::new("c", node(|_| Ok::<_, NodeError>(NodeOutput::Nothing))).metadata(json!({"inner": 1, "langgraph_step": 5})))
        .edge(START, "c")
        .compile()
        .unwrap();
    let mut outer = superstep::pregel::subgraph_node("s".into(), sub);
    outer.metadata = json!({"enc": "s"});
    let g = StateGraph::new().channel("x", Channel::last_value()).add_node(outer).edge(START, "s").compile().unwrap();
    let mut config = RunConfig::default().modes(&[StreamMode::Tasks]);
    config.subgraphs = true;
    config.task_metadata = json!({"ls_integration": "langgraph", "k": 1, "thread_id": "t"}).as_object().cloned();
    config.task_tags = vec!["t1".into()];
    let parts = g.stream_blocking(json!({"x": 1}), config).unwrap();
    let started =
        |name: &str| parts.iter().find(|p| p.data["name"] == name && p.data.get("input").is_some()).unwrap().data["metadata"].clone();
    assert_eq!(started("s"), json!({"ls_integration": "langgraph", "k": 1, "enc": "s", "tags": ["t1"]}));
    let inner = started("c");
    assert_eq!(inner, json!({"ls_integration": "langgraph", "k": 1, "enc": "s", "inner": 1, "tags": ["t1"]}));
    assert_eq!(inner.as_object().unwrap().keys().collect::<Vec<_>>(), ["ls_integration", "k", "enc", "inner", "tags"]);
}

#[test]
fn a_resumed_superstep_restarts_every_task_and_its_checkpoint_lists_what_each_saved() {
    // As LangGraph.js: the checkpoint resumed from streams again with the pending
    // interrupt and the finished sibling's result; every task of the superstep
    // starts again, and only the one that runs reports a result.
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .channel("y", Channel::last_value())
        .node("ask", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|v| json!({"x": v}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"y": 2}))))
        .edge(START, "ask")
        .edge(START, "b")
        .compile_with(with_saver())
        .unwrap();
    let modes = [StreamMode::Tasks, StreamMode::Checkpoints];
    stream_parts(&g, json!({"x": 1}), RunConfig::thread("t").modes(&modes));
    let parts = g.stream_blocking(Command::resume(json!("yes")), RunConfig::thread("t").modes(&modes)).unwrap();
    let tasks = &parts[0].data["tasks"];
    assert_eq!(parts[0].mode, StreamMode::Checkpoints);
    assert_eq!(tasks[0]["name"], json!("ask"));
    assert_eq!(tasks[0]["interrupts"][0]["value"], json!("ok?"));
    assert!(tasks[0].get("result").is_none());
    assert_eq!(tasks[1]["result"], json!({"y": 2}));
    let seen: Vec<String> = order(&parts).into_iter().filter(|s| s.starts_with("tasks")).collect();
    assert_eq!(seen, ["tasks ask start", "tasks b start", "tasks ask result"]);
}

/// `step` loops while `n` is below `last`, writing `n + 1` and, when `log_of(n)`
/// gives one, a write to the `log` list.
fn log_loop(last: i64, log_of: impl Fn(i64) -> Option<Value> + 'static) -> CompiledGraph {
    StateGraph::new()
        .channel("log", Channel::append())
        .channel("n", Channel::last_value())
        .node(
            "step",
            node(move |s| {
                let n = s.i64("n").unwrap();
                let mut update = json!({"n": n + 1});
                if let Some(log) = log_of(n) {
                    update["log"] = log;
                }
                Ok::<_, NodeError>(update)
            }),
        )
        .edge(START, "step")
        .conditional("step", router(move |s| Ok::<_, NodeError>(if s.i64("n").unwrap() >= last { END } else { "step" })), None)
        .compile()
        .unwrap()
}

/// The values chunks of a run that shares its values, as the bindings ask.
fn shared_values(g: &CompiledGraph, input: Value) -> Vec<StreamPart> {
    let config = RunConfig { shared_values: true, ..RunConfig::default().modes(&[StreamMode::Values]) };
    g.stream_blocking(input, config).unwrap()
}

/// A run that shares its values sends the same state as one that copies it,
/// and tells which lists only grew, and from which list.
#[test]
fn shared_values_chunks_hold_the_copied_state_and_say_what_grew() {
    let g = log_loop(3, |n| Some(if n == 1 { overwrite(json!(["reset"])) } else { json!([n]) }));
    let input = json!({"n": 0, "log": ["in"]});
    let copied = values(&g, input.clone());
    let parts = shared_values(&g, input);
    let shared: Vec<&State> = parts.iter().map(|p| p.shared.as_ref().expect("a shared chunk")).collect();
    assert!(parts.iter().all(|p| p.data.is_null()));
    assert_eq!(shared.iter().map(|s| s.to_value()).collect::<Vec<_>>(), copied);
    let steps: Vec<_> = shared
        .iter()
        .map(|s| {
            let log = s.shared("log").unwrap();
            let growth = s.growth_of(&log).cloned();
            (log, growth)
        })
        .collect();
    // Step 0 appends one item to the input's list, step 1 overwrites it, step 2 appends again:
    // a growth names the very list the chunk before held.
    let grew_from = |k: usize| steps[k].1.as_ref().map(|g| (std::ptr::eq(g.from.as_ptr(), Rc::as_ptr(&steps[k - 1].0)), g.appended));
    assert_eq!(grew_from(1), Some((true, 1)));
    assert_eq!(grew_from(2), None);
    assert_eq!(grew_from(3), Some((true, 1)));
}

/// A list a superstep leaves alone did not grow in it: the growth of the
/// superstep before must not be told again (the bindings would append twice).
#[test]
fn a_list_left_alone_reports_no_growth() {
    let g = log_loop(2, |n| (n == 0).then(|| json!([n])));
    let grew: Vec<Option<usize>> = shared_values(&g, json!({"n": 0, "log": ["in"]}))
        .iter()
        .map(|p| {
            let s = p.shared.as_ref().expect("a shared chunk");
            s.growth_of(&s.shared("log").unwrap()).map(|g| g.appended)
        })
        .collect();
    // The input (onto the empty default), the append of step 1, then step 2 writing only `n`.
    assert_eq!(grew, [Some(1), Some(1), None]);
}

#[test]
fn a_channel_written_twice_shows_every_write_as_langgraph_does() {
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .channel("x", Channel::last_value())
        .node(
            "a",
            node(|_| {
                Ok::<_, NodeError>(NodeOutput::Writes(vec![
                    ("log".into(), json!(["1"])),
                    ("log".into(), json!(["2"])),
                    ("x".into(), json!(1)),
                ]))
            }),
        )
        .node("b", node(|_| Ok::<_, NodeError>(json!({"log": ["3"]}))))
        .edge(START, "a")
        .edge(START, "b")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Updates, StreamMode::Tasks])).unwrap();
    let updates: Vec<_> = parts.iter().filter(|p| p.mode == StreamMode::Updates).map(|p| p.data.clone()).collect();
    // "updates": a list of one-key objects in write order; a task writing each key once keeps its object.
    assert_eq!(updates, vec![json!({"a": [{"log": ["1"]}, {"log": ["2"]}, {"x": 1}]}), json!({"b": {"log": ["3"]}})]);
    let result = parts.iter().find(|p| p.mode == StreamMode::Tasks && p.data["name"] == "a" && p.data.get("result").is_some()).unwrap();
    // A task's result wraps the repeated key.
    assert_eq!(result.data["result"], json!({"log": {"$writes": [["1"], ["2"]]}, "x": 1}));
    assert_eq!(g.invoke_blocking(json!({}), RunConfig::default()).unwrap()["log"], json!(["1", "2", "3"]));
}

#[test]
fn pushed_writes_go_ahead_of_the_result_and_a_failed_attempt_drops_its_own() {
    use futures::FutureExt;
    let attempts = Rc::new(std::cell::Cell::new(0));
    let counter = attempts.clone();
    let talk = async_node(move |_, rt: Runtime| {
        let counter = counter.clone();
        async move {
            counter.set(counter.get() + 1);
            let n = counter.get();
            rt.push_write("log", json!([format!("pushed {n}")]));
            if n == 1 {
                return Err(NodeError::from("flaky"));
            }
            Ok(json!({ "log": [format!("returned {n}")] }))
        }
        .boxed_local()
    });
    let policy = RetryPolicy { initial_interval: 0.0, ..Default::default() };
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .add_node(graph::node::NodeSpec::new("talk", talk).retry(policy))
        .edge(START, "talk")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Updates, StreamMode::Values])).unwrap();
    let updates: Vec<_> = parts.iter().filter(|p| p.mode == StreamMode::Updates).map(|p| p.data.clone()).collect();
    assert_eq!(updates, vec![json!({"talk": [{"log": ["pushed 2"]}, {"log": ["returned 2"]}]})]);
    assert_eq!(parts.last().unwrap().data["log"], json!(["pushed 2", "returned 2"]));
    assert_eq!(attempts.get(), 2);
}

#[test]
fn a_paused_steps_finished_task_shows_its_repeated_writes_in_state() {
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .channel("x", Channel::last_value())
        .node(
            "many",
            node(|_| {
                Ok::<_, NodeError>(NodeOutput::Writes(vec![
                    ("log".into(), json!(["1"])),
                    ("log".into(), json!(["2"])),
                    ("x".into(), json!(1)),
                ]))
            }),
        )
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({ "x": rt.interrupt(json!("ok?"))? }))))
        .edge(START, "many")
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("paused");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let state = g.get_state_blocking(&cfg).unwrap();
    let many = state.tasks.iter().find(|t| t.name == "many").unwrap();
    // As LangGraph.js: the repeated key as {$writes: [...]}, the others as they are.
    assert_eq!(many.result, Some(json!({"log": {"$writes": [["1"], ["2"]]}, "x": 1})));
}

#[test]
fn a_node_that_fails_after_taking_a_resume_value_streams_an_empty_update_as_in_langgraph_js() {
    // LangGraph.js saves the resume before the error, and so streams `{ask: {}}`.
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node(
            "ask",
            node_rt(|_, rt| {
                let v = rt.interrupt(json!("ok?"))?;
                Err::<Value, _>(NodeError::Failed { message: format!("no {v}"), kind: None, class: None })
            }),
        )
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let updates = |input: Input| {
        use futures::StreamExt;
        let stream = futures::executor::block_on(g.stream(input, RunConfig::thread("t").modes(&[StreamMode::Updates]))).unwrap();
        let parts: Vec<_> = futures::executor::block_on(stream.collect::<Vec<_>>());
        parts.into_iter().map(|p| p.map(|p| p.data).map_err(|_| ())).collect::<Vec<_>>()
    };
    // The first run's pause streams no update for the node.
    let first = updates(json!({}).into());
    assert!(first.len() == 1 && first[0].as_ref().unwrap().get("__interrupt__").is_some(), "{first:?}");
    assert_eq!(updates(Command::resume(json!("yes")).into()), [Ok(json!({"ask": {}})), Err(())]);
}

#[test]
fn a_paused_run_streams_and_returns_one_state_with_one_new_message_id() {
    // LangGraph's invoke returns the last values chunk: a message given its id
    // when the paused state is shown must keep that id in the output.
    let build = || {
        StateGraph::new()
            .channel("messages", Channel::messages())
            .node("say", node(|_| Ok::<_, NodeError>(json!({"messages": [{"type": "ai", "content": "hi"}]}))))
            .node("ask", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|_| json!({}))))
            .edge(START, "say")
            .edge(START, "ask")
            .compile_with(with_saver())
            .unwrap()
    };
    let chunks: Vec<Value> = stream_parts(&build(), json!({}), thread("t")).into_iter().flatten().map(|p| p.data).collect();
    let streamed = chunks.last().unwrap()["messages"][0]["id"].clone();
    let out = build().invoke_blocking(json!({}), thread("t")).unwrap();
    assert!(streamed.is_string(), "{chunks:?}");
    assert_eq!(out["messages"][0]["id"], streamed);
    let g = build();
    let mut s = g.stepper_blocking(json!({}), thread("t")).unwrap();
    while !s.is_finished() {
        futures::executor::block_on(s.step());
    }
    assert_eq!(s.output(), s.output());
}

#[test]
fn a_part_a_waiting_task_pushes_goes_out_at_once_not_when_the_task_ends() {
    use futures::{executor::LocalPool, task::LocalSpawnExt, StreamExt};
    use std::cell::RefCell;
    // A JS node writes from its promise's continuation, outside the engine's polls:
    // the part must wake the waiting stream (a custom write, a task() call's update, a token).
    let held: Rc<RefCell<Option<pregel::Runtime>>> = Rc::default();
    let (waits, release) = gated(json!({ "x": 1 }), Some(held.clone()));
    let g = StateGraph::new().channel("x", Channel::last_value()).node("n", waits).edge(START, "n").compile().unwrap();
    let got: Rc<RefCell<Vec<Value>>> = Rc::default();
    let sink = got.clone();
    let mut pool = LocalPool::new();
    let consumer = async move {
        let mut s = g.stream(json!({}), RunConfig::default().modes(&[StreamMode::Custom, StreamMode::Updates])).await.unwrap();
        while let Some(part) = s.next().await {
            sink.borrow_mut().push(part.unwrap().data);
        }
    };
    pool.spawner().spawn_local(consumer).unwrap();
    pool.run_until_stalled();
    assert!(got.borrow().is_empty());
    held.borrow().as_ref().expect("the node started").write(json!("progress"));
    pool.run_until_stalled();
    assert_eq!(*got.borrow(), [json!("progress")]);
    release.send(()).unwrap();
    pool.run_until_stalled();
    assert_eq!(*got.borrow(), [json!("progress"), json!({ "n": { "x": 1 } })]);
}

#[test]
fn a_run_from_a_checkpoint_starts_its_first_tasks_in_node_order_as_langgraph_js() {
    // LangGraph.js starts a superstep's pulled nodes by name when it knows the channels the
    // last step updated, and in the graph's node order when a run starts from a checkpoint
    // (a resume, a replay), its loop having none. Nodes here are added n, m, z.
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("n", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|_| json!({ "path": ["n"] }))))
        .node("m", mark("m"))
        .node("z", mark("z"))
        .edge(START, "n")
        .edge(START, "m")
        .edge(START, "z")
        .compile_with(with_saver())
        .unwrap();
    let starts = |input: Input| -> Vec<String> {
        let parts = g.stream_blocking(input, RunConfig::thread("t").modes(&[StreamMode::Tasks])).unwrap();
        parts.iter().filter(|p| p.data.get("input").is_some()).map(|p| p.data["name"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(starts(json!({}).into()), ["m", "n", "z"]);
    assert_eq!(starts(Command::resume(json!("yes")).into()), ["n", "m", "z"]);
    // The results still apply in task order, whatever order the tasks started in.
    assert_eq!(g.get_state_blocking(&RunConfig::thread("t")).unwrap().values["path"], json!(["m", "n", "z"]));
}
