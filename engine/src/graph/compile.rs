//! `compile()`: validates a `StateGraph` once and lays out its channels.
//!
//! Channels are indexed: state keys first, then `__start__`, one
//! `branch:to:<node>` trigger per node and one `join:<a>+<b>:<c>` barrier per
//! waiting edge. The runtime never re-checks the graph's shape.
use super::builder::StateGraph;
use super::node::{BranchSpec, NodeSpec};
use crate::error::{Error, ValidationError};
use crate::pregel::{CompileOptions, CompiledGraph};
use crate::reducers::Reducer;
use crate::types::{END, START};
use hashbrown::HashMap;
use serde_json::Value;

/// What a channel holds and how it is updated.
#[derive(Clone, Debug)]
pub enum ChannelKind {
    /// A state key with its reducer.
    State(Reducer),
    /// The graph input, read by the START task.
    Start,
    /// `branch:to:<node>`: set when an edge or router targets the node; cleared next step.
    /// A deferred node's waits instead, and is available once finished (see `pregel::finish`).
    Trigger { deferred: bool },
    /// `join:...`: collects source names; available once all have written (and, for a
    /// deferred node, once finished). `sources` is sorted by name.
    Barrier { sources: Vec<String>, deferred: bool },
}

#[derive(Clone, Debug)]
pub struct ChannelSpec {
    pub name: std::rc::Rc<str>,
    pub kind: ChannelKind,
    pub default: Option<Value>,
    /// A state channel no checkpoint keeps (see `Channel::untracked`).
    pub untracked: bool,
}

/// A node as the runtime sees it: indices instead of names.
#[derive(Clone)]
pub struct CompiledNode {
    pub name: std::rc::Rc<str>,
    pub spec: NodeSpec,
    /// State channels the node reads.
    pub input: Vec<usize>,
    /// Channels whose update triggers the node.
    pub triggers: Vec<usize>,
    /// Channels written after the node runs: `branch:to:` targets of static edges, join barriers.
    pub edge_writes: Vec<usize>,
    pub branches: Vec<BranchSpec>,
}

/// The immutable, validated form of a graph.
pub struct GraphSpec {
    pub name: String,
    /// `name` again, shared by every checkpoint's metadata.
    pub shared_name: std::rc::Rc<str>,
    /// The graph's version, recorded in checkpoints.
    pub version: std::rc::Rc<str>,
    pub channels: Vec<ChannelSpec>,
    pub channel_index: HashMap<String, usize>,
    /// Channels `0..state_count` are state keys.
    pub state_count: usize,
    pub start_channel: usize,
    pub state_keys: Vec<usize>,
    pub input_keys: Vec<usize>,
    pub output_keys: Vec<usize>,
    /// Node 0 is the START pseudo-node.
    pub nodes: Vec<CompiledNode>,
    pub node_index: HashMap<String, usize>,
    /// Per channel, the nodes it triggers.
    pub listeners: Vec<Vec<usize>>,
    pub warnings: Vec<String>,
    pub remaining_steps_key: Option<std::rc::Rc<str>>,
    /// Nodes with a static edge to END (kept for drawing).
    pub end_edges: Vec<String>,
    /// `CompileOptions::inline_start`: the input triggers the one node directly.
    pub inline_start: bool,
}

impl GraphSpec {
    pub fn channel(&self, name: &str) -> Option<usize> {
        self.channel_index.get(name).copied()
    }
    pub fn node(&self, name: &str) -> Option<usize> {
        self.node_index.get(name).copied()
    }
    pub fn trigger_of(&self, node: usize) -> usize {
        self.start_channel + node
    }
}

fn reserved(name: &str) -> bool {
    name == START || name == END || name == "__interrupt__" || name == "__metadata__" || name.contains(['|', ':'])
}

/// How `layout` names a node's trigger channel and a waiting edge's barrier.
const TRIGGER_PREFIX: &str = "branch:to:";
const JOIN_PREFIX: &str = "join:";

/// A state key that would share its name with one of the graph's own channels.
fn reserved_key(key: &str) -> bool {
    key == START || key.starts_with(TRIGGER_PREFIX) || key.starts_with(JOIN_PREFIX)
}

pub fn compile(g: StateGraph, options: CompileOptions) -> Result<CompiledGraph, Error> {
    let names = validate(&g, &options)?;
    let mut spec = layout(g, names)?;
    crate::order::sort_by(&mut spec.warnings, &|a, b| a.cmp(b));
    Ok(CompiledGraph::new(spec, options))
}

