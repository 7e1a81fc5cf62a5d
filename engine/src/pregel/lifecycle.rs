//! What an embedder hears of a run's pauses and resumes (LangGraph.js's graph
//! callbacks): the root run's pause, and each run, root or subgraph, that
//! continues from its checkpoint. The hook is awaited before the run goes on;
//! an error it returns fails the run.
use crate::types::Interrupt;
use crate::Error;
use futures::future::LocalBoxFuture;
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq)]
pub enum GraphEvent {
    /// A run (the root, or a subgraph at `namespace`) continues from checkpoint `checkpoint_id`.
    Resumed { namespace: Vec<String>, checkpoint_id: String },
    /// The root run paused at checkpoint `checkpoint_id`: on `interrupt()` calls
    /// (status "pending", with their interrupts) or at a breakpoint
    /// ("interrupt_before" or "interrupt_after", none).
    Paused { status: &'static str, checkpoint_id: String, interrupts: Vec<Interrupt> },
}

/// The embedder's function that hears a run's `GraphEvent`s.
#[derive(Clone)]
pub struct LifecycleHook(Rc<dyn Fn(GraphEvent) -> LocalBoxFuture<'static, Result<(), Error>>>);

impl LifecycleHook {
    pub fn new(hear: impl Fn(GraphEvent) -> LocalBoxFuture<'static, Result<(), Error>> + 'static) -> Self {
        LifecycleHook(Rc::new(hear))
    }
}

impl std::fmt::Debug for LifecycleHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LifecycleHook")
    }
}

/// Calls `hook` with `event`, if there is a hook.
pub(crate) async fn tell(hook: Option<&LifecycleHook>, event: impl FnOnce() -> GraphEvent) -> Result<(), Error> {
    match hook {
        Some(h) => (h.0)(event()).await,
        None => Ok(()),
    }
}
