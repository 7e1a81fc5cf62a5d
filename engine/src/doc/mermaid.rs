//! `draw_mermaid`: a compiled graph as a Mermaid flowchart. Conditional
//! edges go only to their possible targets (from the path map), `Command`
//! destinations come from `ends`, and, as in LangGraph.js, a node an edge leads to
//! and nothing leaves gets an edge to END.
use crate::graph::compile::ChannelKind;
use crate::types::{END, START};
use crate::CompiledGraph;

/// A node's Mermaid id, as LangGraph escapes it (`[^a-zA-Z-_0-9]` → `_`, Mermaid's
/// keyword `subgraph` quoted first), except that letters of other scripts are kept:
/// LangGraph makes each one `_`, so `검색` and `노드` would be one node.
fn id(name: &str) -> String {
    match name {
        START => "__start__".into(),
        END => "__end__".into(),
        "subgraph" => "_subgraph_".into(),
        other => other.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' || !c.is_ascii() { c } else { '_' }).collect(),
    }
}

/// A node's Mermaid label, as LangGraph writes it: a name between two `_`, `*` or
/// `` ` `` in `<p>` (Markdown would make it bold or code), `subgraph` quoted.
fn label(name: &str) -> String {
    let marked = ['_', '*', '`'].iter().any(|&m| name.starts_with(m) && name.ends_with(m));
    match name {
        "subgraph" => "\"subgraph\"".into(),
        _ if marked => format!("<p>{name}</p>"),
        _ => name.into(),
    }
}

/// One edge as drawn: `conditional` for a router's or a `Command`'s, `label` a path map key.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnEdge {
    pub source: String,
    pub target: String,
    pub conditional: bool,
    pub label: Option<String>,
}

/// The target of a router without a path map: it may go anywhere.
pub const DYNAMIC: &str = "__dynamic__";

impl CompiledGraph {
    /// The edges `draw_mermaid` draws (a router without a path map goes to `DYNAMIC`).
    pub fn drawn_edges(&self) -> Vec<DrawnEdge> {
        let spec = self.spec();
        let edge = |source: &str, target: &str, conditional: bool, label: Option<&str>| DrawnEdge {
            source: source.into(),
            target: target.into(),
            conditional,
            label: label.map(Into::into),
        };
        // In LangGraph.js's order: plain edges, routers' edges, `Command` destinations.
        let mut edges = Vec::new();
        for n in &spec.nodes {
            for &ch in &n.edge_writes {
                let target = match &spec.channels[ch].kind {
                    ChannelKind::Trigger { .. } => spec.nodes[ch - spec.start_channel].name.to_string(),
                    ChannelKind::Barrier { .. } => spec.listeners[ch].first().map(|&m| spec.nodes[m].name.to_string()).unwrap_or_default(),
                    _ => continue,
                };
                edges.push(edge(&n.name, &target, false, None));
            }
        }
        edges.extend(spec.end_edges.iter().map(|from| edge(from, END, false, None)));
        // LangGraph.js sorts its plain edges by source name, stably.
        crate::order::sort_by(&mut edges, &|a, b| a.source.cmp(&b.source));
        for n in &spec.nodes {
            for b in &n.branches {
                match &b.path_map {
                    Some(map) => edges.extend(map.iter().map(|(k, t)| edge(&n.name, t, true, (k != t).then_some(k.as_str())))),
                    None => edges.push(edge(&n.name, DYNAMIC, true, None)),
                }
            }
        }
        for n in &spec.nodes {
            edges.extend(n.spec.ends.iter().map(|e| edge(&n.name, e, true, None)));
        }
        // As LangGraph.js draws it: a node an edge (not a router) leads to, with no way
        // out drawn, ends the run; error handlers aside.
        // Owned and sorted, as the engine's other name sorts (one sort instance in the wasm).
        let mut handlers: Vec<String> = spec.nodes.iter().filter_map(|n| n.spec.error_handler.clone()).collect();
        let mut sources: Vec<String> = edges.iter().map(|e| e.source.clone()).collect();
        crate::order::sort_by(&mut handlers, &|a, b| a.cmp(b));
        crate::order::sort_by(&mut sources, &|a, b| a.cmp(b));
        let listed = |names: &[String], t: &String| names.binary_search(t).is_ok();
        let mut sinks: Vec<String> = edges
            .iter()
            .filter(|e| !e.conditional && e.target != END && !listed(&handlers, &e.target) && !listed(&sources, &e.target))
            .map(|e| e.target.clone())
            .collect();
        crate::order::sort_by(&mut sinks, &|a, b| a.cmp(b));
        sinks.dedup();
        for t in sinks {
            edges.push(edge(&t, END, false, None));
        }
        edges
    }