/// Structural checks; returns the node names in insertion order.
fn validate(g: &StateGraph, options: &CompileOptions) -> Result<Vec<String>, ValidationError> {
    if let Some((key, _)) = g.channels.iter().find(|(k, _)| reserved_key(k)) {
        return Err(ValidationError::ReservedKey { key: key.clone() });
    }
    let mut names: Vec<String> = Vec::with_capacity(g.nodes.len());
    for n in &g.nodes {
        if reserved(&n.name) {
            return Err(ValidationError::ReservedName { name: n.name.clone() });
        }
        names.push(n.name.clone());
    }
    let flow = super::flow::Flow::of(g, &names)?;
    let known = |n: &str| flow.knows(n);
    let unknown = |node: &str, context: String| ValidationError::UnknownNode { node: node.to_string(), context };
    let misplaced = |endpoint: &str, problem, context| ValidationError::MisplacedEndpoint { endpoint: endpoint.into(), problem, context };
    const END_STARTS: &str = "END cannot be a start node";
    // How an edge and a waiting edge are named in an error.
    let edge = |from: &str, to: &str| format!("edge {from} -> {to}");
    let waiting = |from: &[String], to: &str| format!("waiting edge [{}] -> {to}", from.join(", "));
    // In LangGraph's order, so that the first fault found is the one it names:
    // misplaced ends, unknown sources, unreachable nodes, unknown targets,
    // breakpoints; then the entry point, which LangGraph does not ask for.
    for (from, to) in &g.edges {
        if from == END {
            return Err(misplaced(END, END_STARTS, edge(from, to)));
        }
        if to == START {
            return Err(misplaced(START, "START cannot be an end node", edge(from, to)));
        }
    }
    for (from, to) in &g.joins {
        if from.iter().any(|f| f == END) {
            return Err(misplaced(END, END_STARTS, waiting(from, to)));
        }
        if to == END || to == START {
            return Err(misplaced(to, "a waiting edge must end at a node, not at START or END", waiting(from, to)));
        }
    }
    if let Some(b) = g.branches.iter().find(|b| b.source == END) {
        return Err(misplaced(&b.source, END_STARTS, "conditional edge source".into()));
    }
    for (from, to) in &g.edges {
        if from != START && !known(from) {
            return Err(unknown(from, edge(from, to)));
        }
    }
    for (from, to) in &g.joins {
        if let Some(f) = from.iter().find(|f| !known(f)) {
            return Err(unknown(f, waiting(from, to)));
        }
    }
    if let Some(b) = g.branches.iter().find(|b| b.source != START && !known(&b.source)) {
        return Err(unknown(&b.source, "conditional edge source".into()));
    }
    // As LangGraph: a node is unreachable when nothing can lead to it, i.e. no
    // edge, path map or `ends` names it (a router without a path map may lead
    // to any other node). Whether START reaches it is not asked: a Command from
    // a subgraph, or from a node without `ends`, may still lead to it.
    if let Some(node) = flow.unreachable() {
        return Err(ValidationError::Unreachable { node: node.clone() });
    }
    for (from, to) in &g.edges {
        if to != END && !known(to) {
            return Err(unknown(to, edge(from, to)));
        }
    }
    for (from, to) in &g.joins {
        if !known(to) {
            return Err(unknown(to, waiting(from, to)));
        }
    }
    for b in &g.branches {
        for (_, target) in b.path_map.iter().flatten() {
            if target != END && !known(target) {
                return Err(ValidationError::UnknownPathTarget { source: b.source.clone(), target: target.clone() });
            }
        }
    }
    for n in &g.nodes {
        for e in &n.ends {
            if e != END && !known(e) {
                return Err(unknown(e, format!("`ends` of node {}", n.name)));
            }
        }
        if let Some(h) = n.error_handler.as_deref().filter(|h| !known(h)) {
            return Err(unknown(h, format!("the error handler of node {}", n.name)));
        }
    }
    for (which, list) in [("interrupt_before", &options.interrupt_before), ("interrupt_after", &options.interrupt_after)] {
        for n in list.iter().filter(|n| *n != "*") {
            if !known(n) {
                return Err(unknown(n, which.to_string()));
            }
        }
    }
    if !g.edges.iter().any(|(f, _)| f == START) && !g.branches.iter().any(|b| b.source == START) {
        return Err(ValidationError::NoEntryPoint);
    }
    drop(flow);
    Ok(names)
}

