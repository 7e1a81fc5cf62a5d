//! Deferred nodes (`defer`, LangGraph's `defer=True`): a deferred node runs once
//! nothing else is left to run, whichever branch reaches it first.
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::{json, Value};
use superstep::graph::node::NodeSpec;
use superstep::*;

fn path_graph() -> StateGraph {
    StateGraph::new().channel("path", Channel::append())
}

fn deferred(name: &'static str) -> NodeSpec {
    NodeSpec::new(name, mark(name)).deferred()
}

/// The node names of each superstep's updates.
fn steps(g: &CompiledGraph, input: Value, config: RunConfig) -> Vec<Vec<String>> {
    g.stream_blocking(input, config.modes(&[StreamMode::Updates]))
        .unwrap()
        .iter()
        .map(|p| p.data.as_object().unwrap().keys().cloned().collect())
        .collect()
}

#[test]
fn a_deferred_node_reached_by_unequal_branches_runs_once_after_both() {
    // a fans out to b → b2 and c; d, reached from b2 and c, would run twice if not deferred.
    let build = |d: NodeSpec| {
        path_graph()
            .node("a", mark("a"))
            .node("b", mark("b"))
            .node("b2", mark("b2"))
            .node("c", mark("c"))
            .add_node(d)
            .edge(START, "a")
            .edge("a", "b")
            .edge("a", "c")
            .edge("b", "b2")
            .edge("b2", "d")
            .edge("c", "d")
            .edge("d", END)
            .compile()
            .unwrap()
    };
    assert_eq!(run(&build(NodeSpec::new("d", mark("d"))), json!({}))["path"], json!(["a", "b", "c", "b2", "d", "d"]));
    let g = build(deferred("d"));
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "b", "c", "b2", "d"]));
    assert_eq!(steps(&g, json!({}), RunConfig::default()).last().unwrap(), &vec!["d".to_string()]);
}

#[test]
fn a_deferred_reducer_after_sends_and_a_deferred_join_wait_for_everything() {
    let map_reduce = path_graph()
        .node("gen", mark("gen"))
        .node("w", node(|s| Ok::<_, NodeError>(json!({"path": [format!("w{}", s.i64("i").unwrap())]}))))
        .add_node(deferred("r"))
        .edge(START, "gen")
        .conditional("gen", router(|_| Ok::<_, NodeError>((1..=3).map(|i| Send::new("w", json!({"i": i}))).collect::<Vec<_>>())), None)
        .edge("w", "r")
        .compile()
        .unwrap();
    assert_eq!(run(&map_reduce, json!({}))["path"], json!(["gen", "w1", "w2", "w3", "r"]));
    // The join j is full after the first superstep; deferred, it waits for x → x2.
    let join = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("x", mark("x"))
        .node("x2", mark("x2"))
        .add_node(deferred("j"))
        .edge(START, "a")
        .edge(START, "b")
        .edge(START, "x")
        .edge("x", "x2")
        .join(["a", "b"], "j")
        .compile()
        .unwrap();
    assert_eq!(run(&join, json!({}))["path"], json!(["a", "b", "x", "x2", "j"]));
}

#[test]
fn a_waiting_deferred_node_survives_a_pause_and_runs_after_the_resume() {
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("ask", node_rt(|_, rt| rt.interrupt(json!("ok?")).map(|v| json!({"path": [format!("ask:{}", v.as_str().unwrap())]}))))
        .add_node(deferred("d"))
        .edge(START, "a")
        .edge(START, "b")
        .edge("a", "d")
        .edge("b", "ask")
        .edge("ask", "d")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("1");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(g.get_state_blocking(&cfg).unwrap().next, vec!["ask"]);
    // The resumed run starts from the saved checkpoint: d's waiting trigger was saved with it.
    let out = g.invoke_blocking(Command::resume(json!("yes")), cfg).unwrap();
    assert_eq!(out["path"], json!(["a", "b", "ask:yes", "d"]));
}

#[test]
fn updates_as_nodes_leave_deferred_nodes_waiting_while_something_else_runs() {
    // a → b → c, and a → d (deferred): d runs last.
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .add_node(deferred("d"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .edge("a", "d")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("1");
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap()["path"], json!(["a", "b", "c", "d"]));
    // Before d ran, its trigger was finished: an update as d leaves it so (d has not run).
    let history = block_on(g.get_state_history(&cfg, Default::default())).unwrap();
    let before_d = history.iter().find(|s| s.next == vec!["d"]).unwrap();
    let mut at = cfg.clone();
    at.configurable.insert("checkpoint_id".into(), before_d.config["configurable"]["checkpoint_id"].clone());
    let fork = block_on(g.update_state(&at, json!({"path": ["fork"]}), Some("d"))).unwrap();
    let mut fork_cfg = cfg.clone();
    fork_cfg.configurable.insert("checkpoint_id".into(), fork["configurable"]["checkpoint_id"].clone());
    assert_eq!(g.get_state_blocking(&fork_cfg).unwrap().next, vec!["d"]);
    // On the newest state, an update as a triggers b, so d waits for b and c again.
    block_on(g.update_state(&cfg, json!({"path": ["u"]}), Some("a"))).unwrap();
    assert_eq!(g.get_state_blocking(&cfg).unwrap().next, vec!["b"]);
    assert_eq!(steps(&g, Value::Null, cfg.clone()), vec![vec!["b"], vec!["c"], vec!["d"]]);
}

#[test]
fn a_loop_runs_its_deferred_node_once_per_lap() {
    let g = path_graph()
        .node("a", mark("a"))
        .add_node(deferred("d"))
        .node("e", mark("e"))
        .edge(START, "a")
        .edge("a", "d")
        .conditional(
            "d",
            router(|s| {
                let laps = s.get("path").unwrap().as_array().unwrap().iter().filter(|p| *p == "d").count();
                Ok::<_, NodeError>(if laps < 2 { "e" } else { END })
            }),
            None,
        )
        .edge("e", "d")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "d", "e", "d"]));
}

