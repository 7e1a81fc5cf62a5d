//! `CompileOptions::inline_start` (the functional API's graphs): the input is START's
//! update at once, so the input checkpoint already has the first node next.
mod common;
use common::*;
use serde_json::json;
use std::rc::Rc;
use superstep::checkpoint::{Checkpointing, MemorySaver, Source};
use superstep::*;

fn graph(inline_start: bool) -> CompiledGraph {
    last(&["n", "out"])
        .node("wf", node(|s| Ok::<_, NodeError>(json!({"out": s.get("n").and_then(|v| v.as_i64()).unwrap_or(0) + 1}))))
        .edge(START, "wf")
        .edge("wf", END)
        .compile_with(CompileOptions {
            checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())),
            inline_start,
            ..Default::default()
        })
        .unwrap()
}

#[test]
fn the_input_checkpoint_already_has_the_first_node_next() {
    let g = graph(true);
    let cfg = RunConfig::thread("t");
    assert_eq!(g.invoke_blocking(json!({"n": 1}), cfg.clone()).unwrap(), json!({"n": 1, "out": 2}));
    assert_eq!(g.invoke_blocking(json!({"n": 5}), cfg.clone()).unwrap(), json!({"n": 5, "out": 6}));
    let steps: Vec<_> = g
        .get_state_history_blocking(&cfg)
        .unwrap()
        .iter()
        .map(|s| (s.metadata.as_ref().unwrap().step, s.metadata.as_ref().unwrap().source, s.next.clone(), s.values.clone()))
        .collect();
    assert_eq!(
        steps,
        vec![
            (2, Source::Loop, vec![], json!({"n": 5, "out": 6})),
            (1, Source::Input, vec!["wf".to_string()], json!({"n": 5, "out": 2})),
            (0, Source::Loop, vec![], json!({"n": 1, "out": 2})),
            (-1, Source::Input, vec!["wf".to_string()], json!({"n": 1})),
        ]
    );
    // Without it, START is a superstep of its own.
    let g = graph(false);
    g.invoke_blocking(json!({"n": 1}), cfg.clone()).unwrap();
    assert_eq!(g.get_state_history_blocking(&cfg).unwrap().len(), 3);
}

#[test]
fn the_input_triggers_the_node_itself() {
    // As LangGraph's entrypoint, subscribed to START: its node, its task events and its snapshot say so.
    let seen = Rc::new(std::cell::RefCell::new(Vec::new()));
    let log = seen.clone();
    let g = last(&["n"])
        .node(
            "wf",
            node_rt(move |_, rt| {
                log.borrow_mut().push(rt.triggers());
                Ok::<_, NodeError>(json!({}))
            }),
        )
        .edge(START, "wf")
        .compile_with(CompileOptions { inline_start: true, ..Default::default() })
        .unwrap();
    let parts = g.stream_blocking(json!({"n": 1}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    assert_eq!(parts[0].data["triggers"], json!(["__start__"]));
    assert_eq!(*seen.borrow(), vec![vec!["__start__".to_string()]]);
}
