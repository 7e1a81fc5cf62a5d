//! Subgraphs opened in place: the canvas shows the document at the end of a
//! path of subgraph names, and edits made there reach it through the open
//! graph's one history (so undo, autosave and runs see a single document).
use super::edit::{new_node, EditorChange, Refused};
use super::workspace;
use serde_json::{json, Value};
use superstep::checkpoint::StateSnapshot;
use superstep::doc::{EdgeDoc, GraphDoc, NodeDoc};
use superstep::pregel::{Outcome, StepSnapshot, TaskRecord};

/// The name a `subgraph` node gives the graph it runs (`None` for other kinds).
pub fn graph_of(n: &NodeDoc) -> Option<&str> {
    (n.kind == "subgraph").then(|| n.settings.get("graph")?.as_str()).flatten()
}

/// The name of the document a `subgraph` node runs, if it has one.
pub fn subgraph_name(doc: &GraphDoc, node: &str) -> Option<String> {
    let name = graph_of(doc.nodes.iter().find(|n| n.id == node)?)?;
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
    let mut settings = doc.nodes.iter().find(|n| n.id == node)?.settings.clone();
    let name = (1..).map(|i| format!("graph_{i}")).find(|n| !doc.subgraphs.contains_key(n.as_str()))?;
    let mut sub = workspace::empty(&name);
    sub.channels = doc.channels.clone();
    sub.nodes = vec![new_node("update", "node_1", doc.channels.first().map_or("value", |c| c.key.as_str()))];
    sub.edges = vec![edge("__start__", "node_1"), edge("node_1", "__end__")];
    settings.insert("graph".into(), json!(name));
    let change = EditorChange::Batch(vec![
        EditorChange::SetSubgraph { name: name.clone(), doc: Some(Box::new(sub)) },
        EditorChange::SetSettings { id: node.to_string(), settings },
    ]);
    Some((change, name))
}

/// Renames the nested document `from` to `to`, and every node of `doc` that runs it
/// with it: one undo step. Refused when `to` is empty, reserved or taken.
pub fn rename_subgraph(doc: &GraphDoc, from: &str, to: &str) -> Result<EditorChange, Refused> {
    let to = to.trim();
    let mut sub = doc.subgraphs.get(from).ok_or_else(|| Refused(format!("no subgraph `{from}`")))?.clone();
    if to.is_empty() {
        return Err(Refused("a graph needs a name".into()));
    }
    if to.starts_with("__") {
        return Err(Refused(format!("`{to}` is reserved: names starting with `__` are the engine's")));
    }
    if to != from && doc.subgraphs.contains_key(to) {
        return Err(Refused(format!("a graph named `{to}` already exists")));
    }
    if sub.name == from {
        sub.name = to.to_string();
    }
    let mut changes = vec![EditorChange::SetSubgraph { name: from.into(), doc: None }];
    changes.push(EditorChange::SetSubgraph { name: to.into(), doc: Some(Box::new(sub)) });
    changes.extend(runners(doc, from, json!(to)));
    Ok(EditorChange::Batch(changes))
}

/// Removes the nested document `name`; the nodes that ran it are left with no graph
/// (marked as problems until one is picked). One undo step.
pub fn delete_subgraph(doc: &GraphDoc, name: &str) -> EditorChange {
    let mut changes = runners(doc, name, json!(""));
    changes.push(EditorChange::SetSubgraph { name: name.into(), doc: None });
    EditorChange::Batch(changes)
}

/// The nodes of `doc` that run `name`, each set to run `graph` instead.
fn runners(doc: &GraphDoc, name: &str, graph: Value) -> Vec<EditorChange> {
    let users = doc.nodes.iter().filter(|n| graph_of(n) == Some(name));
    users
        .map(|n| {
            let mut settings = n.settings.clone();
            settings.insert("graph".into(), graph.clone());
            EditorChange::SetSettings { id: n.id.clone(), settings }
        })
        .collect()
}

/// The saved state of the run inside the subgraph nodes `nodes` (outermost first), from
/// a snapshot taken with `get_state(subgraphs=true)`: there while the superstep that
/// runs them is unfinished (paused on an interrupt inside, say).
pub fn inner_snapshot(root: StateSnapshot, nodes: &[String]) -> Option<StateSnapshot> {
    nodes.iter().try_fold(root, |s, node| s.tasks.into_iter().find(|t| &t.name == node)?.state.map(|b| *b))
}

