//! The `003_*` seed's support-agent workflow as a graph: intake → drafting →
//! retry_wait → waiting_for_approval (interrupt) → sending → done/failed,
//! with max_attempts = 3, event de-duplication and terminal states.
use futures::executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::checkpoint::{Checkpointing, MemorySaver};
use superstep::*;

const MAX_ATTEMPTS: i64 = 3;

fn processed(s: &State, id: &str) -> bool {
    s.get("processed_events").and_then(Value::as_array).is_some_and(|l| l.iter().any(|x| x == id))
}

fn graph(saver: Rc<MemorySaver>) -> CompiledGraph {
    graph_in(saver, Env::default())
}

/// Graphs sharing a thread across instances share one clock, so checkpoint ids keep their order.
fn graph_in(saver: Rc<MemorySaver>, env: Env) -> CompiledGraph {
    StateGraph::new()
        .channel("status", Channel::last_value())
        .channel("ticket_ref", Channel::last_value())
        .channel("attempt", Channel::last_value())
        .channel("tool_failures", Channel::last_value())
        .channel("draft_ref", Channel::last_value())
        .channel("approval_event_id", Channel::last_value())
        .channel("processed_events", Channel::append())
        .channel("result_ref", Channel::last_value())
        .channel("reason", Channel::last_value())
        .channel("rejections", Channel::append())
        .channel("event", Channel::last_value())
        .node(
            "intake",
            node(|s| match s.str("ticket_ref") {
                Some(_) => Ok(json!({"status": "drafting", "attempt": 1})),
                None => Err(NodeError::msg("START needs a ticket reference")),
            }),
        )
        .node(
            "drafting",
            node(|s| {
                let failures = s.i64("tool_failures").unwrap_or(0);
                Ok::<_, NodeError>(if failures > 0 {
                    json!({"tool_failures": failures - 1, "draft_ref": null})
                } else {
                    json!({"draft_ref": format!("artifact://drafts/{}/v{}", s.str("ticket_ref").unwrap(), s.i64("attempt").unwrap())})
                })
            }),
        )
        .node("retry_wait", node(|s| Ok::<_, NodeError>(json!({"status": "retry_wait", "attempt": s.i64("attempt").unwrap() + 1}))))
        .add_node(
            NodeSpec::new(
            "waiting_for_approval",
            node_rt(|s, rt| -> Result<Command, NodeError> {
                let ev = rt.interrupt(json!({"awaiting": "APPROVE", "draft_ref": s.value("draft_ref")}))?;
                let id = ev["event_id"].as_str().unwrap_or_default().to_string();
                if processed(s, &id) {
                    // A duplicate delivery: no-op, keep waiting.
                    return Ok(Command::goto("waiting_for_approval"));
                }
                Ok(match ev["type"].as_str() {
                    Some("APPROVE") => Command::goto("sending").with_update(json!({"status": "sending", "approval_event_id": id, "processed_events": [id]})),
                    Some("REJECT") => Command::goto("drafting").with_update(json!({"status": "drafting", "attempt": 1, "processed_events": [id]})),
                    _ => Command::goto("failed").with_update(json!({"reason": "cancelled", "processed_events": [id]})),
                })
            }),
            )
            .ends(["waiting_for_approval", "sending", "drafting", "failed"]),
        )
        .node(
            "sending",
            node(|s| Ok::<_, NodeError>(json!({"status": "done", "result_ref": format!("send:{}:{}", s.str("ticket_ref").unwrap(), s.str("approval_event_id").unwrap())}))),
        )
        .node("failed", node(|s| Ok::<_, NodeError>(json!({"status": "failed", "reason": s.get("reason").cloned().unwrap_or(json!("retry_exhausted"))}))))
        .node(
            "reject",
            node(|s| {
                let ev = s.value("event");
                let id = ev["event_id"].as_str().unwrap_or_default();
                // Already processed ids are no-ops; new events are invalid transitions from here.
                Ok::<_, NodeError>(if processed(s, id) {
                    json!({})
                } else {
                    json!({"rejections": [format!("{} is invalid from {}", ev["type"].as_str().unwrap_or("?"), s.str("status").unwrap_or("?"))]})
                })
            }),
        )
        .conditional(START, router(|s| Ok::<_, NodeError>(if s.contains("status") { "reject" } else { "intake" })), None)
        .edge("intake", "drafting")
        .conditional(
            "drafting",
            router(|s| {
                Ok::<_, NodeError>(if !s.value("draft_ref").is_null() {
                    "waiting_for_approval"
                } else if s.i64("attempt").unwrap() < MAX_ATTEMPTS {
                    "retry_wait"
                } else {
                    "failed"
                })
            }),
            None,
        )
        .edge("retry_wait", "drafting")
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), env, ..Default::default() })
        .unwrap_or_else(|e| panic!("{e}"))
}

