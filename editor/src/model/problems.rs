//! Problems of a document as the engine reports them (validation, compile
//! errors, warnings), each tied to the node it concerns when there is one.
use superstep::doc::build::{build, NoCode};
use superstep::doc::GraphDoc;

#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub text: String,
    /// The node (or the source of the edge) it concerns.
    pub node: Option<String>,
    pub warning: bool,
}

/// `nodes[3].values` → the fourth node; `edges[1]` → the first source of that edge.
fn node_of_path(doc: &GraphDoc, path: &str) -> Option<String> {
    let path = path.strip_prefix("$.").unwrap_or(path);
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
                let text = e.to_string();
                vec![Problem { node: node_in_text(doc, &text), text, warning: false }]
            }
            Ok(g) => g.warnings().iter().map(|w| Problem { node: node_in_text(doc, w), text: w.clone(), warning: true }).collect(),
        },
    }
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
}
