//! Document validation: every problem at once, each with a JSON path.
use super::expr::{parse, Template};
use super::{Problem, DOC_FORMAT, DOC_VERSION};
use crate::reducers::Reducer;
use crate::types::{END, START};
use serde_json::Value;
use std::collections::HashSet;

/// The node kinds and the settings each one requires.
pub const KINDS: &[(&str, &[&str])] = &[
    ("set", &["values"]),
    ("update", &["exprs"]),
    ("interrupt", &["key"]),
    ("subgraph", &["graph"]),
    ("send", &["over", "node"]),
    ("code", &[]),
];

struct Check {
    problems: Vec<Problem>,
}

impl Check {
    fn add(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem { path: path.into(), message: message.into() });
    }
    fn expr(&mut self, path: &str, v: &Value) {
        match v.as_str() {
            Some(src) => {
                if let Err(e) = parse(src) {
                    self.add(path, format!("expression error at character {}: {}", e.pos, e.message));
                }
            }
            None => self.add(path, "expected an expression (a string)"),
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

fn names(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect(),
        _ => vec![],
    }
}

/// Every problem of `doc` (empty when it is valid).
pub fn check(doc: &Value) -> Vec<Problem> {
    let mut c = Check { problems: vec![] };
    check_into(doc, "$", &mut c);
    c.problems
}

fn check_into(doc: &Value, root: &str, c: &mut Check) {
    let Some(obj) = doc.as_object() else {
        c.add(root, "a graph document must be a JSON object");
        return;
    };
    match obj.get("format").and_then(Value::as_str) {
        Some(DOC_FORMAT) => {}
        Some(other) => c.add(format!("{root}.format"), format!("unknown format {other:?}; expected {DOC_FORMAT:?}")),
        None => c.add(format!("{root}.format"), "missing field `format`"),
    }
    match obj.get("version").and_then(Value::as_u64) {
        Some(v) if v as u32 > DOC_VERSION => {
            c.add(format!("{root}.version"), format!("format version {v} is newer than this engine reads ({DOC_VERSION})"))
        }
        Some(0) => c.add(format!("{root}.version"), "version must be at least 1"),
        Some(_) => {}
        None => c.add(format!("{root}.version"), "missing field `version`"),
    }
    if !obj.get("name").is_some_and(Value::is_string) {
        c.add(format!("{root}.name"), "missing field `name`");
    }
    let mut keys = HashSet::new();
    match obj.get("channels").and_then(Value::as_array) {
        None => c.add(format!("{root}.channels"), "missing field `channels` (a list)"),
        Some(chs) => {
            for (i, ch) in chs.iter().enumerate() {
                let p = format!("{root}.channels[{i}]");
                match ch.get("key").and_then(Value::as_str) {
                    Some(k) => {
                        if !keys.insert(k.to_string()) {
                            c.add(format!("{p}.key"), format!("duplicate channel key {k:?}"));
                        }
                    }
                    None => c.add(format!("{p}.key"), "missing field `key`"),
                }
                if let Some(r) = ch.get("reducer") {
                    if r.as_str().and_then(Reducer::builtin).is_none() {
                        c.add(format!("{p}.reducer"), format!("unknown reducer {r}; use overwrite, append, add, merge or messages"));
                    }
                }
            }
        }
    }
    let subgraphs = obj.get("subgraphs").and_then(Value::as_object);
    let mut ids = HashSet::new();
    match obj.get("nodes").and_then(Value::as_array) {
        None => c.add(format!("{root}.nodes"), "missing field `nodes` (a list)"),
        Some(nodes) => {
            for (i, n) in nodes.iter().enumerate() {
                let p = format!("{root}.nodes[{i}]");
                let id = n.get("id").and_then(Value::as_str);
                match id {
                    None => c.add(format!("{p}.id"), "missing field `id`"),
                    Some(id) if id == START || id == END || id.contains([':', '|']) => {
                        c.add(format!("{p}.id"), format!("{id:?} is a reserved name"))
                    }
                    Some(id) => {
                        if !ids.insert(id.to_string()) {
                            c.add(format!("{p}.id"), format!("duplicate node id {id:?}"));
                        }
                    }
                }
                let kind = n.get("kind").and_then(Value::as_str).unwrap_or("");
                match KINDS.iter().find(|(k, _)| *k == kind) {
                    None => c.add(
                        format!("{p}.kind"),
                        format!("unknown node kind {kind:?}; use set, update, interrupt, subgraph, send or code"),
                    ),
                    Some((_, required)) => {
                        for field in *required {
                            if n.get(*field).is_none() {
                                c.add(format!("{p}.{field}"), format!("a {kind} node needs `{field}`"));
                            }
                        }
                    }
                }
                check_node(
                    n,
                    kind,
                    &p,
                    subgraphs.is_some_and(|s| n.get("graph").and_then(Value::as_str).is_some_and(|g| s.contains_key(g))),
                    c,
                );
            }
        }
    }
    let known = |n: &str| ids.contains(n);
    for (i, e) in obj.get("edges").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let p = format!("{root}.edges[{i}]");
        let from = e.get("from").map(names).unwrap_or_default();
        if from.is_empty() {
            c.add(format!("{p}.from"), "missing field `from`");
        }
        for f in from {
            if f != START && !known(&f) {
                c.add(format!("{p}.from"), format!("edge from missing node {f:?}"));
            }
        }
        match e.get("to").and_then(Value::as_str) {
            Some(t) if t == END || known(t) => {}
            Some(t) => c.add(format!("{p}.to"), format!("edge to missing node {t:?}")),
            None => c.add(format!("{p}.to"), "missing field `to`"),
        }
    }
    for (i, r) in obj.get("routers").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let p = format!("{root}.routers[{i}]");
        match r.get("from").and_then(Value::as_str) {
            Some(f) if f == START || known(f) => {}
            Some(f) => c.add(format!("{p}.from"), format!("router on missing node {f:?}")),
            None => c.add(format!("{p}.from"), "missing field `from`"),
        }
        let paths = r.get("paths").and_then(Value::as_object);
        if let Some(paths) = paths {
            for (k, t) in paths {
                if !t.as_str().is_some_and(|t| t == END || known(t)) {
                    c.add(format!("{p}.paths.{k}"), format!("path to missing node {t}"));
                }
            }
        }
        let target_ok = |t: &str| t == END || paths.map_or(known(t), |m| m.contains_key(t));
        for (j, rule) in r.get("rules").and_then(Value::as_array).into_iter().flatten().enumerate() {
            c.expr(&format!("{p}.rules[{j}].when"), rule.get("when").unwrap_or(&Value::Null));
            for t in rule.get("to").map(names).unwrap_or_default() {
                if !target_ok(&t) {
                    c.add(format!("{p}.rules[{j}].to"), format!("rule target {t:?} is not a node or path key"));
                }
            }
        }
        for t in r.get("else").map(names).unwrap_or_default() {
            if !target_ok(&t) {
                c.add(format!("{p}.else"), format!("else target {t:?} is not a node or path key"));
            }
        }
        if r.get("rules").is_none() && r.get("code").is_none() && r.get("fn").is_none() && r.get("else").is_none() {
            c.add(p.clone(), "a router needs `rules`, `code` or `fn`");
        }
    }
    if let Some(subs) = subgraphs {
        for (name, sub) in subs {
            check_into(sub, &format!("{root}.subgraphs.{name}"), c);
        }
    }
}

