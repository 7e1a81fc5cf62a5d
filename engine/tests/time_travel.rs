//! Time travel: a thread's history, replaying an old checkpoint, and forks by
//! an update of an old state.
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::checkpoint::{ListFilter, Source};
use superstep::*;

#[test]
fn history_is_newest_first_with_sources_and_steps() {
    let s = saver();
    let g = path_state().node("a", mark("a")).node("b", mark("b")).edge(START, "a").edge("a", "b").compile_with(storing_in(&s)).unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({"path": ["in"]}), cfg.clone()).unwrap();
    let hist = g.get_state_history_blocking(&cfg).unwrap();
    let steps: Vec<(i64, Source, Vec<String>)> = hist
        .iter()
        .map(|h| {
            let m = h.metadata.as_ref().unwrap();
            (m.step, m.source, h.next.clone())
        })
        .collect();
    assert_eq!(
        steps,
        vec![
            (2, Source::Loop, vec![]),
            (1, Source::Loop, vec!["b".to_string()]),
            (0, Source::Loop, vec!["a".to_string()]),
            (-1, Source::Input, vec![START.to_string()]),
        ]
    );
    // Each parent config names the next older checkpoint.
    for pair in hist.windows(2) {
        assert_eq!(pair[0].parent_config.as_ref().unwrap(), &pair[1].config);
    }
    // As LangGraph: each checkpoint's tasks show what they wrote when they ran from it.
    let results: Vec<Vec<Option<Value>>> = hist.iter().map(|h| h.tasks.iter().map(|t| t.result.clone()).collect()).collect();
    assert_eq!(
        results,
        vec![vec![], vec![Some(json!({"path": ["b"]}))], vec![Some(json!({"path": ["a"]}))], vec![Some(json!({"path": ["in"]}))]]
    );
    let limited = block_on(g.get_state_history(&cfg, ListFilter { limit: Some(2), ..Default::default() })).unwrap();
    assert_eq!(limited.len(), 2);
}

#[test]
fn replaying_an_old_checkpoint_forks_and_does_not_rerun_earlier_nodes() {
    let s = saver();
    let a_calls = Rc::new(Cell::new(0));
    let b_calls = Rc::new(Cell::new(0));
    let g = path_state()
        .node("a", counted(&a_calls, json!({"path": ["a"]})))
        .node("b", counted(&b_calls, json!({"path": ["b"]})))
        .edge(START, "a")
        .edge("a", "b")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let hist = g.get_state_history_blocking(&cfg).unwrap();
    let before_b = hist.iter().find(|h| h.next == vec!["b"]).unwrap();
    let mut replay = cfg.clone();
    replay.configurable.insert("checkpoint_id".into(), before_b.config["configurable"]["checkpoint_id"].clone());
    let out = g.invoke_blocking(Value::Null, replay).unwrap();
    assert_eq!(out["path"], json!(["a", "b"]));
    assert_eq!((a_calls.get(), b_calls.get()), (1, 2));
    let hist = g.get_state_history_blocking(&cfg).unwrap();
    assert_eq!(hist[1].metadata.as_ref().unwrap().source, Source::Fork);
    assert_eq!(hist[1].parent_config.as_ref().unwrap(), &before_b.config);
    // As LangGraph.js 1.7.3: the fork is a step after the checkpoint it copies, and the branch goes on from there.
    let steps: Vec<(i64, Source)> = hist.iter().map(|h| h.metadata.as_ref().map(|m| (m.step, m.source)).unwrap()).collect();
    assert_eq!(steps[..3], [(3, Source::Loop), (2, Source::Fork), (2, Source::Loop)]);
}

