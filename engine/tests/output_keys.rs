//! A run's own output keys (LangGraph's `outputKeys`): what its `values` and
//! `updates` chunks and its output show. Each case was checked against LangGraph.js 1.7.3.
mod common;
use common::*;
use serde_json::{json, Value};
use superstep::*;

fn keyed(keys: &[&str], modes: &[StreamMode]) -> RunConfig {
    RunConfig { output_keys: Some(OutputKeys::Keys(keys.iter().map(|k| k.to_string()).collect())), ..RunConfig::default().modes(modes) }
}

/// one → {a: 1, b: [2]}; two writes b twice and c (as a list of commands does); three → {c: 5}.
fn three_steps() -> CompiledGraph {
    last(&["a", "c"])
        .channel("b", Channel::append())
        .node("one", node(|_| Ok::<_, NodeError>(json!({"a": 1, "b": [2]}))))
        .node(
            "two",
            node(|_| {
                Ok::<_, NodeError>(NodeOutput::Writes(vec![("b".into(), json!([3])), ("b".into(), json!([4])), ("c".into(), json!(0))]))
            }),
        )
        .node("three", node(|_| Ok::<_, NodeError>(json!({"c": 5}))))
        .edge(START, "one")
        .edge("one", "two")
        .edge("two", "three")
        .compile()
        .unwrap()
}

fn parts(g: &CompiledGraph, input: impl Into<Input>, config: RunConfig) -> Vec<(String, Value)> {
    g.stream_blocking(input, config).unwrap().into_iter().map(|p| (p.mode.as_str().to_string(), p.data)).collect()
}

#[test]
fn values_show_the_keys_only_after_steps_that_wrote_one_and_updates_show_those_keys() {
    let seen = parts(&three_steps(), json!({"c": 0}), keyed(&["b"], &[StreamMode::Values, StreamMode::Updates]));
    let expected = [
        // The input wrote only c: no values chunk.
        ("updates", json!({"one": {"b": [2]}})),
        ("values", json!({"b": [2]})),
        // b written twice: the list form, of b's writes only.
        ("updates", json!({"two": [{"b": [3]}, {"b": [4]}]})),
        ("values", json!({"b": [2, 3, 4]})),
        // A node that wrote none of them shows an empty update, and no values chunk follows.
        ("updates", json!({"three": {}})),
    ];
    assert_eq!(seen, expected.map(|(m, v)| (m.to_string(), v)));
}

#[test]
fn one_key_alone_shows_its_value_bare() {
    let alone =
        |key: &str, modes: &[StreamMode]| RunConfig { output_keys: Some(OutputKeys::Key(key.into())), ..RunConfig::default().modes(modes) };
    let seen = parts(&three_steps(), json!({}), alone("b", &[StreamMode::Values, StreamMode::Updates]));
    let expected = [
        ("updates", json!({"one": [2]})),
        ("values", json!([2])),
        // Written twice: a list of the writes.
        ("updates", json!({"two": [[3], [4]]})),
        ("values", json!([2, 3, 4])),
        // A node that did not write it is left out.
        ("updates", json!({})),
    ];
    assert_eq!(seen, expected.map(|(m, v)| (m.to_string(), v)));
    assert_eq!(three_steps().invoke_blocking(json!({}), alone("c", &[])).unwrap(), json!(5));
}

#[test]
fn the_output_is_the_keys_of_the_last_step_that_wrote_one() {
    let g = three_steps();
    assert_eq!(g.invoke_blocking(json!({}), keyed(&["a", "c"], &[])).unwrap(), json!({"a": 1, "c": 5}));
    assert_eq!(g.invoke_blocking(json!({}), keyed(&["b"], &[])).unwrap(), json!({"b": [2, 3, 4]}));
    // Without them, every key (the graph has no output schema).
    assert_eq!(run(&g, json!({})), json!({"a": 1, "b": [2, 3, 4], "c": 5}));
}

#[test]
fn an_unknown_key_is_an_error_before_the_run_starts() {
    let s = saver();
    let g =
        last(&["a"]).node("one", node(|_| Ok::<_, NodeError>(json!({"a": 1})))).edge(START, "one").compile_with(storing_in(&s)).unwrap();
    for key in ["nope", "__start__", "one"] {
        let config = RunConfig { output_keys: Some(OutputKeys::Keys(vec![key.into()])), ..thread("t") };
        let e = g.invoke_blocking(json!({}), config).unwrap_err();
        assert!(matches!(&e, Error::InvalidInput { message } if message == &format!("Key {key} not found in channels")), "{e}");
    }
    assert!(futures::executor::block_on(g.get_state(&thread("t"), false)).unwrap().values.as_object().unwrap().is_empty());
}

#[test]
fn a_subgraphs_chunks_keep_every_key() {
    let sub = last(&["a", "b"]).node("inner", node(|_| Ok::<_, NodeError>(json!({"b": 9})))).edge(START, "inner").compile().unwrap();
    let g = last(&["a", "b"])
        .node("pre", node(|_| Ok::<_, NodeError>(json!({"a": 2}))))
        .subgraph("sub", sub)
        .edge(START, "pre")
        .edge("pre", "sub")
        .compile()
        .unwrap();
    let config = RunConfig { subgraphs: true, ..keyed(&["b"], &[StreamMode::Values]) };
    let seen: Vec<(usize, Value)> =
        g.stream_blocking(json!({"a": 1}), config).unwrap().into_iter().map(|p| (p.namespace.len(), p.data)).collect();
    assert_eq!(seen, vec![(1, json!({"a": 2})), (1, json!({"a": 2, "b": 9})), (0, json!({"b": 9}))]);
}

#[test]
fn a_paused_run_and_its_resume_show_the_keys() {
    let g = last(&["a", "b"])
        .node("one", node(|_| Ok::<_, NodeError>(json!({"a": 1, "b": 2}))))
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"b": rt.interrupt(json!("?"))?}))))
        .edge(START, "one")
        .edge("one", "ask")
        .compile_with(with_saver())
        .unwrap();
    let config = |modes: &[StreamMode]| RunConfig { configurable: thread("t").configurable, ..keyed(&["a"], modes) };
    let paused = g.invoke_blocking(json!({}), config(&[])).unwrap();
    assert_eq!((paused["a"].clone(), paused.get("b")), (json!(1), None));
    // The resume streams the state it resumes from first, its keys only; the step writing b shows none.
    let seen = parts(&g, Command::resume(json!(7)), config(&[StreamMode::Values]));
    assert_eq!(seen, vec![("values".to_string(), json!({"a": 1}))]);
}
