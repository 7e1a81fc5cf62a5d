//! Graph documents: every example in `www/examples` loads, round-trips and
//! runs to its documented output; broken documents report every problem.
use futures::executor::block_on;
use serde_json::{json, Value};
use superstep::doc::build::{build, run_example, NoCode};
use superstep::doc::{GraphDoc, Problem};
use superstep::CompileOptions;

fn examples() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/examples");
    let index: Vec<String> = serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    index.into_iter().map(|n| (n.clone(), std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap())).collect()
}

#[test]
fn every_example_document_runs_to_its_documented_output() {
    let all = examples();
    assert!(all.len() >= 12);
    for (name, text) in all {
        let doc = GraphDoc::from_json(&text).unwrap_or_else(|p| panic!("{name}: {p:?}"));
        assert!(!doc.examples.is_empty(), "{name} documents no example");
        for ex in &doc.examples {
            let out = block_on(run_example(&doc, ex, &NoCode)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(out, ex.output, "{name} / {}", ex.name);
        }
    }
}

#[test]
fn documents_round_trip_unchanged() {
    for (name, text) in examples() {
        let doc = GraphDoc::from_json(&text).unwrap();
        let again = GraphDoc::from_json(&doc.to_json()).unwrap();
        assert_eq!(again, doc, "{name}");
        let original: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_value(&doc).unwrap(), original, "{name} changes when saved");
    }
}

#[test]
fn moving_a_node_changes_layout_only() {
    let (_, text) = examples().into_iter().find(|(n, _)| n == "map-reduce").unwrap();
    let mut doc = GraphDoc::from_json(&text).unwrap();
    let before = block_on(run_example(&doc, &doc.examples[0], &NoCode)).unwrap();
    doc.layout.insert("generate_joke".into(), superstep::doc::Position { x: 500.0, y: 20.0 });
    assert_eq!(block_on(run_example(&doc, &doc.examples[0], &NoCode)).unwrap(), before);
}

fn problems(doc: Value) -> Vec<Problem> {
    GraphDoc::from_json(&doc.to_string()).unwrap_err()
}

fn paths_and_messages(p: &[Problem]) -> Vec<(&str, &str)> {
    p.iter().map(|p| (p.path.as_str(), p.message.as_str())).collect()
}

#[test]
fn broken_documents_report_every_problem_with_a_path() {
    assert_eq!(
        problems(json!({})).iter().map(|p| p.path.as_str()).collect::<Vec<_>>(),
        ["$.format", "$.version", "$.name", "$.channels", "$.nodes"]
    );
    let p = problems(json!({
        "format": "superstep.graph", "version": 9, "name": "bad",
        "channels": [{"key": "a", "reducer": "sum"}, {"key": "a"}],
        "nodes": [
            {"id": "x", "kind": "teleport"},
            {"id": "x", "kind": "update", "exprs": {"a": "a + "}},
            {"id": "y", "kind": "set"},
            {"id": "z", "kind": "set", "values": {"a": 1, "typo": 2}},
            {"id": "w", "kind": "interrupt", "key": "answr"}
        ],
        "edges": [{"from": "__start__", "to": "ghost"}, {"from": ["x", "nope"], "to": "y"}],
        "routers": [{"from": "y", "rules": [{"when": "a >", "to": "zzz"}]}]
    }));
    let got = paths_and_messages(&p);
    let want = [
        ("$.version", "format version 9 is newer than this engine reads (1)"),
        ("$.channels[0].reducer", "unknown reducer \"sum\"; use overwrite, append, add, merge or messages"),
        ("$.channels[1].key", "duplicate channel key \"a\""),
        ("$.nodes[0].kind", "unknown node kind \"teleport\"; use set, update, interrupt, subgraph, send or code"),
        ("$.nodes[1].id", "duplicate node id \"x\""),
        ("$.nodes[1].exprs.a", "expression error at character 4: unexpected end of expression"),
        ("$.nodes[2].values", "a set node needs `values`"),
        ("$.nodes[3].values.typo", "\"typo\" is not a channel of this graph"),
        ("$.nodes[4].key", "\"answr\" is not a channel of this graph"),
        ("$.edges[0].to", "edge to missing node \"ghost\""),
        ("$.edges[1].from", "edge from missing node \"nope\""),
        ("$.routers[0].rules[0].when", "expression error at character 3: unexpected end of expression"),
        ("$.routers[0].rules[0].to", "rule target \"zzz\" is not a node or path key"),
    ];
    assert_eq!(got, want);
    let malformed = GraphDoc::from_json("{\"format\": ").unwrap_err();
    assert_eq!(malformed[0].path, "$");
    assert!(malformed[0].message.starts_with("malformed JSON at line 1"));
}

