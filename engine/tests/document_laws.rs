//! Property tests and fuzzing for graph documents and the expression language:
//! generated documents round-trip exactly; arbitrary input never panics.
//! `PROPTEST_CASES=100000 cargo test -p superstep --test document_laws` runs a longer pass.
use proptest::prelude::*;
use serde_json::{json, Value};
use superstep::doc::expr::{eval, parse, Template};
use superstep::doc::GraphDoc;

const REDUCERS: [&str; 4] = ["overwrite", "append", "add", "merge"];

fn ident() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_]{0,6}"
}

fn literal() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-1000i64..1000).prop_map(Value::from),
        "[a-z ]{0,6}".prop_map(Value::from)
    ]
}

/// Valid documents: channels, a chain of nodes of every kind but subgraph/code, edges, a rule router, layout.
fn document() -> impl Strategy<Value = GraphDoc> {
    (
        ident(),
        proptest::collection::btree_set(ident(), 1..5),
        proptest::collection::vec((0u8..4, literal()), 1..6),
        proptest::option::of((0.0f64..900.0, 0.0f64..900.0)),
    )
        .prop_map(|(name, keys, kinds, pos)| {
            let keys: Vec<String> = keys.into_iter().collect();
            let k0 = keys[0].clone();
            let nodes: Vec<Value> = kinds
                .iter()
                .enumerate()
                .map(|(i, (kind, lit))| match kind {
                    0 => json!({"id": format!("n{i}"), "kind": "set", "values": {k0.clone(): lit}}),
                    1 => json!({"id": format!("n{i}"), "kind": "update", "exprs": {k0.clone(): format!("{k0} + 1")}}),
                    2 => json!({"id": format!("n{i}"), "kind": "interrupt", "prompt": "ok {{ len(str(x)) }}?", "key": k0.clone()}),
                    _ => json!({"id": format!("n{i}"), "kind": "set", "values": {k0.clone(): "{{ missing or 1 }}"}, "cache": {"ttl": 3}}),
                })
                .collect();
            let mut edges = vec![json!({"from": "__start__", "to": "n0"})];
            for i in 1..nodes.len() {
                edges.push(json!({"from": format!("n{}", i - 1), "to": format!("n{i}")}));
            }
            let last = format!("n{}", nodes.len() - 1);
            let mut doc = json!({
                "format": "superstep.graph", "version": 1, "name": name,
                "channels": keys.iter().enumerate().map(|(i, k)| json!({"key": k, "reducer": REDUCERS[i % 4]})).collect::<Vec<_>>(),
                "nodes": nodes, "edges": edges,
                "routers": [{"from": last, "rules": [{"when": format!("{k0} == 1"), "to": "n0"}], "else": "__end__"}],
                "examples": [{"input": {}, "output": {}}]
            });
            if let Some((x, y)) = pos {
                doc["layout"] = json!({"n0": {"x": x, "y": y}});
            }
            GraphDoc::from_value(doc).expect("generated documents are valid")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_documents_round_trip_exactly(doc in document()) {
        let text = doc.to_json();
        let back = GraphDoc::from_json(&text).unwrap();
        prop_assert_eq!(&back, &doc);
        prop_assert_eq!(back.to_json(), text);
    }

    #[test]
    fn the_loader_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let _ = GraphDoc::from_json(&text);
    }

    #[test]
    fn the_loader_never_panics_on_arbitrary_json(v in any_json()) {
        let _ = GraphDoc::from_value(v.clone());
        let mut doc = json!({"format": "superstep.graph", "version": 1, "name": "x", "channels": [], "nodes": [v.clone()], "edges": [v.clone()], "routers": [v]});
        let _ = GraphDoc::from_value(doc.take());
    }

    #[test]
    fn the_expression_parser_never_panics(src in "[a-z0-9 +\\-*/%<>=!().,'\\[\\]\"_]{0,40}") {
        if let Ok(e) = parse(&src) {
            let _ = eval(&e, &|_| Some(json!([1, "a", {"b": null}])));
        }
        let _ = Template::parse(&format!("x {{{{{src}}}}} y"));
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    literal().prop_recursive(3, 32, 5, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![ident(), Just("id".to_string()), Just("kind".to_string()), Just("from".to_string()), Just("to".to_string())],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The JSON Schema file describes every field the document types write.
#[test]
fn the_json_schema_covers_the_document_types() {
    let schema: Value = serde_json::from_str(include_str!("../../www/graph-doc.schema.json")).unwrap();
    let maximal = GraphDoc::from_json(include_str!("../../www/examples/support-agent.json")).unwrap();
    let mut full = serde_json::to_value(&maximal).unwrap();
    full["input"] = json!(["a"]);
    full["output"] = json!(["a"]);
    full["remainingSteps"] = json!("left");
    full["compile"] = json!({"interruptBefore": ["a"], "interruptAfter": ["a"], "recursionLimit": 3});
    full["layout"] = json!({"a": {"x": 1.0, "y": 2.0}});
    full["subgraphs"] = json!({});
    full["routers"][0]["send"] = json!({"over": "xs", "node": "a", "as": "x"});
    fn check(v: &Value, s: &Value, root: &Value, path: &str) {
        let s = match s.get("$ref").and_then(Value::as_str) {
            Some(r) => &root["$defs"][r.trim_start_matches("#/$defs/")],
            None => s,
        };
        match v {
            // A schema with no properties (`{}`) accepts any value.
            Value::Object(_) if s.get("properties").is_none() && s.get("additionalProperties").is_none() => {}
            Value::Object(m) => {
                let props = s.get("properties").and_then(Value::as_object);
                for (k, x) in m {
                    let sub = props.and_then(|p| p.get(k)).or_else(|| s.get("additionalProperties").filter(|a| a.is_object()));
                    let sub = sub.unwrap_or_else(|| panic!("{path}.{k} is not in the schema"));
                    check(x, sub, root, &format!("{path}.{k}"));
                }
                for r in s.get("required").and_then(Value::as_array).into_iter().flatten() {
                    assert!(m.contains_key(r.as_str().unwrap()), "{path} lacks required {r}");
                }
            }
            Value::Array(a) => {
                if let Some(items) = s.get("items") {
                    for (i, x) in a.iter().enumerate() {
                        check(x, items, root, &format!("{path}[{i}]"));
                    }
                }
            }
            _ => {}
        }
    }
    check(&full, &schema, &schema, "$");
}