fn check_node(n: &Value, kind: &str, p: &str, subgraph_known: bool, c: &mut Check) {
    match kind {
        "set" => {
            for (k, v) in n.get("values").and_then(Value::as_object).into_iter().flatten() {
                c.template(&format!("{p}.values.{k}"), v);
            }
        }
        "update" => {
            for (k, v) in n.get("exprs").and_then(Value::as_object).into_iter().flatten() {
                c.expr(&format!("{p}.exprs.{k}"), v);
            }
        }
        "interrupt" => {
            if let Some(v) = n.get("prompt") {
                c.template(&format!("{p}.prompt"), v);
            }
        }
        "send" => c.expr(&format!("{p}.over"), n.get("over").unwrap_or(&Value::Null)),
        "subgraph" if n.get("graph").is_some() && !subgraph_known => c.add(format!("{p}.graph"), "no subgraph of that name in `subgraphs`"),
        "code" if n.get("code").is_none() && n.get("fn").is_none() => {
            c.add(p, "a code node needs `code` (a JS function body) or `fn` (a function name)")
        }
        _ => {}
    }
    if let Some(g) = n.get("goto") {
        c.expr(&format!("{p}.goto"), g);
    }
    if n.get("defer").is_some_and(|d| !d.is_boolean()) {
        c.add(format!("{p}.defer"), "expected true or false");
    }
}