#[test]
fn wrongly_typed_fields_are_reported_at_their_own_paths() {
    let p = problems(json!({
        "format": "superstep.graph", "version": "one", "name": "typed", "description": 5,
        "channels": [{"key": "a", "reducer": 3}, {"reducer": "add"}],
        "input": "a",
        "nodes": [{"id": 7, "kind": "set", "values": {}}, {"id": "b", "kind": "set", "values": {}}],
        "edges": [{"from": "__start__", "to": "b"}, {"from": {"x": 1}, "to": "b"}],
        "routers": [{"from": "b", "rules": [{"when": 1, "to": "b"}], "paths": {"b": 2}}],
        "compile": {"recursionLimit": -1, "interruptBefore": "b"},
        "layout": {"b": {"x": "1", "y": 2}},
        "examples": [{"input": null}],
        "subgraphs": {"inner": {"format": "superstep.graph", "version": 1, "name": 2, "channels": [], "nodes": []}}
    }));
    let got = paths_and_messages(&p);
    let want = [
        ("$.version", "expected a whole number"),
        ("$.description", "expected a string"),
        ("$.channels[0].reducer", "expected a string"),
        ("$.channels[1].key", "missing field `key`"),
        ("$.input", "expected a list of strings"),
        ("$.nodes[0].id", "expected a string"),
        ("$.edges[1].from", "expected a node id or a list of them"),
        ("$.routers[0].paths.b", "expected a string"),
        ("$.routers[0].rules[0].when", "expected a string"),
        ("$.compile.interruptBefore", "expected a list of strings"),
        ("$.compile.recursionLimit", "expected a whole number, 0 or more"),
        ("$.subgraphs.inner.name", "expected a string"),
        ("$.layout.b.x", "expected a number"),
        ("$.examples[0].output", "missing field `output`"),
        // What could not be read is left out: here the router's only rule.
        ("$.routers[0]", "a router needs `rules`, `code`, `fn` or `send`"),
    ];
    assert_eq!(got, want);
    let p = problems(json!({"format": "other.graph", "version": 0, "name": "n", "channels": [], "nodes": []}));
    let got = paths_and_messages(&p);
    assert_eq!(
        got,
        [("$.format", "unknown format \"other.graph\"; expected \"superstep.graph\""), ("$.version", "version must be at least 1")]
    );
    // A stored document reads back when it is well typed, even if it is not yet a valid graph.
    let unfinished = json!({"format": "superstep.graph", "version": 1, "name": "wip", "channels": [],
        "nodes": [], "edges": [{"from": "__start__", "to": "nowhere"}]});
    assert!(GraphDoc::from_value(unfinished.clone()).is_err());
    let stored: GraphDoc = serde_json::from_value(unfinished).unwrap();
    assert_eq!(stored.edges[0].to, "nowhere");
    let err = serde_json::from_value::<GraphDoc>(json!({"format": "superstep.graph", "version": 1, "name": 1})).unwrap_err();
    assert_eq!(err.to_string(), "$.name: expected a string");
}

#[test]
fn code_nodes_are_a_clear_error_natively() {
    let doc = GraphDoc::from_value(json!({
        "format": "superstep.graph", "version": 1, "name": "code",
        "channels": [{"key": "x"}],
        "nodes": [{"id": "js", "kind": "code", "code": "return {x: 1}"}],
        "edges": [{"from": "__start__", "to": "js"}]
    }))
    .unwrap();
    let g = build(&doc, &NoCode, CompileOptions::default()).unwrap();
    let err = g.invoke_blocking(json!({}), superstep::RunConfig::default()).unwrap_err();
    assert!(err.to_string().contains("needs a JS runtime"), "{err}");
}

