//! Document validation: what a well-typed document (see `read`) may still get
//! wrong as a graph, every problem at once, each with a JSON path.
use super::expr::{parse, Template};
use super::{names, quoted, GraphDoc, Problem};
use crate::reducers::Reducer;
use crate::types::{END, START};
use hashbrown::HashSet;
use serde_json::{Map, Value};

/// The node kinds and the settings each one requires.
pub const KINDS: &[(&str, &[&str])] = &[
    ("set", &["values"]),
    ("update", &["exprs"]),
    ("interrupt", &["key"]),
    ("subgraph", &["graph"]),
    ("send", &["over", "node"]),
    ("code", &[]),
];

/// The node kinds whose update `build` sends with a `goto` as a Command (a code
/// node returns its own Command).
pub fn takes_goto(kind: &str) -> bool {
    matches!(kind, "set" | "update" | "interrupt")
}

struct Check {
    problems: Vec<Problem>,
}

impl Check {
    fn add(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem { path: path.into(), message: message.into() });
    }
    fn expr(&mut self, path: &str, src: &str) {
        if let Err(e) = parse(src) {
            self.add(path, format!("expression error at character {}: {}", e.pos, e.message));
        }
    }
    fn expr_value(&mut self, path: &str, v: &Value) {
        match v.as_str() {
            Some(src) => self.expr(path, src),
            None => self.add(path, "expected an expression (a string)"),
        }
    }
    /// The engine ignores a key outside the state, as LangGraph does; in a document
    /// that is a typo, so it is a problem here, before the graph runs.
    fn written_key(&mut self, path: &str, key: &str, channels: &HashSet<&str>) {
        if !channels.contains(key) {
            self.add(path, format!("{} is not a channel of this graph", quoted(key)));
        }
    }
    fn template(&mut self, path: &str, v: &Value) {
        if let Some(src) = v.as_str() {
            if let Err(e) = Template::parse(src) {
                self.add(path, format!("template error at character {}: {}", e.pos, e.message));
            }
        }
    }
}

/// Every problem of `doc` as a graph (empty when it is valid); `read` has checked its types.
pub fn check(doc: &GraphDoc) -> Vec<Problem> {
    let mut c = Check { problems: vec![] };
    check_into(doc, "$", &mut c);
    c.problems
}

