//! Plan: which tasks the next superstep runs (LangGraph's `prepare_next_tasks`).
//!
//! Pull tasks: nodes with a trigger updated since they last ran, ordered by
//! name; only nodes listening to a channel the last superstep updated are
//! checked. Push tasks: one per pending `Send`, in send order.
//! O(updated channels' listeners + sends).
use super::run_state::RunState;
use crate::env::{hex16, stable_hash_bytes};
use crate::graph::compile::GraphSpec;
use crate::state::State;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// A task's position in its superstep; writes are applied in this order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TaskPath {
    /// Triggered by edges: ordered by node name.
    Pull(Rc<str>),
    /// The n-th `Send` of the previous superstep.
    Push(usize),
}

impl fmt::Display for TaskPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TaskPath::Pull(n) => write!(f, "__pregel_pull|{n}"),
            TaskPath::Push(i) => write!(f, "__pregel_push|{i}"),
        }
    }
}

/// One planned task: a node and the input it will get.
#[derive(Debug)]
pub struct Task {
    pub id: String,
    pub node: usize,
    pub name: Rc<str>,
    pub path: TaskPath,
    /// Channel ids that triggered the task (empty for push tasks).
    pub triggers: Vec<usize>,
    /// The node's input; released at the barrier so reducers can append in place.
    pub input: RefCell<State>,
    /// A push task's own timeout policy (see `Send::timeout`).
    pub timeout: Option<serde_json::Value>,
}

impl Task {
    /// A task outside any plan, writing as node `node` (state updates, a
    /// `Command`'s writes): no triggers, no input.
    pub fn writing_as(spec: &GraphSpec, node: usize, id: &str) -> Task {
        let name = spec.nodes[node].name.clone();
        Task {
            id: id.into(),
            node,
            name: name.clone(),
            path: TaskPath::Pull(name),
            triggers: vec![],
            input: Default::default(),
            timeout: None,
        }
    }

    pub fn input(&self) -> State {
        self.input.borrow().clone()
    }

    /// Drops this task's references to channel values.
    pub fn release_input(&self) {
        *self.input.borrow_mut() = State::default();
    }

    pub fn trigger_names(&self, spec: &GraphSpec) -> Vec<String> {
        match self.path {
            TaskPath::Push(_) => vec!["__pregel_push".into()],
            // An error handler's task, which nothing triggered: LangGraph.js pushes it.
            TaskPath::Pull(_)
                if self.triggers.is_empty() && spec.nodes.iter().any(|n| n.spec.error_handler.as_deref() == Some(&*self.name)) =>
            {
                vec!["__pregel_push".into()]
            }
            // The functional API's one node, which the input triggers (LangGraph subscribes it to START).
            TaskPath::Pull(_) if spec.inline_start => vec![crate::START.into()],
            TaskPath::Pull(_) => self.triggers.iter().map(|&c| spec.channels[c].name.to_string()).collect(),
        }
    }
}

/// `tasks` in the order LangGraph lists them in a state snapshot (`next`,
/// `tasks`): `Send`s first, in order, then edge-triggered nodes in the order
/// they were added (the apply order sorts those by name instead).
pub fn listing_order(tasks: &[Rc<Task>]) -> Vec<&Rc<Task>> {
    let mut listed: Vec<&Rc<Task>> = tasks.iter().collect();
    // Keys are unique: one task per Send, one pull task per node.
    let key = |t: &Rc<Task>| match t.path {
        TaskPath::Push(i) => (0, i),
        TaskPath::Pull(_) => (1, t.node),
    };
    crate::order::sort_by(&mut listed, &|a, b| key(a).cmp(&key(b)));
    listed
}

/// How many of a plan's tasks come before its `Send`s: the plan lists
/// edge-triggered tasks first, and LangGraph starts (and lists in checkpoint
/// events) the `Send`s first, so its order is the plan rotated by this much.
pub fn pull_count(tasks: &[Rc<Task>]) -> usize {
    tasks.iter().take_while(|t| matches!(t.path, TaskPath::Pull(_))).count()
}

/// The tasks of the superstep after `rs`, in apply order. `seed` makes ids unique per checkpoint.
pub fn plan(spec: &GraphSpec, rs: &RunState, seed: &str, namespace: &str) -> Vec<Rc<Task>> {
    let step = (rs.step + 1).to_le_bytes();
    let id = |path: &TaskPath| {
        let index;
        let (kind, key): (&[u8], &[u8]) = match path {
            TaskPath::Pull(name) => (b"pull", name.as_bytes()),
            TaskPath::Push(i) => {
                index = (*i as u64).to_le_bytes();
                (b"push", &index)
            }
        };
        hex16(stable_hash_bytes([seed.as_bytes(), namespace.as_bytes(), &step, kind, key]))
    };
    // Only nodes listening to an updated channel can be triggered (all, if unknown):
    // a step of a big graph checks only those (the tasks are sorted below).
    let candidates: Vec<usize> = match &rs.updated {
        Some(updated) => {
            let mut listening: Vec<usize> = updated.iter().flat_map(|&ch| spec.listeners[ch].iter().copied()).collect();
            // A node listening to several updated channels is checked once.
            crate::order::sort_by(&mut listening, &|a, b| a.cmp(b));
            listening.dedup();
            listening
        }
        None => (0..spec.nodes.len()).collect(),
    };
    // Tasks that read the same channels share one view: a fan-out's siblings, listed together,
    // read the state once rather than once each.
    let mut last_view: Option<(&[usize], State)> = None;
    let mut tasks: Vec<Rc<Task>> = candidates
        .into_iter()
        .filter(|&n| rs.triggered(spec, n))
        .map(|n| {
            let node = &spec.nodes[n];
            let triggers: Vec<usize> = node.triggers.iter().copied().filter(|&c| rs.available(spec, c)).collect();
            let path = TaskPath::Pull(node.name.clone());
            let input = if n == 0 {
                rs.values[spec.start_channel].as_deref().map(State::of_value).unwrap_or_default()
            } else {
                match &last_view {
                    Some((channels, view)) if *channels == &node.input[..] => view.clone(),
                    _ => last_view.insert((&node.input, rs.view(spec, &node.input))).1.clone(),
                }
            };
            Rc::new(Task { id: id(&path), node: n, name: node.name.clone(), path, triggers, input: RefCell::new(input), timeout: None })
        })
        .collect();
    crate::order::sort_by(&mut tasks, &|a, b| a.path.cmp(&b.path));
    tasks.extend(rs.sends.iter().enumerate().filter_map(|(i, send)| {
        let n = spec.node(&send.node)?;
        let path = TaskPath::Push(i);
        Some(Rc::new(Task {
            id: id(&path),
            node: n,
            name: spec.nodes[n].name.clone(),
            path,
            triggers: vec![],
            input: RefCell::new(State::of_value(&send.arg)),
            timeout: send.timeout.clone(),
        }))
    }));
    tasks
}
