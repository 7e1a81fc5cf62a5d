//! Every error type, caught with its type and the names it carries.
mod common;
use common::*;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::*;

fn noop() -> graph::node::NodeFn {
    node(|_| Ok::<_, NodeError>(json!({})))
}

fn compile_err(g: StateGraph) -> ValidationError {
    match g.compile() {
        Err(Error::Validation(v)) => v,
        Err(other) => panic!("expected a validation error, got {other}"),
        Ok(_) => panic!("expected a validation error"),
    }
}

#[test]
fn compile_rejects_unknown_edge_endpoints() {
    let v = compile_err(last(&["x"]).node("a", noop()).edge(START, "a").edge("a", "ghost"));
    assert_eq!(v, ValidationError::UnknownNode { node: "ghost".into(), context: "edge a -> ghost".into() });
    let v = compile_err(last(&["x"]).node("a", noop()).edge(START, "a").edge("ghost", "a"));
    assert!(matches!(v, ValidationError::UnknownNode { node, .. } if node == "ghost"));
}

#[test]
fn compile_rejects_unreachable_nodes_and_missing_entry() {
    let v = compile_err(last(&["x"]).node("a", noop()).node("island", noop()).edge(START, "a"));
    assert_eq!(v, ValidationError::Unreachable { node: "island".into() });
    // As LangGraph, a lone node without edges is unreachable before the entry is asked for.
    let v = compile_err(last(&["x"]).node("a", noop()));
    assert_eq!(v, ValidationError::Unreachable { node: "a".into() });
    let v = compile_err(last(&["x"]).node("a", noop()).node("b", noop()).edge("a", "b").edge("b", "a"));
    assert_eq!(v, ValidationError::NoEntryPoint);
}

#[test]
fn compile_names_the_fault_langgraph_names_first() {
    // Unknown sources, then unreachable nodes, then unknown targets, then breakpoints.
    let v = compile_err(last(&["x"]).node("a", noop()).node("b", noop()).edge(START, "a").edge("a", "ghost").edge("ghost", "a"));
    assert!(matches!(v, ValidationError::UnknownNode { node, context } if node == "ghost" && context == "edge ghost -> a"));
    let v = compile_err(last(&["x"]).node("a", noop()).node("b", noop()).edge(START, "ghost"));
    assert_eq!(v, ValidationError::Unreachable { node: "a".into() });
    let options = CompileOptions { interrupt_before: vec!["ghost".into()], ..Default::default() };
    let v = last(&["x"]).node("a", noop()).edge(START, "a").edge("a", "phantom").compile_with(options).err().unwrap();
    assert!(matches!(v, Error::Validation(ValidationError::UnknownNode { node, .. }) if node == "phantom"));
}

fn to(target: &'static str) -> graph::node::RouterFn {
    router(move |_| Ok::<_, NodeError>(target.to_string()))
}

#[test]
fn a_node_some_edge_leads_to_compiles_though_start_does_not_reach_it() {
    // As LangGraph: `retry` loops on itself and is entered by a Command (from a
    // subgraph, or a node without `ends`), so it is not unreachable.
    let g = last(&["x"]).node("a", noop()).node("retry", noop()).edge(START, "a").edge("retry", "retry");
    // Still worth a warning (the editor shows it on the node).
    assert_eq!(g.compile().unwrap().warnings()[0], "no edge from START leads to node `retry`; only a Command can");
    // A router without a path map may lead to any node but its own.
    let routed = last(&["x"]).node("a", noop()).node("b", noop()).edge(START, "a").conditional("a", to("b"), None);
    assert!(routed.compile().is_ok());
    let own = last(&["x"]).node("a", noop()).edge(START, "a").edge("a", "a").node("b", noop()).conditional("b", to(END), None);
    assert_eq!(compile_err(own), ValidationError::Unreachable { node: "b".into() });
}