#[test]
fn mermaid_draws_only_possible_targets_joins_and_command_ends() {
    let text = examples().into_iter().find(|(n, _)| n == "support-agent").unwrap().1;
    let doc = GraphDoc::from_json(&text).unwrap();
    let m = build(&doc, &NoCode, CompileOptions::default()).unwrap().draw_mermaid();
    // Rule routers go only to their rules' targets.
    assert!(m.contains("\tintake -.-> drafting;") && m.contains("\tintake -.-> failed;"), "{m}");
    assert!(!m.contains("__dynamic__"), "{m}");
    assert!(m.contains("\tretry_wait --> drafting;"));
    let (_, cmd) = examples().into_iter().find(|(n, _)| n == "command").unwrap();
    let m = build(&GraphDoc::from_json(&cmd).unwrap(), &NoCode, CompileOptions::default()).unwrap().draw_mermaid();
    assert!(m.contains("\tmy_node -.-> my_other_node;"), "{m}");
    assert!(m.contains("\tmy_other_node --> __end__;"));
    assert!(!m.contains("my_node --> __end__"), "no spurious END edge: {m}");
}

#[test]
fn the_support_agent_document_keeps_its_state_machine_status_at_each_pause() {
    let text = examples().into_iter().find(|(n, _)| n == "support-agent").unwrap().1;
    let doc = GraphDoc::from_json(&text).unwrap();
    let g = build(
        &doc,
        &NoCode,
        CompileOptions {
            checkpointer: superstep::checkpoint::Checkpointing::Saver(std::rc::Rc::new(superstep::checkpoint::MemorySaver::new())),
            ..Default::default()
        },
    )
    .unwrap();
    let cfg = superstep::RunConfig::thread("t");
    // The design note's durable state: drafting -> waiting_for_approval once the draft is ready.
    let paused = block_on(g.invoke(doc.examples[0].input.clone(), cfg.clone())).unwrap();
    assert_eq!((paused["status"].clone(), paused["attempt"].clone()), (json!("waiting_for_approval"), json!(2)));
}

#[test]
fn a_document_node_with_defer_runs_once_nothing_else_is_left() {
    let doc = |defer: Value| {
        let set = |id: &str| json!({"id": id, "kind": "set", "values": {"path": [id]}});
        let mut d = set("d");
        d["defer"] = defer;
        GraphDoc::from_value(json!({
            "format": "superstep.graph", "version": 1, "name": "deferred",
            "channels": [{"key": "path", "reducer": "append"}],
            "nodes": [set("a"), set("b"), set("b2"), set("c"), d],
            "edges": [
                {"from": "__start__", "to": "a"}, {"from": "a", "to": "b"}, {"from": "a", "to": "c"},
                {"from": "b", "to": "b2"}, {"from": "b2", "to": "d"}, {"from": "c", "to": "d"}
            ]
        }))
    };
    let run = |d: GraphDoc| {
        build(&d, &NoCode, CompileOptions::default()).unwrap().invoke_blocking(json!({}), superstep::RunConfig::default()).unwrap()
    };
    assert_eq!(run(doc(json!(false)).unwrap())["path"], json!(["a", "b", "c", "b2", "d", "d"]));
    assert_eq!(run(doc(json!(true)).unwrap())["path"], json!(["a", "b", "c", "b2", "d"]));
    let p = doc(json!("yes")).unwrap_err();
    assert_eq!((p[0].path.as_str(), p[0].message.as_str()), ("$.nodes[4].defer", "expected true or false"));
}

#[test]
fn a_goto_reads_what_its_node_sets_over_the_state() {
    // An interrupt node routes on the answer it just got; an update node on its new value.
    let doc = GraphDoc::from_value(json!({
        "format": "superstep.graph", "version": 1, "name": "goto",
        "channels": [{ "key": "answer", "reducer": "overwrite" }, { "key": "n", "reducer": "overwrite" }, { "key": "path", "reducer": "append" }],
        "nodes": [
            { "id": "ask", "kind": "interrupt", "prompt": "ok?", "key": "answer",
              "goto": "if(answer == 'yes', 'bump', 'no')", "ends": ["bump", "no"] },
            { "id": "bump", "kind": "update", "exprs": { "n": "n + 1", "path": "['bump']" },
              "goto": "if(n > 1, '__end__', 'bump')", "ends": ["bump", "__end__"] },
            { "id": "no", "kind": "set", "values": { "path": ["no"] } }
        ],
        "edges": [{ "from": "__start__", "to": "ask" }]
    }))
    .unwrap();
    let options = || CompileOptions {
        checkpointer: superstep::checkpoint::Checkpointing::Saver(std::rc::Rc::new(superstep::checkpoint::MemorySaver::new())),
        ..Default::default()
    };
    for (answer, path) in [("yes", json!(["bump", "bump"])), ("nope", json!(["no"]))] {
        let g = build(&doc, &NoCode, options()).unwrap();
        let cfg = superstep::RunConfig::thread("t");
        block_on(g.invoke(json!({ "n": 0 }), cfg.clone())).unwrap();
        let out = block_on(g.invoke(superstep::Command::resume(json!(answer)), cfg)).unwrap();
        // bump runs until its own new n is over 1: twice, not three times.
        assert_eq!(out["path"], path, "answer {answer}");
    }
}