#[test]
fn update_state_on_an_old_checkpoint_branches_and_leaves_ancestors_unchanged() {
    let s = saver();
    let g = path_state().node("a", mark("a")).node("b", mark("b")).edge(START, "a").edge("a", "b").compile_with(storing_in(&s)).unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let hist = g.get_state_history_blocking(&cfg).unwrap();
    let after_a = hist.iter().find(|h| h.next == vec!["b"]).unwrap().clone();
    let mut at = cfg.clone();
    at.configurable.insert("checkpoint_id".into(), after_a.config["configurable"]["checkpoint_id"].clone());
    let fork = g.update_state_blocking(&at, json!({"path": ["edited"]}), Some("a")).unwrap();
    let mut fork_cfg = cfg.clone();
    fork_cfg.configurable.insert("checkpoint_id".into(), fork["configurable"]["checkpoint_id"].clone());
    let forked = block_on(g.get_state(&fork_cfg, false)).unwrap();
    assert_eq!(forked.values["path"], json!(["a", "edited"]));
    assert_eq!(forked.metadata.as_ref().unwrap().source, Source::Update);
    assert_eq!(forked.parent_config.as_ref().unwrap(), &after_a.config);
    assert_eq!(forked.next, vec!["b"]);
    // The ancestor is unchanged; continuing the branch runs b on the edited state.
    assert_eq!(block_on(g.get_state(&at, false)).unwrap().values["path"], json!(["a"]));
    assert_eq!(g.invoke_blocking(Value::Null, fork_cfg).unwrap()["path"], json!(["a", "edited", "b"]));
}

/// Savers store values by channel and version, so a branch must never reuse a
/// version another branch wrote: the original checkpoints after the fork point
/// read back exactly as before (a join's barrier, an appended list).
#[test]
fn forks_and_replays_leave_every_checkpoint_of_the_original_branch_unchanged() {
    let s = saver();
    // `l` writes something new each run, so a replay's writes differ from the original's.
    let runs = Rc::new(Cell::new(0));
    let l = node(move |_| {
        runs.set(runs.get() + 1);
        Ok::<_, NodeError>(json!({"path": [format!("l{}", runs.get())]}))
    });
    let g = path_state()
        .node("start", mark("start"))
        .node("l", l)
        .node("r", mark("r"))
        .node("join", mark("join"))
        .edge(START, "start")
        .edge("start", "l")
        .edge("start", "r")
        .join(["l", "r"], "join")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let view = |h: &[checkpoint::StateSnapshot]| h.iter().map(|h| (h.config.clone(), h.values.clone(), h.next.clone())).collect::<Vec<_>>();
    let original = view(&g.get_state_history_blocking(&cfg).unwrap());
    let at = |id: &Value| {
        let mut c = cfg.clone();
        c.configurable.insert("checkpoint_id".into(), id["configurable"]["checkpoint_id"].clone());
        c
    };
    let before_parallel = &original.iter().find(|(_, _, next)| next.contains(&"l".to_string())).unwrap().0;
    let fork = g.update_state_blocking(&at(before_parallel), json!({"path": ["edited"]}), Some("l")).unwrap();
    // As in LangGraph, the update stands in for all of that superstep: r does not run.
    assert_eq!(g.invoke_blocking(Value::Null, at(&fork)).unwrap()["path"], json!(["start", "edited"]));
    let unchanged = || {
        let after = view(&g.get_state_history_blocking(&cfg).unwrap());
        original.iter().all(|old| after.contains(old))
    };
    assert!(unchanged(), "checkpoints changed by a fork");
    g.invoke_blocking(Value::Null, at(before_parallel)).unwrap();
    assert!(unchanged(), "checkpoints changed by a replay");
}

#[test]
fn every_checkpoint_records_the_graphs_name_and_version() {
    // What a migration (and a thread list) reads: the compile options' name and version, "1" by default.
    let s = saver();
    let build = |version: Option<&str>| {
        let options = CompileOptions { name: Some("review".into()), version: version.map(Into::into), ..storing_in(&s) };
        path_state().node("a", mark("a")).edge(START, "a").compile_with(options).unwrap()
    };
    let (first, second) = (build(None), build(Some("2")));
    assert_eq!((first.version(), second.version()), ("1", "2"));
    first.invoke_blocking(json!({}), thread("t")).unwrap();
    second.invoke_blocking(json!({}), thread("u")).unwrap();
    for (g, t, version) in [(&first, "t", "1"), (&second, "u", "2")] {
        let hist = g.get_state_history_blocking(&thread(t)).unwrap();
        assert!(!hist.is_empty());
        for h in hist {
            let m = h.metadata.unwrap();
            assert_eq!((&*m.graph, &*m.graph_version), ("review", version));
        }
    }
}
