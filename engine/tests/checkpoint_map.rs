//! A node's `checkpoint_map` (LangGraph's `configurable.checkpoint_map`): the
//! checkpoint each enclosing graph's superstep runs from, and its own graph's.
mod common;
use common::*;
use serde_json::{json, Map, Value};
use std::cell::RefCell;
use std::rc::Rc;
use superstep::*;

type Seen = Rc<RefCell<Vec<(String, Map<String, Value>)>>>;

fn recording(seen: &Seen) -> superstep::graph::node::NodeFn {
    let seen = seen.clone();
    node_rt(move |_, rt| {
        seen.borrow_mut().push((rt.checkpoint_ns(), rt.checkpoint_map()));
        Ok::<_, NodeError>(json!({}))
    })
}

#[test]
fn a_nodes_map_names_its_steps_checkpoint_and_each_enclosing_one() {
    let seen: Seen = Rc::default();
    let inner = last(&["x"]).node("i", recording(&seen)).edge(START, "i").compile().unwrap();
    let g = last(&["x"])
        .node("a", recording(&seen))
        .subgraph("sub", inner)
        .edge(START, "a")
        .edge("a", "sub")
        .compile_with(with_saver())
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({"x": 1}), cfg.clone()).unwrap();
    let history = g.get_state_history_blocking(&cfg).unwrap();
    let from =
        |node: &str| history.iter().find(|s| s.next.iter().any(|n| n == node)).unwrap().config["configurable"]["checkpoint_id"].clone();
    let seen = seen.borrow();
    assert_eq!(Value::Object(seen[0].1.clone()), json!({"": from("a")}));
    // The subgraph's node: the root's step, and its own graph's checkpoint under its namespace.
    let (ns, map) = &seen[1];
    let sub_ns = ns.split('|').next().unwrap();
    assert_eq!(map.keys().collect::<Vec<_>>(), ["", sub_ns]);
    assert_eq!(map[""], from("sub"));
    let mut at_sub = cfg.clone();
    at_sub.configurable.insert("checkpoint_ns".into(), json!(sub_ns));
    let sub_history = g.get_state_history_blocking(&at_sub).unwrap();
    assert_eq!(sub_history.iter().find(|s| s.next.iter().any(|n| n == "i")).unwrap().config["configurable"]["checkpoint_id"], map[sub_ns]);
}

#[test]
fn without_a_checkpointer_the_map_still_names_the_steps_checkpoint() {
    let seen: Seen = Rc::default();
    let g = last(&["x"]).node("a", recording(&seen)).edge(START, "a").compile().unwrap();
    g.invoke_blocking(json!({"x": 1}), RunConfig::default()).unwrap();
    let map = &seen.borrow()[0].1;
    assert_eq!(map.keys().collect::<Vec<_>>(), [""]);
    assert!(map[""].as_str().is_some_and(|id| !id.is_empty()));
}