/// Each checkpoint's step and the nodes it has next, oldest first.
fn steps_and_next(doc: &GraphDoc) -> Vec<(i64, Vec<String>)> {
    let saver = std::rc::Rc::new(superstep::checkpoint::MemorySaver::new());
    let options = CompileOptions { checkpointer: superstep::checkpoint::Checkpointing::Saver(saver), ..Default::default() };
    let g = build(doc, &NoCode, options).unwrap();
    let cfg = superstep::RunConfig::thread("t");
    let out = block_on(g.invoke(doc.examples[0].input.clone(), cfg.clone())).unwrap();
    assert_eq!(out, doc.examples[0].output);
    let history = block_on(g.get_state_history(&cfg, Default::default())).unwrap();
    history.iter().rev().map(|s| (s.metadata.as_ref().map_or(0, |m| m.step), s.next.clone())).collect()
}

#[test]
fn a_send_router_fans_out_in_the_superstep_after_its_node_as_langgraphs_map_reduce_does() {
    let text = examples().into_iter().find(|(n, _)| n == "map-reduce").unwrap().1;
    let doc = GraphDoc::from_json(&text).unwrap();
    let jokes = vec!["generate_joke".to_string(); 3];
    let want = [
        (-1, vec!["__start__".into()]),
        (0, vec!["generate_topics".into()]),
        (1, jokes.clone()),
        (2, vec!["best_joke".into()]),
        (3, vec![]),
    ];
    assert_eq!(steps_and_next(&doc), want);
    // The same fan-out as a `send` node: a superstep of its own before the jokes.
    let mut as_node = doc.clone();
    as_node.routers.clear();
    as_node.nodes.push(superstep::doc::NodeDoc {
        id: "fan".into(),
        kind: "send".into(),
        settings: json!({"over": "subjects", "node": "generate_joke", "as": "subject"}).as_object().unwrap().clone(),
    });
    as_node.edges.push(superstep::doc::EdgeDoc { from: json!("generate_topics"), to: "fan".into() });
    let steps = steps_and_next(&as_node);
    assert_eq!((steps[2].1.clone(), steps[3].1.clone(), steps.len()), (vec!["fan".to_string()], jokes, 6));
    let m = build(&doc, &NoCode, CompileOptions::default()).unwrap().draw_mermaid();
    assert!(m.contains("\tgenerate_topics -.-> generate_joke;") && !m.contains("__dynamic__"), "{m}");
}

#[test]
fn a_send_router_is_checked_like_the_rest_of_the_document() {
    let doc = |routers: Value| {
        GraphDoc::from_value(json!({
            "format": "superstep.graph", "version": 1, "name": "fan",
            "channels": [{"key": "xs", "reducer": "overwrite"}, {"key": "out", "reducer": "append"}],
            "nodes": [{"id": "a", "kind": "set", "values": {"xs": [1, 2]}}, {"id": "b", "kind": "update", "exprs": {"out": "[x * 10]"}, "input": ["x"]}],
            "edges": [{"from": "__start__", "to": "a"}],
            "routers": routers
        }))
    };
    let ok = doc(json!([{"from": "a", "send": {"over": "xs", "node": "b", "as": "x"}}])).unwrap();
    let run = build(&ok, &NoCode, CompileOptions::default()).unwrap().invoke_blocking(json!({}), superstep::RunConfig::default());
    assert_eq!(run.unwrap()["out"], json!([10, 20]));
    // Without `as`, the item is `item`; the document says so when saved back.
    let plain = doc(json!([{"from": "a", "send": {"over": "xs", "node": "b"}}])).unwrap();
    assert_eq!(serde_json::to_value(&plain.routers[0]).unwrap()["send"], json!({"over": "xs", "node": "b", "as": "item"}));
    let p = doc(json!([
        {"from": "a", "send": {"over": "xs +", "node": "ghost"}},
        {"from": "b", "send": {"over": "xs", "node": "a"}, "paths": {"k": "a"}},
        {"from": "a", "send": "b"},
        {"from": "b", "send": {"node": 3}}
    ]))
    .unwrap_err();
    let got = paths_and_messages(&p);
    assert_eq!(
        got,
        [
            ("$.routers[2].send", "a fan-out must be a JSON object"),
            ("$.routers[3].send.over", "missing field `over`"),
            ("$.routers[3].send.node", "expected a string"),
            ("$.routers[0].send.over", "expression error at character 4: unexpected end of expression"),
            ("$.routers[0].send.node", "fan-out to missing node \"ghost\""),
            ("$.routers[1]", "a router with `send` fans out only: it has no `rules`, `else`, `code`, `fn` or `paths`"),
            ("$.routers[2]", "a router needs `rules`, `code`, `fn` or `send`"),
            ("$.routers[3]", "a router needs `rules`, `code`, `fn` or `send`"),
        ]
    );
}

