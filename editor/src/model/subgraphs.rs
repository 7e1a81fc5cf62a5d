//! Subgraphs opened in place: the canvas shows the document at the end of a
//! path of subgraph names, and edits made there reach it through the open
//! graph's one history (so undo, autosave and runs see a single document).
use super::edit::{new_node, EditorChange};
use serde_json::{json, Value};
use superstep::doc::{EdgeDoc, GraphDoc};

/// The name of the document a `subgraph` node runs, if it has one.
pub fn subgraph_name(doc: &GraphDoc, node: &str) -> Option<String> {
    let name = doc.nodes.iter().find(|n| n.id == node && n.kind == "subgraph")?.settings.get("graph")?.as_str()?;
    doc.subgraphs.contains_key(name).then(|| name.to_string())
}

/// The document at the deepest point of `path` that still exists, and how deep that is
/// (an undo can remove a subgraph while it is open).
pub fn doc_at<'a>(root: &'a GraphDoc, path: &[String]) -> (&'a GraphDoc, usize) {
    let mut doc = root;
    for (depth, name) in path.iter().enumerate() {
        match doc.subgraphs.get(name) {
            Some(d) => doc = d,
            None => return (doc, depth),
        }
    }
    (doc, path.len())
}

/// `change`, made in the document at the end of `path`.
pub fn within(path: &[String], change: EditorChange) -> EditorChange {
    path.iter().rev().fold(change, |c, name| EditorChange::InSubgraph { name: name.clone(), change: Box::new(c) })
}

/// Gives `node` (a `subgraph` node of `doc`) a graph of its own: a new document
/// sharing `doc`'s state keys, START → `node_1` → END, where `node_1` passes the
/// first key through. One undo step; returns it with the new document's name.
pub fn new_subgraph(doc: &GraphDoc, node: &str) -> Option<(EditorChange, String)> {
    let settings = doc.nodes.iter().find(|n| n.id == node)?.settings.clone();
    let name = (1..).map(|i| format!("graph_{i}")).find(|n| !doc.subgraphs.contains_key(n.as_str()))?;
    let mut sub = doc.clone();
    sub.name = name.clone();
    sub.description = String::new();
    sub.input = None;
    sub.output = None;
    sub.remaining_steps = None;
    sub.routers = vec![];
    sub.subgraphs = Default::default();
    sub.layout = Default::default();
    sub.examples = vec![];
    sub.compile = Default::default();
    let first = new_node("update", "node_1", doc.channels.first().map_or("value", |c| c.key.as_str()));
    sub.nodes = vec![first];
    sub.edges = vec![edge("__start__", "node_1"), edge("node_1", "__end__")];
    let mut settings = settings;
    settings.insert("graph".into(), json!(name));
    let change = EditorChange::Batch(vec![
        EditorChange::SetSubgraph { name: name.clone(), doc: Some(Box::new(sub)) },
        EditorChange::SetSettings { id: node.to_string(), settings },
    ]);
    Some((change, name))
}

fn edge(from: &str, to: &str) -> EdgeDoc {
    EdgeDoc { from: Value::String(from.into()), to: to.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::edit::{fresh_node, History};
    use crate::model::problems::problems;

    fn grandchild() -> GraphDoc {
        GraphDoc::from_json(include_str!("../../../www/examples/subgraph-grandchild.json")).unwrap()
    }

    #[test]
    fn a_subgraph_node_names_its_document() {
        let d = grandchild();
        assert_eq!(subgraph_name(&d, "child").as_deref(), Some("child"));
        assert_eq!(subgraph_name(&d, "parent_1"), None);
        assert_eq!(subgraph_name(&d, "nope"), None);
    }

    #[test]
    fn the_path_leads_to_the_nested_document_and_stops_where_it_ends() {
        let d = grandchild();
        let path = vec!["child".to_string(), "grandchild".to_string()];
        let (doc, depth) = doc_at(&d, &path);
        assert_eq!((doc.name.as_str(), depth), (d.subgraphs.get("child").unwrap().subgraphs.get("grandchild").unwrap().name.as_str(), 2));
        let (doc, depth) = doc_at(&d, &["child".to_string(), "gone".to_string()]);
        assert_eq!((doc, depth), (d.subgraphs.get("child").unwrap(), 1));
        assert_eq!(doc_at(&d, &[]), (&d, 0));
    }

    #[test]
    fn an_edit_made_two_levels_down_lands_there_and_undoes() {
        let mut h = History::new(grandchild());
        let path = vec!["child".to_string(), "grandchild".to_string()];
        let inner = doc_at(&h.doc, &path).0.clone();
        let node = fresh_node(&inner, "set");
        h.edit(within(&path, EditorChange::AddNode { node, at: 0 })).unwrap();
        assert!(doc_at(&h.doc, &path).0.nodes.iter().any(|n| n.id == "set_1"));
        assert!(!h.doc.nodes.iter().any(|n| n.id == "set_1"));
        assert!(!doc_at(&h.doc, &path[..1]).0.nodes.iter().any(|n| n.id == "set_1"));
        // A name taken in the parent is free inside the subgraph, and the other way round.
        h.edit(within(&path[..1], EditorChange::RenameNode { from: "child_1".into(), to: "parent_1".into() })).unwrap();
        h.undo();
        h.undo();
        assert_eq!(h.doc, grandchild());
        assert!(h.edit(within(&["nope".to_string()], EditorChange::RemoveNode { id: "x".into() })).is_err());
    }

    #[test]
    fn a_new_subgraph_shares_the_state_keys_and_compiles() {
        let mut h = History::new(grandchild());
        let node = fresh_node(&h.doc, "subgraph");
        let id = node.id.clone();
        h.edit(EditorChange::AddNode { node, at: 0 }).unwrap();
        h.edit(EditorChange::AddEdge { edge: edge("__start__", &id), at: 0 }).unwrap();
        let (change, name) = new_subgraph(&h.doc, &id).unwrap();
        h.edit(change).unwrap();
        assert_eq!(subgraph_name(&h.doc, &id).as_deref(), Some(name.as_str()));
        let sub = h.doc.subgraphs.get(&name).unwrap();
        assert_eq!(sub.channels, h.doc.channels);
        assert!(sub.subgraphs.is_empty() && sub.examples.is_empty());
        assert!(problems(sub).is_empty(), "{:?}", problems(sub));
        assert!(problems(&h.doc).is_empty(), "{:?}", problems(&h.doc));
        // One undo takes the document and the node's setting back together.
        h.undo();
        assert!(!h.doc.subgraphs.contains_key(name.as_str()));
        assert_eq!(h.doc.nodes[0].settings.get("graph"), Some(&json!("")));
        assert_eq!(new_subgraph(&h.doc, "nope"), None);
    }
}
