//! Deleting an edge picked on the canvas: the change that takes exactly that
//! line out of the document. A static edge goes; a waiting edge loses that
//! source; a router loses the rules (or the fallback) that lead there, and a
//! fan-out router goes. A code router's paths and a node's `Command` or `Send`
//! targets belong to the node's code and settings, so those lines are edited
//! in its panel.
use crate::model::edit::EditorChange;
use crate::model::layout::{EdgeKind, EdgeLine};
use serde_json::Value;
use superstep::doc::{names, GraphDoc};

/// The change that removes the drawn edge `e`, if it can be removed on its own.
pub fn removal(doc: &GraphDoc, e: &EdgeLine) -> Option<EditorChange> {
    match &e.kind {
        EdgeKind::Normal => {
            let at = doc.edges.iter().position(|d| d.from.as_str() == Some(e.from.as_str()) && d.to == e.to)?;
            Some(EditorChange::RemoveEdge { at })
        }
        EdgeKind::Join => {
            let at = doc.edges.iter().position(|d| d.to == e.to && names(&d.from).contains(&e.from.as_str()))?;
            let rest: Vec<Value> = names(&doc.edges[at].from).into_iter().filter(|f| *f != e.from).map(Value::from).collect();
            let mut kept = doc.edges[at].clone();
            // A waiting edge left with one source is a plain edge from it.
            kept.from = if rest.len() == 1 { rest[0].clone() } else { Value::Array(rest) };
            if doc.edges.contains(&kept) {
                return Some(EditorChange::RemoveEdge { at });
            }
            Some(EditorChange::Batch(vec![EditorChange::RemoveEdge { at }, EditorChange::AddEdge { edge: kept, at }]))
        }
        EdgeKind::Conditional(_) => {
            let at = doc.routers.iter().position(|r| r.from == e.from)?;
            let r = &doc.routers[at];
            if r.code.is_some() || r.function.is_some() {
                return None;
            }
            let leads_there = |t: &str| r.target(t) == e.to;
            let mut kept = r.clone();
            for rule in kept.rules.iter_mut() {
                rule.to = without(&rule.to, &leads_there);
            }
            kept.rules.retain(|rule| !names(&rule.to).is_empty());
            kept.otherwise = kept.otherwise.map(|o| without(&o, &leads_there)).filter(|o| !names(o).is_empty());
            // The canvas draws every path of the map, so the path keys that lead there go too.
            kept.paths = kept.paths.map(|p| p.iter().filter(|(_, t)| **t != e.to).map(|(k, t)| (k.clone(), t.clone())).collect());
            kept.paths = kept.paths.filter(|p| !p.is_empty());
            let router = (!kept.rules.is_empty() || kept.otherwise.is_some()).then_some(kept);
            Some(EditorChange::SetRouter { from: e.from.clone(), router, at })
        }
        // A fan-out router is that one line; a `send` node's line is its settings.
        EdgeKind::Send(_) => {
            let at = doc.routers.iter().position(|r| r.from == e.from && r.send.as_ref().is_some_and(|s| s.node == e.to))?;
            Some(EditorChange::SetRouter { from: e.from.clone(), router: None, at })
        }
        EdgeKind::Command => None,
    }
}