#[test]
fn compile_rejects_bad_path_map_duplicate_and_reserved_names() {
    let v = compile_err(last(&["x"]).node("a", noop()).edge(START, "a").conditional(
        "a",
        router(|_| Ok::<_, NodeError>("k")),
        Some(vec![("k".into(), "ghost".into())]),
    ));
    assert_eq!(v, ValidationError::UnknownPathTarget { source: "a".into(), target: "ghost".into() });
    let v = compile_err(last(&["x"]).node("a", noop()).node("a", noop()).edge(START, "a"));
    assert_eq!(v, ValidationError::DuplicateNode { node: "a".into() });
    let v = compile_err(last(&["x"]).node(END, noop()).edge(START, END));
    assert_eq!(v, ValidationError::ReservedName { name: END.into() });
    let v = compile_err(last(&["x"]).node("a:b", noop()).edge(START, "a:b"));
    assert_eq!(v, ValidationError::ReservedName { name: "a:b".into() });
    assert_eq!(v.to_string(), "\":\" is a reserved character and is not allowed in node names (`a:b`)");
    // Breakpoints name nodes of the graph, or "*" for all of them.
    let breakpoints = |before: &str, after: &str| {
        let options = CompileOptions { interrupt_before: vec![before.into()], interrupt_after: vec![after.into()], ..Default::default() };
        last(&["x"]).node("a", noop()).edge(START, "a").compile_with(options)
    };
    assert!(breakpoints("*", "a").is_ok());
    assert!(
        matches!(breakpoints("ghost", "*"), Err(Error::Validation(ValidationError::UnknownNode { node, context })) if node == "ghost" && context == "interrupt_before")
    );
    assert!(
        matches!(breakpoints("a", "ghost"), Err(Error::Validation(ValidationError::UnknownNode { context, .. })) if context == "interrupt_after")
    );
    // A schema may not name the graph's own channels.
    let schema = |input: &str, output: &str| {
        last(&["x"]).node("a", noop()).edge(START, "a").input_keys([input]).output_keys([output]).compile().err()
    };
    assert!(schema("x", "x").is_none());
    assert_eq!(schema(START, "x"), Some(Error::Validation(ValidationError::ReservedKey { key: START.into() })));
    for name in ["a|b", "__interrupt__", "__metadata__"] {
        let v = compile_err(last(&["x"]).node(name, noop()).edge(START, name));
        assert_eq!(v, ValidationError::ReservedName { name: name.into() });
    }
}

#[test]
fn start_and_end_out_of_place_are_named_as_langgraph_names_them() {
    let said = |g: StateGraph| compile_err(g.node("a", noop()).node("b", noop()).edge(START, "a").edge("a", "b")).to_string();
    assert_eq!(said(last(&["x"]).edge(END, "a")), "END cannot be a start node (edge __end__ -> a)");
    assert_eq!(said(last(&["x"]).edge("a", START)), "START cannot be an end node (edge a -> __start__)");
    assert_eq!(said(last(&["x"]).join([END, "a"], "b")), "END cannot be a start node (waiting edge [__end__, a] -> b)");
    assert_eq!(
        said(last(&["x"]).join(["a", "b"], END)),
        "a waiting edge must end at a node, not at START or END (waiting edge [a, b] -> __end__)"
    );
    assert_eq!(said(last(&["x"]).conditional(END, to("a"), None)), "END cannot be a start node (conditional edge source)");
}

#[test]
fn a_state_key_named_like_the_graphs_own_channels_is_reserved() {
    for key in [START, "branch:to:a", "join:a+b:c"] {
        let v = compile_err(last(&["x", key]).node("a", noop()).edge(START, "a"));
        assert_eq!(v, ValidationError::ReservedKey { key: key.into() });
        assert!(superstep::Error::Validation(v).to_string().contains(&format!("state key `{key}` is reserved")));
    }
    // END and other dunder names are plain keys, as in LangGraph.js.
    assert!(last(&["x", END]).node("a", noop()).edge(START, "a").compile().is_ok());
}