#[test]
fn pending_sends_do_not_hold_a_deferred_node_back() {
    // As LangGraph: only channels that trigger nodes count, so d runs alongside the Send's task.
    let g = path_graph()
        .node("a", mark("a"))
        .node("w", mark("w"))
        .node("x", mark("x"))
        .add_node(deferred("d"))
        .edge(START, "a")
        .conditional("a", router(|_| Ok::<_, NodeError>(vec![Send::new("w", json!({}))])), None)
        .edge("a", "d")
        .edge("w", "x")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("1");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let history = block_on(g.get_state_history(&cfg, Default::default())).unwrap();
    let next: Vec<Vec<String>> = history
        .iter()
        .rev()
        .map(|s| {
            let mut n = s.next.clone();
            n.sort();
            n
        })
        .collect();
    assert_eq!(next, vec![vec!["__start__"], vec!["a"], vec!["d", "w"], vec!["x"], vec![]]);
}

#[test]
fn a_source_a_waiting_edge_has_seen_already_does_not_hold_a_deferred_node_back() {
    // a and b fill the waiting edge into j; a also leads to d (deferred). An update as a
    // changes nothing at the edge (a is counted already), so, as in LangGraph, nothing
    // new triggers a node and d finishes: both d and j are next.
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("j", mark("j"))
        .add_node(deferred("d"))
        .edge(START, "a")
        .edge(START, "b")
        .join(["a", "b"], "j")
        .edge("a", "d")
        .compile_with(CompileOptions { interrupt_before: vec!["j".into()], ..with_saver() })
        .unwrap();
    let cfg = RunConfig::thread("1");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(g.get_state_blocking(&cfg).unwrap().next, vec!["j"]);
    block_on(g.update_state(&cfg, json!({"path": ["u"]}), Some("a"))).unwrap();
    let mut next = g.get_state_blocking(&cfg).unwrap().next;
    next.sort();
    assert_eq!(next, vec!["d", "j"]);
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["a", "b", "u", "d", "j"]));
}

#[test]
fn a_deferred_join_missing_a_source_never_runs_even_when_nothing_else_is_left() {
    // x routes on to b (a source of the join) or to END. As LangGraph.js 1.7.3 (checked):
    // with b skipped the join stays short and d never runs; with b it runs last.
    let build = || {
        path_graph()
            .channel("go", Channel::last_value())
            .node("a", mark("a"))
            .node("x", mark("x"))
            .node("b", mark("b"))
            .add_node(deferred("d"))
            .edge(START, "a")
            .edge(START, "x")
            .conditional("x", router(|s| Ok::<_, NodeError>(if s.get("go") == Some(&json!(true)) { "b" } else { END })), None)
            .join(["a", "b"], "d")
            .compile()
            .unwrap()
    };
    assert_eq!(run(&build(), json!({"go": false}))["path"], json!(["a", "x"]));
    assert_eq!(run(&build(), json!({"go": true}))["path"], json!(["a", "x", "b", "d"]));
}

#[test]
fn a_deferred_join_half_seen_when_a_run_ends_waits_for_its_other_source_and_then_for_the_rest() {
    // The first run reaches the join from `a` only. The next run on the thread
    // brings `b`, with `c → c2 → c3` beside it: d waits for c3, as LangGraph's
    // barrier finishes only once every source has been seen.
    let g = path_graph()
        .channel("go", Channel::last_value())
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("c2", mark("c2"))
        .node("c3", mark("c3"))
        .add_node(deferred("d"))
        .conditional(START, router(|s| Ok::<_, NodeError>(if s.str("go") == Some("a") { vec!["a"] } else { vec!["b", "c"] })), None)
        .edge("c", "c2")
        .edge("c2", "c3")
        .join(["a", "b"], "d")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("1");
    assert_eq!(g.invoke_blocking(json!({"go": "a"}), cfg.clone()).unwrap()["path"], json!(["a"]));
    let out = g.invoke_blocking(json!({"go": "bc"}), cfg).unwrap();
    assert_eq!(out["path"], json!(["a", "b", "c", "c2", "c3", "d"]));
}
