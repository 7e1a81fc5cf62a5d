//! Normal, conditional, entry and waiting edges; fan-out; runtime routing errors.
mod common;
use common::*;
use serde_json::json;
use superstep::*;

fn path_graph() -> StateGraph {
    StateGraph::new().channel("n", Channel::last_value()).channel("path", Channel::append())
}

#[test]
fn router_returns_a_node_name() {
    let g = path_graph()
        .node("classify", mark("classify"))
        .node("small", mark("small"))
        .node("big", mark("big"))
        .edge(START, "classify")
        .conditional("classify", router(|s| Ok::<_, NodeError>(if s.i64("n").unwrap() < 10 { "small" } else { "big" })), None)
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"n": 3}))["path"], json!(["classify", "small"]));
    assert_eq!(run(&g, json!({"n": 30}))["path"], json!(["classify", "big"]));
}

#[test]
fn path_map_maps_router_results_including_end_and_rejects_unknown_keys() {
    let map = vec![("positive".into(), "yes".into()), ("negative".into(), "no".into()), ("zero".into(), END.into())];
    let g = path_graph()
        .node("check", mark("check"))
        .node("yes", mark("yes"))
        .node("no", mark("no"))
        .edge(START, "check")
        .conditional(
            "check",
            router(|s| {
                let n = s.i64("n").unwrap();
                Ok::<_, NodeError>(if n > 0 {
                    "positive"
                } else if n < 0 {
                    "negative"
                } else if n == 0 {
                    "zero"
                } else {
                    "?"
                })
            }),
            Some(map),
        )
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"n": 5}))["path"], json!(["check", "yes"]));
    assert_eq!(run(&g, json!({"n": -5}))["path"], json!(["check", "no"]));
    assert_eq!(run(&g, json!({"n": 0}))["path"], json!(["check"]));
    let bad = path_graph()
        .node("check", mark("check"))
        .node("yes", mark("yes"))
        .edge(START, "check")
        .conditional("check", router(|_| Ok::<_, NodeError>("maybe")), Some(vec![("yes".into(), "yes".into())]))
        .compile()
        .unwrap();
    let err = bad.invoke_blocking(json!({"n": 1}), RunConfig::default()).unwrap_err();
    assert_eq!(err, Error::UnknownRoute { source: "check".into(), key: "maybe".into() });
}

#[test]
fn router_may_return_several_nodes_which_run_in_parallel() {
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("d", mark("d"))
        .edge(START, "a")
        .conditional("a", router(|_| Ok::<_, NodeError>(vec!["c", "b"])), None)
        .edge("b", "d")
        .edge("c", "d")
        .compile()
        .unwrap();
    // b and c share a superstep; their writes apply in name order; d runs once per trigger step.
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "b", "c", "d"]));
}

#[test]
fn router_sees_its_own_nodes_writes_but_not_its_siblings() {
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .channel("seen", Channel::reducer(Reducer::Append).default(json!([])))
        .node("start", node(|_| Ok::<_, NodeError>(json!({}))))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"log": ["a"]}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"log": ["b"]}))))
        .node("after", node(|_| Ok::<_, NodeError>(json!({}))))
        .edge(START, "start")
        .edge("start", "a")
        .edge("start", "b")
        .conditional("a", router(|s| Ok::<_, NodeError>(if s.get("log").unwrap() == &json!(["a"]) { "after" } else { END })), None)
        .compile()
        .unwrap();
    let mut stepper = g.stepper_blocking(json!({}), RunConfig::default()).unwrap();
    let snaps: Vec<_> = (0..4).map(|_| futures::executor::block_on(stepper.step())).collect();
    assert_eq!(snaps[2].next, vec!["after"]);
    assert_eq!(snaps[2].state["log"], json!(["a", "b"]));
}

#[test]
fn conditional_entry_point() {
    let g = path_graph()
        .node("even", mark("even"))
        .node("odd", mark("odd"))
        .conditional(
            START,
            router(|s| Ok::<_, NodeError>(s.i64("n").unwrap() % 2 == 0)),
            Some(vec![("true".into(), "even".into()), ("false".into(), "odd".into())]),
        )
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"n": 4}))["path"], json!(["even"]));
    assert_eq!(run(&g, json!({"n": 3}))["path"], json!(["odd"]));
}

