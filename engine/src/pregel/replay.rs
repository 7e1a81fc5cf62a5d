//! Subgraph lookups of a time-travelling run (LangGraph.js's `ReplayState`).
//! Replaying an old checkpoint, or continuing a fork `update_state` made, each
//! subgraph namespace is first looked up as it was when that checkpoint was
//! written, so a per-thread subgraph starts from its state of that time, not
//! from its newest. Checkpoint ids sort by time across graphs that share an
//! `Env` (the JS package has one per page).
use std::cell::RefCell;
use std::rc::Rc;

pub(crate) struct ReplayBound {
    /// The checkpoint travelled to (or the one a fork was made on): lookups take what was saved before it.
    pub before: String,
    visited: RefCell<Vec<String>>,
}

impl ReplayBound {
    pub fn new(before: String) -> Rc<Self> {
        Rc::new(ReplayBound { before, visited: RefCell::default() })
    }

    /// Whether this run looks up `ns` for the first time (a task id suffix aside, so
    /// a subgraph called again on a loop counts as visited).
    pub fn first_visit(&self, ns: &str) -> bool {
        let stable = ns.rsplit_once(':').map_or(ns, |(head, _)| head);
        let mut visited = self.visited.borrow_mut();
        if visited.iter().any(|v| v == stable) {
            return false;
        }
        visited.push(stable.to_string());
        true
    }
}
