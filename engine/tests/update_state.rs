//! `update_state` and `bulk_update_state`: edits of a paused parallel superstep,
//! the special `as_node`s (END, `__copy__`, `__input__`), several nodes' updates
//! in one superstep, and LangGraph's errors.
mod common;
use common::{mark, path_state, with_saver};
use futures::executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::checkpoint::{Checkpointing, MemorySaver, Source, StateSnapshot, StateUpdate, COPY, INPUT};
use superstep::*;

/// a fans out to b (asks a human) and c (finishes at once); d joins them.
fn paused() -> (CompiledGraph, RunConfig) {
    let g = StateGraph::new()
        .channel("x", Channel::reducer(Reducer::Add).default(json!(0)))
        .channel("log", Channel::reducer(Reducer::Append).default(json!([])))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"x": 1, "log": ["a"]}))))
        .node("b", node_rt(|_, rt| rt.interrupt(json!("q")).map(|v| json!({"x": 10, "log": [format!("b:{}", v.as_str().unwrap_or(""))]}))))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"log": ["c"]}))))
        .node("d", node(|_| Ok::<_, NodeError>(json!({"log": ["d"]}))))
        .edge(START, "a")
        .edge("a", "b")
        .edge("a", "c")
        .join(["b", "c"], "d")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({"x": 0}), cfg.clone()).unwrap();
    (g, cfg)
}

fn at(cfg: &RunConfig, id: &Value) -> RunConfig {
    let mut c = cfg.clone();
    c.configurable.insert("checkpoint_id".into(), id["configurable"]["checkpoint_id"].clone());
    c
}

fn state(g: &CompiledGraph, cfg: &RunConfig, new: &Value) -> StateSnapshot {
    block_on(g.get_state(&at(cfg, new), false)).unwrap()
}

fn resume(g: &CompiledGraph, cfg: &RunConfig) -> Value {
    g.invoke_blocking(Command::resume(json!("R")), cfg.clone()).unwrap()
}

#[test]
fn editing_a_paused_parallel_step_keeps_what_its_finished_tasks_wrote() {
    let (g, cfg) = paused();
    let new = g.update_state_blocking(&cfg, json!({"log": ["z"]}), Some("b")).unwrap();
    let s = state(&g, &cfg, &new);
    // c finished before b paused: its write is kept, and the join runs next.
    assert_eq!(s.values, json!({"x": 1, "log": ["a", "c", "z"]}));
    assert_eq!(s.next, vec!["d"]);
    assert_eq!(resume(&g, &cfg), json!({"x": 1, "log": ["a", "c", "z", "d"]}));
}

#[test]
fn an_update_as_end_finishes_the_paused_step_and_nothing_runs_after() {
    let (g, cfg) = paused();
    let new = g.update_state_blocking(&cfg, Value::Null, Some(END)).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values, json!({"x": 1, "log": ["a", "c"]}));
    assert!(s.next.is_empty());
    assert_eq!(s.metadata.unwrap().source, Source::Update);
    assert_eq!(resume(&g, &cfg), json!({"x": 1, "log": ["a", "c"]}));
    let e = g.update_state_blocking(&cfg, json!({"x": 1}), Some(END)).unwrap_err();
    assert_eq!((e.class_name(), e.to_string().as_str()), ("InvalidUpdateError", "Node \"__end__\" does not exist"));
}

#[test]
fn a_copy_forks_the_checkpoint_beside_it_and_runs_the_same_tasks() {
    let (g, cfg) = paused();
    let newest = g.get_state_blocking(&cfg).unwrap();
    let original = state(&g, &cfg, &newest.config);
    let new = g.update_state_blocking(&cfg, Value::Null, Some(COPY)).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values, original.values);
    assert_eq!(s.next, original.next);
    assert_eq!(s.metadata.as_ref().unwrap().source, Source::Fork);
    assert_eq!(s.metadata.as_ref().unwrap().step, original.metadata.as_ref().unwrap().step + 1);
    // A sibling of the copied checkpoint, not its child; c's finished write stays behind.
    assert_eq!(s.parent_config, original.parent_config);
    assert_eq!(s.values, json!({"x": 1, "log": ["a"]}));
    assert_eq!(resume(&g, &cfg), json!({"x": 11, "log": ["a", "b:R", "c", "d"]}));
}

