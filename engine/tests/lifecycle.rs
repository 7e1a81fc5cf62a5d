//! The lifecycle hook (LangGraph.js's graph callbacks): the root run's pause, with
//! its status, checkpoint and interrupts, and each resumed run, root or subgraph.
mod common;
use common::*;
use futures::future::FutureExt;
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::*;

/// A thread config whose hook records each event it hears.
fn heard(thread: &str) -> (RunConfig, Rc<RefCell<Vec<GraphEvent>>>) {
    let events = Rc::new(RefCell::new(vec![]));
    let log = events.clone();
    let mut config = RunConfig::thread(thread);
    config.lifecycle = Some(LifecycleHook::new(move |e| {
        log.borrow_mut().push(e);
        async { Ok(()) }.boxed_local()
    }));
    (config, events)
}

fn checkpoint_of(g: &CompiledGraph, config: &RunConfig) -> String {
    g.get_state_blocking(config).unwrap().config["configurable"]["checkpoint_id"].as_str().unwrap().to_string()
}

/// The probe LangGraph.js 1.7.3 answered: `a` asks, subgraph `s` asks, `b` has a breakpoint before it.
fn asking() -> CompiledGraph {
    let ask = |q: &'static str| node_rt(move |_, rt| Ok::<_, NodeError>(json!({ "n": rt.interrupt(json!(q))? })));
    let sub = last(&["n"]).node("ask", ask("sub?")).edge(START, "ask").compile().unwrap();
    let options = CompileOptions { interrupt_before: vec!["b".into()], ..with_saver() };
    last(&["n"])
        .node("a", ask("ok?"))
        .subgraph("s", sub)
        .node("b", node(|_| Ok::<_, NodeError>(json!({ "n": 2 }))))
        .edge(START, "a")
        .edge("a", "s")
        .edge("s", "b")
        .compile_with(options)
        .unwrap()
}

#[test]
fn the_root_pause_and_every_resume_are_heard_with_their_checkpoints() {
    let g = asking();
    let (config, events) = heard("t");
    g.invoke_blocking(json!({ "n": 0 }), config.clone()).unwrap();
    let first = checkpoint_of(&g, &config);
    let paused = |status, id: &str, values: Vec<serde_json::Value>| (status, id.to_string(), values);
    let shown = |e: &GraphEvent| match e {
        GraphEvent::Paused { status, checkpoint_id, interrupts } => {
            ("paused", status.to_string(), checkpoint_id.clone(), interrupts.iter().map(|i| i.value.clone()).collect::<Vec<_>>())
        }
        GraphEvent::Resumed { namespace, checkpoint_id } => ("resumed", namespace.join("|"), checkpoint_id.clone(), vec![]),
    };
    let (kind, status, id, values) = shown(&events.borrow()[0]);
    assert_eq!((kind, (status.as_str(), id, values)), ("paused", paused("pending", &first, vec![json!("ok?")])));

    g.invoke_blocking(Command::resume(json!(1)), config.clone()).unwrap();
    let second = checkpoint_of(&g, &config);
    let now: Vec<_> = events.borrow()[1..].iter().map(shown).collect();
    assert_eq!(now.len(), 2, "{now:?}");
    assert_eq!(now[0], ("resumed", String::new(), first.clone(), vec![]));
    assert_eq!(now[1], ("paused", "pending".into(), second.clone(), vec![json!("sub?")]));

    // The subgraph's run resumes too, from its own checkpoint, under its namespace.
    g.invoke_blocking(Command::resume(json!(2)), config.clone()).unwrap();
    let third = checkpoint_of(&g, &config);
    let now: Vec<_> = events.borrow()[3..].iter().map(shown).collect();
    assert_eq!(now.len(), 3, "{now:?}");
    assert_eq!(now[0], ("resumed", String::new(), second, vec![]));
    assert_eq!((now[1].0, now[1].1.starts_with("s:")), ("resumed", true), "{now:?}");
    assert_ne!(now[1].2, third);
    assert_eq!(now[2], ("paused", "interrupt_before".into(), third.clone(), vec![]));

    // A null input resumes from the breakpoint; the run ends without a pause.
    assert_eq!(g.invoke_blocking(Input::Continue, config).unwrap(), json!({ "n": 2 }));
    let now: Vec<_> = events.borrow()[6..].iter().map(shown).collect();
    assert_eq!(now, vec![("resumed", String::new(), third, vec![])]);
}

#[test]
fn a_breakpoint_after_a_node_is_heard_as_interrupt_after_and_new_input_resumes_nothing() {
    let options = CompileOptions { interrupt_after: vec!["a".into()], ..with_saver() };
    let g = last(&["n"]).node("a", node(|_| Ok::<_, NodeError>(json!({ "n": 1 })))).edge(START, "a").compile_with(options).unwrap();
    let (config, events) = heard("t");
    g.invoke_blocking(json!({ "n": 0 }), config.clone()).unwrap();
    let id = checkpoint_of(&g, &config);
    assert_eq!(*events.borrow(), vec![GraphEvent::Paused { status: "interrupt_after", checkpoint_id: id, interrupts: vec![] }]);
    // New input starts afresh: nothing resumes.
    g.invoke_blocking(json!({ "n": 5 }), config).unwrap();
    assert!(events.borrow()[1..].iter().all(|e| matches!(e, GraphEvent::Paused { .. })), "{:?}", events.borrow());
}

#[test]
fn a_hook_that_fails_fails_the_run() {
    let g = asking();
    let mut config = RunConfig::thread("t");
    config.lifecycle = Some(LifecycleHook::new(|_| async { Err(Error::InvalidInput { message: "hook failed".into() }) }.boxed_local()));
    let err = g.invoke_blocking(json!({ "n": 0 }), config).unwrap_err();
    assert!(err.to_string().contains("hook failed"), "{err}");
}
