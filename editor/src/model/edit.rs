//! Editing a graph document as data: `EditorChange` values applied by a pure
//! `apply`, which returns the change that undoes it. Undo/redo are two stacks
//! of changes (React Flow's `applyNodeChanges`, with inverses).
use serde_json::{Map, Value};
use superstep::doc::{names, ChannelDoc, CompileDoc, EdgeDoc, GraphDoc, NodeDoc, Position, RouterDoc};

#[derive(Clone, Debug, PartialEq)]
pub enum EditorChange {
    AddNode {
        node: NodeDoc,
        at: usize,
    },
    RemoveNode {
        id: String,
    },
    RenameNode {
        from: String,
        to: String,
    },
    SetSettings {
        id: String,
        settings: Map<String, Value>,
    },
    Move {
        id: String,
        to: Option<Position>,
    },
    AddEdge {
        edge: EdgeDoc,
        at: usize,
    },
    RemoveEdge {
        at: usize,
    },
    AddChannel {
        channel: ChannelDoc,
        at: usize,
    },
    RemoveChannel {
        key: String,
    },
    /// Replaces the state key `key` (a rename when `channel.key` differs).
    SetChannel {
        key: String,
        channel: ChannelDoc,
    },
    /// The graph's input and output keys (`None`: the whole state).
    SetIo {
        input: Option<Vec<String>>,
        output: Option<Vec<String>>,
    },
    /// The conditional edge out of `from` (`None` removes it); a new one goes in at `at`.
    SetRouter {
        from: String,
        router: Option<RouterDoc>,
        at: usize,
    },
    /// The graph's compile options: a subgraph's breakpoints live here, as in
    /// LangGraph's `compile({ interruptBefore })`.
    SetCompile {
        compile: CompileDoc,
    },
    /// `change` made inside the nested document `name` (a subgraph's graph).
    InSubgraph {
        name: String,
        change: Box<EditorChange>,
    },
    /// Adds or replaces the nested document `name`, or removes it (`None`).
    SetSubgraph {
        name: String,
        doc: Option<Box<GraphDoc>>,
    },
    /// Several changes as one undo step (e.g. removing a node and its edges).
    Batch(Vec<EditorChange>),
}

/// Why an edit was refused; the document is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused(pub String);

const RESERVED: &[&str] = &["__start__", "__end__", "__interrupt__", "__metadata__"];

/// Checks a node name: not empty, not reserved, no `:` or `|`, not taken.
pub fn check_name(doc: &GraphDoc, name: &str) -> Result<(), Refused> {
    if name.trim().is_empty() {
        return Err(Refused("a node needs a name".into()));
    }
    if RESERVED.contains(&name) || name.contains([':', '|']) {
        return Err(Refused(format!("`{name}` is reserved")));
    }
    if doc.nodes.iter().any(|n| n.id == name) {
        return Err(Refused(format!("a node named `{name}` already exists")));
    }
    Ok(())
}

fn rename_in(v: &mut Value, from: &str, to: &str) {
    match v {
        Value::String(s) if s == from => *s = to.to_string(),
        Value::Array(a) => a.iter_mut().for_each(|x| rename_in(x, from, to)),
        _ => {}
    }
}