#[test]
fn a_copy_with_updates_applies_them_on_the_copy() {
    let (g, cfg) = paused();
    let new = g.update_state_blocking(&cfg, json!([[{"x": 5}, "b"]]), Some(COPY)).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values, json!({"x": 6, "log": ["a"]}));
    assert_eq!(s.metadata.as_ref().unwrap().source, Source::Update);
    let parent = block_on(g.get_state(&at(&cfg, s.parent_config.as_ref().unwrap()), false)).unwrap();
    assert_eq!(parent.metadata.unwrap().source, Source::Fork);
    // As LangGraph.js: the updates are saved as the copy's tasks' results, b's as b's.
    let results: Vec<_> = parent.tasks.iter().map(|t| (t.name.as_str(), t.result.clone())).collect();
    assert!(results.contains(&("b", Some(json!({"x": 5})))), "{results:?}");
    let e = block_on(g.update_state(&RunConfig::thread("empty"), Value::Null, Some(COPY))).unwrap_err();
    assert_eq!(e.to_string(), "Cannot copy a non-existent checkpoint");
}

#[test]
fn an_update_as_input_queues_the_input_beside_the_paused_tasks() {
    let (g, cfg) = paused();
    let new = g.update_state_blocking(&cfg, json!({"x": 5}), Some(INPUT)).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values, json!({"x": 1, "log": ["a"]}), "the input waits for __start__");
    assert_eq!(s.next, vec!["__start__", "b", "c"]);
    let m = s.metadata.unwrap();
    // One step after the checkpoint it edits; on a thread with none, the input step (-1): as LangGraph.js 1.7.3.
    assert_eq!((m.source, m.step), (Source::Input, 2));
    let fresh = RunConfig::thread("fresh");
    let first = g.update_state_blocking(&fresh, json!({"x": 5}), Some(INPUT)).unwrap();
    let m = state(&g, &fresh, &first).metadata.unwrap();
    assert_eq!((m.source, m.step), (Source::Input, -1));
}

#[test]
fn an_empty_update_makes_a_bare_checkpoint_and_the_paused_step_runs_whole_again() {
    // `updateState(config, null)`, as LangGraph.js 1.7.3 (checked): a new checkpoint of the
    // state before the paused step, c's finished write left out; resumed, c runs again.
    let (g, cfg) = paused();
    let before = g.get_state_blocking(&cfg).unwrap();
    assert_eq!((&before.values, &before.next), (&json!({"x": 1, "log": ["a", "c"]}), &vec!["b".to_string()]));
    let new = g.update_state_blocking(&cfg, Value::Null, None).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!((s.values, s.next), (json!({"x": 1, "log": ["a"]}), vec!["b".to_string(), "c".to_string()]));
    let (m, was) = (s.metadata.unwrap(), before.metadata.unwrap());
    assert_eq!((m.source, m.step), (Source::Update, was.step + 1));
    assert_eq!(resume(&g, &cfg), json!({"x": 11, "log": ["a", "b:R", "c", "d"]}));
}

#[test]
fn a_bulk_update_applies_each_superstep_as_one_checkpoint() {
    let (g, cfg) = paused();
    let up = |values: Value, as_node: &str| StateUpdate { values, as_node: Some(as_node.into()), goto: vec![] };
    let steps = vec![vec![up(json!({"x": 100}), "a"), up(json!({"log": ["z"]}), "b")], vec![up(json!({"x": 1}), "c")]];
    let new = block_on(g.bulk_update_state(&cfg, steps)).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values, json!({"x": 102, "log": ["a", "c", "z"]}));
    let parent = block_on(g.get_state(&at(&cfg, s.parent_config.as_ref().unwrap()), false)).unwrap();
    // Both updates of the first superstep are one checkpoint's writes.
    assert_eq!(parent.metadata.unwrap().writes, json!({"a": {"x": 100}, "b": {"log": ["z"]}}));
    assert_eq!(parent.values, json!({"x": 101, "log": ["a", "c", "z"]}));
}

