//! Problems of a document as the engine reports them (validation, compile
//! errors, warnings), each tied to the node it concerns when there is one.
use super::subgraphs::graph_of;
use superstep::doc::build::{build, NoCode};
use superstep::doc::GraphDoc;
use superstep::{Error, ValidationError, START};

#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub text: String,
    /// The node (or the source of the edge) it concerns.
    pub node: Option<String>,
    pub warning: bool,
}

/// `nodes[3].values` → the fourth node; `edges[1]` → the first source of that edge;
/// `subgraphs.child.…` → the node that runs `child`.
fn node_of_path(doc: &GraphDoc, path: &str) -> Option<String> {
    let path = path.strip_prefix("$.").unwrap_or(path);
    if let Some(rest) = path.strip_prefix("subgraphs.") {
        return runner(doc, rest.split('.').next()?);
    }
    let index = |prefix: &str| path.strip_prefix(prefix).and_then(|r| r.split(']').next()).and_then(|i| i.parse::<usize>().ok());
    if let Some(i) = index("nodes[") {
        return doc.nodes.get(i).map(|n| n.id.clone());
    }
    if let Some(i) = index("edges[") {
        let e = doc.edges.get(i)?;
        return e.from.as_str().map(str::to_string).or_else(|| e.from.get(0).and_then(|v| v.as_str()).map(str::to_string));
    }
    index("routers[").and_then(|i| doc.routers.get(i)).map(|r| r.from.clone())
}

/// The first node named in backquotes in an engine message.
fn node_in_text(doc: &GraphDoc, text: &str) -> Option<String> {
    text.split('`').skip(1).step_by(2).find(|w| doc.nodes.iter().any(|n| n.id == *w)).map(str::to_string)
}

pub fn problems(doc: &GraphDoc) -> Vec<Problem> {
    let value = serde_json::to_value(doc).unwrap_or_default();
    match GraphDoc::from_value(value) {
        Err(list) => list
            .into_iter()
            .map(|p| Problem { node: node_of_path(doc, &p.path), text: format!("{}: {}", p.path, p.message), warning: false })
            .collect(),
        Ok(d) => match build(&d, &NoCode, Default::default()) {
            Err(e) => {
                // The engine names an unreachable node before a missing entry, as
                // LangGraph; a new graph lacks its entry first, so that is said first.
                let e = match e {
                    Error::Validation(ValidationError::Unreachable { .. }) if !has_entry(&d) => {
                        Error::Validation(ValidationError::NoEntryPoint)
                    }
                    e => e,
                };
                let text = e.to_string();
                // An error inside a subgraph names that subgraph and points at the node that runs it.
                if let Some((name, node)) = failing_subgraph(doc, &text) {
                    return vec![Problem { text: format!("in subgraph `{name}`: {text}"), node, warning: false }];
                }
                vec![Problem { node: node_in_text(doc, &text), text, warning: false }]
            }
            Ok(g) => g.warnings().iter().map(|w| Problem { node: node_in_text(doc, w), text: w.clone(), warning: true }).collect(),
        },
    }
}

/// Whether an edge or a router leaves START.
fn has_entry(doc: &GraphDoc) -> bool {
    doc.edges.iter().any(|e| e.from == START) || doc.routers.iter().any(|r| r.from == START)
}

/// The subgraph of `doc` that fails to build with `text` on its own, and a node that runs it.
fn failing_subgraph(doc: &GraphDoc, text: &str) -> Option<(String, Option<String>)> {
    let (name, _) = doc.subgraphs.iter().find(|(_, sub)| build(sub, &NoCode, Default::default()).is_err_and(|e| e.to_string() == text))?;
    Some((name.clone(), runner(doc, name)))
}

/// The first node of `doc` that runs subgraph `name`.
fn runner(doc: &GraphDoc, name: &str) -> Option<String> {
    doc.nodes.iter().find(|n| graph_of(n) == Some(name)).map(|n| n.id.clone())
}

/// What the status line says after an edit that changed why the graph does not
/// compile, or whether it does (`before`: the compile error before the edit).
pub fn compile_change(before: Option<&str>, now: Result<(), &str>) -> Option<String> {
    match (before, now) {
        (Some(_), Ok(())) => Some("It compiles now: step with Space, run with F5.".into()),
        (before, Err(e)) if before != Some(e) => Some(format!("It does not compile yet: {e}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_changes_only_when_compiling_does() {
        assert_eq!(compile_change(Some("no entry"), Ok(())).as_deref(), Some("It compiles now: step with Space, run with F5."));
        assert_eq!(compile_change(None, Err("no entry")).as_deref(), Some("It does not compile yet: no entry"));
        assert_eq!(compile_change(Some("no entry"), Err("unreachable")).as_deref(), Some("It does not compile yet: unreachable"));
        assert_eq!(compile_change(None, Ok(())), None);
        assert_eq!(compile_change(Some("no entry"), Err("no entry")), None);
    }

    #[test]
    fn problems_point_at_their_node() {
        let mut doc = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        assert!(problems(&doc).is_empty());
        doc.nodes[1].kind = "update".into();
        doc.nodes[1].settings = serde_json::json!({ "exprs": { "bar": "foo +" } }).as_object().cloned().unwrap();
        let p = problems(&doc);
        assert_eq!(p[0].node.as_deref(), Some("node_2"), "{p:?}");
        assert!(!p[0].warning);
        // An unreachable node is a warning about that node.
        let mut doc = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        doc.edges.retain(|e| e.to != "node_3");
        let p = problems(&doc);
        assert!(p.iter().any(|p| p.node.as_deref() == Some("node_3")), "{p:?}");
    }

    #[test]
    fn a_problem_inside_a_subgraph_names_it_and_points_at_its_node() {
        let fresh = || GraphDoc::from_json(include_str!("../../../www/examples/subgraph-grandchild.json")).unwrap();
        let grandchild = |d: &GraphDoc| d.subgraphs.get("child").unwrap().subgraphs.get("grandchild").unwrap().clone();
        // A broken expression: the document's own check gives its path.
        let mut doc = fresh();
        let mut g = grandchild(&doc);
        g.nodes[0].settings = serde_json::json!({ "exprs": { "my_grandchild_key": "1 +" } }).as_object().cloned().unwrap();
        doc.subgraphs.get_mut("child").unwrap().subgraphs.insert("grandchild".into(), g);
        let p = problems(&doc);
        assert_eq!((p.len(), p[0].node.as_deref()), (1, Some("child")), "{p:?}");
        let p = problems(doc.subgraphs.get("child").unwrap());
        assert_eq!(p[0].node.as_deref(), Some("child_1"), "{p:?}");
        // A node nothing leads to: the build's error, which names no path.
        let mut doc = fresh();
        let mut g = grandchild(&doc);
        g.edges.clear();
        doc.subgraphs.get_mut("child").unwrap().subgraphs.insert("grandchild".into(), g);
        let p = problems(&doc);
        assert_eq!((p.len(), p[0].node.as_deref()), (1, Some("child")), "{p:?}");
        assert!(p[0].text.starts_with("in subgraph `child`: "), "{p:?}");
        let p = problems(doc.subgraphs.get("child").unwrap());
        assert!(p[0].text.starts_with("in subgraph `grandchild`: ") && p[0].node.as_deref() == Some("child_1"), "{p:?}");
    }
}
