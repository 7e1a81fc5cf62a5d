//! A `Command`'s update given with a resume: LangGraph's null writes, applied to
//! the paused superstep in place and kept with its pending writes.
mod common;
use common::*;
use serde_json::json;
use superstep::*;

/// A Command's update to a paused step is kept with the step's pending writes
/// (LangGraph's null writes): it survives a second pause, and a paused
/// subgraph keeps its progress across it.
#[test]
fn an_update_to_a_paused_step_survives_another_pause() {
    let g = StateGraph::new()
        .channel("note", Channel::last_value())
        .channel("out", Channel::append())
        .node(
            "ask",
            node_rt(|st, rt| {
                let a = rt.interrupt(json!("first?"))?;
                let b = rt.interrupt(json!("second?"))?;
                Ok::<_, NodeError>(json!({"out": [a, b, st.value("note")]}))
            }),
        )
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("null-writes");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let first = Command { resume: Some(json!("A")), update: Some(json!({"note": "n"})), ..Default::default() };
    let paused = g.invoke_blocking(first, cfg.clone()).unwrap();
    assert_eq!((paused["note"].clone(), paused["__interrupt__"][0]["value"].clone()), (json!("n"), json!("second?")));
    assert_eq!(g.get_state_blocking(&cfg).unwrap().values["note"], json!("n"));
    let done = g.invoke_blocking(Command::resume(json!("B")), cfg).unwrap();
    assert_eq!(done["out"], json!(["A", "B", "n"]));
}

/// Messages added by a resume's update get ids of their own, so two of them
/// both survive the messages reducer.
#[test]
fn messages_in_a_resume_update_get_their_own_ids() {
    let g = StateGraph::new()
        .channel("messages", Channel::messages())
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"messages": [{"role": "user", "content": rt.interrupt(json!("?"))?}]}))))
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("msgs");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let update = json!({"messages": [{"role": "system", "content": "one"}, {"role": "system", "content": "two"}]});
    let out = g.invoke_blocking(Command { resume: Some(json!("hi")), update: Some(update), ..Default::default() }, cfg).unwrap();
    let contents: Vec<&str> = out["messages"].as_array().unwrap().iter().filter_map(|m| m["content"].as_str()).collect();
    assert_eq!(contents, vec!["one", "two", "hi"]);
}

/// The checkpoint a resumed superstep saves holds the update too, though the
/// update changed a list after the paused checkpoint was stored: a delta against
/// the stored list would lose it. Resumed at once, and after a second pause.
#[test]
fn the_checkpoint_after_a_resume_keeps_the_updates_items() {
    for pauses in [1, 2] {
        let g = StateGraph::new()
            .channel("log", Channel::append())
            .node(
                "ask",
                node_rt(move |_, rt| {
                    let mut answers = vec![];
                    for _ in 0..pauses {
                        answers.push(rt.interrupt(json!("?"))?);
                    }
                    Ok::<_, NodeError>(json!({"log": answers}))
                }),
            )
            .edge(START, "ask")
            .compile_with(with_saver())
            .unwrap();
        let cfg = RunConfig::thread("log");
        g.invoke_blocking(json!({"log": ["in"]}), cfg.clone()).unwrap();
        let first = Command { resume: Some(json!("A")), update: Some(json!({"log": ["update"]})), ..Default::default() };
        g.invoke_blocking(first, cfg.clone()).unwrap();
        if pauses == 2 {
            g.invoke_blocking(Command::resume(json!("B")), cfg.clone()).unwrap();
        }
        let want = if pauses == 1 { json!(["in", "update", "A"]) } else { json!(["in", "update", "A", "B"]) };
        assert_eq!(g.get_state_blocking(&cfg).unwrap().values["log"], want, "{pauses} pause(s)");
        assert_eq!(g.get_state_history_blocking(&cfg).unwrap()[0].values["log"], want, "{pauses} pause(s)");
    }
}

/// A paused node that fails on resume before its interrupt() takes the answer does not
/// keep the answer (LangGraph.js saves one only once interrupt() takes it): it is next
/// again, and a resume map by the interrupt id its state lists answers it.
#[test]
fn a_node_that_fails_before_taking_its_answer_is_answered_again() {
    use std::cell::Cell;
    use std::rc::Rc;
    let runs = Rc::new(Cell::new(0));
    let counted = runs.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .node(
            "ask",
            node_rt(move |_, rt| {
                counted.set(counted.get() + 1);
                if counted.get() == 2 {
                    return Err(NodeError::msg("not yet"));
                }
                Ok::<_, NodeError>(json!({"log": [rt.interrupt(json!("ok?"))?]}))
            }),
        )
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("fails");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert!(g.invoke_blocking(Command::resume(json!("first")), cfg.clone()).is_err());
    let state = g.get_state_blocking(&cfg).unwrap();
    assert_eq!(state.next, vec!["ask".to_string()]);
    let id = state.tasks[0].interrupts[0].id.clone();
    let by_id = Command { resume: Some(json!({ id: "second" })), ..Default::default() };
    assert_eq!(g.invoke_blocking(by_id, cfg).unwrap(), json!({"log": ["second"]}));
    assert_eq!(runs.get(), 3);
}

/// A resume's goto runs its node in the resumed superstep, but while that superstep
/// is paused again, the state shows the update and not the goto's task or write: as
/// LangGraph.js's getState, which applies the update without new versions. The
/// goto's write lands once the superstep finishes, and its node does not run twice.
#[test]
fn a_resume_gotos_task_shows_once_its_superstep_is_saved() {
    use std::cell::Cell;
    use std::rc::Rc;
    let runs = Rc::new(Cell::new(0));
    let counted = runs.clone();
    let g = StateGraph::new()
        .channel("log", Channel::append())
        .add_node(
            NodeSpec::new(
                "ask",
                node_rt(|_, rt| {
                    let a = rt.interrupt(json!("first?"))?;
                    let b = rt.interrupt(json!("second?"))?;
                    Ok::<_, NodeError>(json!({"log": [a, b]}))
                }),
            )
            .ends(["c"]),
        )
        .node(
            "c",
            node(move |_| {
                counted.set(counted.get() + 1);
                Ok::<_, NodeError>(json!({"log": ["c"]}))
            }),
        )
        .edge(START, "ask")
        .compile_with(with_saver())
        .unwrap();
    let cfg = RunConfig::thread("goto");
    g.invoke_blocking(json!({"log": ["in"]}), cfg.clone()).unwrap();
    let first = Command { resume: Some(json!("A")), update: Some(json!({"log": ["u"]})), ..Default::default() }.and_goto("c");
    g.invoke_blocking(first, cfg.clone()).unwrap();
    let paused = g.get_state_blocking(&cfg).unwrap();
    let tasks: Vec<&str> = paused.tasks.iter().map(|t| &*t.name).collect();
    assert_eq!((paused.values["log"].clone(), tasks, runs.get()), (json!(["in", "u"]), vec!["ask"], 1));
    let done = g.invoke_blocking(Command::resume(json!("B")), cfg).unwrap();
    assert_eq!((done["log"].clone(), runs.get()), (json!(["in", "u", "A", "B", "c"]), 1));
}
