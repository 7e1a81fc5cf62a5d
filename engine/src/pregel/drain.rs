//! Draining a run (LangGraph's `RunControl`): asked by the embedder or by a node,
//! the run stops at its next superstep boundary, before that superstep's tasks
//! run, with the last checkpoint saved; a null input resumes it there.
use std::any::Any;
use std::fmt;
use std::rc::Rc;

/// Whether a drain has been asked for, and why; the run reads it once per
/// superstep. Nested runs inherit it (for their nodes to see), and only the root
/// run stops.
#[derive(Clone)]
pub struct Drain {
    requested: Rc<dyn Fn() -> Option<String>>,
    /// The embedder's own control object, handed back to its nodes.
    source: Option<Rc<dyn Any>>,
}

impl Drain {
    /// `requested` gives the reason once a drain is asked for.
    pub fn new(requested: impl Fn() -> Option<String> + 'static) -> Self {
        Drain { requested: Rc::new(requested), source: None }
    }

    /// Keeps `source` (a JS `RunControl`, say) for the run's nodes to read.
    pub fn with_source(mut self, source: Rc<dyn Any>) -> Self {
        self.source = Some(source);
        self
    }

    pub fn source(&self) -> Option<&Rc<dyn Any>> {
        self.source.as_ref()
    }

    /// The reason, once a drain is asked for.
    pub fn requested(&self) -> Option<String> {
        (self.requested)()
    }
}

impl fmt::Debug for Drain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Drain({:?})", self.requested())
    }
}
