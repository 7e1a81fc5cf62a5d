//! Recursion limit and RemainingSteps, from the seeds.
mod common;
use common::*;
use serde_json::json;
use std::cell::Cell;
use std::rc::Rc;
use superstep::*;

fn endless(calls: Rc<Cell<u32>>) -> CompiledGraph {
    last(&["i"])
        .node(
            "a",
            node(move |s| {
                calls.set(calls.get() + 1);
                Ok::<_, NodeError>(json!({"i": s.i64("i").unwrap() + 1}))
            }),
        )
        .edge(START, "a")
        .edge("a", "a")
        .compile()
        .unwrap()
}

#[test]
fn default_limit_is_25_supersteps() {
    let calls = Rc::new(Cell::new(0));
    let err = endless(calls.clone()).invoke_blocking(json!({"i": 0}), RunConfig::default()).unwrap_err();
    assert_eq!(err, Error::GraphRecursion { limit: 25 });
    assert_eq!(calls.get(), 25);
}

#[test]
fn a_chain_of_k_nodes_needs_a_limit_of_k_plus_one() {
    let chain = |k: usize| {
        let mut g = StateGraph::new().channel("path", Channel::append()).edge(START, "n0");
        for i in 0..k {
            g = g.node(format!("n{i}"), node(|_| Ok::<_, NodeError>(json!({"path": ["x"]}))));
            if i + 1 < k {
                g = g.edge(format!("n{i}"), format!("n{}", i + 1));
            }
        }
        g.compile().unwrap()
    };
    let g = chain(4);
    assert!(g.invoke_blocking(json!({}), RunConfig::default().recursion_limit(5)).is_ok());
    assert_eq!(g.invoke_blocking(json!({}), RunConfig::default().recursion_limit(4)).unwrap_err(), Error::GraphRecursion { limit: 4 });
}

/// The seeds' proactive handling: reasoning_node loops until RemainingSteps is low, then falls back.
#[test]
fn remaining_steps_lets_a_graph_finish_gracefully() {
    let g = StateGraph::new()
        .channel("messages", Channel::reducer(Reducer::Add).default(json!([])))
        .remaining_steps("remaining_steps")
        .node(
            "reasoning_node",
            node(|s| {
                let remaining = s.i64("remaining_steps").unwrap();
                Ok::<_, NodeError>(if remaining <= 2 {
                    json!({"messages": ["Approaching limit, wrapping up..."]})
                } else {
                    json!({"messages": ["thinking..."]})
                })
            }),
        )
        .node(
            "fallback_node",
            node(|_| Ok::<_, NodeError>(json!({"messages": ["Reached complexity limit, providing best effort answer"]}))),
        )
        .edge(START, "reasoning_node")
        .conditional(
            "reasoning_node",
            router(|s| Ok::<_, NodeError>(if s.i64("remaining_steps").unwrap() <= 2 { "fallback_node" } else { "reasoning_node" })),
            None,
        )
        .edge("fallback_node", END)
        .compile()
        .unwrap();
    let out = g.invoke_blocking(json!({"messages": []}), RunConfig::default().recursion_limit(10)).unwrap();
    let msgs = out["messages"].as_array().unwrap();
    assert_eq!(msgs.last().unwrap(), "Reached complexity limit, providing best effort answer");
    assert_eq!(msgs[msgs.len() - 2], "Approaching limit, wrapping up...");
    assert_eq!(msgs.iter().filter(|m| *m == "thinking...").count(), 7);
}

#[test]
fn proactive_router_ends_before_the_limit_and_step_counter_is_visible() {
    let g = StateGraph::new()
        .channel("messages", Channel::reducer(Reducer::Add).default(json!([])))
        .remaining_steps("remaining_steps")
        .node(
            "agent",
            node_rt(|s, rt| {
                Ok::<_, NodeError>(json!({"messages": [format!("step {} ({} left)", rt.step(), s.i64("remaining_steps").unwrap())]}))
            }),
        )
        .edge(START, "agent")
        .conditional("agent", router(|s| Ok::<_, NodeError>(if s.i64("remaining_steps").unwrap() <= 2 { END } else { "agent" })), None)
        .compile()
        .unwrap();
    let out = g.invoke_blocking(json!({"messages": []}), RunConfig::default().recursion_limit(10)).unwrap();
    let msgs = out["messages"].as_array().unwrap();
    assert_eq!(msgs.first().unwrap(), "step 1 (9 left)");
    assert_eq!(msgs.last().unwrap(), "step 8 (2 left)");
}

/// As LangGraph: the limit counts from the step after the checkpoint a run
/// continues from, so a run resumed after a pause gets all of it again.
#[test]
fn a_resumed_run_gets_the_full_limit_from_its_checkpoint() {
    use superstep::checkpoint::{Checkpointing, MemorySaver};
    let loops = Rc::new(Cell::new(0));
    let counted = loops.clone();
    let g = last(&["a", "path"])
        .node("pre", mark("pre"))
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"a": rt.interrupt(json!("go?"))?}))))
        .node(
            "loop",
            node(move |_| {
                counted.set(counted.get() + 1);
                Ok::<_, NodeError>(json!({}))
            }),
        )
        .edge(START, "pre")
        .edge("pre", "ask")
        .edge("ask", "loop")
        .edge("loop", "loop")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = |limit| RunConfig::thread("t").recursion_limit(limit);
    g.invoke_blocking(json!({}), cfg(5)).unwrap();
    assert_eq!(g.get_state_blocking(&cfg(5)).unwrap().metadata.unwrap().step, 1);
    // Paused at step 1: the resumed run may reach step 1 + 4 + 2 = 7 (ask, then five loops).
    let err = g.invoke_blocking(Command::resume(json!("y")), cfg(4)).unwrap_err();
    assert_eq!(err, Error::GraphRecursion { limit: 4 });
    assert_eq!(loops.get(), 5);
    assert_eq!(g.get_state_blocking(&cfg(4)).unwrap().metadata.unwrap().step, 7);
}