#[test]
fn a_node_that_cannot_reach_end_is_a_warning() {
    let g = last(&["x"]).node("a", noop()).node("b", noop()).edge(START, "a").edge("a", "b").edge("b", "a").compile().unwrap();
    assert_eq!(g.warnings(), ["node `a` has no path to END", "node `b` has no path to END"]);
    let fine = last(&["x"]).node("a", noop()).edge(START, "a").compile().unwrap();
    assert!(fine.warnings().is_empty());
}

#[test]
fn a_conflict_names_each_writer_once_with_how_often_it_wrote() {
    // A fan-out of Sends that all write one overwrite key: the message names `work` once.
    let g = last(&["x", "n"])
        .node("split", noop())
        .node("work", node(|_| Ok::<_, NodeError>(json!({"x": 1}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"x": 2}))))
        .edge(START, "split")
        .edge("split", "b")
        .conditional(
            "split",
            router(|_| Ok::<_, NodeError>((0..300).map(|i| Send::new("work", json!({ "n": i }))).collect::<Vec<_>>())),
            None,
        )
        .compile()
        .unwrap();
    let err = g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert!(matches!(&err, Error::InvalidUpdate { nodes, .. } if nodes.len() == 301), "{err:?}");
    assert!(err.to_string().starts_with("invalid update for channel `x` from [b, work ×300]: "), "{err}");
}

#[test]
fn two_writes_to_an_overwrite_key_in_one_step_is_invalid_update() {
    let g = last(&["x"])
        .node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"x": 2}))))
        .edge(START, "a")
        .edge(START, "b")
        .compile()
        .unwrap();
    match g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err() {
        Error::InvalidUpdate { key, nodes, .. } => {
            assert_eq!(key, "x");
            assert_eq!(nodes, vec!["a", "b"]);
        }
        other => panic!("expected InvalidUpdate, got {other}"),
    }
}

#[test]
fn writes_the_barrier_refused_are_kept_and_refused_again_not_lost() {
    // a and b finish, but their writes conflict: as LangGraph, each task's writes stay saved
    // with the checkpoint, so its snapshot lists them and a retry meets the same conflict
    // (rather than taking a and b as finished with nothing written).
    let g = last(&["x", "y"])
        .node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1, "y": "a"}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"x": 2}))))
        .edge(START, "a")
        .edge(START, "b")
        .compile_with(with_saver())
        .unwrap();
    let config = RunConfig::thread("t");
    // The run, then a retry from where it failed.
    for input in [json!({}), serde_json::Value::Null] {
        let e = g.invoke_blocking(input, config.clone()).unwrap_err();
        assert_eq!(e.class_name(), "InvalidUpdateError", "{e}");
    }
    // The newest state applies them, so it fails as LangGraph's does; the checkpoint lists them.
    assert!(matches!(g.get_state_blocking(&config), Err(Error::InvalidUpdate { .. })));
    let s = g.get_state_history_blocking(&config).unwrap().remove(0);
    let results: Vec<_> = s.tasks.iter().map(|t| (t.name.as_str(), t.result.clone())).collect();
    assert_eq!(results, vec![("a", Some(json!({"x": 1, "y": "a"}))), ("b", Some(json!({"x": 2})))]);
    assert_eq!(s.values, json!({}));
}

#[test]
fn a_lone_task_the_reducer_refused_runs_again_on_a_retry_and_fails_again() {
    let g = StateGraph::new()
        .channel("n", Channel::reducer(Reducer::Add).default(json!(0)))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"n": "not a number"}))))
        .edge(START, "a")
        .compile_with(with_saver())
        .unwrap();
    let config = RunConfig::thread("t");
    for input in [json!({}), serde_json::Value::Null] {
        let e = g.invoke_blocking(input, config.clone()).unwrap_err();
        assert!(e.to_string().starts_with("reducer of `n` failed"), "{e}");
    }
}

