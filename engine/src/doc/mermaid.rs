//! `draw_mermaid`: a compiled graph as a Mermaid flowchart. Conditional
//! edges go only to their possible targets (from the path map), `Command`
//! destinations come from `ends`, and no edge to END is invented.
use crate::graph::compile::ChannelKind;
use crate::types::{END, START};
use crate::CompiledGraph;

fn id(name: &str) -> String {
    match name {
        START => "__start__".into(),
        END => "__end__".into(),
        other => other.chars().map(|c| if super::is_name_char(c) && c != '$' { c } else { '_' }).collect(),
    }
}

impl CompiledGraph {
    /// Mermaid source for the graph (`flowchart TD`).
    pub fn draw_mermaid(&self) -> String {
        let spec = self.spec();
        let mut out = String::from("%%{init: {'flowchart': {'curve': 'linear'}}}%%\nflowchart TD\n");
        out.push_str("\t__start__([<p>__start__</p>]):::first\n");
        for n in spec.nodes.iter().skip(1) {
            out.push_str(&format!("\t{}({})\n", id(&n.name), n.name));
        }
        let ends_somewhere = spec.nodes.iter().any(|n| n.spec.ends.iter().any(|e| e == END))
            || spec.nodes.iter().any(|n| n.branches.iter().any(|b| b.path_map.as_ref().is_some_and(|m| m.iter().any(|(_, t)| t == END))));
        let mut lines = Vec::new();
        let mut has_end = ends_somewhere;

        for n in &spec.nodes {
            for &ch in &n.edge_writes {
                match &spec.channels[ch].kind {
                    ChannelKind::Trigger { .. } => {
                        let target = &spec.nodes[ch - spec.start_channel].name;
                        lines.push(format!("\t{} --> {};", id(&n.name), id(target)));
                    }
                    ChannelKind::Barrier { .. } => {
                        let target = spec.nodes.iter().find(|m| m.triggers.contains(&ch)).map(|m| m.name.to_string()).unwrap_or_default();
                        lines.push(format!("\t{} --> {};", id(&n.name), id(&target)));
                    }
                    _ => {}
                }
            }
            for b in &n.branches {
                match &b.path_map {
                    Some(map) => {
                        for (k, t) in map {
                            let label = if k == t { String::new() } else { format!("|{k}|") };
                            lines.push(format!("\t{} -.{label}-> {};", id(&n.name), id(t)));
                        }
                    }
                    None => lines.push(format!("\t{} -.-> {};", id(&n.name), "__dynamic__")),
                }
            }
            for e in &n.spec.ends {
                lines.push(format!("\t{} -.-> {};", id(&n.name), id(e)));
            }
        }
        let dynamic = lines.iter().any(|l| l.contains("__dynamic__"));
        has_end |= !spec.end_edges.is_empty();
        for from in &spec.end_edges {
            lines.push(format!("\t{} --> __end__;", id(from)));
        }
        if has_end {
            out.push_str("\t__end__([<p>__end__</p>]):::last\n");
        }
        if dynamic {
            out.push_str("\t__dynamic__{{any node}}\n");
        }
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out.push_str("\tclassDef default fill:#f2f0ff,line-height:1.2\n\tclassDef first fill-opacity:0\n\tclassDef last fill:#bfb6fc\n");
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_keep_letters_of_any_script_and_replace_the_rest() {
        assert_eq!(super::id("검색 노드-2"), "검색_노드_2");
        assert_eq!(super::id("a$b.c"), "a_b_c");
        assert_eq!(super::id("__start__"), "__start__");
    }
}