/// A saved state as the canvas shows a superstep: its paused or failed tasks and its next nodes.
pub fn as_step(s: &StateSnapshot) -> StepSnapshot {
    let stopped = s.tasks.iter().filter(|t| !t.interrupts.is_empty() || t.error.is_some());
    let tasks: Vec<TaskRecord> = stopped
        .map(|t| TaskRecord {
            id: t.id.clone(),
            name: t.name.clone(),
            path: t.path.clone(),
            error: t.error.clone(),
            interrupts: t.interrupts.clone(),
            ..Default::default()
        })
        .collect();
    let interrupts: Vec<_> = tasks.iter().flat_map(|t| t.interrupts.clone()).collect();
    StepSnapshot {
        step: s.metadata.as_ref().map_or(0, |m| m.step),
        tasks,
        state: s.values.clone(),
        changed: vec![],
        next: s.next.clone(),
        outcome: if interrupts.is_empty() { Outcome::Continue } else { Outcome::Interrupted(interrupts) },
    }
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
    fn a_run_paused_two_subgraphs_down_shows_its_inner_state_and_the_paused_node() {
        use crate::model::run::{status, NodeStatus};
        use futures::executor::block_on;
        use std::rc::Rc;
        use superstep::checkpoint::{Checkpointing, MemorySaver};
        use superstep::doc::build::{build, NoCode};
        use superstep::{CompileOptions, RunConfig};
        // The grandchild asks before it answers.
        let mut doc = grandchild();
        let child = doc.subgraphs.get_mut("child").unwrap();
        let inner = child.subgraphs.get_mut("grandchild").unwrap();
        let ask = new_node("interrupt", "ask", "my_grandchild_key");
        inner.nodes.insert(0, ask);
        inner.edges = vec![edge("__start__", "ask"), edge("ask", "grandchild_1"), edge("grandchild_1", "__end__")];
        let options = CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() };
        let g = build(&doc, &NoCode, options).unwrap();
        let config = RunConfig::thread("t");
        block_on(g.invoke(json!({ "my_key": "bob" }), config.clone())).unwrap();
        let root = block_on(g.get_state(&config, true)).unwrap();
        let path = ["child".to_string(), "child_1".to_string()];
        let s = inner_snapshot(root.clone(), &path).expect("the grandchild's saved state");
        assert_eq!(s.values, json!({ "my_grandchild_key": "hi bob" }));
        let step = as_step(&s);
        assert_eq!(status(&step, "ask"), NodeStatus::Interrupted);
        assert_eq!(status(&step, "grandchild_1"), NodeStatus::Halted);
        // One level down is the child's state; a node that runs no paused subgraph has none.
        assert!(inner_snapshot(root.clone(), &path[..1]).is_some_and(|c| c.next == ["child_1"]));
        assert!(inner_snapshot(root, &["parent_1".to_string()]).is_none());
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

    #[test]
    fn renaming_a_graph_renames_what_runs_it_and_undoes_in_one_step() {
        let mut h = History::new(grandchild());
        // A second node running the same graph follows the rename too.
        let mut twin = h.doc.nodes.iter().find(|n| n.id == "child").unwrap().clone();
        twin.id = "twin".into();
        h.edit(EditorChange::AddNode { node: twin, at: 0 }).unwrap();
        h.edit(EditorChange::AddEdge { edge: edge("__start__", "twin"), at: 0 }).unwrap();
        let before = h.doc.clone();
        h.edit(rename_subgraph(&h.doc, "child", "helper").unwrap()).unwrap();
        assert!(!h.doc.subgraphs.contains_key("child"));
        assert_eq!(subgraph_name(&h.doc, "child").as_deref(), Some("helper"));
        assert_eq!(subgraph_name(&h.doc, "twin").as_deref(), Some("helper"));
        assert!(h.doc.subgraphs.get("helper").unwrap().subgraphs.contains_key("grandchild"), "its own subgraphs move with it");
        assert!(problems(&h.doc).is_empty(), "{:?}", problems(&h.doc));
        h.undo();
        assert_eq!(h.doc, before);
        // Refused: a taken name, an empty or reserved one, a graph that is not there.
        let mut d = h.doc.clone();
        d.subgraphs.insert("other".into(), workspace::empty("other"));
        assert!(rename_subgraph(&d, "child", "other").is_err());
        assert!(rename_subgraph(&d, "child", " ").is_err());
        assert!(rename_subgraph(&d, "child", "__end__").is_err());
        assert!(rename_subgraph(&d, "nope", "x").is_err());
        assert!(rename_subgraph(&d, "child", "child").is_ok());
    }

    #[test]
    fn deleting_a_graph_leaves_its_nodes_without_one_until_undone() {
        let mut h = History::new(grandchild());
        h.edit(delete_subgraph(&h.doc, "child")).unwrap();
        assert!(h.doc.subgraphs.is_empty());
        assert_eq!(h.doc.nodes.iter().find(|n| n.id == "child").unwrap().settings.get("graph"), Some(&json!("")));
        assert!(!problems(&h.doc).is_empty(), "the node that ran it is marked");
        h.undo();
        assert_eq!(h.doc, grandchild());
    }

    #[test]
    fn a_breakpoint_in_a_subgraph_document_pauses_the_run_inside_and_continue_finishes_it() {
        use futures::executor::block_on;
        use std::rc::Rc;
        use superstep::checkpoint::{Checkpointing, MemorySaver};
        use superstep::doc::build::{build, NoCode};
        use superstep::{CompileOptions, RunConfig};
        let run = |doc: &GraphDoc| {
            let options = CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() };
            let g = build(doc, &NoCode, options).unwrap();
            let config = RunConfig::thread("t");
            let first = block_on(g.invoke(json!({ "my_key": "bob" }), config.clone())).unwrap();
            let inside = inner_snapshot(block_on(g.get_state(&config, true)).unwrap(), &["child".to_string()]);
            let last = block_on(g.invoke(Value::Null, config.clone())).unwrap();
            (first, inside.map(|s| s.next), last)
        };
        let plain = run(&grandchild());
        let mut h = History::new(grandchild());
        let compile = superstep::doc::CompileDoc { interrupt_before: vec!["child_1".into()], ..Default::default() };
        h.edit(within(&["child".to_string()], EditorChange::SetCompile { compile })).unwrap();
        let (first, inside, last) = run(&h.doc);
        assert_ne!(first, plain.0, "paused before child_1, inside the subgraph");
        assert_eq!(inside, Some(vec!["child_1".to_string()]));
        assert_eq!(last, plain.0, "continued, it ends as a run with no breakpoint");
    }
}