#[test]
fn a_command_as_the_update_writes_and_routes_as_its_node_returning_it() {
    let (g, cfg) = paused();
    // As `c` returning Command(update, goto): its update and a route to `a`, and a Send to `d`.
    let send = Goto::Send(Send { node: "d".into(), arg: json!({"x": 5}), timeout: None });
    let update = StateUpdate { values: json!({"log": ["u"]}), as_node: Some("c".into()), goto: vec![Goto::Node("a".into()), send] };
    let new = block_on(g.bulk_update_state(&cfg, vec![vec![update]])).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!(s.values["log"], json!(["a", "c", "u"]));
    let mut next = s.next.clone();
    next.sort();
    assert_eq!(next, vec!["a", "d"]);
    // A Command with no update only routes.
    let route = StateUpdate { values: Value::Null, as_node: Some("c".into()), goto: vec![Goto::Node("b".into())] };
    let s = state(&g, &cfg, &block_on(g.bulk_update_state(&cfg, vec![vec![route]])).unwrap());
    assert_eq!((s.values["log"].clone(), s.next.contains(&"b".to_string())), (json!(["a", "c", "u"]), true));
}

#[test]
fn bulk_updates_refuse_what_langgraph_refuses() {
    let (g, cfg) = paused();
    let up = |values: Value, as_node: Option<&str>| StateUpdate { values, as_node: as_node.map(Into::into), goto: vec![] };
    let fails = |steps: Vec<Vec<StateUpdate>>| block_on(g.bulk_update_state(&cfg, steps)).unwrap_err().to_string();
    assert_eq!(
        fails(vec![vec![up(json!({"x": 1}), None), up(json!({"x": 1}), Some("a"))]]),
        "\"asNode\" is required when applying multiple updates"
    );
    assert_eq!(fails(vec![vec![up(json!({"x": 1}), Some("nope"))]]), "Node \"nope\" does not exist");
    assert_eq!(fails(vec![vec![up(Value::Null, Some(COPY)), up(Value::Null, Some(COPY))]]), "Cannot copy checkpoint with multiple updates");
    assert_eq!(fails(vec![]), "invalid input: No supersteps provided");
    assert_eq!(fails(vec![vec![]]), "invalid input: No updates provided");
    // Nothing was written by the refused edits.
    assert_eq!(g.get_state_history_blocking(&cfg).unwrap().len(), 3);
}

#[test]
fn finishing_a_paused_step_as_end_lets_a_waiting_deferred_node_run() {
    // a fans out to b (asks) and c; c leads to the deferred d, which waits for b's branch.
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node("a", node(|_| Ok::<_, NodeError>(json!({"log": ["a"]}))))
        .node("b", node_rt(|_, rt| rt.interrupt(json!("q")).map(|_| json!({"log": ["b"]}))))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"log": ["c"]}))))
        .add_node(graph::node::NodeSpec::new("d", node(|_| Ok::<_, NodeError>(json!({"log": ["d"]})))).deferred())
        .edge(START, "a")
        .edge("a", "b")
        .edge("a", "c")
        .edge("c", "d")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let new = g.update_state_blocking(&cfg, Value::Null, Some(END)).unwrap();
    assert_eq!(state(&g, &cfg, &new).next, vec!["d"]);
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap(), json!({"log": ["a", "c", "d"]}));
}