fn status(g: &CompiledGraph, cfg: &RunConfig) -> Value {
    g.get_state_blocking(cfg).unwrap().values
}

fn approve(id: &str) -> Command {
    Command::resume(json!({"type": "APPROVE", "event_id": id, "reviewer_id": "r1"}))
}

#[test]
fn retries_are_bounded_by_max_attempts() {
    let g = graph(Rc::new(MemorySaver::new()));
    let cfg = RunConfig::thread("exhausted");
    let out = g.invoke_blocking(json!({"ticket_ref": "ticket://77", "tool_failures": 5}), cfg.clone()).unwrap();
    assert_eq!(out["status"], "failed");
    assert_eq!(out["reason"], "retry_exhausted");
    assert_eq!(out["attempt"], MAX_ATTEMPTS);
    let g = graph(Rc::new(MemorySaver::new()));
    let out = g.invoke_blocking(json!({"ticket_ref": "ticket://77", "tool_failures": 2}), cfg).unwrap();
    assert_eq!(out["attempt"], 3);
    assert_eq!(out["__interrupt__"][0]["value"]["awaiting"], "APPROVE");
}

#[test]
fn duplicate_approve_is_a_no_op_and_a_new_approve_after_done_is_rejected() {
    let g = graph(Rc::new(MemorySaver::new()));
    let cfg = RunConfig::thread("dedupe");
    g.invoke_blocking(json!({"ticket_ref": "ticket://77"}), cfg.clone()).unwrap();
    let done = g.invoke_blocking(approve("evt_91"), cfg.clone()).unwrap();
    assert_eq!(done["status"], "done");
    assert_eq!(done["result_ref"], "send:ticket://77:evt_91");
    // The same event delivered again after done: a no-op.
    g.invoke_blocking(json!({"event": {"type": "APPROVE", "event_id": "evt_91"}}), cfg.clone()).unwrap();
    let st = status(&g, &cfg);
    assert_eq!((st["status"].clone(), st["rejections"].clone()), (json!("done"), json!([])));
    // A new APPROVE after done: rejected, state otherwise unchanged.
    g.invoke_blocking(json!({"event": {"type": "APPROVE", "event_id": "evt_92"}}), cfg.clone()).unwrap();
    let st = status(&g, &cfg);
    assert_eq!(st["rejections"], json!(["APPROVE is invalid from done"]));
    assert_eq!(st["approval_event_id"], "evt_91");
    assert_eq!(st["processed_events"], json!(["evt_91"]));
}

#[test]
fn a_duplicate_while_waiting_keeps_waiting() {
    let g = graph(Rc::new(MemorySaver::new()));
    let cfg = RunConfig::thread("wait");
    g.invoke_blocking(json!({"ticket_ref": "ticket://77"}), cfg.clone()).unwrap();
    g.invoke_blocking(Command::resume(json!({"type": "REJECT", "event_id": "evt_1"})), cfg.clone()).unwrap();
    let again = g.invoke_blocking(Command::resume(json!({"type": "REJECT", "event_id": "evt_1"})), cfg.clone()).unwrap();
    assert_eq!(again["__interrupt__"][0]["value"]["awaiting"], "APPROVE");
    assert_eq!(again["processed_events"], json!(["evt_1"]));
}

/// Runs the workflow; `crash_after` events in, the saver is serialized, dropped and reloaded.
fn run_events(crash_after: Option<usize>) -> Value {
    let events: Vec<Input> = vec![
        Input::Values(json!({"ticket_ref": "ticket://77", "tool_failures": 1})),
        Input::Command(Command::resume(json!({"type": "REJECT", "event_id": "evt_1"}))),
        Input::Command(approve("evt_91")),
        Input::Command(approve("evt_91")),
    ];
    let mut saver = Rc::new(MemorySaver::new());
    let env = Env::default();
    let cfg = RunConfig::thread("crash");
    for (i, ev) in events.into_iter().enumerate() {
        if crash_after == Some(i) {
            let json = saver.to_json();
            drop(saver);
            saver = Rc::new(MemorySaver::from_json(&json).unwrap());
        }
        let g = graph_in(saver.clone(), env.clone());
        block_on(g.invoke(ev, cfg.clone())).unwrap();
    }
    let g = graph_in(saver, env);
    status(&g, &cfg)
}

#[test]
fn resuming_after_a_crash_reaches_the_same_final_state() {
    let uninterrupted = run_events(None);
    assert_eq!(uninterrupted["status"], "done");
    for crash in 1..4 {
        assert_eq!(run_events(Some(crash)), uninterrupted, "crash before event {crash}");
    }
}