fn check_into(doc: &GraphDoc, root: &str, c: &mut Check) {
    let mut keys = HashSet::new();
    for (i, ch) in doc.channels.iter().enumerate() {
        let p = format!("{root}.channels[{i}]");
        if !keys.insert(ch.key.as_str()) {
            c.add(format!("{p}.key"), format!("duplicate channel key {}", quoted(&ch.key)));
        }
        if Reducer::builtin(&ch.reducer).is_none() {
            c.add(
                format!("{p}.reducer"),
                format!("unknown reducer {}; use overwrite, append, add, merge or messages", quoted(&ch.reducer)),
            );
        }
    }
    let mut ids = HashSet::new();
    for (i, n) in doc.nodes.iter().enumerate() {
        let (p, id, kind) = (format!("{root}.nodes[{i}]"), n.id.as_str(), n.kind.as_str());
        if id == START || id == END || id.contains([':', '|']) {
            c.add(format!("{p}.id"), format!("{} is a reserved name", quoted(id)))
        } else if !ids.insert(id) {
            c.add(format!("{p}.id"), format!("duplicate node id {}", quoted(id)));
        }
        match KINDS.iter().find(|(k, _)| *k == kind) {
            None => c.add(
                format!("{p}.kind"),
                format!("unknown node kind {}; use set, update, interrupt, subgraph, send or code", quoted(kind)),
            ),
            Some((_, required)) => {
                for field in *required {
                    if !n.settings.contains_key(*field) {
                        c.add(format!("{p}.{field}"), format!("a {kind} node needs `{field}`"));
                    }
                }
            }
        }
        let subgraph_known = n.settings.get("graph").and_then(Value::as_str).is_some_and(|g| doc.subgraphs.contains_key(g));
        check_node(&n.settings, kind, &p, subgraph_known, &keys, c);
    }
    let known = |n: &str| ids.contains(n);
    for (i, e) in doc.edges.iter().enumerate() {
        let p = format!("{root}.edges[{i}]");
        let from = names(&e.from);
        if from.is_empty() {
            c.add(format!("{p}.from"), "an edge needs a node to come from");
        }
        for f in from {
            if f != START && !known(f) {
                c.add(format!("{p}.from"), format!("edge from missing node {}", quoted(f)));
            }
        }
        if e.to != END && !known(&e.to) {
            c.add(format!("{p}.to"), format!("edge to missing node {}", quoted(&e.to)));
        }
    }
    for (i, r) in doc.routers.iter().enumerate() {
        let p = format!("{root}.routers[{i}]");
        if r.from != START && !known(&r.from) {
            c.add(format!("{p}.from"), format!("router on missing node {}", quoted(&r.from)));
        }
        for (k, t) in r.paths.iter().flatten() {
            if t != END && !known(t) {
                c.add(format!("{p}.paths.{k}"), format!("path to missing node {}", quoted(t)));
            }
        }
        let target_ok = |t: &str| t == END || r.paths.as_ref().map_or(known(t), |m| m.contains_key(t));
        for (j, rule) in r.rules.iter().enumerate() {
            c.expr(&format!("{p}.rules[{j}].when"), &rule.when);
            for t in names(&rule.to) {
                if !target_ok(t) {
                    c.add(format!("{p}.rules[{j}].to"), format!("rule target {} is not a node or path key", quoted(t)));
                }
            }
        }
        for t in r.otherwise.as_ref().map(names).unwrap_or_default() {
            if !target_ok(t) {
                c.add(format!("{p}.else"), format!("else target {} is not a node or path key", quoted(t)));
            }
        }
        if let Some(send) = &r.send {
            c.expr(&format!("{p}.send.over"), &send.over);
            if !known(&send.node) {
                c.add(format!("{p}.send.node"), format!("fan-out to missing node {}", quoted(&send.node)));
            }
            if !r.rules.is_empty() || r.otherwise.is_some() || r.code.is_some() || r.function.is_some() || r.paths.is_some() {
                c.add(p.clone(), "a router with `send` fans out only: it has no `rules`, `else`, `code`, `fn` or `paths`");
            }
        } else if r.rules.is_empty() && r.code.is_none() && r.function.is_none() && r.otherwise.is_none() {
            c.add(p.clone(), "a router needs `rules`, `code`, `fn` or `send`");
        }
    }
    for (name, sub) in &doc.subgraphs {
        check_into(sub, &format!("{root}.subgraphs.{name}"), c);
    }
}

fn check_node(n: &Map<String, Value>, kind: &str, p: &str, subgraph_known: bool, channels: &HashSet<&str>, c: &mut Check) {
    match kind {
        "set" => {
            for (k, v) in n.get("values").and_then(Value::as_object).into_iter().flatten() {
                let path = format!("{p}.values.{k}");
                c.template(&path, v);
                c.written_key(&path, k, channels);
            }
        }
        "update" => {
            for (k, v) in n.get("exprs").and_then(Value::as_object).into_iter().flatten() {
                let path = format!("{p}.exprs.{k}");
                c.expr_value(&path, v);
                c.written_key(&path, k, channels);
            }
        }
        "interrupt" => {
            if let Some(v) = n.get("prompt") {
                c.template(&format!("{p}.prompt"), v);
            }
            if let Some(k) = n.get("key").and_then(Value::as_str) {
                c.written_key(&format!("{p}.key"), k, channels);
            }
        }
        "send" => c.expr_value(&format!("{p}.over"), n.get("over").unwrap_or(&Value::Null)),
        "subgraph" if n.get("graph").is_some() && !subgraph_known => c.add(format!("{p}.graph"), "no subgraph of that name in `subgraphs`"),
        "code" if n.get("code").is_none() && n.get("fn").is_none() => {
            c.add(p, "a code node needs `code` (a JS function body) or `fn` (a function name)")
        }
        _ => {}
    }
    if let Some(g) = n.get("goto") {
        c.expr_value(&format!("{p}.goto"), g);
    }
    if n.get("defer").is_some_and(|d| !d.is_boolean()) {
        c.add(format!("{p}.defer"), "expected true or false");
    }
}
