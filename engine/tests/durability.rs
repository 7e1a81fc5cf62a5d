//! `RunConfig::save_on_exit` (LangGraph's `durability: "exit"`): a run stores
//! only the checkpoint it ends on, with its pending writes, and ends where a
//! run storing every superstep ends.
mod common;
use common::*;
use serde_json::json;
use superstep::*;

fn chain() -> CompiledGraph {
    let asks = node_rt(|_s, rt| Ok::<_, NodeError>(json!({ "path": [rt.interrupt(json!("c?"))?] })));
    StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark("a"))
        .node("b", mark("b"))
        .node("c", asks)
        .node("d", mark("d"))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .edge("c", "d")
        .compile_with(with_saver())
        .unwrap()
}

fn on_exit(thread: &str) -> RunConfig {
    RunConfig { save_on_exit: true, ..RunConfig::thread(thread) }
}

/// `g` with `a` first, then `b` and `c` in one superstep, storing checkpoints.
fn a_then_b_and_c(g: StateGraph) -> CompiledGraph {
    g.edge(START, "a").edge("a", "b").edge("a", "c").compile_with(with_saver()).unwrap()
}

/// Runs `g` storing only its end and storing every step; both fail to apply a superstep.
fn refused_on_both(g: &CompiledGraph) -> (RunConfig, RunConfig) {
    let (exit, every) = (on_exit("torn"), RunConfig::thread("every"));
    for config in [&exit, &every] {
        assert!(matches!(g.invoke_blocking(json!({ "path": ["in"] }), config.clone()), Err(Error::InvalidUpdate { .. })));
    }
    (exit, every)
}

fn steps(g: &CompiledGraph, config: &RunConfig) -> Vec<i64> {
    g.get_state_history_blocking(config).unwrap().iter().map(|s| s.metadata.as_ref().map_or(-9, |m| m.step)).collect()
}

#[test]
fn only_the_checkpoint_a_run_ends_on_is_stored_and_it_resumes() {
    let g = chain();
    let config = on_exit("t");
    let paused = g.invoke_blocking(json!({ "path": ["in"] }), config.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], json!("c?"));
    assert_eq!(steps(&g, &config), [2], "the paused run stored one checkpoint");
    let state = g.get_state_blocking(&config).unwrap();
    assert_eq!(state.values["path"], json!(["in", "a", "b"]));
    assert_eq!(state.next, ["c"]);
    let out = g.invoke_blocking(Command::resume(json!("yes")), config.clone()).unwrap();
    assert_eq!(out["path"], json!(["in", "a", "b", "yes", "d"]));
    let history = g.get_state_history_blocking(&config).unwrap();
    assert_eq!(history.iter().map(|s| s.metadata.as_ref().map_or(-9, |m| m.step)).collect::<Vec<_>>(), [4, 2]);
    // Each stored checkpoint is a child of the one stored before it.
    assert_eq!(
        history[0].parent_config.as_ref().and_then(|c| c["configurable"]["checkpoint_id"].as_str()),
        history[1].config["configurable"]["checkpoint_id"].as_str()
    );
}

#[test]
fn the_stored_state_is_what_a_run_storing_every_step_reaches() {
    let g = chain();
    let (every, exit) = (RunConfig::thread("every"), on_exit("exit"));
    for config in [&every, &exit] {
        g.invoke_blocking(json!({ "path": ["in"] }), config.clone()).unwrap();
        g.invoke_blocking(Command::resume(json!("yes")), config.clone()).unwrap();
    }
    let (a, b) = (g.get_state_blocking(&every).unwrap(), g.get_state_blocking(&exit).unwrap());
    assert_eq!(a.values, b.values);
    assert_eq!((a.metadata.map(|m| m.step), a.next), (b.metadata.map(|m| m.step), b.next));
    assert_eq!(steps(&g, &every).len(), 6);
}