#[test]
fn waiting_edge_runs_its_target_once_after_all_sources() {
    // a fans out to b and c; c takes two steps (c → c2); d waits for b and c2.
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("c2", mark("c2"))
        .node("d", mark("d"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("a", "c")
        .edge("c", "c2")
        .join(["b", "c2"], "d")
        .edge("d", END)
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "b", "c", "c2", "d"]));
    let steps: Vec<Vec<String>> = updates(&g, json!({})).iter().map(|u| u.as_object().unwrap().keys().cloned().collect()).collect();
    assert_eq!(steps, vec![vec!["a"], vec!["b"], vec!["c"], vec!["c2"], vec!["d"]]);
}

#[test]
fn a_waiting_edge_fires_whatever_order_its_sources_are_listed_in() {
    // The join finds each writer among its sources by name; listing them out of order must not matter.
    let sources = ["zeta", "beta", "omega", "alpha", "mu"];
    let mut g = path_graph().node("a", mark("a")).node("d", mark("d")).edge(START, "a").edge("d", END);
    for s in sources {
        g = g.node(s, mark(s)).edge("a", s);
    }
    let g = g.join(sources, "d").compile().unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "alpha", "beta", "mu", "omega", "zeta", "d"]));
}

#[test]
fn every_outgoing_edge_runs_in_the_next_superstep() {
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("a", "c")
        .compile()
        .unwrap();
    let mut stepper = g.stepper_blocking(json!({}), RunConfig::default()).unwrap();
    futures::executor::block_on(stepper.step());
    let s1 = futures::executor::block_on(stepper.step());
    assert_eq!(s1.next, vec!["b", "c"]);
    let s2 = futures::executor::block_on(stepper.step());
    assert_eq!(s2.tasks.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), vec!["b", "c"]);
    assert_eq!(s2.outcome, Outcome::Continue);
    assert_eq!(futures::executor::block_on(stepper.step()).outcome, Outcome::Done);
}

#[test]
fn a_router_naming_a_missing_node_is_an_error() {
    let g = path_graph()
        .node("a", mark("a"))
        .edge(START, "a")
        .conditional("a", router(|_| Ok::<_, NodeError>("ghost")), None)
        .compile()
        .unwrap();
    let err = g.invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert_eq!(err, Error::UnknownTarget { source: "a".into(), target: "ghost".into() });
    // Typed, as LangGraph's: its InvalidUpdateError.
    assert_eq!(err.class_name(), "InvalidUpdateError");
}

#[test]
fn sequence_and_entry_finish_points() {
    let g = path_graph()
        .sequence([("one", mark("one")), ("two", mark("two")), ("three", mark("three"))])
        .entry_point("one")
        .finish_point("three")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["one", "two", "three"]));
}

