//! Cancelling a run from outside (a JS `AbortSignal` in the package): the run
//! stops at once, keeps what it committed, and the thread resumes.
mod common;
use common::*;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::*;

/// A cancel signal and the function that fires it.
fn cancel_signal() -> (pregel::Cancel, Rc<dyn Fn()>) {
    let (tx, rx) = futures::channel::oneshot::channel::<()>();
    let tx = std::cell::RefCell::new(Some(tx));
    let fire = move || {
        if let Some(tx) = tx.borrow_mut().take() {
            let _ = tx.send(());
        }
    };
    (
        pregel::Cancel::new(async move {
            let _ = rx.await;
        }),
        Rc::new(fire),
    )
}

#[test]
fn a_cancelled_run_stops_keeping_what_it_committed_and_resumes() {
    use futures::FutureExt;
    let (cancel, fire) = cancel_signal();
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .node(
            "quick",
            node(move |_| {
                fire();
                Ok::<_, NodeError>(json!({"path": ["quick"]}))
            }),
        )
        .node(
            "slow",
            async_node(|_, _| {
                async {
                    yield_times(5).await;
                    Ok::<_, NodeError>(json!({"path": ["slow"]}))
                }
                .boxed_local()
            }),
        )
        .node("after", mark("after"))
        .edge(START, "quick")
        .edge(START, "slow")
        .edge("slow", "after")
        .compile_with(with_saver())
        .unwrap();
    let mut cfg = RunConfig::thread("t");
    cfg.cancel = Some(cancel);
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap_err(), Error::Cancelled);
    let state = g.get_state_blocking(&cfg).unwrap();
    // The stopped task left nothing: no error, and it is next again; the finished one's write shows.
    assert_eq!(state.next, vec!["slow"]);
    assert!(state.tasks.iter().all(|t| t.error.is_none()));
    assert_eq!(state.values["path"], json!(["quick"]));
    // A fired signal stops a new run before its first superstep.
    assert_eq!(g.invoke_blocking(Value::Null, cfg.clone()).unwrap_err(), Error::Cancelled);
    cfg.cancel = None;
    assert_eq!(g.invoke_blocking(Value::Null, cfg).unwrap()["path"], json!(["quick", "slow", "after"]));
}
