//! `StateGraph`: the builder. It only records; `compile()` validates once.
use super::node::{BranchSpec, NodeFn, NodeSpec, RouterFn};
use crate::reducers::Reducer;
use crate::types::{END, START};
use serde_json::Value;

/// A state key's reducer and default value.
#[derive(Clone, Debug)]
pub struct Channel {
    pub reducer: Reducer,
    pub default: Option<Value>,
    /// Never checkpointed (LangGraph's `UntrackedValue`): the value lives for one run,
    /// and a run restored from a checkpoint starts from the default.
    pub untracked: bool,
}

impl Channel {
    /// The default channel: each write overwrites.
    pub fn last_value() -> Self {
        Channel { reducer: Reducer::LastValue, default: None, untracked: false }
    }
    pub fn reducer(reducer: Reducer) -> Self {
        Channel { reducer, default: None, untracked: false }
    }
    pub fn append() -> Self {
        Channel::reducer(Reducer::Append).default(Value::Array(vec![]))
    }
    pub fn messages() -> Self {
        Channel::reducer(Reducer::Messages).default(Value::Array(vec![]))
    }
    pub fn default(mut self, value: Value) -> Self {
        self.default = Some(value);
        self
    }
    pub fn untracked(mut self) -> Self {
        self.untracked = true;
        self
    }
}

/// A graph under construction.
#[derive(Clone, Default)]
pub struct StateGraph {
    pub(crate) name: String,
    /// Every declared key, in declaration order: state, input, output, private.
    pub(crate) channels: Vec<(String, Channel)>,
    /// The state schema's keys: the default node input and invoke output.
    pub(crate) state_keys: Vec<String>,
    pub(crate) input_keys: Option<Vec<String>>,
    pub(crate) output_keys: Option<Vec<String>>,
    pub(crate) nodes: Vec<NodeSpec>,
    pub(crate) edges: Vec<(String, String)>,
    pub(crate) joins: Vec<(Vec<String>, String)>,
    pub(crate) branches: Vec<BranchSpec>,
    /// A managed key that reads as the supersteps left (LangGraph's `RemainingSteps`).
    pub(crate) remaining_steps_key: Option<String>,
}

impl StateGraph {
    pub fn new() -> Self {
        StateGraph { name: "LangGraph".into(), ..Default::default() }
    }

    /// A graph whose state schema is `keys`, each with its channel.
    pub fn with_state<I: IntoIterator<Item = (S, Channel)>, S: Into<String>>(keys: I) -> Self {
        let mut g = StateGraph::new();
        for (k, c) in keys {
            g = g.channel(k, c);
        }
        g
    }

    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Adds a key to the state schema.
    pub fn channel(mut self, key: impl Into<String>, channel: Channel) -> Self {
        let key = key.into();
        if !self.state_keys.contains(&key) {
            self.state_keys.push(key.clone());
        }
        self.declare(key, channel);
        self
    }

    /// Adds a managed key whose value is the number of supersteps left before
    /// the recursion limit (LangGraph's `RemainingSteps`). Nodes and routers read it.
    pub fn remaining_steps(mut self, key: impl Into<String>) -> Self {
        self.remaining_steps_key = Some(key.into());
        self
    }

    /// Declares a key outside the state schema (input, output or private keys).
    pub fn private_channel(mut self, key: impl Into<String>, channel: Channel) -> Self {
        self.declare(key.into(), channel);
        self
    }

    fn declare(&mut self, key: String, channel: Channel) {
        match self.channels.iter_mut().find(|(k, _)| *k == key) {
            // A later declaration with a reducer wins over a plain one, as in a schema union.
            Some((_, c)) if c.reducer.is_last_value() => *c = channel,
            Some(_) => {}
            None => self.channels.push((key, channel)),
        }
    }

    /// `invoke` accepts only these keys (declared as last-value keys if new).
    pub fn input_keys<I: IntoIterator<Item = S>, S: Into<String>>(mut self, keys: I) -> Self {
        let keys: Vec<String> = keys.into_iter().map(Into::into).collect();
        for k in &keys {
            self.declare_plain(k);
        }
        self.input_keys = Some(keys);
        self
    }

    /// `invoke` returns only these keys (declared as last-value keys if new).
    pub fn output_keys<I: IntoIterator<Item = S>, S: Into<String>>(mut self, keys: I) -> Self {
        let keys: Vec<String> = keys.into_iter().map(Into::into).collect();
        for k in &keys {
            self.declare_plain(k);
        }
        self.output_keys = Some(keys);
        self
    }

    fn declare_plain(&mut self, key: &str) {
        if !self.channels.iter().any(|(k, _)| k == key) {
            self.channels.push((key.to_string(), Channel::last_value()));
        }
    }

    /// Adds a node running `action`.
    pub fn node(self, name: impl Into<String>, action: NodeFn) -> Self {
        self.add_node(NodeSpec::new(name, action))
    }

    /// Adds a fully specified node; its input keys become channels if new.
    pub fn add_node(mut self, spec: NodeSpec) -> Self {
        if let Some(keys) = &spec.input {
            for k in keys.clone() {
                self.declare_plain(&k);
            }
        }
        self.nodes.push(spec);
        self
    }

    /// Adds a compiled graph as a node; it reads and writes the parent's keys.
    pub fn subgraph(self, name: impl Into<String>, graph: crate::CompiledGraph) -> Self {
        self.add_node(crate::pregel::subgraph_node(name.into(), graph))
    }

    pub fn edge(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.edges.push((from.into(), to.into()));
        self
    }

    /// A waiting edge: `to` runs once, after every node in `from` has run.
    pub fn join<I: IntoIterator<Item = S>, S: Into<String>>(mut self, from: I, to: impl Into<String>) -> Self {
        let mut from: Vec<String> = from.into_iter().map(Into::into).collect();
        if from.len() == 1 {
            return self.edge(from.remove(0), to);
        }
        self.joins.push((from, to.into()));
        self
    }

    /// Nodes in a chain: START is not added; edges link consecutive names.
    pub fn sequence<I: IntoIterator<Item = (S, NodeFn)>, S: Into<String>>(mut self, nodes: I) -> Self {
        let mut prev: Option<String> = None;
        for (name, action) in nodes {
            let name = name.into();
            self = self.node(name.clone(), action);
            if let Some(p) = prev.take() {
                self = self.edge(p, name.clone());
            }
            prev = Some(name);
        }
        self
    }

    pub fn conditional(mut self, source: impl Into<String>, router: RouterFn, path_map: Option<Vec<(String, String)>>) -> Self {
        self.branches.push(BranchSpec { source: source.into(), router, path_map, metadata: Value::Null });
        self
    }

    /// `add_conditional_edges` with a full branch spec (metadata kept for documents).
    pub fn branch(mut self, branch: BranchSpec) -> Self {
        self.branches.push(branch);
        self
    }

    pub fn entry_point(self, node: impl Into<String>) -> Self {
        self.edge(START, node)
    }

    pub fn finish_point(self, node: impl Into<String>) -> Self {
        self.edge(node, END)
    }

    /// Node names in insertion order.
    pub fn node_names(&self) -> impl Iterator<Item = &str> {
        self.nodes.iter().map(|n| n.name.as_str())
    }
}