/// a fails into its error handler (which writes "handled") while b asks a human; the
/// caller adds the rest and the edges, then the graph runs until b pauses.
fn handled_and_paused(rest: impl FnOnce(StateGraph) -> StateGraph) -> (CompiledGraph, RunConfig) {
    let boom = node(|_| Err::<Value, _>(NodeError::Failed { message: "boom".into(), kind: None, class: None }));
    let b = StateGraph::new()
        .channel("log", Channel::reducer(Reducer::Append).default(json!([])))
        .add_node(graph::node::NodeSpec::new("a", boom).on_error("on_a"))
        .node("on_a", node(|_| Ok::<_, NodeError>(json!({"log": ["handled"]}))))
        .node("b", node_rt(|_, rt| rt.interrupt(json!("q")).map(|v| json!({"log": [v]}))))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"log": ["c"]}))))
        .edge(START, "a")
        .edge(START, "b");
    let g = rest(b)
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    (g, cfg)
}

#[test]
fn an_edit_leaves_out_what_an_error_handler_wrote_for_a_failed_node_as_langgraph_js() {
    // LangGraph.js's handler is a task of its own, which an edit's plan does not list.
    let for_each = |as_node: &str, values: Value| {
        let (g, cfg) = handled_and_paused(|b| b.edge(START, "c"));
        let new = g.update_state_blocking(&cfg, values, Some(as_node)).unwrap();
        state(&g, &cfg, &new).values
    };
    assert_eq!(for_each("b", json!({"log": ["z"]})), json!({"log": ["c", "z"]}));
    assert_eq!(for_each(END, Value::Null), json!({"log": ["c"]}));
}

#[test]
fn an_edit_that_settles_the_paused_step_readies_a_deferred_node_as_langgraph_js() {
    // The finished part (a's handled failure: run, no writes) triggers nothing, so the
    // deferred d is ready beside c, which the update as b triggers.
    let (g, cfg) = handled_and_paused(|b| {
        b.add_node(graph::node::NodeSpec::new("d", node(|_| Ok::<_, NodeError>(json!({"log": ["d"]})))).deferred())
            .edge(START, "d")
            .edge("b", "c")
    });
    let new = g.update_state_blocking(&cfg, json!({"log": ["z"]}), Some("b")).unwrap();
    let s = state(&g, &cfg, &new);
    assert_eq!((s.values, s.next), (json!({"log": ["z"]}), vec!["c".to_string(), "d".to_string()]));
}

#[test]
fn an_edit_after_a_refused_resume_applies_the_paused_tasks_writes_not_a_gotos() {
    // b asks; the resume also goes to c, and b and c both write x, so the barrier refuses
    // the superstep. As LangGraph.js, an edit then applies what the checkpoint's own task
    // (b) wrote, not c, which only the resume's goto started.
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .channel("y", Channel::last_value())
        .node("b", node_rt(|_, rt| rt.interrupt(json!("q")).map(|_| json!({"x": "b"}))))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"x": "c"}))))
        .edge(START, "b")
        .edge("b", "c")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let e = g.invoke_blocking(Command::resume(json!("ok")).and_goto("c"), cfg.clone()).unwrap_err();
    assert_eq!(e.class_name(), "InvalidUpdateError", "{e}");
    g.update_state_blocking(&cfg, json!({"y": "edited"}), Some("b")).unwrap();
    let s = block_on(g.get_state(&cfg, false)).unwrap();
    assert_eq!(s.values, json!({"x": "b", "y": "edited"}));
    assert_eq!(s.next, vec!["c"]);
}

