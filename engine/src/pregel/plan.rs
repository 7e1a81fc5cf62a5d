//! Plan: which tasks the next superstep runs (LangGraph's `prepare_next_tasks`).
//!
//! Pull tasks: nodes with a trigger updated since they last ran, ordered by
//! name. Push tasks: one per pending `Send`, in send order. O(nodes + sends).
use super::run_state::RunState;
use crate::env::stable_hash;
use crate::graph::compile::GraphSpec;
use crate::state::State;
use serde_json::Value;
use std::fmt;

/// A task's position in its superstep; writes are applied in this order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TaskPath {
    /// Triggered by edges: ordered by node name.
    Pull(String),
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
#[derive(Clone, Debug)]
pub struct Task {
    pub id: String,
    pub node: usize,
    pub name: String,
    pub path: TaskPath,
    /// Channel ids that triggered the task (empty for push tasks).
    pub triggers: Vec<usize>,
    pub input: State,
    /// For push tasks, the `Send` argument (the node's whole input).
    pub arg: Option<Value>,
}

impl Task {
    pub fn trigger_names(&self, spec: &GraphSpec) -> Vec<String> {
        match self.path {
            TaskPath::Push(_) => vec!["__pregel_push".into()],
            TaskPath::Pull(_) => self.triggers.iter().map(|&c| spec.channels[c].name.to_string()).collect(),
        }
    }
}

/// The tasks of the superstep after `rs`, in apply order. `seed` makes ids unique per checkpoint.
pub fn plan(spec: &GraphSpec, rs: &RunState, seed: &str, namespace: &str) -> Vec<Task> {
    let step = (rs.step + 1).to_string();
    let id = |path: &TaskPath| stable_hash(&[seed, namespace, &step, &path.to_string()]);
    let mut pulls: Vec<Task> = (0..spec.nodes.len())
        .filter(|&n| rs.triggered(spec, n))
        .map(|n| {
            let node = &spec.nodes[n];
            let triggers: Vec<usize> = node.triggers.iter().copied().filter(|&c| rs.available(spec, c)).collect();
            let path = TaskPath::Pull(node.spec.name.clone());
            let input = if n == 0 {
                State::from_value(rs.values[spec.start_channel].as_deref().cloned().unwrap_or(Value::Null))
            } else {
                rs.view(spec, &node.input)
            };
            Task { id: id(&path), node: n, name: node.spec.name.clone(), path, triggers, input, arg: None }
        })
        .collect();
    pulls.sort_by(|a, b| a.path.cmp(&b.path));
    let pushes = rs.sends.iter().enumerate().filter_map(|(i, send)| {
        let n = spec.node(&send.node)?;
        let path = TaskPath::Push(i);
        Some(Task {
            id: id(&path),
            node: n,
            name: send.node.clone(),
            path,
            triggers: vec![],
            input: State::from_value(send.arg.clone()),
            arg: Some(send.arg.clone()),
        })
    });
    pulls.extend(pushes);
    pulls
}