#[test]
fn two_overwrites_of_a_reducer_key_in_one_step_is_invalid_update() {
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"log": overwrite(json!([1]))}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"log": overwrite(json!([2]))}))))
        .edge(START, "a")
        .edge(START, "b")
        .compile()
        .unwrap();
    assert!(matches!(g.invoke_blocking(json!({}), RunConfig::default()), Err(Error::InvalidUpdate { key, .. }) if key == "log"));
}

/// As LangGraph (Python and JS): a superstep that pauses on an interrupt applies its
/// finished tasks' writes to show them, so two that conflict fail the run at once,
/// in every stream mode, rather than after the interrupt is answered. The writes
/// stay saved: the thread still waits, and its resume meets the conflict again.
/// LangGraph's `getState` applies them as well, and throws the same error.
#[test]
fn conflicting_writes_beside_an_interrupt_fail_the_run_when_it_pauses() {
    for modes in [&[StreamMode::Updates][..], &[StreamMode::Values], &[StreamMode::Debug], &[StreamMode::Tasks]] {
        let g = last(&["v", "log"])
            .node("a", node(|_| Ok::<_, NodeError>(json!({"v": "a"}))))
            .node("b", node(|_| Ok::<_, NodeError>(json!({"v": "b"}))))
            .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"log": rt.interrupt(json!("?"))?}))))
            .edge(START, "a")
            .edge(START, "b")
            .edge(START, "ask")
            .compile_with(with_saver())
            .unwrap();
        let cfg = thread("t").modes(modes);
        let parts = stream_parts(&g, json!({}), cfg.clone());
        assert!(matches!(parts.last(), Some(Err(Error::InvalidUpdate { key, .. })) if key == "v"), "{modes:?}: {parts:?}");
        // As LangGraph's, the newest state applies those writes too, and fails the same way;
        // the checkpoint itself still reads, with the question its task asked.
        assert!(matches!(g.get_state_blocking(&cfg), Err(Error::InvalidUpdate { .. })), "{modes:?}");
        let newest = g.get_state_history_blocking(&cfg).unwrap().remove(0);
        assert_eq!(newest.tasks.iter().find(|t| t.name == "ask").unwrap().interrupts.len(), 1, "{modes:?}");
        assert!(matches!(g.invoke_blocking(Command::resume(json!("x")), cfg), Err(Error::InvalidUpdate { .. })), "{modes:?}");
    }
    // A pause whose finished tasks agree stays a pause.
    let g = last(&["v", "log"])
        .node("a", node(|_| Ok::<_, NodeError>(json!({"v": "a"}))))
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"log": rt.interrupt(json!("?"))?}))))
        .edge(START, "a")
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let paused = g.invoke_blocking(json!({}), thread("t").modes(&[StreamMode::Debug])).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], json!("?"));
}

fn pairs(p: &[(&str, serde_json::Value)]) -> NodeOutput {
    NodeOutput::Writes(p.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

#[test]
fn an_update_as_pairs_writes_as_its_object_would() {
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(pairs(&[("log", json!([1])), ("x", json!(1)), ("log", json!([2]))]))))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({})), json!({"x": 1, "log": [1, 2]}));
}

#[test]
fn a_key_outside_every_schema_is_ignored_as_in_langgraph_unless_declared_private() {
    // In an object, in pairs and in a Command's update, beside keys that land.
    let g = last(&["x"]).node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1, "y": 1})))).edge(START, "a").compile().unwrap();
    assert_eq!(run(&g, json!({})), json!({"x": 1}));
    let g = last(&["x"])
        .node("a", node(|_| Ok::<_, NodeError>(pairs(&[("y", json!(1)), ("x", json!(2))]))))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({})), json!({"x": 2}));
    let g = last(&["x"])
        .node(
            "a",
            node(|_| Ok::<_, NodeError>(NodeOutput::Command(Command { update: Some(json!({"y": 1, "x": 3})), ..Default::default() }))),
        )
        .edge(START, "a")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({})), json!({"x": 3}));
    let private = last(&["x"])
        .private_channel("y", Channel::last_value())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"y": 4}))))
        .add_node(NodeSpec::new("b", node(|s| Ok::<_, NodeError>(json!({"x": s.get("y")})))).input(["x", "y"]))
        .edge(START, "a")
        .edge("a", "b")
        .compile()
        .unwrap();
    assert_eq!(run(&private, json!({})), json!({"x": 4}));
}