#[test]
fn an_end_edit_after_a_refused_resume_finishes_the_paused_tasks_not_a_gotos() {
    // As above, but the edit is "as END" (finish the superstep): b's write lands, the
    // resume's update too, and c, which only the resume's goto started, is left out (as
    // LangGraph.js, which plans the tasks before applying the null writes).
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .channel("log", Channel::append())
        .add_node(NodeSpec::new("b", node_rt(|_, rt| rt.interrupt(json!("q")).map(|_| json!({"x": "b", "log": ["b"]})))).ends(["c"]))
        .node("c", node(|_| Ok::<_, NodeError>(json!({"x": "c", "log": ["c"]}))))
        .edge(START, "b")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let resume = Command { resume: Some(json!("ok")), update: Some(json!({"log": ["u"]})), ..Default::default() }.and_goto("c");
    assert_eq!(g.invoke_blocking(resume, cfg.clone()).unwrap_err().class_name(), "InvalidUpdateError");
    g.update_state_blocking(&cfg, Value::Null, Some(END)).unwrap();
    let s = block_on(g.get_state(&cfg, false)).unwrap();
    assert_eq!((s.values, s.next), (json!({"x": "b", "log": ["u", "b"]}), Vec::<String>::new()));
}

/// `names` in a line from START, or all from START (`parallel`), then `last`: each node
/// adds its name to `path`.
fn leading_to(names: &[&'static str], parallel: bool, last: &'static str) -> StateGraph {
    let mut g = path_state().node(last, mark(last));
    let mut prev = START;
    for &n in names {
        g = g.node(n, mark(n)).edge(if parallel { START } else { prev }, n);
        prev = n;
    }
    if parallel {
        names.iter().fold(g, |g, n| g.edge(*n, last))
    } else {
        g.edge(prev, last)
    }
}

/// `g` with a memory saver, pausing before each of `before`.
fn pausing_before(g: StateGraph, before: &[&str]) -> CompiledGraph {
    g.compile_with(CompileOptions { interrupt_before: before.iter().map(|&n| n.into()).collect(), ..with_saver() }).unwrap()
}

#[test]
fn an_update_without_as_node_is_the_last_writers_and_refused_when_two_wrote_last() {
    // As LangGraph.js 1.7.3 (checked), which infers `asNode` the same way.
    let cfg = RunConfig::thread("t");
    let line = pausing_before(leading_to(&["a", "b"], false, "c"), &["c"]);
    line.invoke_blocking(json!({}), cfg.clone()).unwrap();
    line.update_state_blocking(&cfg, json!({"path": ["edit"]}), None).unwrap();
    let s = line.get_state_blocking(&cfg).unwrap();
    let m = s.metadata.unwrap();
    assert_eq!((s.values, s.next, m.source, m.step), (json!({"path": ["a", "b", "edit"]}), vec!["c".to_string()], Source::Update, 3));

    let fan = pausing_before(leading_to(&["a", "b"], true, "z"), &["z"]);
    fan.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let refused = fan.update_state_blocking(&cfg, json!({"path": ["x"]}), None).unwrap_err();
    assert!(refused.to_string().contains("Ambiguous update, specify \"asNode\""), "{refused}");

    // Only the input has been written: START wrote last, and its edge leads on.
    let start = pausing_before(leading_to(&[], false, "a"), &["a"]);
    start.invoke_blocking(json!({"path": ["in"]}), cfg.clone()).unwrap();
    start.update_state_blocking(&cfg, json!({"path": ["e"]}), None).unwrap();
    let s = start.get_state_blocking(&cfg).unwrap();
    assert_eq!((s.values, s.next, s.metadata.unwrap().step), (json!({"path": ["in", "e"]}), vec!["a".to_string()], 1));

    // START wrote after a node had: a new input, paused before `a` again. The update is START's, so `a` stays next.
    let g = pausing_before(leading_to(&["a"], false, "b"), &["a", "b"]);
    g.invoke_blocking(json!({"path": ["in1"]}), cfg.clone()).unwrap();
    g.invoke_blocking(Value::Null, cfg.clone()).unwrap();
    g.invoke_blocking(json!({"path": ["in2"]}), cfg.clone()).unwrap();
    g.update_state_blocking(&cfg, json!({"path": ["e"]}), None).unwrap();
    let s = g.get_state_blocking(&cfg).unwrap();
    assert_eq!((s.values, s.next, s.metadata.unwrap().step), (json!({"path": ["in1", "a", "in2", "e"]}), vec!["a".to_string()], 4));
}
