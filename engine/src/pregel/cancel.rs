//! Cancelling a run from outside (a JS `AbortSignal`): the run stops at once,
//! between or during supersteps, keeping what it committed.
use futures::future::{FutureExt, LocalBoxFuture, Shared};
use std::any::Any;
use std::fmt;
use std::future::Future;
use std::rc::Rc;

/// Resolves when the run should stop. Clones share the one signal; nested
/// runs inherit it.
#[derive(Clone)]
pub struct Cancel {
    fired: Shared<LocalBoxFuture<'static, ()>>,
    /// The embedder's own signal object, handed back to its nodes.
    source: Option<Rc<dyn Any>>,
}

impl Cancel {
    pub fn new(signal: impl Future<Output = ()> + 'static) -> Self {
        Cancel { fired: signal.boxed_local().shared(), source: None }
    }

    /// Keeps `source` (a JS `AbortSignal`, say) for the run's nodes to read.
    pub fn with_source(mut self, source: Rc<dyn Any>) -> Self {
        self.source = Some(source);
        self
    }

    pub fn source(&self) -> Option<&Rc<dyn Any>> {
        self.source.as_ref()
    }

    pub fn is_cancelled(&self) -> bool {
        // Polled (not peeked): a signal that fired but was never awaited counts.
        self.fired.clone().now_or_never().is_some()
    }

    /// A future that resolves when the run is cancelled.
    pub fn wait(&self) -> Shared<LocalBoxFuture<'static, ()>> {
        self.fired.clone()
    }
}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cancel({})", if self.is_cancelled() { "cancelled" } else { "armed" })
    }
}