/// Applies `change`; returns its inverse, or why it was refused.
pub fn apply(doc: &mut GraphDoc, change: EditorChange) -> Result<EditorChange, Refused> {
    Ok(match change {
        EditorChange::AddNode { node, at } => {
            check_name(doc, &node.id)?;
            let id = node.id.clone();
            doc.nodes.insert(at.min(doc.nodes.len()), node);
            EditorChange::RemoveNode { id }
        }
        EditorChange::RemoveNode { id } => {
            let at = doc.nodes.iter().position(|n| n.id == id).ok_or_else(|| Refused(format!("no node `{id}`")))?;
            // Edges touching the node go with it, as one undo step.
            let mut undo = Vec::new();
            let mut i = doc.edges.len();
            while i > 0 {
                i -= 1;
                let e = &doc.edges[i];
                let touches = e.to == id
                    || e.from.as_str() == Some(id.as_str())
                    || e.from.as_array().is_some_and(|a| a.iter().any(|x| x == id.as_str()));
                if touches {
                    undo.push(EditorChange::AddEdge { edge: doc.edges.remove(i), at: i });
                }
            }
            let pos = doc.layout.remove(&id);
            let compile = doc.compile.clone();
            doc.compile.interrupt_before.retain(|n| *n != id);
            doc.compile.interrupt_after.retain(|n| *n != id);
            if doc.compile != compile {
                undo.push(EditorChange::SetCompile { compile });
            }
            let node = doc.nodes.remove(at);
            let router = doc.routers.iter().position(|r| r.from == id).map(|i| (i, doc.routers.remove(i)));
            // Reversed below: the node comes back first, then its place, router and edges.
            if let Some((i, r)) = router {
                undo.push(EditorChange::SetRouter { from: id.clone(), router: Some(r), at: i });
            }
            if pos.is_some() {
                undo.push(EditorChange::Move { id: id.clone(), to: pos });
            }
            undo.push(EditorChange::AddNode { node, at });
            undo.reverse();
            EditorChange::Batch(undo)
        }
        EditorChange::RenameNode { from, to } => {
            check_name(doc, &to)?;
            let node = doc.nodes.iter_mut().find(|n| n.id == from).ok_or_else(|| Refused(format!("no node `{from}`")))?;
            node.id = to.clone();
            // Nodes naming it in their settings: a Command's goto and ends, a Send's target.
            // A goto's literals are renamed by text, so the undo restores the settings it
            // changed as they were: a literal already spelling the new name stays as it was.
            let mut settings_before = vec![];
            for n in doc.nodes.iter_mut() {
                let before = n.settings.clone();
                if let Some(ends) = n.settings.get_mut("ends") {
                    rename_in(ends, &from, &to);
                }
                if n.kind == "send" {
                    if let Some(target) = n.settings.get_mut("node") {
                        rename_in(target, &from, &to);
                    }
                }
                if let Some(Value::String(goto)) = n.settings.get_mut("goto") {
                    *goto = super::command::rename_in_goto(goto, &from, &to);
                }
                if n.settings != before {
                    let id = if n.id == to { from.clone() } else { n.id.clone() };
                    settings_before.push(EditorChange::SetSettings { id, settings: before });
                }
            }
            for e in doc.edges.iter_mut() {
                rename_in(&mut e.from, &from, &to);
                if e.to == from {
                    e.to = to.clone();
                }
            }
            for r in doc.routers.iter_mut() {
                if r.from == from {
                    r.from = to.clone();
                }
                for rule in r.rules.iter_mut() {
                    rename_in(&mut rule.to, &from, &to);
                }
                if let Some(o) = r.otherwise.as_mut() {
                    rename_in(o, &from, &to);
                }
                let sent_to = r.send.iter_mut().map(|s| &mut s.node);
                for target in r.paths.iter_mut().flat_map(|p| p.values_mut()).chain(sent_to) {
                    if *target == from {
                        *target = to.clone();
                    }
                }
            }
            if let Some(p) = doc.layout.remove(&from) {
                doc.layout.insert(to.clone(), p);
            }
            for n in doc.compile.interrupt_before.iter_mut().chain(doc.compile.interrupt_after.iter_mut()) {
                if *n == from {
                    *n = to.clone();
                }
            }
            let back = EditorChange::RenameNode { from: to, to: from };
            if settings_before.is_empty() {
                back
            } else {
                EditorChange::Batch(std::iter::once(back).chain(settings_before).collect())
            }
        }
        EditorChange::SetSettings { id, settings } => {
            let node = doc.nodes.iter_mut().find(|n| n.id == id).ok_or_else(|| Refused(format!("no node `{id}`")))?;
            let old = std::mem::replace(&mut node.settings, settings);
            EditorChange::SetSettings { id, settings: old }
        }
        EditorChange::Move { id, to } => {
            let old = match to {
                Some(p) => doc.layout.insert(id.clone(), p),
                None => doc.layout.remove(&id),
            };
            EditorChange::Move { id, to: old }
        }
        EditorChange::AddEdge { edge, at } => {
            let known = |n: &str| n == "__start__" || n == "__end__" || doc.nodes.iter().any(|x| x.id == n);
            let froms = names(&edge.from);
            if froms.is_empty() || !froms.iter().all(|f| known(f) && *f != "__end__") || !known(&edge.to) || edge.to == "__start__" {
                return Err(Refused("an edge must join existing nodes".into()));
            }
            if doc.edges.iter().any(|e| e == &edge) {
                return Err(Refused("that edge already exists".into()));
            }
            let at = at.min(doc.edges.len());
            doc.edges.insert(at, edge);
            EditorChange::RemoveEdge { at }
        }
        EditorChange::RemoveEdge { at } => {
            if at >= doc.edges.len() {
                return Err(Refused("no such edge".into()));
            }
            EditorChange::AddEdge { edge: doc.edges.remove(at), at }
        }
        EditorChange::AddChannel { channel, at } => {
            if channel.key.trim().is_empty() || doc.channels.iter().any(|c| c.key == channel.key) {
                return Err(Refused(format!("a state key `{}` already exists or is empty", channel.key)));
            }
            let key = channel.key.clone();
            doc.channels.insert(at.min(doc.channels.len()), channel);
            EditorChange::RemoveChannel { key }
        }
        EditorChange::RemoveChannel { key } => {
            let at = doc.channels.iter().position(|c| c.key == key).ok_or_else(|| Refused(format!("no state key `{key}`")))?;
            EditorChange::AddChannel { channel: doc.channels.remove(at), at }
        }
        EditorChange::SetChannel { key, channel } => {
            let at = doc.channels.iter().position(|c| c.key == key).ok_or_else(|| Refused(format!("no state key `{key}`")))?;
            if channel.key.trim().is_empty() || (channel.key != key && doc.channels.iter().any(|c| c.key == channel.key)) {
                return Err(Refused(format!("a state key `{}` already exists or is empty", channel.key)));
            }
            let new_key = channel.key.clone();
            for list in [doc.input.as_mut(), doc.output.as_mut()].into_iter().flatten() {
                list.iter_mut().filter(|k| **k == key).for_each(|k| *k = new_key.clone());
            }
            let old = std::mem::replace(&mut doc.channels[at], channel);
            EditorChange::SetChannel { key: new_key, channel: old }
        }
        EditorChange::SetIo { input, output } => {
            let old_input = std::mem::replace(&mut doc.input, input);
            let old_output = std::mem::replace(&mut doc.output, output);
            EditorChange::SetIo { input: old_input, output: old_output }
        }
        EditorChange::SetRouter { from, router, at: new_at } => {
            if router.as_ref().is_some_and(|r| r.from != from) {
                return Err(Refused("a router belongs to the node it starts from".into()));
            }
            if !doc.nodes.iter().any(|n| n.id == from) && from != "__start__" {
                return Err(Refused(format!("no node `{from}`")));
            }
            let at = doc.routers.iter().position(|r| r.from == from);
            let (old, old_at) = match (at, router) {
                (Some(i), Some(r)) => (Some(std::mem::replace(&mut doc.routers[i], r)), i),
                (Some(i), None) => (Some(doc.routers.remove(i)), i),
                (None, Some(r)) => {
                    let i = new_at.min(doc.routers.len());
                    doc.routers.insert(i, r);
                    (None, i)
                }
                (None, None) => (None, 0),
            };
            EditorChange::SetRouter { from, router: old, at: old_at }
        }
        EditorChange::SetCompile { compile } => EditorChange::SetCompile { compile: std::mem::replace(&mut doc.compile, compile) },
        EditorChange::InSubgraph { name, change } => {
            let sub = doc.subgraphs.get_mut(&name).ok_or_else(|| Refused(format!("no subgraph `{name}`")))?;
            EditorChange::InSubgraph { name, change: Box::new(apply(sub, *change)?) }
        }
        EditorChange::SetSubgraph { name, doc: new } => {
            if name.trim().is_empty() {
                return Err(Refused("a subgraph needs a name".into()));
            }
            let old = match new {
                Some(d) => doc.subgraphs.insert(name.clone(), *d),
                None => doc.subgraphs.remove(&name),
            };
            EditorChange::SetSubgraph { name, doc: old.map(Box::new) }
        }
        EditorChange::Batch(changes) => {
            let mut undo = Vec::new();
            for c in changes {
                match apply(doc, c) {
                    Ok(u) => undo.push(u),
                    Err(e) => {
                        // Roll back what this batch already did.
                        for u in undo.into_iter().rev() {
                            let _ = apply(doc, u);
                        }
                        return Err(e);
                    }
                }
            }
            undo.reverse();
            EditorChange::Batch(undo)
        }
    })
}

