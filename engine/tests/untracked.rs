//! Untracked channels (LangGraph's `UntrackedValue`): read and written during a run,
//! never kept by a checkpoint, its saved writes, or a saved Send's argument.
mod common;
use futures::executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::checkpoint::{Checkpointer, Checkpointing, ListFilter, MemorySaver, WriteKind};
use superstep::*;

fn graph(saver: &Rc<MemorySaver>, build: impl FnOnce(StateGraph) -> StateGraph) -> CompiledGraph {
    let g = StateGraph::new().channel("conn", Channel::last_value().default(json!("none")).untracked()).channel("log", Channel::append());
    build(g).compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver.clone()), ..Default::default() }).unwrap()
}

fn conn(s: &State) -> String {
    s.str("conn").unwrap_or("unset").to_string()
}

#[test]
fn an_untracked_value_lives_for_one_run() {
    let saver = Rc::new(MemorySaver::new());
    let g = graph(&saver, |g| {
        g.node("open", node(|_| Ok::<_, NodeError>(json!({"conn": "c1"}))))
            .node(
                "ask",
                node_rt(|s, rt| {
                    let before = conn(s);
                    let answer = rt.interrupt(json!("go?"))?;
                    Ok::<_, NodeError>(json!({"log": [format!("ask:{before}:{}", answer.as_str().unwrap_or_default())]}))
                }),
            )
            .edge(START, "open")
            .edge("open", "ask")
            .edge("ask", END)
    });
    let cfg = RunConfig::thread("t");
    let paused = g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(paused["conn"], json!("c1"), "the run itself sees its value");
    assert_eq!(g.get_state_blocking(&cfg).unwrap().values["conn"], json!("none"), "a snapshot shows the default");
    let saved = block_on(saver.list("t", "", ListFilter::default())).unwrap();
    assert_eq!(saved.len(), 3);
    assert!(saved.iter().all(|t| t.values.get("conn").is_none()), "no checkpoint keeps it");
    assert!(saved[0].checkpoint.channel_versions.get("conn").is_some(), "its version is kept");
    let done = g.invoke_blocking(Command::resume(json!("yes")), cfg.clone()).unwrap();
    assert_eq!(done["log"], json!(["ask:none:yes"]), "the resumed run starts from the default");
}

#[test]
fn saved_writes_and_sends_leave_untracked_values_out() {
    let saver = Rc::new(MemorySaver::new());
    let g = graph(&saver, |g| {
        g.add_node(
            NodeSpec::new(
                "a",
                node(|_| {
                    Ok::<_, NodeError>(
                        Command::goto(Send::new("w", json!({"conn": "sent", "log": ["s"]})))
                            .with_update(json!({"conn": "a", "log": ["a"]})),
                    )
                }),
            )
            .ends(["w"]),
        )
        .node("b", node_rt(|_, rt| rt.interrupt(json!("b?")).map(|_| json!({"log": ["b"]}))))
        .node("w", node(|s| Ok::<_, NodeError>(json!({"log": [format!("w:{}", conn(s))]}))))
        .edge(START, "a")
        .edge(START, "b")
    });
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({"conn": "in"}), cfg.clone()).unwrap();
    let tuple = block_on(saver.get("t", "", None)).unwrap().unwrap();
    let a = tuple.pending_writes.iter().find(|w| &*w.task == "a").expect("a's writes are saved");
    let WriteKind::Done { writes, sends } = &a.kind else { panic!("a finished: {:?}", a.kind) };
    assert_eq!(writes.iter().map(|(c, _)| &**c).collect::<Vec<_>>(), ["log"]);
    assert_eq!(sends[0].arg, json!({"log": ["s"]}));
    let done = g.invoke_blocking(Command::resume(json!("ok")), cfg).unwrap();
    assert_eq!(done["log"], json!(["a", "b", "w:unset"]));
    assert_eq!(done["conn"], json!("none"), "a's saved write is not replayed");
    let _: Value = done;
}