#[test]
fn node_and_router_settings_are_checked_each_at_its_path() {
    let p = problems(json!({
        "format": "superstep.graph", "version": 1, "name": "settings",
        "channels": [{"key": "a"}, {"key": "xs"}],
        "subgraphs": {"inner": {"format": "superstep.graph", "version": 1, "name": "inner", "channels": [{"key": "a"}],
            "nodes": [{"id": "i", "kind": "set", "values": {"a": 1}}], "edges": [{"from": "__start__", "to": "i"}]}},
        "nodes": [
            {"id": "__start__", "kind": "set", "values": {}},
            {"id": "__end__", "kind": "set", "values": {}},
            {"id": "a|b", "kind": "set", "values": {}},
            {"id": "s", "kind": "set", "values": {"a": "hi {{ a"}, "goto": "a +", "defer": "yes"},
            {"id": "u", "kind": "update", "exprs": {"a": 1}},
            {"id": "q", "kind": "interrupt", "key": "a", "prompt": "{{ xs"},
            {"id": "f", "kind": "send", "over": "xs +", "node": "u"},
            {"id": "g", "kind": "subgraph", "graph": "outer"},
            {"id": "h", "kind": "subgraph", "graph": "inner"},
            {"id": "c", "kind": "code"},
            {"id": "d", "kind": "code", "fn": "double", "defer": true}
        ],
        "edges": [{"from": "__start__", "to": "s"}, {"from": "s", "to": "__end__"}],
        "routers": [
            {"from": "__start__", "rules": [{"when": "a", "to": "u"}], "else": "__end__"},
            {"from": "ghost", "else": "q"},
            {"from": "u", "paths": {"k": "nowhere", "done": "__end__"}, "rules": [{"when": "a", "to": "k"}], "else": "u"},
            {"from": "q", "send": {"over": "xs", "node": "u"}, "rules": [{"when": "a", "to": "u"}]},
            {"from": "q", "send": {"over": "xs", "node": "u"}, "else": "u"},
            {"from": "q", "send": {"over": "xs", "node": "u"}, "code": "return 'u'"},
            {"from": "q", "send": {"over": "xs", "node": "u"}, "fn": "pick"}
        ]
    }));
    let got = paths_and_messages(&p);
    let fan_out_only = "a router with `send` fans out only: it has no `rules`, `else`, `code`, `fn` or `paths`";
    let want = [
        ("$.nodes[0].id", "\"__start__\" is a reserved name"),
        ("$.nodes[1].id", "\"__end__\" is a reserved name"),
        ("$.nodes[2].id", "\"a|b\" is a reserved name"),
        ("$.nodes[3].values.a", "template error at character 3: `{{` without `}}`"),
        ("$.nodes[3].goto", "expression error at character 3: unexpected end of expression"),
        ("$.nodes[3].defer", "expected true or false"),
        ("$.nodes[4].exprs.a", "expected an expression (a string)"),
        ("$.nodes[5].prompt", "template error at character 0: `{{` without `}}`"),
        ("$.nodes[6].over", "expression error at character 4: unexpected end of expression"),
        ("$.nodes[7].graph", "no subgraph of that name in `subgraphs`"),
        ("$.nodes[9]", "a code node needs `code` (a JS function body) or `fn` (a function name)"),
        ("$.routers[1].from", "router on missing node \"ghost\""),
        ("$.routers[2].paths.k", "path to missing node \"nowhere\""),
        ("$.routers[2].else", "else target \"u\" is not a node or path key"),
        ("$.routers[3]", fan_out_only),
        ("$.routers[4]", fan_out_only),
        ("$.routers[5]", fan_out_only),
        ("$.routers[6]", fan_out_only),
    ];
    assert_eq!(got, want);
}