/// A rule's target (a name or a list of them) without the names `drop` picks.
fn without(v: &Value, drop: &dyn Fn(&str) -> bool) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().filter(|x| !x.as_str().is_some_and(drop)).cloned().collect()),
        Value::String(s) if drop(s) => Value::Array(vec![]),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::edit::apply;
    use crate::model::layout::edges;

    fn doc(name: &str) -> GraphDoc {
        let text = std::fs::read_to_string(format!("{}/../www/examples/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        GraphDoc::from_json(&text).unwrap()
    }

    /// `d` with the drawn edge `from -> to` deleted, and the edges drawn after.
    fn delete(d: &GraphDoc, from: &str, to: &str) -> (GraphDoc, Vec<(String, String)>) {
        let e = edges(d).into_iter().find(|e| e.from == from && e.to == to).unwrap();
        let mut after = d.clone();
        let undo = apply(&mut after, removal(d, &e).unwrap()).unwrap();
        let mut undone = after.clone();
        apply(&mut undone, undo).unwrap();
        assert_eq!(&undone, d, "one undo step puts it back");
        let drawn = edges(&after).into_iter().map(|e| (e.from, e.to)).collect();
        (after, drawn)
    }

    #[test]
    fn only_the_picked_line_goes() {
        let d = doc("support-agent");
        let before: Vec<(String, String)> = edges(&d).into_iter().map(|e| (e.from, e.to)).collect();
        for (from, to) in [("__start__", "intake"), ("drafting", "retry_wait"), ("intake", "failed")] {
            let (_, drawn) = delete(&d, from, to);
            let expected: Vec<_> = before.iter().filter(|(f, t)| !(f == from && t == to)).cloned().collect();
            assert_eq!(drawn, expected, "deleting {from} -> {to}");
        }
    }

    #[test]
    fn a_router_left_with_no_target_goes_and_one_source_of_a_join_leaves_a_plain_edge() {
        let d = doc("remaining-steps");
        let targets: Vec<String> = edges(&d).into_iter().filter(|e| e.from == "reasoning_node").map(|e| e.to).collect();
        let mut after = d.clone();
        for to in targets {
            let e = edges(&after).into_iter().find(|e| e.from == "reasoning_node" && e.to == to).unwrap();
            let change = removal(&after, &e).unwrap();
            apply(&mut after, change).unwrap();
        }
        assert!(after.routers.iter().all(|r| r.from != "reasoning_node"));

        let mut j = doc("command");
        j.edges.push(superstep::doc::EdgeDoc { from: serde_json::json!(["__start__", "my_node"]), to: "my_other_node".into() });
        let (after, _) = delete(&j, "__start__", "my_other_node");
        assert_eq!(after.edges.last().unwrap().from, serde_json::json!("my_node"));
        // The plain edge left would repeat one already there: the join just goes.
        j.edges.push(superstep::doc::EdgeDoc { from: serde_json::json!(["my_node", "my_other_node"]), to: "__end__".into() });
        let (after, _) = delete(&j, "my_node", "__end__");
        assert_eq!(after.edges.len(), j.edges.len() - 1);
    }

    #[test]
    fn a_router_through_a_path_map_loses_the_path_too() {
        let mut d = doc("human-review");
        d.edges.retain(|e| !(e.from.as_str() == Some("human_review") && e.to == "record"));
        d.routers.push(superstep::doc::RouterDoc {
            from: "human_review".into(),
            rules: vec![superstep::doc::RuleDoc { when: "true".into(), to: serde_json::json!("ok") }],
            otherwise: Some(serde_json::json!("no")),
            paths: Some([("ok".to_string(), "record".to_string()), ("no".to_string(), "__end__".to_string())].into_iter().collect()),
            ..Default::default()
        });
        let (after, drawn) = delete(&d, "human_review", "record");
        assert!(!drawn.contains(&("human_review".into(), "record".into())), "the line is gone");
        assert!(drawn.contains(&("human_review".into(), "__end__".into())));
        let r = after.routers.iter().find(|r| r.from == "human_review").unwrap();
        assert!(r.rules.is_empty() && r.paths.as_ref().is_some_and(|p| p.len() == 1 && !p.contains_key("ok")));
    }

    #[test]
    fn a_fan_out_line_takes_its_router_and_a_send_nodes_line_stays() {
        let d = doc("map-reduce");
        let (after, drawn) = delete(&d, "generate_topics", "generate_joke");
        assert!(after.routers.is_empty() && !drawn.contains(&("generate_topics".into(), "generate_joke".into())));
        let mut n = d.clone();
        n.routers.clear();
        let settings = serde_json::json!({"over": "subjects", "node": "generate_joke"});
        n.nodes.push(superstep::doc::NodeDoc { id: "fan".into(), kind: "send".into(), settings: settings.as_object().unwrap().clone() });
        let e = edges(&n).into_iter().find(|e| e.from == "fan").unwrap();
        assert_eq!((e.kind.clone(), removal(&n, &e)), (EdgeKind::Send("subjects".into()), None));
    }

    #[test]
    fn code_and_command_targets_stay_for_the_panel() {
        let d = doc("command");
        let e = edges(&d).into_iter().find(|e| e.kind == EdgeKind::Command).unwrap();
        assert_eq!(removal(&d, &e), None);
    }
}
