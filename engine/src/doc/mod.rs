//! Graph documents: a versioned JSON format for graphs built without code
//! (with code where it is needed), runnable natively, from JS and in the editor.
pub mod build;
pub mod expr;
pub mod mermaid;
pub mod read;
pub mod validate;

use crate::sorted_map::SortedMap;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// The format version this engine writes and reads.
pub const DOC_VERSION: u32 = 1;
pub const DOC_FORMAT: &str = "superstep.graph";

/// A whole graph document.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphDoc {
    pub format: String,
    pub version: u32,
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// State keys, in order, with reducer and default.
    pub channels: Vec<ChannelDoc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<Vec<String>>,
    /// A managed key that reads as the supersteps left (RemainingSteps).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_steps: Option<String>,
    pub nodes: Vec<NodeDoc>,
    pub edges: Vec<EdgeDoc>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub routers: Vec<RouterDoc>,
    #[serde(skip_serializing_if = "CompileDoc::is_default")]
    pub compile: CompileDoc,
    /// Nested documents, by name (for `subgraph` nodes).
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub subgraphs: SortedMap<String, GraphDoc>,
    /// Node positions: presentation only, never semantics.
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub layout: SortedMap<String, Position>,
    /// Documented runs: input, resume values, expected output.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<ExampleDoc>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChannelDoc {
    pub key: String,
    /// `overwrite`, `append`, `add`, `merge` or `messages`.
    pub reducer: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// `state` (default), or `private` (outside the state schema).
    #[serde(skip_serializing_if = "is_state_role")]
    pub role: String,
    /// Never checkpointed (LangGraph's `UntrackedValue`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub untracked: bool,
}

fn is_state_role(r: &str) -> bool {
    r == "state"
}

/// The names a field holds: one name, or a list of them (an edge's `from`, a
/// rule's `to`, a router's `else`); any other value holds none.
pub fn names(v: &Value) -> Vec<&str> {
    match v {
        Value::String(s) => vec![s.as_str()],
        Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    }
}

/// A character of a name in expressions and Mermaid ids: ASCII letters, digits,
/// `_` and `$`, and any non-ASCII character, so that names in any script work
/// without std's Unicode tables in the wasm.
pub(crate) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$' || !c.is_ascii()
}

/// `s` in double quotes, escaped as JSON (messages quote names this way rather
/// than with `{:?}`, whose escaping brings std's Unicode tables).
pub(crate) fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A node: its id, its kind and the kind's settings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeDoc {
    pub id: String,
    pub kind: String,
    /// Kind-specific settings (see `build`).
    #[serde(flatten)]
    pub settings: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EdgeDoc {
    /// A node id, `__start__`, or several ids (a waiting edge).
    pub from: Value,
    pub to: String,
}

/// A conditional edge: rules (first match wins), code, or a `Send` fan-out;
/// then an optional path map.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RouterDoc {
    pub from: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleDoc>,
    #[serde(rename = "else", skip_serializing_if = "Option::is_none")]
    pub otherwise: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(rename = "fn", skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paths: Option<SortedMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub send: Option<SendDoc>,
}

impl RouterDoc {
    /// Where a name a rule or code returns leads: through the path map when
    /// there is one, else the name itself (a node, or END).
    pub fn target<'a>(&'a self, name: &'a str) -> &'a str {
        self.paths.as_ref().and_then(|m| m.get(name)).map_or(name, String::as_str)
    }
}

/// A router's fan-out, as LangGraph's map-reduce routes: one `Send` to `node`
/// per item of the list `over` evaluates to, the item under the key `as`.
/// Unlike a `send` node it takes no superstep of its own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SendDoc {
    pub over: String,
    pub node: String,
    #[serde(rename = "as")]
    pub item: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleDoc {
    pub when: String,
    /// A node id (or path key), END, or a list of them.
    pub to: Value,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompileDoc {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub interrupt_before: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub interrupt_after: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recursion_limit: Option<usize>,
}

impl CompileDoc {
    fn is_default(&self) -> bool {
        self == &CompileDoc::default()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExampleDoc {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    pub input: Value,
    /// Resume values, one per interrupt, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub resume: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recursion_limit: Option<usize>,
    pub output: Value,
}

/// One problem of an invalid document: where (a JSON path) and what.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

impl GraphDoc {
    /// Parses and validates a document, reporting every problem at once.
    pub fn from_json(text: &str) -> Result<GraphDoc, Vec<Problem>> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            vec![Problem { path: "$".into(), message: format!("malformed JSON at line {} column {}: {e}", e.line(), e.column()) }]
        })?;
        GraphDoc::from_value(value)
    }

    /// Reads the document in `value`, then validates it: every problem at once.
    pub fn from_value(value: Value) -> Result<GraphDoc, Vec<Problem>> {
        let (doc, mut problems) = read::read(&value);
        problems.extend(validate::check(&doc));
        if problems.is_empty() {
            Ok(doc)
        } else {
            Err(problems)
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("documents serialize")
    }
}

/// A stored document (the editor's workspace) reads back even when it is not
/// yet a valid graph: only its types are checked here.
impl<'de> Deserialize<'de> for GraphDoc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (doc, problems) = read::read(&Value::deserialize(d)?);
        match problems.first() {
            None => Ok(doc),
            Some(p) => Err(serde::de::Error::custom(format!("{}: {}", p.path, p.message))),
        }
    }
}