    /// Mermaid source for the graph, in LangGraph.js's form (`graph TD;`).
    pub fn draw_mermaid(&self) -> String {
        let spec = self.spec();
        let mut out = String::from("%%{init: {'flowchart': {'curve': 'linear'}}}%%\ngraph TD;\n");
        out.push_str("\t__start__([<p>__start__</p>]):::first\n");
        for n in spec.nodes.iter().skip(1) {
            out.push_str(&format!("\t{}({})\n", id(&n.name), label(&n.name)));
        }
        let edges = self.drawn_edges();
        if edges.iter().any(|e| e.target == END) {
            out.push_str("\t__end__([<p>__end__</p>]):::last\n");
        }
        if edges.iter().any(|e| e.target == DYNAMIC) {
            out.push_str("\t__dynamic__{{any node}}\n");
        }
        for e in &edges {
            let arrow = match (&e.label, e.conditional) {
                (Some(label), _) => format!("-. &nbsp;{label}&nbsp; .->"),
                (None, true) => "-.->".into(),
                (None, false) => "-->".into(),
            };
            out.push_str(&format!("\t{} {arrow} {};\n", id(&e.source), id(&e.target)));
        }
        out.push_str("\tclassDef default fill:#f2f0ff,line-height:1.2;\n\tclassDef first fill-opacity:0;\n\tclassDef last fill:#bfb6fc;\n");
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_langgraphs_but_keep_letters_of_any_script() {
        assert_eq!(super::id("검색 노드-2"), "검색_노드-2");
        assert_eq!(super::id("a$b.c x-y"), "a_b_c_x-y");
        assert_eq!(super::id("__start__"), "__start__");
        assert_eq!(super::id("subgraph"), "_subgraph_");
    }

    /// As LangGraph.js lists them: plain edges sorted by source (stably), END's included.
    #[test]
    fn plain_edges_are_drawn_in_the_order_of_their_sources() {
        use crate::*;
        let noop = || node(|_| Ok::<_, NodeError>(serde_json::json!({})));
        let g = StateGraph::new().channel("a", Channel::last_value()).node("n", noop()).node("m", noop()).node("b", noop());
        let g = g.edge(START, "n").edge("n", "m").edge("m", "b").edge("b", END).compile().unwrap();
        let drawn: Vec<(String, String)> = g.drawn_edges().into_iter().map(|e| (e.source, e.target)).collect();
        let expected = [("__start__", "n"), ("b", "__end__"), ("m", "b"), ("n", "m")];
        assert_eq!(drawn, expected.map(|(s, t)| (s.to_string(), t.to_string())));
    }

    /// Checked against LangGraph.js 1.7.3's `drawMermaid` for the same graph.
    #[test]
    fn labels_are_langgraphs_for_markdown_marks_and_the_subgraph_keyword() {
        use crate::*;
        let g = StateGraph::new()
            .channel("a", Channel::last_value())
            .node("subgraph", node(|_| Ok::<_, NodeError>(serde_json::json!({}))))
            .node("__x__", node(|_| Ok::<_, NodeError>(serde_json::json!({}))))
            .node("x-y", node(|_| Ok::<_, NodeError>(serde_json::json!({}))))
            .edge(START, "subgraph")
            .edge("subgraph", "__x__")
            .edge("__x__", "x-y")
            .compile()
            .unwrap();
        let drawn = g.draw_mermaid();
        for line in
            ["\t_subgraph_(\"subgraph\")\n", "\t__x__(<p>__x__</p>)\n", "\tx-y(x-y)\n", "\t_subgraph_ --> __x__;\n", "\t__x__ --> x-y;\n"]
        {
            assert!(drawn.contains(line), "{line:?} in {drawn}");
        }
    }
}