/// The document with an undo and a redo stack.
#[derive(Clone, Debug)]
pub struct History {
    pub doc: GraphDoc,
    undo: Vec<EditorChange>,
    redo: Vec<EditorChange>,
}

impl History {
    pub fn new(doc: GraphDoc) -> Self {
        History { doc, undo: vec![], redo: vec![] }
    }

    pub fn edit(&mut self, change: EditorChange) -> Result<(), Refused> {
        let inverse = apply(&mut self.doc, change)?;
        self.undo.push(inverse);
        self.redo.clear();
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(c) => {
                let inverse = apply(&mut self.doc, c).expect("an inverse always applies");
                self.redo.push(inverse);
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(c) => {
                let inverse = apply(&mut self.doc, c).expect("a redo always applies");
                self.undo.push(inverse);
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

/// A new node of `kind` for `doc`: the first free id `kind_N`, its settings
/// naming the first state key.
pub fn fresh_node(doc: &GraphDoc, kind: &str) -> NodeDoc {
    let id = (1..).map(|i| format!("{kind}_{i}")).find(|id| !doc.nodes.iter().any(|n| &n.id == id)).unwrap_or_default();
    new_node(kind, &id, doc.channels.first().map_or("value", |c| c.key.as_str()))
}

/// The changes that add a fresh node of `kind` to `doc` (its id comes first). A
/// graph with no state key yet also gets the key `value`, which the node's
/// settings name: a first node should compile, not start with a problem.
pub fn add_fresh_node(doc: &GraphDoc, kind: &str) -> (String, Vec<EditorChange>) {
    let node = fresh_node(doc, kind);
    let id = node.id.clone();
    let mut changes = Vec::new();
    if doc.channels.is_empty() && !matches!(kind, "code" | "subgraph") {
        let channel =
            ChannelDoc { key: "value".into(), reducer: "overwrite".into(), default: None, role: "state".into(), untracked: false };
        changes.push(EditorChange::AddChannel { channel, at: 0 });
    }
    changes.push(EditorChange::AddNode { node, at: doc.nodes.len() });
    (id, changes)
}

/// A new node of `kind` with the settings it needs to validate.
pub fn new_node(kind: &str, id: &str, first_key: &str) -> NodeDoc {
    let settings: Map<String, Value> = match kind {
        "set" => serde_json::json!({ "values": { first_key: "" } }),
        "update" => serde_json::json!({ "exprs": { first_key: first_key } }),
        "interrupt" => serde_json::json!({ "prompt": "Continue?", "key": first_key }),
        "send" => serde_json::json!({ "over": first_key, "node": id, "as": "item" }),
        "code" => serde_json::json!({ "code": "return {};" }),
        _ => serde_json::json!({ "graph": "" }),
    }
    .as_object()
    .cloned()
    .unwrap_or_default();
    NodeDoc { id: id.to_string(), kind: kind.to_string(), settings }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn doc() -> GraphDoc {
        GraphDoc::from_json(include_str!("../../../www/examples/support-agent.json")).unwrap()
    }

    fn change() -> impl Strategy<Value = EditorChange> {
        let ids = prop_oneof![Just("intake"), Just("drafting"), Just("approve"), Just("fresh"), Just("x"), Just("__end__")];
        prop_oneof![
            (ids.clone(), 0usize..10).prop_map(|(id, at)| EditorChange::AddNode { node: new_node("set", id, "status"), at }),
            ids.clone().prop_map(|id| EditorChange::RemoveNode { id: id.into() }),
            (ids.clone(), ids.clone()).prop_map(|(a, b)| EditorChange::RenameNode { from: a.into(), to: format!("{b}2") }),
            (ids.clone(), 0.0f64..500.0).prop_map(|(id, x)| EditorChange::Move { id: id.into(), to: Some(Position { x, y: x }) }),
            (ids.clone(), ids.clone(), 0usize..12)
                .prop_map(|(a, b, at)| EditorChange::AddEdge { edge: EdgeDoc { from: json!(a), to: b.into() }, at }),
            (0usize..12).prop_map(|at| EditorChange::RemoveEdge { at }),
            ("[a-z]{1,4}", 0usize..12).prop_map(|(key, at)| EditorChange::AddChannel {
                channel: ChannelDoc { key, reducer: "overwrite".into(), default: None, role: "state".into(), untracked: false },
                at
            }),
            ids.clone().prop_map(|id| EditorChange::SetSettings { id: id.into(), settings: Map::new() }),
            (ids.clone(), ids.clone(), 0usize..4).prop_map(|(from, to, at)| EditorChange::SetRouter {
                from: from.into(),
                router: (at > 0).then(|| RouterDoc {
                    from: from.into(),
                    rules: vec![superstep::doc::RuleDoc { when: "true".into(), to: json!(to) }],
                    otherwise: Some(json!("__end__")),
                    ..Default::default()
                }),
                at
            }),
            (prop_oneof![Just("status"), Just("attempts"), Just("nope")], "[a-z]{1,4}", any::<bool>()).prop_map(|(key, to, private)| {
                EditorChange::SetChannel {
                    key: key.into(),
                    channel: ChannelDoc {
                        key: to,
                        reducer: "add".into(),
                        default: Some(json!(1)),
                        role: if private { "private" } else { "state" }.into(),
                        untracked: false,
                    },
                }
            }),
            proptest::option::of(proptest::collection::vec("[a-z]{1,3}", 0..3))
                .prop_map(|input| EditorChange::SetIo { output: input.clone(), input }),
            (proptest::collection::vec(ids.clone(), 0..3), proptest::collection::vec(ids.clone(), 0..2)).prop_map(|(b, a)| {
                let to_strings = |v: Vec<&str>| v.into_iter().map(String::from).collect();
                EditorChange::SetCompile {
                    compile: CompileDoc { interrupt_before: to_strings(b), interrupt_after: to_strings(a), recursion_limit: None },
                }
            }),
        ]
    }

    proptest! {
        #[test]
        fn apply_then_undo_is_the_identity(c in change()) {
            let mut d = doc();
            let original = d.clone();
            if let Ok(inverse) = apply(&mut d, c) {
                apply(&mut d, inverse).unwrap();
            }
            prop_assert_eq!(d, original);
        }

        #[test]
        fn an_edit_inside_a_subgraph_changes_only_that_subgraph_and_undoes(c in change()) {
            let mut d = doc();
            d.subgraphs.insert("inner".into(), doc());
            let original = d.clone();
            if let Ok(inverse) = apply(&mut d, EditorChange::InSubgraph { name: "inner".into(), change: Box::new(c) }) {
                let mut outside = d.clone();
                outside.subgraphs = original.subgraphs.clone();
                prop_assert_eq!(&outside, &original);
                apply(&mut d, inverse).unwrap();
            }
            prop_assert_eq!(d, original);
        }

        #[test]
        fn undoing_every_edit_restores_the_document(cs in proptest::collection::vec(change(), 1..12)) {
            let mut h = History::new(doc());
            for c in cs {
                let _ = h.edit(c);
            }
            while h.undo() {}
            prop_assert_eq!(&h.doc, &doc());
            while h.redo() {}
            let edited = h.doc.clone();
            while h.undo() {}
            prop_assert_eq!(&h.doc, &doc());
            while h.redo() {}
            prop_assert_eq!(&h.doc, &edited);
        }
    }

    #[test]
    fn fresh_nodes_take_the_first_free_id_and_the_first_key() {
        let mut d = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        let n = fresh_node(&d, "update");
        assert_eq!((n.id.as_str(), n.settings["exprs"].clone()), ("update_1", json!({ "foo": "foo" })));
        d.nodes.push(n);
        assert_eq!(fresh_node(&d, "update").id, "update_2");
    }

    #[test]
    fn a_first_node_in_a_graph_without_keys_brings_the_key_it_names() {
        let empty = crate::model::workspace::empty("untitled");
        for kind in ["set", "update", "interrupt", "send", "code"] {
            let (id, changes) = add_fresh_node(&empty, kind);
            let mut d = empty.clone();
            apply(&mut d, EditorChange::Batch(changes)).unwrap();
            assert_eq!(d.nodes.iter().map(|n| n.id.as_str()).collect::<Vec<_>>(), [id.as_str()]);
            let keys: Vec<_> = d.channels.iter().map(|c| c.key.as_str()).collect();
            assert_eq!(keys, if kind == "code" { vec![] } else { vec!["value"] }, "{kind}");
            // What is left to do is to connect it.
            let problems = crate::model::problems::problems(&d);
            assert!(problems.iter().all(|p| p.text.contains("no entry point")), "{kind}: {problems:?}");
        }
        // A graph that has keys keeps them as they are.
        let (_, changes) = add_fresh_node(&doc(), "set");
        assert!(matches!(changes.as_slice(), [EditorChange::AddNode { .. }]));
    }

    #[test]
    fn renames_are_validated_and_follow_edges_and_routers() {
        let mut d = doc();
        assert!(apply(&mut d, EditorChange::RenameNode { from: "intake".into(), to: "__end__".into() }).is_err());
        assert!(apply(&mut d, EditorChange::RenameNode { from: "intake".into(), to: "drafting".into() }).is_err());
        apply(&mut d, EditorChange::RenameNode { from: "intake".into(), to: "triage".into() }).unwrap();
        assert!(d.edges.iter().any(|e| e.to == "triage"));
        assert!(d.routers.iter().any(|r| r.from == "triage"));
        assert!(GraphDoc::from_value(serde_json::to_value(&d).unwrap()).is_ok());
    }

    #[test]
    fn a_rename_follows_commands_and_sends_that_name_the_node() {
        // map-reduce fans out by a router; as a `send` node too.
        let mut by_node: Value = serde_json::from_str(&std::fs::read_to_string("../www/examples/map-reduce.json").unwrap()).unwrap();
        by_node["routers"] = json!([]);
        by_node["nodes"].as_array_mut().unwrap().push(json!({"id": "fan", "kind": "send", "over": "subjects", "node": "generate_joke"}));
        by_node["edges"].as_array_mut().unwrap().push(json!({"from": "generate_topics", "to": "fan"}));
        let texts = [
            ("command.json", "my_other_node", "finish"),
            ("map-reduce.json", "generate_joke", "joke"),
            ("send node", "generate_joke", "joke"),
        ];
        for (example, from, to) in texts {
            let text = match example {
                "send node" => by_node.to_string(),
                _ => std::fs::read_to_string(format!("../www/examples/{example}")).unwrap(),
            };
            let mut h = History::new(GraphDoc::from_json(&text).unwrap());
            h.edit(EditorChange::RenameNode { from: from.into(), to: to.into() }).unwrap();
            let written = serde_json::to_string(&(&h.doc.nodes, &h.doc.edges, &h.doc.routers)).unwrap();
            assert!(!written.contains(from), "{example}: {from} left behind");
            assert!(superstep::doc::validate::check(&h.doc).is_empty(), "{example} still valid");
            h.undo();
            assert_eq!(h.doc, GraphDoc::from_json(&text).unwrap());
        }
    }

    #[test]
    fn undoing_a_rename_leaves_a_goto_literal_that_already_spelled_the_new_name() {
        let text = std::fs::read_to_string("../www/examples/command.json").unwrap();
        let mut h = History::new(GraphDoc::from_json(&text).unwrap());
        let goto = |h: &History| h.doc.nodes.iter().find_map(|n| n.settings.get("goto").cloned()).unwrap();
        // `'later'` is a value here, no node's name, until the rename gives it one.
        let mut node = h.doc.nodes.iter().find(|n| n.settings.contains_key("goto")).unwrap().clone();
        node.settings.insert("goto".into(), json!("if(foo == 'later', 'my_other_node', 'later')"));
        h.edit(EditorChange::SetSettings { id: node.id.clone(), settings: node.settings }).unwrap();
        let before = h.doc.clone();
        h.edit(EditorChange::RenameNode { from: "my_other_node".into(), to: "later".into() }).unwrap();
        assert_eq!(goto(&h), json!("if(foo == 'later', 'later', 'later')"));
        let renamed = h.doc.clone();
        h.undo();
        assert_eq!(h.doc, before);
        h.redo();
        assert_eq!(h.doc, renamed);
    }

    #[test]
    fn breakpoints_in_the_document_follow_a_rename_and_go_with_a_removed_node() {
        let mut h = History::new(doc());
        let compile = CompileDoc {
            interrupt_before: vec!["intake".into(), "drafting".into()],
            interrupt_after: vec!["intake".into()],
            ..Default::default()
        };
        h.edit(EditorChange::SetCompile { compile }).unwrap();
        h.edit(EditorChange::RenameNode { from: "intake".into(), to: "triage".into() }).unwrap();
        assert_eq!(
            (h.doc.compile.interrupt_before.clone(), h.doc.compile.interrupt_after.clone()),
            (vec!["triage".into(), "drafting".into()], vec!["triage".to_string()])
        );
        let before = h.doc.clone();
        h.edit(EditorChange::RemoveNode { id: "triage".into() }).unwrap();
        assert_eq!((h.doc.compile.interrupt_before.clone(), h.doc.compile.interrupt_after.len()), (vec!["drafting".to_string()], 0));
        h.undo();
        assert_eq!(h.doc, before);
        while h.undo() {}
        assert_eq!(h.doc, doc());
    }

    #[test]
    fn removing_a_node_takes_its_edges_and_undo_brings_them_back() {
        let mut h = History::new(doc());
        h.edit(EditorChange::RemoveNode { id: "sending".into() }).unwrap();
        assert!(!h.doc.edges.iter().any(|e| e.to == "sending"));
        h.undo();
        assert_eq!(h.doc, doc());
    }
}

/// What a person typed as a value: JSON when it parses (`3`, `true`, `[1]`), else the text itself.
pub fn literal(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// A value as a person edits it: strings bare (unless they would read back as something else).
pub fn shown(v: &Value) -> String {
    match v {
        Value::String(s) if literal(s) == *v => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod literal_tests {
    use super::*;

    #[test]
    fn typed_values_round_trip() {
        for v in [json!("My"), json!("{{foo}} is"), json!(3), json!(true), json!("3"), json!([1, "a"]), json!(null)] {
            assert_eq!(literal(&shown(&v)), v, "{v}");
        }
        assert_eq!(literal("hello world"), json!("hello world"));
    }
    use serde_json::json;
}