#[test]
fn a_failing_node_is_a_node_error_naming_it() {
    let g = last(&["x"]).node("boom", node(|_| Err::<serde_json::Value, _>("kaput"))).edge(START, "boom").compile().unwrap();
    assert_eq!(
        g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err(),
        Error::Node { node: "boom".into(), message: "kaput".into(), class: None }
    );
}

#[test]
fn the_first_node_to_fail_in_time_is_the_error() {
    use futures::FutureExt;
    // "a_slow" comes first in task order but fails after "b_fast".
    let g = last(&["x"])
        .node(
            "a_slow",
            async_node(|_, _| {
                async {
                    yield_times(3).await;
                    Err::<serde_json::Value, _>("slow")
                }
                .boxed_local()
            }),
        )
        .node("b_fast", node(|_| Err::<serde_json::Value, _>("fast")))
        .edge(START, "a_slow")
        .edge(START, "b_fast")
        .compile()
        .unwrap();
    let err = g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert_eq!(err, Error::Node { node: "b_fast".into(), message: "fast".into(), class: None });
}

#[test]
fn a_reducer_failure_names_the_key() {
    let g = StateGraph::new()
        .channel("n", Channel::reducer(Reducer::Add).default(json!(0)))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"n": "text"}))))
        .edge(START, "a")
        .compile()
        .unwrap();
    assert!(matches!(g.invoke_blocking(json!({}), RunConfig::default()), Err(Error::Reducer { key, .. }) if key == "n"));
}

#[test]
fn interrupt_without_a_checkpointer_is_a_clear_error() {
    let g = last(&["x"]).node("ask", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|_| json!({})))).edge(START, "ask").compile().unwrap();
    assert!(matches!(g.invoke_blocking(json!({}), RunConfig::default()), Err(Error::NoCheckpointer { .. })));
}

#[test]
fn non_object_input_is_starts_invalid_update() {
    let g = last(&["x"]).node("a", noop()).edge(START, "a").compile().unwrap();
    let err = g.invoke_blocking(json!([1, 2]), RunConfig::default()).unwrap_err();
    // As LangGraph.js: the input is START's update, so its class is InvalidUpdateError.
    assert_eq!(err.class_name(), "InvalidUpdateError");
    assert_eq!(err.to_string(), "invalid update from [__start__]: graph input must be an object of state keys, got [1,2]");
}

#[test]
fn a_thread_id_that_is_not_text_is_named_and_a_missing_one_reads_as_an_empty_thread() {
    let g = last(&["x"]).node("a", noop()).edge(START, "a").compile_with(common::with_saver()).unwrap();
    let numeric = RunConfig { configurable: json!({"thread_id": 7}).as_object().unwrap().clone(), ..RunConfig::default() };
    let err = g.invoke_blocking(json!({}), numeric).unwrap_err();
    assert_eq!(err.to_string(), "invalid input: configurable.thread_id must be a string, got 7");
    // getState without a thread, as LangGraph.js: an empty snapshot, not an error.
    let empty = g.get_state_blocking(&RunConfig::default()).unwrap();
    assert!(empty.values.as_object().is_some_and(|m| m.is_empty()) && empty.next.is_empty());
}