#[test]
fn drawn_edges_end_a_node_an_edge_leads_to_and_nothing_leaves_as_langgraph_js_draws_it() {
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("d", mark("d"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("a", "c")
        .edge("c", END)
        .conditional("a", router(|_| Ok::<_, NodeError>("d")), Some(vec![("d".into(), "d".into())]))
        .compile()
        .unwrap();
    let to_end: Vec<(String, bool)> = g.drawn_edges().into_iter().filter(|e| e.target == END).map(|e| (e.source, e.conditional)).collect();
    // b: reached by an edge, leaves by none. d: reached by a router only. c: its own edge.
    assert_eq!(to_end, [("c".to_string(), false), ("b".to_string(), false)]);
    assert!(g.draw_mermaid().contains("\tb --> __end__;"));
}

#[test]
fn drawn_edges_end_each_sink_once_in_name_order_and_never_an_error_handler() {
    let g = path_graph()
        .add_node(NodeSpec::new("a", mark("a")).on_error("h"))
        .node("z", mark("z"))
        .node("e", mark("e"))
        .node("c", mark("c"))
        .node("h", mark("h"))
        .node("j", mark("j"))
        .edge(START, "a")
        .edge("a", "z")
        .edge("a", "e")
        .edge("c", "e")
        .edge("a", "c")
        .edge("a", "h")
        .join(["z", "c"], "j")
        .compile()
        .unwrap();
    let edges = g.drawn_edges();
    let to_end: Vec<&str> = edges.iter().filter(|e| e.target == END).map(|e| e.source.as_str()).collect();
    // e is reached twice but ends once; h, the error handler, never; j through the barrier.
    assert_eq!(to_end, ["e", "j"]);
    assert!(edges.iter().any(|e| e.source == "z" && e.target == "j" && !e.conditional));
}

#[test]
fn parallel_siblings_each_read_their_own_input_schema() {
    // A fan-out's tasks share one view when they read the same channels; one with
    // an input schema of its own must still see just those channels.
    let seen = |name: &'static str| {
        node(move |s| Ok::<_, NodeError>(json!({ "path": [format!("{name}:{}", s.keys().collect::<Vec<_>>().join(","))] })))
    };
    let g = path_graph()
        .private_channel("secret", Channel::last_value())
        .node("fan", node(|_| Ok::<_, NodeError>(json!({"secret": "s"}))))
        .node("a", seen("a"))
        .add_node(NodeSpec::new("b", seen("b")).input(["secret"]))
        .node("c", seen("c"))
        .edge(START, "fan")
        .edge("fan", "a")
        .edge("fan", "b")
        .edge("fan", "c")
        .compile()
        .unwrap();
    let out = g.invoke_blocking(json!({"n": 1}), RunConfig::default()).unwrap();
    assert_eq!(out["path"], json!(["a:n,path", "b:secret", "c:n,path"]));
}

#[test]
fn a_node_run_by_a_plain_edge_leaves_its_half_filled_join_alone() {
    // `c` waits for `a` and `b`, and also follows `x`. In step 2 `x` runs it while the
    // join holds only `a`: as in LangGraph, a task consumes only what triggered it, so
    // `b`'s write then fills the join and `c` runs again.
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("x", mark("x"))
        .node("c", mark("c"))
        .edge(START, "a")
        .edge(START, "x")
        .edge("a", "b")
        .edge("x", "c")
        .join(["a", "b"], "c")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "x", "b", "c", "c"]));
}

#[test]
fn a_node_an_edge_and_its_full_join_trigger_together_consumes_both() {
    // `c` follows `a` and waits for `a` and `b`: step 1 fills the join and writes the
    // edge. As in Python LangGraph, `c` consumes both, so it runs once, and the
    // finished thread has nothing next. (LangGraph.js 1.7.3 consumes only the first
    // channel it finds: its thread lists `c` as next, and `invoke(null)` runs it again.)
    for defer in [false, true] {
        let c = NodeSpec::new("c", mark("c"));
        let g = path_graph()
            .node("a", mark("a"))
            .node("b", mark("b"))
            .add_node(if defer { c.deferred() } else { c })
            .edge(START, "a")
            .edge(START, "b")
            .edge("a", "c")
            .join(["a", "b"], "c")
            .compile_with(with_saver())
            .unwrap();
        let cfg = thread("t");
        assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap()["path"], json!(["a", "b", "c"]), "defer {defer}");
        assert!(g.get_state_blocking(&cfg).unwrap().next.is_empty(), "defer {defer}");
        assert_eq!(g.invoke_blocking(Input::Continue, cfg).unwrap()["path"], json!(["a", "b", "c"]), "defer {defer}");
    }
}

#[test]
fn two_waiting_edges_each_wait_for_their_own_sources() {
    // `c` waits for `a` and `b` (step 1); `e` waits for `d` (step 1) and `c` (step 2).
    let g = path_graph()
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("d", mark("d"))
        .node("e", mark("e"))
        .edge(START, "a")
        .edge(START, "b")
        .edge(START, "d")
        .join(["a", "b"], "c")
        .join(["c", "d"], "e")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["path"], json!(["a", "b", "d", "c", "e"]));
}
