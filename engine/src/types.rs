//! The values nodes and routers exchange with the engine: updates, `Send`,
//! `Command`, interrupts and the `Overwrite` marker.
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The virtual entry node.
pub const START: &str = "__start__";
/// The virtual exit node.
pub const END: &str = "__end__";
/// Key of the marker object that makes a write skip the reducer.
pub const OVERWRITE_KEY: &str = "__overwrite__";
/// Key under which invoke results carry pending interrupts.
pub const INTERRUPT_KEY: &str = "__interrupt__";

/// Wraps `value` so that it replaces the channel's value instead of being reduced.
pub fn overwrite(value: Value) -> Value {
    let mut m = Map::new();
    m.insert(OVERWRITE_KEY.into(), value);
    Value::Object(m)
}

/// Key of the marker object a JS update writes for a key set to `undefined`.
/// A last-value channel keeps it, so the run reads `undefined` (the bindings
/// show the marker so) and a checkpoint stores no value, as LangGraph.js's
/// channel and serializer do; other reducers get it as `null`.
pub const UNSET_KEY: &str = "__unset__";

/// Whether `value` is the `undefined` marker (see `UNSET_KEY`).
pub fn is_unset(value: &Value) -> bool {
    matches!(value, Value::Object(m) if m.len() == 1 && m.get(UNSET_KEY) == Some(&Value::Bool(true)))
}

/// If `value` is an `Overwrite` marker, the value it carries.
pub fn as_overwrite(value: &Value) -> Option<&Value> {
    match value {
        Value::Object(m) if m.len() == 1 => m.get(OVERWRITE_KEY),
        // A copy of a JS Overwrite (structuredClone, a message across workers) keeps its `lg_name`.
        Value::Object(m) if m.len() == 2 && m.get("lg_name").and_then(Value::as_str) == Some("Overwrite") => m.get(OVERWRITE_KEY),
        _ => None,
    }
}

/// A message to run `node` with its own input `arg` in the next superstep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Send {
    pub node: String,
    pub arg: Value,
    /// Its task's own timeout policy, in place of the node's (LangGraph.js's
    /// `new Send(node, arg, { timeout })`): the embedder, which times attempts,
    /// reads it from the task (`Runtime::task_timeout`); checkpoints keep it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<Value>,
}

impl Send {
    pub fn new(node: impl Into<String>, arg: Value) -> Self {
        Send { node: node.into(), arg, timeout: None }
    }
}

/// Where a router or a `Command` sends control next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Goto {
    Node(String),
    Send(Send),
}

impl From<&str> for Goto {
    fn from(s: &str) -> Self {
        Goto::Node(s.to_string())
    }
}

impl From<String> for Goto {
    fn from(s: String) -> Self {
        Goto::Node(s)
    }
}

impl From<Send> for Goto {
    fn from(s: Send) -> Self {
        Goto::Send(s)
    }
}

/// Which graph a `Command` is addressed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandGraph {
    /// The closest parent of the graph whose node returned the command.
    Parent,
}

/// Control flow and state update in one value (LangGraph's `Command`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Command {
    /// A partial state update, as a node would return it.
    pub update: Option<Value>,
    /// Nodes (or `Send`s) to run next; added to the static edges, never replacing them.
    pub goto: Vec<Goto>,
    pub graph: Option<CommandGraph>,
    /// Given as input: the value(s) that pending `interrupt()` calls return.
    pub resume: Option<Value>,
}

impl Command {
    pub fn goto(target: impl Into<Goto>) -> Self {
        Command { goto: vec![target.into()], ..Default::default() }
    }
    pub fn resume(value: Value) -> Self {
        Command { resume: Some(value), ..Default::default() }
    }
    pub fn with_update(mut self, update: Value) -> Self {
        self.update = Some(update);
        self
    }
    pub fn and_goto(mut self, target: impl Into<Goto>) -> Self {
        self.goto.push(target.into());
        self
    }
    pub fn to_parent(mut self) -> Self {
        self.graph = Some(CommandGraph::Parent);
        self
    }
}

