//! `Send` map-reduce and `Command` (update + goto), from the seeds.
mod common;
use common::*;
use serde_json::{json, Value};
use superstep::*;

fn jokes() -> CompiledGraph {
    StateGraph::new()
        .channel("topic", Channel::last_value())
        .channel("subjects", Channel::last_value())
        .channel("jokes", Channel::append())
        .channel("best_selected_joke", Channel::last_value())
        .node(
            "generate_topics",
            node(|s| Ok::<_, NodeError>(json!({"subjects": [format!("{}s", s.str("topic").unwrap()), "lions", "elephants"]}))),
        )
        .node("generate_joke", node(|s| Ok::<_, NodeError>(json!({"jokes": [format!("Joke about {}", s.str("subject").unwrap())]}))))
        .node("best_joke", node(|s| Ok::<_, NodeError>(json!({"best_selected_joke": s.get("jokes").unwrap()[1]}))))
        .edge(START, "generate_topics")
        .conditional(
            "generate_topics",
            router(|s| {
                let subjects = s.get("subjects").and_then(Value::as_array).cloned().unwrap_or_default();
                Ok::<_, NodeError>(subjects.into_iter().map(|x| Send::new("generate_joke", json!({"subject": x}))).collect::<Vec<_>>())
            }),
            None,
        )
        .edge("generate_joke", "best_joke")
        .edge("best_joke", END)
        .compile()
        .unwrap()
}

#[test]
fn map_reduce_with_send_gives_each_task_its_own_input() {
    let out = run(&jokes(), json!({"topic": "animal"}));
    assert_eq!(out["jokes"], json!(["Joke about animals", "Joke about lions", "Joke about elephants"]));
    assert_eq!(out["best_selected_joke"], json!("Joke about lions"));
    let ups = updates(&jokes(), json!({"topic": "cat"}));
    assert_eq!(ups.len(), 5);
    assert_eq!(ups[4], json!({"best_joke": {"best_selected_joke": "Joke about lions"}}));
}

#[test]
fn send_results_reduce_in_send_order_not_completion_order() {
    use futures::FutureExt;
    // Later sends finish first: each task yields to the executor a different number of times.
    let g = StateGraph::new()
        .channel("items", Channel::last_value())
        .channel("out", Channel::append())
        .node("fan", node(|_| Ok::<_, NodeError>(json!({}))))
        .node(
            "work",
            async_node(|s: State, _rt| {
                async move {
                    let n = s.i64("i").unwrap();
                    yield_times((10 - n) as u32).await;
                    Ok::<_, NodeError>(json!({"out": [n]}))
                }
                .boxed_local()
            }),
        )
        .edge(START, "fan")
        .conditional("fan", router(|_| Ok::<_, NodeError>((0..5).map(|i| Send::new("work", json!({"i": i}))).collect::<Vec<_>>())), None)
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["out"], json!([0, 1, 2, 3, 4]));
}

#[test]
fn command_updates_and_goes_to() {
    let g = last(&["foo", "pick"])
        .add_node(
            NodeSpec::new(
                "node_a",
                node(|s| {
                    Ok::<_, NodeError>(
                        Command::goto(if s.str("pick") == Some("b") { "node_b" } else { "node_c" }).with_update(json!({"foo": "a"})),
                    )
                }),
            )
            .ends(["node_b", "node_c"]),
        )
        .node("node_b", node(|s| Ok::<_, NodeError>(json!({"foo": format!("{}|b", s.str("foo").unwrap())}))))
        .node("node_c", node(|s| Ok::<_, NodeError>(json!({"foo": format!("{}|c", s.str("foo").unwrap())}))))
        .edge(START, "node_a")
        .edge("node_b", END)
        .edge("node_c", END)
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"pick": "b"})), json!({"foo": "a|b", "pick": "b"}));
    assert_eq!(run(&g, json!({"pick": "c"})), json!({"foo": "a|c", "pick": "c"}));
    assert_eq!(updates(&g, json!({"pick": "b"})), vec![json!({"node_a": {"foo": "a"}}), json!({"node_b": {"foo": "a|b"}})]);
}

#[test]
fn command_goto_adds_to_static_edges_so_both_run() {
    // The seeds' warning: node_a returns Command(goto="my_other_node") and has an edge to node_b.
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(
            NodeSpec::new("node_a", node(|_| Ok::<_, NodeError>(Command::goto("my_other_node").with_update(json!({"path": ["a"]})))))
                .ends(["my_other_node"]),
        )
        .node("node_b", mark("node_b"))
        .node("my_other_node", mark("my_other_node"))
        .edge(START, "node_a")
        .edge("node_a", "node_b")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "my_other_node", "node_b"]));
}

