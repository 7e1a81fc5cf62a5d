//! Copy and paste of nodes: the copied nodes, the edges and routers among
//! them, and their places; pasting renames them so nothing clashes.
use super::edit::EditorChange;
use super::layout::Layout;
use serde_json::Value;
use std::collections::BTreeMap;
use superstep::doc::{EdgeDoc, GraphDoc, NodeDoc, Position, RouterDoc};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    pub nodes: Vec<NodeDoc>,
    pub edges: Vec<EdgeDoc>,
    pub routers: Vec<RouterDoc>,
    pub places: BTreeMap<String, Position>,
}

fn single(v: &Value) -> Option<&str> {
    v.as_str()
}

/// Copies the nodes `ids` (in document order) with what connects only them.
pub fn copy(doc: &GraphDoc, layout: &Layout, ids: &[String]) -> Clip {
    let inside = |n: &str| ids.iter().any(|i| i == n);
    let nodes: Vec<NodeDoc> = doc.nodes.iter().filter(|n| inside(&n.id)).cloned().collect();
    let edges = doc.edges.iter().filter(|e| single(&e.from).is_some_and(inside) && inside(&e.to)).cloned().collect();
    let routers = doc.routers.iter().filter(|r| inside(&r.from)).cloned().collect();
    let places = nodes.iter().filter_map(|n| layout.node(&n.id).map(|b| (n.id.clone(), Position { x: b.x, y: b.y }))).collect();
    Clip { nodes, edges, routers, places }
}

/// The first free name among `base_copy`, `base_copy2`, …
fn fresh(doc: &GraphDoc, taken: &[String], base: &str) -> String {
    (1..)
        .map(|i| if i == 1 { format!("{base}_copy") } else { format!("{base}_copy{i}") })
        .find(|n| !doc.nodes.iter().any(|x| &x.id == n) && !taken.contains(n))
        .unwrap_or_default()
}

fn rename(v: &mut Value, names: &BTreeMap<String, String>) {
    match v {
        Value::String(s) => {
            if let Some(n) = names.get(s.as_str()) {
                *s = n.clone();
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| rename(x, names)),
        _ => {}
    }
}

/// One undoable change that pastes `clip`, shifted by `offset`; also the new names.
pub fn paste(doc: &GraphDoc, clip: &Clip, offset: (f64, f64)) -> (EditorChange, Vec<String>) {
    let mut names = BTreeMap::new();
    let mut taken = Vec::new();
    for n in &clip.nodes {
        let name = fresh(doc, &taken, &n.id);
        taken.push(name.clone());
        names.insert(n.id.clone(), name);
    }
    let mut changes = Vec::new();
    for n in &clip.nodes {
        let id = names[&n.id].clone();
        changes.push(EditorChange::AddNode { node: NodeDoc { id: id.clone(), ..n.clone() }, at: usize::MAX });
        if let Some(p) = clip.places.get(&n.id) {
            changes.push(EditorChange::Move { id, to: Some(Position { x: p.x + offset.0, y: p.y + offset.1 }) });
        }
    }
    for e in &clip.edges {
        let mut e = e.clone();
        rename(&mut e.from, &names);
        e.to = names.get(&e.to).cloned().unwrap_or(e.to);
        changes.push(EditorChange::AddEdge { edge: e, at: usize::MAX });
    }
    for r in &clip.routers {
        let mut r = r.clone();
        r.from = names[&r.from].clone();
        for rule in r.rules.iter_mut() {
            rename(&mut rule.to, &names);
        }
        if let Some(o) = r.otherwise.as_mut() {
            rename(o, &names);
        }
        let sent_to = r.send.iter_mut().map(|s| &mut s.node);
        for t in r.paths.iter_mut().flat_map(|p| p.values_mut()).chain(sent_to) {
            *t = names.get(t.as_str()).cloned().unwrap_or(std::mem::take(t));
        }
        changes.push(EditorChange::SetRouter { from: r.from.clone(), router: Some(r), at: usize::MAX });
    }
    (EditorChange::Batch(changes), taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::edit::History;
    use crate::model::layout::layout;

    #[test]
    fn pasting_copies_nodes_inner_edges_and_routers_under_new_names() {
        let doc = GraphDoc::from_json(include_str!("../../../www/examples/support-agent.json")).unwrap();
        let ids: Vec<String> = vec!["drafting".into(), "retry_wait".into()];
        let clip = copy(&doc, &layout(&doc), &ids);
        assert_eq!(clip.nodes.len(), 2);
        let mut h = History::new(doc.clone());
        let (change, names) = paste(&h.doc, &clip, (30.0, 30.0));
        assert_eq!(names, vec!["drafting_copy".to_string(), "retry_wait_copy".to_string()]);
        h.edit(change).unwrap();
        assert!(h.doc.nodes.iter().any(|n| n.id == "drafting_copy"));
        assert!(h.doc.layout.contains_key("retry_wait_copy"));
        assert!(h.doc.routers.iter().any(|r| r.from == "drafting_copy") == doc.routers.iter().any(|r| r.from == "drafting"));
        // Pasting twice gives other names; undo takes each paste back whole.
        let (again, names2) = paste(&h.doc, &clip, (60.0, 60.0));
        assert_eq!(names2[0], "drafting_copy2");
        h.edit(again).unwrap();
        h.undo();
        h.undo();
        assert_eq!(h.doc, doc);
    }

    #[test]
    fn a_pasted_fan_out_sends_to_the_pasted_node_when_both_were_copied() {
        let doc = GraphDoc::from_json(include_str!("../../../www/examples/map-reduce.json")).unwrap();
        let sent_from = |d: &GraphDoc, from: &str| d.routers.iter().find(|r| r.from == from).and_then(|r| r.send.clone()).map(|s| s.node);
        for (ids, want) in [(vec!["generate_topics", "generate_joke"], "generate_joke_copy"), (vec!["generate_topics"], "generate_joke")] {
            let ids: Vec<String> = ids.into_iter().map(String::from).collect();
            let mut h = History::new(doc.clone());
            let (change, _) = paste(&h.doc, &copy(&doc, &layout(&doc), &ids), (30.0, 30.0));
            h.edit(change).unwrap();
            assert_eq!(sent_from(&h.doc, "generate_topics_copy").as_deref(), Some(want));
        }
    }
}
