//! Where control can flow between a graph's nodes, for compile's checks: which
//! nodes nothing leads to, which START does not reach, which cannot reach END.
use super::builder::StateGraph;
use crate::error::ValidationError;
use crate::types::{END, START};
use hashbrown::HashMap;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Bfs, Reversed, VisitMap};
use petgraph::Direction::Incoming;

/// Every possible control-flow edge over START, END and `names`. A router
/// without a path map, or an error handler, could go to any other node.
pub struct Flow<'a> {
    graph: DiGraph<(), ()>,
    index: HashMap<&'a str, NodeIndex>,
    names: &'a [String],
}

impl<'a> Flow<'a> {
    /// The flow over `names`, which must not repeat a name (nor be START or END).
    pub fn of(g: &'a StateGraph, names: &'a [String]) -> Result<Self, ValidationError> {
        let mut graph = DiGraph::new();
        let mut index = HashMap::with_capacity(names.len() + 2);
        // START is node 0, END node 1, then `names` in order (see `nodes`).
        for n in [START, END].into_iter().chain(names.iter().map(String::as_str)) {
            if index.insert(n, graph.add_node(())).is_some() {
                return Err(ValidationError::DuplicateNode { node: n.to_string() });
            }
        }
        let mut flow = Flow { graph, index, names };
        for (f, t) in &g.edges {
            flow.add(f, t);
        }
        for (from, to) in &g.joins {
            for f in from {
                flow.add(f, to);
            }
        }
        for b in &g.branches {
            match &b.path_map {
                Some(map) => map.iter().for_each(|(_, t)| flow.add(&b.source, t)),
                None => {
                    names.iter().filter(|t| **t != b.source).for_each(|t| flow.add(&b.source, t));
                    flow.add(&b.source, END);
                }
            }
        }
        for n in &g.nodes {
            n.ends.iter().chain(&n.error_handler).for_each(|e| flow.add(&n.name, e));
        }
        // An error handler may route anywhere with a Command, like a router without a path map.
        // (Deduplicated by hand: a sort here would add a sort instance to the wasm.)
        let mut handlers: Vec<&str> = Vec::new();
        for h in g.nodes.iter().filter_map(|n| n.error_handler.as_deref()) {
            if !handlers.contains(&h) {
                handlers.push(h);
            }
        }
        for h in handlers {
            names.iter().filter(|t| *t != h).for_each(|t| flow.add(h, t));
            flow.add(h, END);
        }
        Ok(flow)
    }

    /// Whether `name` is one of the graph's own nodes (START and END are not).
    pub fn knows(&self, name: &str) -> bool {
        name != START && name != END && self.index.contains_key(name)
    }

    /// An edge between known nodes (compile has checked every name already).
    fn add(&mut self, from: &str, to: &str) {
        if let (Some(&a), Some(&b)) = (self.index.get(from), self.index.get(to)) {
            self.graph.add_edge(a, b, ());
        }
    }

    /// The graph's own nodes with their indexes: START is 0, END 1, then `names`.
    fn nodes(&self) -> impl Iterator<Item = (&'a String, NodeIndex)> {
        self.names.iter().enumerate().map(|(i, n)| (n, NodeIndex::new(i + 2)))
    }

    /// The nodes a search from START or END did not discover.
    fn not_in(&self, discovered: &impl VisitMap<NodeIndex>) -> Vec<String> {
        self.nodes().filter(|(_, at)| !discovered.is_visited(at)).map(|(n, _)| n.clone()).collect()
    }

    /// The first node that no edge, path map or `ends` leads to.
    pub fn unreachable(&self) -> Option<&'a String> {
        self.nodes().find(|&(_, at)| self.graph.neighbors_directed(at, Incoming).next().is_none()).map(|(n, _)| n)
    }

    /// Nodes START does not lead to (a Command may still lead there).
    pub fn not_from_start(&self) -> Vec<String> {
        let mut bfs = Bfs::new(&self.graph, NodeIndex::new(0));
        while bfs.next(&self.graph).is_some() {}
        self.not_in(&bfs.discovered)
    }

    /// Nodes from which END cannot be reached. A node with no way out at all
    /// finishes the run, as in LangGraph.
    pub fn cannot_finish(mut self) -> Vec<String> {
        let dead_ends: Vec<NodeIndex> = self.nodes().map(|(_, at)| at).filter(|&at| self.graph.neighbors(at).next().is_none()).collect();
        let end = NodeIndex::new(1);
        for at in dead_ends {
            self.graph.add_edge(at, end, ());
        }
        let reversed = Reversed(&self.graph);
        let mut bfs = Bfs::new(reversed, end);
        while bfs.next(reversed).is_some() {}
        self.not_in(&bfs.discovered)
    }
}
