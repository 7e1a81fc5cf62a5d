//! Layered layout of a graph document, as plain data for the canvas.
//!
//! Layers come from the longest path from START over forward edges (a DFS
//! from START marks back-edges, which are drawn curving back). Nodes of a
//! layer are spread side by side, ordered so that fewer edges cross; every
//! edge kind of the document is kept. `routes.rs` draws the edges.
use petgraph::graphmap::DiGraphMap;
use std::collections::{HashMap, HashSet};
use superstep::doc::{names, GraphDoc};

pub const NODE_W: f64 = 150.0;
pub const NODE_H: f64 = 44.0;
const GAP_X: f64 = 40.0;
const GAP_Y: f64 = 54.0;

#[derive(Clone, Debug, PartialEq)]
pub struct NodeBox {
    pub id: String,
    pub kind: String,
    pub x: f64,
    pub y: f64,
    pub terminal: bool,
    /// Runs once nothing else is left to run (`defer`).
    pub deferred: bool,
}

impl NodeBox {
    /// The line under the node's name: its kind (and whether it runs last); none on START and END.
    pub fn caption(&self) -> String {
        match (self.terminal, self.deferred) {
            (true, _) => String::new(),
            (false, true) => format!("{} · deferred", self.kind),
            (false, false) => self.kind.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    Normal,
    /// A router's possible target, with the path key or rule.
    Conditional(String),
    /// Part of a waiting edge into `to`.
    Join,
    /// Fan-out with `Send`, over the list the expression gives.
    Send(String),
    /// A `Command` destination (from `ends` or `goto`).
    Command,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLine {
    pub from: String,
    pub to: String,
    pub kind: EdgeKind,
    /// Goes up the layers (a loop).
    pub back: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    pub nodes: Vec<NodeBox>,
    pub edges: Vec<EdgeLine>,
    pub width: f64,
    pub height: f64,
}

impl Layout {
    pub fn node(&self, id: &str) -> Option<&NodeBox> {
        self.nodes.iter().find(|n| n.id == id)
    }
}

/// Every edge the document implies, START and END included.
pub fn edges(doc: &GraphDoc) -> Vec<EdgeLine> {
    let mut out = Vec::new();
    let mut push = |from: &str, to: &str, kind: EdgeKind| out.push(EdgeLine { from: from.into(), to: to.into(), kind, back: false });
    for e in &doc.edges {
        let froms = names(&e.from);
        let kind = if froms.len() > 1 { EdgeKind::Join } else { EdgeKind::Normal };
        for f in froms {
            push(f, &e.to, kind.clone());
        }
    }
    for r in &doc.routers {
        let mut seen = HashSet::new();
        let rules = r.rules.iter().map(|x| (x.to.clone(), x.when.clone()));
        let otherwise = r.otherwise.iter().map(|t| (t.clone(), "else".to_string()));
        for (to, label) in rules.chain(otherwise) {
            for t in names(&to) {
                let target = r.target(t);
                if seen.insert(target.to_string()) {
                    push(&r.from, target, EdgeKind::Conditional(label.clone()));
                }
            }
        }
        if let Some(send) = &r.send {
            push(&r.from, &send.node, EdgeKind::Send(send.over.clone()));
        }
        if let Some(paths) = &r.paths {
            for (k, t) in paths {
                if seen.insert(t.clone()) {
                    push(&r.from, t, EdgeKind::Conditional(k.clone()));
                }
            }
        }
    }
    for n in &doc.nodes {
        if n.kind == "send" {
            if let Some(t) = n.settings.get("node").and_then(|v| v.as_str()) {
                let over = n.settings.get("over").and_then(|v| v.as_str()).unwrap_or_default();
                push(&n.id, t, EdgeKind::Send(over.to_string()));
            }
        }
        for t in n.settings.get("ends").map(names).unwrap_or_default() {
            push(&n.id, t, EdgeKind::Command);
        }
        if let Some(g) = n.settings.get("goto").and_then(|v| v.as_str()) {
            for id in super::command::goto_targets(doc, g) {
                push(&n.id, &id, EdgeKind::Command);
            }
        }
    }
    // In the order the document declares them: the layout's walk follows it.
    let mut seen = HashSet::new();
    out.retain(|e| seen.insert((e.from.clone(), e.to.clone(), e.kind.clone())));
    out
}

/// A row's nodes: id, kind, deferred.
type Row = Vec<(String, String, bool)>;

/// Orders each row by where its nodes' neighbours sit, so that fewer edges
/// cross (the barycenter heuristic): down the rows by predecessors, then up
/// by successors, twice. Ties keep the document's order.
fn order_rows(rows: &mut [Row], edges: &[EdgeLine]) {
    let mut above: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut below: HashMap<&str, Vec<&str>> = HashMap::new();
    for e in edges.iter().filter(|e| !e.back && e.from != e.to) {
        above.entry(e.to.as_str()).or_default().push(e.from.as_str());
        below.entry(e.from.as_str()).or_default().push(e.to.as_str());
    }
    // Centred slots, as `layout` places them, so rows of different widths compare.
    let place = |row: &Row, slot: &mut HashMap<String, f64>| {
        for (i, n) in row.iter().enumerate() {
            slot.insert(n.0.clone(), i as f64 - (row.len() as f64 - 1.0) / 2.0);
        }
    };
    let mut slot = HashMap::new();
    rows.iter().for_each(|row| place(row, &mut slot));
    for pass in 0..4 {
        let down = pass % 2 == 0;
        let order: Vec<usize> = if down { (1..rows.len()).collect() } else { (0..rows.len().saturating_sub(1)).rev().collect() };
        let neighbours = if down { &above } else { &below };
        for r in order {
            if rows[r].len() < 2 {
                continue;
            }
            let key = |id: &str| {
                let at: Vec<f64> = neighbours.get(id).into_iter().flatten().filter_map(|m| slot.get(*m).copied()).collect();
                if at.is_empty() {
                    slot[id]
                } else {
                    at.iter().sum::<f64>() / at.len() as f64
                }
            };
            let mut keyed: Vec<(f64, (String, String, bool))> = std::mem::take(&mut rows[r]).into_iter().map(|n| (key(&n.0), n)).collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            rows[r] = keyed.into_iter().map(|(_, n)| n).collect();
            place(&rows[r], &mut slot);
        }
    }
}

/// Positions every node; START on top, END at the bottom.
pub fn layout(doc: &GraphDoc) -> Layout {
    let mut edges = edges(doc);
    let mut g: DiGraphMap<&str, ()> = DiGraphMap::new();
    g.add_node("__start__");
    for n in &doc.nodes {
        g.add_node(n.id.as_str());
    }
    for e in &edges {
        if e.to != "__end__" {
            g.add_edge(e.from.as_str(), e.to.as_str(), ());
        }
    }
    // Back-edges: edges to a node on the current DFS path.
    let mut back: HashSet<(String, String)> = HashSet::new();
    let mut state: HashMap<&str, u8> = HashMap::new();
    fn dfs<'a>(g: &DiGraphMap<&'a str, ()>, n: &'a str, state: &mut HashMap<&'a str, u8>, back: &mut HashSet<(String, String)>) {
        state.insert(n, 1);
        // Edges in the order they were declared: of a cycle, the edge declared
        // last (the way back a person drew) is the one that loops.
        let next: Vec<&str> = g.neighbors(n).collect();
        for m in next {
            match state.get(m) {
                Some(1) => {
                    back.insert((n.to_string(), m.to_string()));
                }
                Some(_) => {}
                None => dfs(g, m, state, back),
            }
        }
        state.insert(n, 2);
    }
    dfs(&g, "__start__", &mut state, &mut back);
    let mut roots: Vec<&str> = g.nodes().filter(|n| !state.contains_key(n)).collect();
    roots.sort();
    for r in roots {
        if !state.contains_key(r) {
            dfs(&g, r, &mut state, &mut back);
        }
    }
    for e in edges.iter_mut() {
        e.back = back.contains(&(e.from.clone(), e.to.clone())) || e.from == e.to;
    }
    // Longest path layering over forward edges (the graph minus back-edges is a DAG).
    let mut layer: HashMap<String, usize> = HashMap::new();
    layer.insert("__start__".into(), 0);
    for _ in 0..=doc.nodes.len() + 1 {
        let mut changed = false;
        for e in edges.iter().filter(|e| !e.back && e.to != "__end__") {
            let l = layer.get(&e.from).copied().unwrap_or(0) + 1;
            if layer.get(&e.to).copied().unwrap_or(0) < l {
                layer.insert(e.to.clone(), l);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for n in &doc.nodes {
        layer.entry(n.id.clone()).or_insert(1);
    }
    let end_layer = doc.nodes.iter().map(|n| layer[&n.id]).max().unwrap_or(0) + 1;
    let mut rows: Vec<Row> = vec![Vec::new(); end_layer + 1];
    rows[0].push(("__start__".into(), "start".into(), false));
    for n in &doc.nodes {
        let deferred = n.settings.get("defer").and_then(serde_json::Value::as_bool).unwrap_or(false);
        rows[layer[&n.id]].push((n.id.clone(), n.kind.clone(), deferred));
    }
    // END is always there, so that a person building a graph can connect to it.
    rows[end_layer].push(("__end__".into(), "end".into(), false));
    order_rows(&mut rows, &edges);
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let width = widest * (NODE_W + GAP_X) + GAP_X;
    let mut nodes = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row_w = row.len() as f64 * (NODE_W + GAP_X) - GAP_X;
        for (i, (id, kind, deferred)) in row.iter().enumerate() {
            let x = (width - row_w) / 2.0 + i as f64 * (NODE_W + GAP_X);
            let y = GAP_Y / 2.0 + r as f64 * (NODE_H + GAP_Y);
            let terminal = id == "__start__" || id == "__end__";
            let p = doc.layout.get(id).filter(|_| !terminal);
            nodes.push(NodeBox {
                id: id.clone(),
                kind: kind.clone(),
                x: p.map_or(x, |p| p.x),
                y: p.map_or(y, |p| p.y),
                terminal,
                deferred: *deferred,
            });
        }
    }
    let height = rows.iter().rposition(|r| !r.is_empty()).unwrap_or(0) as f64 * (NODE_H + GAP_Y) + NODE_H + GAP_Y;
    // Nodes moved by hand may lie outside the grid.
    let width = nodes.iter().map(|n| n.x + NODE_W + GAP_X).fold(width, f64::max);
    let height = nodes.iter().map(|n| n.y + NODE_H + GAP_Y).fold(height, f64::max);
    Layout { nodes, edges, width: width.max(NODE_W + 2.0 * GAP_X), height }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(name: &str) -> GraphDoc {
        let text = std::fs::read_to_string(format!("{}/../www/examples/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        GraphDoc::from_json(&text).unwrap()
    }

    #[test]
    fn every_node_is_placed_without_overlap() {
        for name in ["support-agent", "map-reduce", "remaining-steps", "subgraph-grandchild"] {
            let l = layout(&doc(name));
            for (i, a) in l.nodes.iter().enumerate() {
                for b in &l.nodes[i + 1..] {
                    let apart = (a.x - b.x).abs() >= NODE_W || (a.y - b.y).abs() >= NODE_H;
                    assert!(apart, "{name}: {} and {} overlap", a.id, b.id);
                }
            }
            assert!(l.node("__start__").is_some());
        }
    }

    #[test]
    fn loops_are_back_edges_and_start_is_on_top() {
        let l = layout(&doc("remaining-steps"));
        let back: Vec<_> = l.edges.iter().filter(|e| e.back).map(|e| (e.from.as_str(), e.to.as_str())).collect();
        assert_eq!(back, vec![("reasoning_node", "reasoning_node")]);
        let start = l.node("__start__").unwrap();
        assert!(l.nodes.iter().all(|n| n.y >= start.y));
    }

    #[test]
    fn every_edge_kind_is_kept() {
        let l = layout(&doc("map-reduce"));
        assert!(l.edges.iter().any(|e| e.kind == EdgeKind::Send("subjects".into()) && e.to == "generate_joke"));
        let cmd = layout(&doc("command"));
        assert!(cmd.edges.iter().any(|e| e.kind == EdgeKind::Command && e.to == "my_other_node"));
        let agent = layout(&doc("support-agent"));
        assert!(agent.edges.iter().any(|e| matches!(&e.kind, EdgeKind::Conditional(l) if l == "else") && e.to == "failed"));
    }

    #[test]
    fn a_deferred_node_is_marked() {
        let mut d = doc("command");
        d.nodes.iter_mut().find(|n| n.id == "my_node").unwrap().settings.insert("defer".into(), true.into());
        let l = layout(&d);
        let deferred: Vec<&str> = l.nodes.iter().filter(|n| n.deferred).map(|n| n.id.as_str()).collect();
        assert_eq!(deferred, ["my_node"]);
        assert_eq!(l.node("my_node").unwrap().caption(), "set · deferred");
        assert_eq!(l.node("__end__").unwrap().caption(), "");
    }

    #[test]
    fn saved_positions_win_over_automatic_ones() {
        let mut d = doc("command");
        d.layout.insert("my_node".into(), superstep::doc::Position { x: 7.0, y: 9.0 });
        let n = layout(&d).node("my_node").cloned().unwrap();
        assert_eq!((n.x, n.y), (7.0, 9.0));
    }

    #[test]
    fn a_row_is_ordered_by_where_its_neighbours_sit() {
        // In the document's order, a -> d and b -> c would cross.
        let d = GraphDoc::from_json(
            r#"{"format": "superstep.graph", "version": 1, "name": "x", "channels": [{"key": "v"}],
                "nodes": [{"id": "a", "kind": "set", "values": {}}, {"id": "b", "kind": "set", "values": {}}, {"id": "c", "kind": "set", "values": {}}, {"id": "d", "kind": "set", "values": {}}],
                "edges": [{"from": "__start__", "to": "a"}, {"from": "__start__", "to": "b"}, {"from": "a", "to": "d"}, {"from": "b", "to": "c"}]}"#,
        )
        .unwrap();
        let l = layout(&d);
        let x = |id: &str| l.node(id).unwrap().x;
        assert!(x("a") < x("b"), "a tie keeps the document's order");
        assert!(x("d") < x("c"), "d sits under a, c under b");
    }
}