#[test]
fn command_goto_may_list_nodes_and_sends() {
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(
            NodeSpec::new(
                "a",
                node(|_| {
                    let sends = [1, 2].map(|x| Goto::Send(Send::new("c", json!({ "x": x }))));
                    Ok::<_, NodeError>(Command { goto: [vec![Goto::Node("b".into())], sends.to_vec()].concat(), ..Default::default() })
                }),
            )
            .ends(["b", "c"]),
        )
        .node("b", mark("b"))
        .node("c", node(|s| Ok::<_, NodeError>(json!({"path": [format!("c{}", s.i64("x").unwrap())]}))))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["b", "c1", "c2"]));
}

#[test]
fn command_goto_to_a_missing_node_is_an_error() {
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(Command::goto("nowhere"))))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(
        g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err(),
        Error::UnknownTarget { source: "a".into(), target: "nowhere".into() }
    );
}

#[test]
fn a_supersteps_sends_start_before_its_edge_triggered_tasks_as_in_langgraph() {
    // `a` leads to `b` by an edge and sends to `w`: the next superstep starts (and
    // streams) `w` first, though its writes still apply after `b`'s.
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("w", mark("w"))
        .edge(START, "a")
        .edge("a", "b")
        .conditional("a", router(|_| Ok::<_, NodeError>(vec![Send::new("w", json!({}))])), None)
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    let starts: Vec<&str> = parts.iter().filter(|p| p.data.get("input").is_some()).map(|p| p.data["name"].as_str().unwrap()).collect();
    assert_eq!(starts, ["a", "w", "b"]);
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "b", "w"]));
    // The tasks' paths, as LangGraph names them (the plan lists edge-triggered tasks first).
    let mut stepper = g.stepper_blocking(json!({}), RunConfig::default()).unwrap();
    let paths: Vec<String> = (0..3).flat_map(|_| futures::executor::block_on(stepper.step()).tasks).map(|t| t.path).collect();
    assert_eq!(paths, ["__pregel_pull|__start__", "__pregel_pull|a", "__pregel_pull|b", "__pregel_push|0"]);
}

#[test]
fn a_command_may_update_through_key_value_pairs_and_its_router_sees_each_write_once() {
    // Command(update=[[key, value], ...]), as LangGraph allows: a key may come twice, and
    // the router's view reduces both writes once each (here, a list of three after `a`).
    let seen = std::rc::Rc::new(std::cell::Cell::new(0));
    let saw = seen.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(Command::default().with_update(json!([["log", ["x"]], ["log", ["y"]]])))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"log": ["b"]}))))
        .edge(START, "a")
        .conditional(
            "a",
            router(move |s| {
                saw.set(s.get("log").unwrap().as_array().unwrap().len());
                Ok::<_, NodeError>("b")
            }),
            None,
        )
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"log": ["in"]}))["log"], json!(["in", "x", "y", "b"]));
    assert_eq!(seen.get(), 3);
    // A list that is not of pairs is no update.
    let bad = StateGraph::new()
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(Command::default().with_update(json!([["log"]])))))
        .edge(START, "a")
        .compile()
        .unwrap();
    let err = bad.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert!(matches!(err, Error::InvalidUpdate { .. }), "{err:?}");
}

#[test]
fn a_sends_timeout_reaches_its_own_task_only() {
    // The embedder times attempts (the JS package), so the engine carries the policy to the task.
    let seen = std::rc::Rc::new(std::cell::RefCell::new(vec![]));
    let saw = seen.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("split", node(|_| Ok::<_, NodeError>(NodeOutput::Nothing)))
        .node(
            "work",
            node_rt(move |_, rt| {
                saw.borrow_mut().push(rt.task_timeout().cloned());
                Ok::<_, NodeError>(json!({"log": ["w"]}))
            }),
        )
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"log": [rt.interrupt(json!("q"))?]}))))
        .edge(START, "split")
        .conditional(
            "split",
            router(|_| {
                let timed = Send { timeout: Some(json!({"runTimeout": 40})), ..Send::new("work", json!({})) };
                Ok::<_, NodeError>(vec![Goto::Send(timed), Goto::Send(Send::new("work", json!({}))), Goto::Node("ask".into())])
            }),
            None,
        )
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(*seen.borrow(), [Some(json!({"runTimeout": 40})), None]);
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next, ["ask"], "the Send tasks finished before the pause");
}