#[test]
fn the_checkpoints_stream_still_shows_every_superstep() {
    let g = chain();
    let parts = g.stream_blocking(json!({ "path": [] }), on_exit("s").modes(&[StreamMode::Checkpoints])).unwrap();
    assert_eq!(parts.len(), 4, "input, then after a and after b (the pause is stored, not streamed)");
}

#[test]
fn a_failed_run_stores_where_it_failed_and_resumes_there() {
    let fails = std::rc::Rc::new(std::cell::Cell::new(true));
    let flag = fails.clone();
    let flaky = node(move |_s| if flag.get() { Err(NodeError::from("down")) } else { Ok(json!({ "path": ["b"] })) });
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node("a", mark("a"))
        .node("b", flaky)
        .edge(START, "a")
        .edge("a", "b")
        .compile_with(with_saver())
        .unwrap();
    let config = on_exit("f");
    assert!(g.invoke_blocking(json!({ "path": [] }), config.clone()).is_err());
    assert_eq!(steps(&g, &config), [1]);
    fails.set(false);
    let out = g.invoke_blocking(Input::Continue, config.clone()).unwrap();
    assert_eq!(out["path"], json!(["a", "b"]));
}

#[test]
fn a_stepper_dropped_before_the_end_stores_nothing() {
    let g = chain();
    let config = on_exit("d");
    let mut stepper = g.stepper_blocking(json!({ "path": [] }), config.clone()).unwrap();
    futures::executor::block_on(stepper.step());
    drop(stepper);
    assert!(steps(&g, &config).is_empty());
}

/// A two-step subgraph; `ask` makes its second step pause.
fn child(ask: bool) -> CompiledGraph {
    let second = node_rt(move |_s, rt| {
        let v = if ask { rt.interrupt(json!("child?"))? } else { json!("c2") };
        Ok::<_, NodeError>(json!({ "path": [v] }))
    });
    StateGraph::new()
        .channel("path", Channel::append())
        .node("c1", mark("c1"))
        .node("c2", second)
        .edge(START, "c1")
        .edge("c1", "c2")
        .compile()
        .unwrap()
}

#[test]
fn a_finished_subgraph_task_stores_nothing_and_a_paused_one_resumes() {
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .subgraph("done", child(false))
        .subgraph("asks", child(true))
        .edge(START, "done")
        .edge(START, "asks")
        .compile_with(with_saver())
        .unwrap();
    let config = on_exit("sub");
    g.invoke_blocking(json!({ "path": [] }), config.clone()).unwrap();
    let state = futures::executor::block_on(g.get_state(&config, true)).unwrap();
    let sub_state = |name: &str| state.tasks.iter().find(|t| t.name == name).and_then(|t| t.state.as_ref()).map(|s| s.values.clone());
    // As LangGraph.js under "exit": the paused subgraph stored where it paused; the finished one
    // stored nothing (its snapshot is an empty state).
    assert_eq!(sub_state("asks"), Some(json!({ "path": ["c1"] })));
    assert_eq!(sub_state("done").and_then(|v| v.get("path").cloned()), None);
    let out = g.invoke_blocking(Command::resume(json!("yes")), config).unwrap();
    assert_eq!(out["path"], json!(["c1", "yes", "c1", "c2"]));
}

