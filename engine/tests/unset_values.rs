//! A key set to `undefined` (the JS bindings' `{"__unset__": true}` marker): a
//! last-value channel keeps the marker for the run, a checkpoint keeps no value,
//! and a reducer other than last-value reads it as null.
mod common;
use common::{saver, storing_in};
use futures::executor::block_on;
use serde_json::json;
use superstep::checkpoint::{Checkpointer, ListFilter};
use superstep::*;

fn unset() -> serde_json::Value {
    json!({ UNSET_KEY: true })
}

#[test]
fn the_run_keeps_the_marker_and_the_checkpoint_no_value() {
    let saver = saver();
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .channel("log", Channel::append())
        .node("clear", node(|_| Ok::<_, NodeError>(json!({"x": unset(), "log": unset()}))))
        .node("read", node(|s| Ok::<_, NodeError>(json!({"log": [format!("read {}", s.value("x"))]}))))
        .edge(START, "clear")
        .edge("clear", "read")
        .compile_with(storing_in(&saver))
        .unwrap();
    let cfg = RunConfig::thread("t");
    let out = g.invoke_blocking(json!({"x": 1}), cfg.clone()).unwrap();
    assert!(is_unset(&out["x"]), "the run's own output has the marker: {out}");
    assert_eq!(out["log"], json!([null, format!("read {}", unset())]), "append reads it as null; the next node sees the marker");
    let saved = block_on(saver.list("t", "", ListFilter::default())).unwrap();
    assert!(saved[0].values.get("x").is_none(), "the last checkpoint has no value for x");
    assert_eq!(saved[2].values.get("x"), Some(&json!(1)), "the one before the write has x");
    assert!(g.get_state_blocking(&cfg).unwrap().values.get("x").is_none());
}

#[test]
fn only_the_exact_marker_counts() {
    assert!(is_unset(&unset()));
    for other in [json!({UNSET_KEY: false}), json!({UNSET_KEY: true, "k": 1}), json!(UNSET_KEY), json!([unset()])] {
        assert!(!is_unset(&other), "{other}");
    }
}

#[test]
fn a_cached_node_keys_an_unset_key_as_absent() {
    // As LangGraph.js keys its cache by JSON.stringify, which leaves out a key set to `undefined`.
    let (runs, cached_runs) = (std::rc::Rc::new(std::cell::Cell::new(0)), std::rc::Rc::new(std::cell::Cell::new(0)));
    let counted = cached_runs.clone();
    let clears_once = node(move |_| {
        runs.set(runs.get() + 1);
        Ok::<_, NodeError>(if runs.get() == 1 { json!({"x": unset()}) } else { json!({}) })
    });
    let cached = node(move |_| {
        counted.set(counted.get() + 1);
        Ok::<_, NodeError>(json!({}))
    });
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node("clear", clears_once)
        .add_node(graph::node::NodeSpec::new("cached", cached).cache(CachePolicy { key: None, ttl: None }))
        .edge(START, "clear")
        .edge("clear", "cached")
        .compile_with(CompileOptions { cache: Some(std::rc::Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    g.invoke_blocking(json!({}), RunConfig::default()).unwrap();
    g.invoke_blocking(json!({}), RunConfig::default()).unwrap();
    assert_eq!(cached_runs.get(), 1, "x unset and x absent are one cache key");
}