#[test]
fn tasks_failing_together_make_one_aggregate_error() {
    let g = last(&["x"])
        .node("a", node(|_| Err::<serde_json::Value, _>("first")))
        .node("b", node(|_| Err::<serde_json::Value, _>("second")))
        .edge(START, "a")
        .edge(START, "b")
        .compile()
        .unwrap();
    let err = g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert_eq!(err.class_name(), "AggregateError");
    let Error::Multiple { errors } = err else { panic!("not an aggregate: {err}") };
    let nodes: Vec<&str> = errors.iter().map(|e| if let Error::Node { node, .. } = e { node.as_str() } else { "?" }).collect();
    assert_eq!(nodes, ["a", "b"]);
}

#[test]
fn a_failure_stops_a_slower_sibling_which_runs_again_on_resume() {
    use futures::FutureExt;
    use std::cell::Cell;
    use std::rc::Rc;
    let broken = Rc::new(Cell::new(true));
    let b = broken.clone();
    let g = last(&["x", "y"])
        .node(
            "slow",
            async_node(|_, _| {
                async {
                    yield_times(3).await;
                    Ok::<_, NodeError>(json!({"x": "slow done"}))
                }
                .boxed_local()
            }),
        )
        .node("fails", node(move |_| if b.get() { Err("broken") } else { Ok(json!({"y": "fixed"})) }))
        .edge(START, "slow")
        .edge(START, "fails")
        .compile_with(CompileOptions {
            checkpointer: checkpoint::Checkpointing::Saver(Rc::new(checkpoint::MemorySaver::new())),
            ..Default::default()
        })
        .unwrap();
    let cfg = RunConfig::thread("t");
    let err = g.invoke_blocking(json!({}), cfg.clone()).unwrap_err();
    assert!(matches!(&err, Error::Node { node, .. } if node == "fails"), "{err}");
    let state = g.get_state_blocking(&cfg).unwrap();
    let mut next = state.next.clone();
    next.sort();
    assert_eq!(next, ["fails", "slow"]);
    let slow = state.tasks.iter().find(|t| t.name == "slow").unwrap();
    assert_eq!(slow.error_class.as_deref(), Some("AbortError"));
    assert_eq!(state.values, json!({}));
    broken.set(false);
    assert_eq!(g.invoke_blocking(serde_json::Value::Null, cfg).unwrap(), json!({"x": "slow done", "y": "fixed"}));
}

#[test]
fn a_failure_at_once_stops_a_subgraph_sibling_before_it_starts() {
    // As LangGraph.js, where a subgraph's run starts some steps after its task: a node
    // that throws at once stops it before it runs or saves anything. The failed task and
    // the stopped one show no subgraph state, and both run again on resume.
    let (child_runs, failing) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(true)));
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node("s1", counted(&child_runs, json!({ "path": ["s1"] })))
        .edge(START, "s1")
        .compile()
        .unwrap();
    let f = failing.clone();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .subgraph("child", sub)
        .node("p", node(move |_| if f.get() { Err(NodeError::from("boom")) } else { Ok(json!({ "path": ["p"] })) }))
        .edge(START, "child")
        .edge(START, "p")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("t");
    let parts = stream_parts(&g, json!({}), cfg.clone().modes(&[pregel::StreamMode::Values, pregel::StreamMode::Debug]).subgraphs(true));
    assert!(matches!(parts.last(), Some(Err(Error::Node { .. }))));
    assert!(parts.iter().flatten().all(|p| p.namespace.is_empty()), "the subgraph streamed nothing");
    assert_eq!(child_runs.get(), 0, "the subgraph never started");
    let state = futures::executor::block_on(g.get_state(&cfg, true)).unwrap();
    let child = state.tasks.iter().find(|t| t.name == "child").unwrap();
    assert_eq!((child.error_class.as_deref(), child.state.is_none()), (Some("AbortError"), true));
    failing.set(false);
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["s1", "p"]));
    assert_eq!(child_runs.get(), 1);
}
