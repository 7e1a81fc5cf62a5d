//! Draining a run (LangGraph's `RunControl`): asked by the embedder or by a node,
//! the run stops at its next superstep boundary, before that superstep's tasks
//! run, with the last checkpoint saved; a null input resumes it there (and a
//! subgraph it stopped, where that stopped).
use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// A drain request: its reason once asked for. Clones share it; the run reads
/// it once per superstep. Nested runs inherit it: a subgraph stops at its own
/// boundary, and its parent's task passes the drain up, unfinished.
#[derive(Clone, Default)]
pub struct Drain {
    reason: Rc<RefCell<Option<String>>>,
    /// The embedder's own control object, handed back to its nodes.
    source: Option<Rc<dyn Any>>,
}

impl Drain {
    /// Asks every run under this request to stop at its next superstep boundary.
    pub fn request(&self, reason: impl Into<String>) {
        *self.reason.borrow_mut() = Some(reason.into());
    }

    /// The reason, once a drain is asked for.
    pub fn requested(&self) -> Option<String> {
        self.reason.borrow().clone()
    }

    /// The same request, with `source` (a JS `RunControl`, say) for the run's nodes to read.
    pub fn with_source(mut self, source: Rc<dyn Any>) -> Self {
        self.source = Some(source);
        self
    }

    pub fn source(&self) -> Option<&Rc<dyn Any>> {
        self.source.as_ref()
    }
}

impl fmt::Debug for Drain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Drain({:?})", self.requested())
    }
}