/// What a node returns.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeOutput {
    /// No update (LangGraph: `None` / `{}`).
    Nothing,
    /// A partial state update: an object of key → value.
    Update(Value),
    /// The same as key/value pairs in order: what a binding reads an update's
    /// JSON text into, without building a map only to take it apart.
    Writes(Vec<(String, Value)>),
    Command(Command),
}

impl From<Value> for NodeOutput {
    fn from(v: Value) -> Self {
        match v {
            Value::Null => NodeOutput::Nothing,
            v => NodeOutput::Update(v),
        }
    }
}

impl From<Command> for NodeOutput {
    fn from(c: Command) -> Self {
        NodeOutput::Command(c)
    }
}

impl From<()> for NodeOutput {
    fn from(_: ()) -> Self {
        NodeOutput::Nothing
    }
}

/// A pause requested by `interrupt(value)` inside a node, or by a breakpoint.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Interrupt {
    /// Empty for one a node raised by hand (LangGraph.js's `NodeInterrupt`), which has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    pub value: Value,
    /// The answer it expects, as JSON Schema (LangGraph.js's `interrupt(value, { responseSchema })`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_schema: Option<Value>,
}

/// Why a node stopped without output: it failed, or it asked to pause.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeError {
    /// The node failed with this message, an optional error kind (for retry
    /// filters) and the error's class name, when known.
    Failed { message: String, kind: Option<String>, class: Option<String> },
    /// The node called `interrupt()` with no resume value waiting.
    Interrupted(Vec<Interrupt>),
    /// A command addressed to the parent graph, bubbling out of a subgraph.
    ParentCommand(Box<Command>),
    /// An engine error raised inside the node (e.g. from a nested graph).
    Graph(Box<crate::Error>),
}

impl std::fmt::Display for NodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NodeError::Failed { message, .. } => f.write_str(message),
            NodeError::Interrupted(i) => write!(f, "interrupted ({} interrupt(s))", i.len()),
            NodeError::ParentCommand(_) => f.write_str("a Command addressed to the parent graph"),
            NodeError::Graph(e) => write!(f, "{e}"),
        }
    }
}

impl NodeError {
    pub fn msg(message: impl Into<String>) -> Self {
        NodeError::Failed { message: message.into(), kind: None, class: None }
    }
}

impl From<String> for NodeError {
    fn from(message: String) -> Self {
        NodeError::msg(message)
    }
}

impl From<&str> for NodeError {
    fn from(message: &str) -> Self {
        NodeError::msg(message)
    }
}

impl From<crate::Error> for NodeError {
    fn from(e: crate::Error) -> Self {
        NodeError::Graph(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_sends_timeout_is_kept_in_its_json_only_when_it_has_one() {
        let plain = Send::new("w", json!({"n": 1}));
        assert_eq!(serde_json::to_value(&plain).unwrap(), json!({"node": "w", "arg": {"n": 1}}));
        let timed = Send { timeout: Some(json!({"runTimeout": 40})), ..plain.clone() };
        let text = serde_json::to_string(&timed).unwrap();
        assert_eq!(serde_json::from_str::<Send>(&text).unwrap(), timed);
        assert_eq!(serde_json::from_value::<Send>(json!({"node": "w", "arg": {"n": 1}})).unwrap(), plain);
    }

    #[test]
    fn an_overwrite_is_its_key_alone_or_with_the_js_class_name() {
        assert_eq!(as_overwrite(&overwrite(json!([1]))), Some(&json!([1])));
        assert_eq!(as_overwrite(&json!({"lg_name": "Overwrite", OVERWRITE_KEY: [2]})), Some(&json!([2])));
        for not in [
            json!({"lg_name": "Send", OVERWRITE_KEY: [2]}),
            json!({OVERWRITE_KEY: 1, "k": 2}),
            json!([1]),
            json!({"lg_name": "Overwrite", "value": 1}),
        ] {
            assert_eq!(as_overwrite(&not), None, "{not}");
        }
    }
}