#[test]
fn only_nodes_that_return_an_update_take_a_goto() {
    use superstep::doc::validate::{takes_goto, KINDS};
    let taking: Vec<&str> = KINDS.iter().map(|(k, _)| *k).filter(|k| takes_goto(k)).collect();
    assert_eq!(taking, ["set", "update", "interrupt"]);
}

/// Code by function name, in Rust: what a JS host does with a node's or router's `fn`.
struct RustCode;

impl superstep::doc::build::CodeHost for RustCode {
    fn node(&self, _id: &str, _code: Option<&str>, function: Option<&str>) -> Option<superstep::graph::node::NodeFn> {
        (function? == "ten").then(|| superstep::node(|_| Ok::<_, superstep::NodeError>(json!({"n": 10}))))
    }
    fn router(&self, _from: &str, _code: Option<&str>, function: Option<&str>) -> Option<superstep::graph::node::RouterFn> {
        (function? == "to_b").then(|| superstep::router(|_| Ok::<_, superstep::NodeError>("b")))
    }
}

#[test]
fn code_comes_from_the_host_and_policies_from_the_document() {
    let doc = GraphDoc::from_value(json!({
        "format": "superstep.graph", "version": 1, "name": "hosted",
        "channels": [{"key": "n"}, {"key": "path", "reducer": "append"}],
        "nodes": [
            {"id": "a", "kind": "code", "fn": "ten", "retry": {"maxAttempts": 5, "initialInterval": 0.25}, "cache": {"ttl": 3}},
            {"id": "b", "kind": "set", "values": {"path": ["b"]}}
        ],
        "edges": [{"from": "__start__", "to": "a"}],
        "routers": [{"from": "a", "fn": "to_b"}]
    }))
    .unwrap();
    // A node's settings are its fields but `id` and `kind`.
    assert_eq!(doc.nodes[0].settings.keys().collect::<Vec<_>>(), ["fn", "retry", "cache"]);
    let g = build(&doc, &RustCode, CompileOptions::default()).unwrap();
    assert_eq!(g.invoke_blocking(json!({}), superstep::RunConfig::default()).unwrap(), json!({"n": 10, "path": ["b"]}));
    // A code router may return any node: it has no path map, and is drawn so.
    let from_a: Vec<_> = g.drawn_edges().into_iter().filter(|e| e.source == "a").map(|e| (e.target, e.conditional)).collect();
    assert_eq!(from_a, [(superstep::doc::mermaid::DYNAMIC.to_string(), true)]);
    let a = &g.spec().nodes[1].spec;
    let retry = a.retry.as_ref().unwrap();
    assert_eq!((retry.max_attempts, retry.initial_interval, retry.backoff_factor), (5, 0.25, 2.0));
    assert_eq!(a.cache.as_ref().and_then(|c| c.ttl), Some(3.0));
}

#[test]
fn a_subgraph_node_with_an_input_mapping_returns_the_childs_state_or_nothing() {
    let doc = |input: Value| {
        GraphDoc::from_value(json!({
            "format": "superstep.graph", "version": 1, "name": "mapped",
            "channels": [{"key": "n"}, {"key": "x"}, {"key": "y"}],
            "nodes": [{"id": "s", "kind": "subgraph", "graph": "inner", "input": input}],
            "edges": [{"from": "__start__", "to": "s"}],
            "subgraphs": {"inner": {"format": "superstep.graph", "version": 1, "name": "inner",
                "channels": [{"key": "x"}, {"key": "y"}],
                "nodes": [{"id": "i", "kind": "update", "exprs": {}}, {"id": "j", "kind": "update", "exprs": {"y": "x + 1"}}],
                "edges": [{"from": "__start__", "to": "i"}],
                "routers": [{"from": "i", "rules": [{"when": "x != null", "to": "j"}]}]}}
        }))
        .unwrap()
    };
    let run = |d: GraphDoc| {
        build(&d, &NoCode, CompileOptions::default()).unwrap().invoke_blocking(json!({"n": 4}), superstep::RunConfig::default())
    };
    // Without an output mapping, the child's state is the node's update.
    assert_eq!(run(doc(json!({"x": "n * 2"}))).unwrap(), json!({"n": 4, "x": 8, "y": 9}));
    // A child given nothing, and writing nothing, shows no state: the node updates nothing.
    assert_eq!(run(doc(json!({}))).unwrap(), json!({"n": 4}));
}
