//! The stepping API: one superstep at a time, each with a snapshot.
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::json;
use superstep::*;

#[test]
fn each_step_reports_tasks_writes_state_next_and_outcome() {
    let g = StateGraph::new()
        .channel("count", Channel::reducer(Reducer::Add).default(json!(0)))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"count": 1}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"count": 10}))))
        .edge(START, "a")
        .edge("a", "b")
        .compile()
        .unwrap();
    let mut s = g.stepper_blocking(json!({"count": 5}), RunConfig::default()).unwrap();
    assert_eq!(s.next_nodes(), vec![START]);
    // LangGraph.js's default limit; the input checkpoint is step -1.
    assert_eq!((s.recursion_limit(), s.step_number(), s.is_finished()), (25, -1, false));
    let s0 = block_on(s.step());
    assert_eq!((s0.step, s0.state.clone(), s0.next.clone()), (0, json!({"count": 5}), vec!["a".to_string()]));
    let s1 = block_on(s.step());
    assert_eq!(s1.step, 1);
    assert_eq!(s1.tasks.len(), 1);
    assert_eq!(s1.tasks[0].name, "a");
    assert_eq!(s1.tasks[0].triggers, vec!["branch:to:a"]);
    assert_eq!(s1.tasks[0].path, "__pregel_pull|a");
    assert_eq!(s1.tasks[0].input, json!({"count": 5}));
    assert_eq!(s1.tasks[0].writes, vec![("count".to_string(), json!(1))]);
    assert_eq!(s1.state, json!({"count": 6}));
    assert_eq!(s1.changed, vec!["count"]);
    assert_eq!(s1.outcome, Outcome::Continue);
    let s2 = block_on(s.step());
    assert_eq!((s2.state.clone(), s2.next.clone()), (json!({"count": 16}), Vec::<String>::new()));
    assert_eq!((s.step_number(), s.is_finished()), (2, false));
    let s3 = block_on(s.step());
    assert_eq!(s3.outcome, Outcome::Done);
    assert!(s3.tasks.is_empty());
    assert!(s.is_finished());
    // A finished stepper stays finished.
    assert_eq!(block_on(s.step()).outcome, Outcome::Done);
}

#[test]
fn a_failed_step_reports_the_error_on_the_task_and_keeps_state() {
    let g = last(&["x"])
        .node("ok", node(|_| Ok::<_, NodeError>(json!({"x": 1}))))
        .node("bad", node(|_| Err::<serde_json::Value, _>("nope")))
        .edge(START, "ok")
        .edge(START, "bad")
        .compile()
        .unwrap();
    let mut s = g.stepper_blocking(json!({}), RunConfig::default()).unwrap();
    block_on(s.step());
    let snap = block_on(s.step());
    assert!(matches!(snap.outcome, Outcome::Error(Error::Node { ref node, .. }) if node == "bad"));
    let bad = snap.tasks.iter().find(|t| t.name == "bad").unwrap();
    assert_eq!(bad.error.as_deref(), Some("nope"));
    assert_eq!(snap.state, json!({}));
    let _ = run; // keep the helper module used
}

/// `ask` pauses with "ok?" as its sibling `sib` writes `y`.
fn ask_and_sibling() -> CompiledGraph {
    last(&["x", "y"])
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({ "x": rt.interrupt(json!("ok?"))? }))))
        .node("sib", node(|_| Ok::<_, NodeError>(json!({"y": 2}))))
        .edge(START, "ask")
        .edge(START, "sib")
        .compile_with(with_saver())
        .unwrap()
}

#[test]
fn a_paused_step_reports_each_tasks_interrupts_and_applies_nothing() {
    // What the editor's step view shows: the asking task's question, its sibling's writes
    // kept aside, and the state as before the step.
    let g = ask_and_sibling();
    let mut s = g.stepper_blocking(json!({}), RunConfig::thread("t")).unwrap();
    block_on(s.step());
    let snap = block_on(s.step());
    assert!(matches!(snap.outcome, Outcome::Interrupted(_)), "{:?}", snap.outcome);
    let ask = snap.tasks.iter().find(|t| t.name == "ask").unwrap();
    assert_eq!(ask.interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>(), [json!("ok?")]);
    assert!(ask.writes.is_empty());
    let sib = snap.tasks.iter().find(|t| t.name == "sib").unwrap();
    assert_eq!((sib.interrupts.len(), sib.writes.clone()), (0, vec![("y".to_string(), json!(2))]));
    assert_eq!(snap.state, json!({}));
}

/// Runs `s.step_shared`, returning the snapshot, the state view's value and each input as handed over.
fn step_shared(s: &mut Stepper) -> (StepSnapshot, serde_json::Value, Vec<serde_json::Value>) {
    let inputs = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let keep = inputs.clone();
    let shared = block_on(s.step_shared(Box::new(move |input: &State| keep.borrow_mut().push(input.to_value()))));
    let inputs = inputs.take();
    (shared.snapshot, shared.state.to_value(), inputs)
}

#[test]
fn a_shared_step_hands_each_input_over_before_the_barrier_and_shows_the_state_as_a_view() {
    // Bindings convert these with their cache: the snapshot itself carries no copies.
    let g = StateGraph::new()
        .channel("log", Channel::reducer(Reducer::Append))
        .node("a", node(|_| Ok::<_, NodeError>(json!({"log": ["a"]}))))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"log": ["b"]}))))
        .edge(START, "a")
        .edge(START, "b")
        .compile()
        .unwrap();
    let mut s = g.stepper_blocking(json!({"log": ["seed"]}), RunConfig::default()).unwrap();
    let (s0, state0, inputs0) = step_shared(&mut s);
    assert_eq!((s0.state.clone(), state0, inputs0.len()), (serde_json::Value::Null, json!({"log": ["seed"]}), s0.tasks.len()));
    let (s1, state1, inputs1) = step_shared(&mut s);
    assert_eq!(s1.tasks.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    assert!(s1.tasks.iter().all(|t| t.input.is_null()));
    // Each input as it was before the barrier appended to the list.
    assert_eq!(inputs1, [json!({"log": ["seed"]}), json!({"log": ["seed"]})]);
    assert_eq!(state1, json!({"log": ["seed", "a", "b"]}));
    assert_eq!(s.state_view().to_value(), state1);
    // A plain `step` may follow shared ones.
    assert_eq!(block_on(s.step()).outcome, Outcome::Done);
}

#[test]
fn a_shared_step_that_pauses_before_its_barrier_still_hands_every_input_over() {
    let g = ask_and_sibling();
    let mut s = g.stepper_blocking(json!({"x": 1}), RunConfig::thread("t")).unwrap();
    step_shared(&mut s);
    let (snap, state, inputs) = step_shared(&mut s);
    assert!(matches!(snap.outcome, Outcome::Interrupted(_)), "{:?}", snap.outcome);
    assert_eq!((inputs, state), (vec![json!({"x": 1}); 2], json!({"x": 1})));
}

#[test]
fn a_shared_step_dropped_before_its_barrier_leaves_the_next_plain_step_its_inputs() {
    let g = last(&["x"]).node("a", node(|_| Ok::<_, NodeError>(json!({"x": 2})))).edge(START, "a").compile().unwrap();
    let mut s = g.stepper_blocking(json!({"x": 1}), RunConfig::default()).unwrap();
    block_on(s.step());
    drop(s.step_shared(Box::new(|_: &State| panic!("a dropped step hands nothing over"))));
    let snap = block_on(s.step());
    assert_eq!(snap.tasks.iter().map(|t| t.input.clone()).collect::<Vec<_>>(), [json!({"x": 1})]);
}