fn layout(g: StateGraph, names: Vec<String>) -> Result<GraphSpec, ValidationError> {
    let flow = super::flow::Flow::of(&g, &names)?;
    let mut warnings: Vec<String> =
        flow.not_from_start().into_iter().map(|n| format!("no edge from START leads to node `{n}`; only a Command can")).collect();
    warnings.extend(flow.cannot_finish().into_iter().map(|n| format!("node `{n}` has no path to END")));
    let mut channels: Vec<ChannelSpec> = g
        .channels
        .iter()
        .map(|(k, c)| ChannelSpec {
            name: std::rc::Rc::from(k.as_str()),
            kind: ChannelKind::State(c.reducer.clone()),
            default: c.default.clone(),
            untracked: c.untracked,
        })
        .collect();
    let state_count = channels.len();
    let start_channel = channels.len();
    channels.push(ChannelSpec { name: std::rc::Rc::from(START), kind: ChannelKind::Start, default: None, untracked: false });
    let mut node_index = HashMap::new();
    node_index.insert(START.to_string(), 0);
    // `names` follows `g.nodes`.
    for (i, n) in names.iter().enumerate() {
        node_index.insert(n.clone(), i + 1);
        let kind = ChannelKind::Trigger { deferred: g.nodes[i].defer };
        channels.push(ChannelSpec { name: std::rc::Rc::from(format!("{TRIGGER_PREFIX}{n}")), kind, default: None, untracked: false });
    }
    let join_base = channels.len();
    for (from, to) in &g.joins {
        let mut sources = from.clone();
        crate::order::sort_by(&mut sources, &|a, b| a.cmp(b));
        channels.push(ChannelSpec {
            name: std::rc::Rc::from(format!("{JOIN_PREFIX}{}:{to}", from.join("+"))),
            kind: ChannelKind::Barrier { sources, deferred: g.nodes[node_index[to.as_str()] - 1].defer },
            default: None,
            untracked: false,
        });
    }
    let channel_index: HashMap<String, usize> = channels.iter().enumerate().map(|(i, c)| (c.name.to_string(), i)).collect();
    let key = |k: &str, context: &str| {
        channel_index
            .get(k)
            .copied()
            .filter(|i| *i < state_count)
            .ok_or_else(|| ValidationError::UnknownKey { key: k.to_string(), context: context.to_string() })
    };
    let keys = |ks: &[String], context: &str| ks.iter().map(|k| key(k, context)).collect::<Result<Vec<_>, _>>();
    let state_keys = keys(&g.state_keys, "the state schema")?;
    let input_keys = match &g.input_keys {
        Some(ks) => keys(ks, "the input schema")?,
        None => state_keys.clone(),
    };
    let output_keys = match &g.output_keys {
        Some(ks) => keys(ks, "the output schema")?,
        None => state_keys.clone(),
    };
    let trigger = |n: &str| start_channel + node_index[n];
    // Each node's edges, waiting edges and routers, grouped in one pass (START is 0).
    let mut edge_writes: Vec<Vec<usize>> = vec![Vec::new(); names.len() + 1];
    let mut join_triggers: Vec<Vec<usize>> = vec![Vec::new(); names.len() + 1];
    let mut branches: Vec<Vec<usize>> = vec![Vec::new(); names.len() + 1];
    for (from, to) in g.edges.iter().filter(|(_, t)| t != END) {
        edge_writes[node_index[from.as_str()]].push(trigger(to));
    }
    for (j, (sources, to)) in g.joins.iter().enumerate() {
        for s in sources {
            edge_writes[node_index[s.as_str()]].push(join_base + j);
        }
        join_triggers[node_index[to.as_str()]].push(join_base + j);
    }
    for (i, b) in g.branches.iter().enumerate() {
        branches[node_index[b.source.as_str()]].push(i);
    }
    let branches_of = |n: usize| branches[n].iter().map(|&b| g.branches[b].clone()).collect::<Vec<_>>();
    for w in &mut edge_writes {
        w.dedup();
    }
    let start_spec = NodeSpec::new(START, std::rc::Rc::new(|_, _| super::node::Call::Ready(Ok(crate::types::NodeOutput::Nothing))));
    let mut nodes = vec![CompiledNode {
        name: std::rc::Rc::from(START),
        spec: start_spec,
        input: input_keys.clone(),
        triggers: vec![start_channel],
        edge_writes: std::mem::take(&mut edge_writes[0]),
        branches: branches_of(0),
    }];
    for (i, spec) in g.nodes.iter().enumerate() {
        let input = match &spec.input {
            Some(ks) => keys(ks, &format!("the input schema of node {}", spec.name))?,
            None => state_keys.clone(),
        };
        let mut triggers = vec![trigger(&spec.name)];
        triggers.append(&mut join_triggers[i + 1]);
        nodes.push(CompiledNode {
            name: std::rc::Rc::from(spec.name.as_str()),
            spec: spec.clone(),
            input,
            triggers,
            edge_writes: std::mem::take(&mut edge_writes[i + 1]),
            branches: branches_of(i + 1),
        });
    }
    let mut listeners = vec![Vec::new(); channels.len()];
    for (n, node) in nodes.iter().enumerate() {
        for &t in &node.triggers {
            listeners[t].push(n);
        }
    }
    Ok(GraphSpec {
        end_edges: g.edges.iter().filter(|(_, t)| t == END).map(|(f, _)| f.clone()).collect(),
        listeners,
        remaining_steps_key: g.remaining_steps_key.as_deref().map(std::rc::Rc::from),
        shared_name: std::rc::Rc::from(g.name.as_str()),
        version: std::rc::Rc::from("1"),
        name: g.name,
        channels,
        channel_index,
        state_count,
        start_channel,
        state_keys,
        input_keys,
        output_keys,
        nodes,
        node_index,
        warnings,
        inline_start: false,
    })
}