#[test]
fn a_superstep_that_fails_to_apply_stores_the_state_before_it_as_storing_every_step_does() {
    // b and c both write the last-value key `v` in the third superstep: a conflict found while
    // applying, after the state was partly written.
    let nodes = StateGraph::new()
        .channel("path", Channel::append())
        .channel("v", Channel::last_value())
        .node("a", mark("a"))
        .node("b", node(|_s| Ok::<_, NodeError>(json!({ "path": ["b"], "v": 1 }))))
        .node("c", node(|_s| Ok::<_, NodeError>(json!({ "path": ["c"], "v": 2 }))));
    let g = a_then_b_and_c(nodes);
    let (exit, every) = refused_on_both(&g);
    assert_eq!(steps(&g, &exit), [1], "one checkpoint: the last whole state, not the part-applied one");
    assert_eq!(steps(&g, &every).len(), 3);
    // As LangGraph's, the newest state applies the refused writes, and fails the same way;
    // the checkpoints themselves hold the last whole state.
    for config in [&exit, &every] {
        assert!(matches!(g.get_state_blocking(config), Err(Error::InvalidUpdate { .. })));
    }
    let newest = |c: &RunConfig| g.get_state_history_blocking(c).unwrap().remove(0);
    let (a, b) = (newest(&every), newest(&exit));
    assert_eq!(b.values["path"], json!(["in", "a"]));
    assert_eq!((&a.values, &a.next), (&b.values, &b.next));
    // Both keep the refused writes, so continuing meets the same conflict: the input is not lost.
    for config in [&exit, &every] {
        assert!(matches!(g.invoke_blocking(Input::Continue, config.clone()), Err(Error::InvalidUpdate { .. })));
    }
}

#[test]
fn a_run_storing_only_its_end_appends_to_its_lists_in_place() {
    // Keeping the state before each superstep (to put back should the barrier fail) must not
    // share the list: shared, it was copied to be appended to, each superstep costing the list.
    // Appended in place, the list keeps its buffer while the buffer has room (a copy never does).
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .channel("n", Channel::last_value())
        .node("grow", node(|s| Ok::<_, NodeError>(json!({ "path": [s.i64("n").unwrap()], "n": s.i64("n").unwrap() + 1 }))))
        .edge(START, "grow")
        .conditional("grow", router(|s| Ok::<_, NodeError>(if s.i64("n").unwrap() >= 8 { END } else { "grow" })), None)
        .compile_with(with_saver())
        .unwrap();
    let path = g.spec().channel("path").unwrap();
    let seed: Vec<i64> = (0..100).collect();
    for config in [on_exit("in-place"), RunConfig::thread("every")] {
        let mut stepper = g.stepper_blocking(json!({ "path": seed, "n": 0 }), config).unwrap();
        let mut buffers = vec![];
        while futures::executor::block_on(stepper.tick()).outcome == Outcome::Continue {
            buffers.push(stepper.run_state().values[path].as_deref().and_then(serde_json::Value::as_array).map(|l| l.as_ptr()));
        }
        assert_eq!(stepper.run_state().values[path].as_deref().and_then(serde_json::Value::as_array).map(Vec::len), Some(108));
        // After the input's step, START's and grow's first (which makes room), one buffer.
        assert!(buffers[3..].windows(2).all(|w| w[0] == w[1]), "{buffers:?}");
    }
}

#[test]
fn a_failed_barrier_puts_back_appended_overwritten_and_new_lists() {
    // In the failing superstep `path` is appended to, `log` overwritten and `fresh` made, all
    // before the conflict on `v`; the state stored is the one before the superstep.
    let nodes = StateGraph::new()
        .channel("path", Channel::append())
        .channel("log", Channel::append())
        .channel("fresh", Channel::append())
        .channel("v", Channel::last_value())
        .node("a", node(|_s| Ok::<_, NodeError>(json!({ "path": ["a"], "log": ["a"] }))))
        .node("b", node(|_s| Ok::<_, NodeError>(json!({ "path": ["b"], "log": overwrite(json!(["reset"])), "v": 1 }))))
        .node("c", node(|_s| Ok::<_, NodeError>(json!({ "path": ["c"], "fresh": ["c"], "v": 2 }))));
    let g = a_then_b_and_c(nodes);
    let (exit, every) = refused_on_both(&g);
    let newest = |c: &RunConfig| g.get_state_history_blocking(c).unwrap().remove(0);
    let (stored, every_step) = (newest(&exit), newest(&every));
    assert_eq!(serde_json::to_value(&stored.values).unwrap(), json!({ "path": ["in", "a"], "log": ["a"], "fresh": [] }));
    assert_eq!((&stored.values, &stored.next), (&every_step.values, &every_step.next));
}
