//! A router's three ways to choose where to go — rules, code, or a `Send`
//! fan-out — and switching between them in the node panel, keeping the
//! targets it already had where the new way can hold them.
use serde_json::{json, Value};
use superstep::doc::{names, GraphDoc, RouterDoc, SendDoc};
use superstep::sorted_map::SortedMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RouterMode {
    Rules,
    Code,
    Send,
}

impl RouterMode {
    pub fn of(r: &RouterDoc) -> RouterMode {
        if r.send.is_some() {
            RouterMode::Send
        } else if r.code.is_some() || r.function.is_some() {
            RouterMode::Code
        } else {
            RouterMode::Rules
        }
    }
}

/// The nodes (or END) `r` can lead to now, in order, without repeats: a rule's
/// path key counts as the node it maps to.
fn targets(r: &RouterDoc) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let named = r.rules.iter().map(|x| &x.to).chain(r.otherwise.iter()).flat_map(names).map(|t| r.target(t).to_string());
    let mapped = r.paths.iter().flat_map(|p| p.values().cloned());
    for t in named.chain(mapped).chain(r.send.iter().map(|s| s.node.clone())) {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// `r` switched to `mode`: its targets become the new way's (code's path keys,
/// the rules' fallback, the fan-out's node) where they can.
pub fn switched(doc: &GraphDoc, r: &RouterDoc, mode: RouterMode) -> RouterDoc {
    let was = targets(r);
    let first_node = was.iter().find(|t| *t != "__end__").cloned();
    let base = RouterDoc { from: r.from.clone(), ..Default::default() };
    match mode {
        RouterMode::Rules => RouterDoc { otherwise: Some(json!(first_node.unwrap_or_else(|| "__end__".into()))), ..base },
        RouterMode::Code => {
            let paths: SortedMap<String, String> = was.iter().map(|t| (t.clone(), t.clone())).collect();
            let first = was.first().cloned().unwrap_or_else(|| "__end__".into());
            RouterDoc { code: Some(format!("return {};", Value::from(first))), paths: Some(paths), ..base }
        }
        RouterMode::Send => {
            // A list to fan out over: the first key that defaults to one, else the first key.
            let list = doc.channels.iter().find(|c| c.default.as_ref().is_some_and(Value::is_array)).or(doc.channels.first());
            let node = first_node.or_else(|| doc.nodes.iter().map(|n| n.id.clone()).find(|id| *id != r.from)).unwrap_or_default();
            let over = list.map_or_else(|| "[]".to_string(), |c| c.key.clone());
            RouterDoc { send: Some(SendDoc { over, node, item: "item".into() }), ..base }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> GraphDoc {
        GraphDoc::from_json(include_str!("../../../www/examples/support-agent.json")).unwrap()
    }

    #[test]
    fn switching_keeps_the_targets_each_way_can_hold() {
        let d = doc();
        let rules = d.routers.iter().find(|r| r.from == "intake").unwrap().clone();
        assert_eq!(RouterMode::of(&rules), RouterMode::Rules);
        let code = switched(&d, &rules, RouterMode::Code);
        assert_eq!(RouterMode::of(&code), RouterMode::Code);
        let keys: Vec<&String> = code.paths.as_ref().unwrap().keys().collect();
        assert_eq!(keys, targets(&rules).iter().collect::<Vec<_>>());
        assert_eq!(code.code.as_deref(), Some(format!("return \"{}\";", targets(&rules)[0]).as_str()));
        let send = switched(&d, &code, RouterMode::Send);
        assert_eq!(RouterMode::of(&send), RouterMode::Send);
        let s = send.send.as_ref().unwrap();
        assert_eq!((s.node.as_str(), s.item.as_str()), (targets(&rules)[0].as_str(), "item"));
        // support-agent's list key is processed_events (default []).
        assert_eq!(s.over, "processed_events");
        assert!(send.rules.is_empty() && send.code.is_none() && send.paths.is_none() && send.otherwise.is_none());
        let back = switched(&d, &send, RouterMode::Rules);
        assert_eq!((back.otherwise, back.send, back.rules.len()), (Some(json!(s.node)), None, 0));
        // Each switch leaves a document the engine accepts.
        for r in [code, send] {
            let mut d2 = d.clone();
            let at = d2.routers.iter().position(|x| x.from == "intake").unwrap();
            d2.routers[at] = r;
            assert!(superstep::doc::validate::check(&d2).is_empty(), "{:?}", superstep::doc::validate::check(&d2));
        }
    }

    #[test]
    fn a_rules_path_key_switches_as_the_node_it_maps_to() {
        let mut d = GraphDoc::from_json(include_str!("../../../www/examples/human-review.json")).unwrap();
        d.edges.retain(|e| e.from.as_str() != Some("human_review"));
        let paths = [("ok".to_string(), "record".to_string()), ("no".to_string(), "__end__".to_string())].into_iter().collect();
        let rules = vec![superstep::doc::RuleDoc { when: "true".into(), to: json!("ok") }];
        let r = RouterDoc { from: "human_review".into(), rules, otherwise: Some(json!("no")), paths: Some(paths), ..Default::default() };
        assert_eq!(targets(&r), ["record", "__end__"]);
        for mode in [RouterMode::Code, RouterMode::Send, RouterMode::Rules] {
            let mut d2 = d.clone();
            d2.routers.push(switched(&d, &r, mode));
            assert!(superstep::doc::validate::check(&d2).is_empty(), "{mode:?}: {:?}", superstep::doc::validate::check(&d2));
        }
        assert_eq!(switched(&d, &r, RouterMode::Send).send.map(|s| s.node).as_deref(), Some("record"));
    }
}
