//! A run's own output keys (LangGraph's `outputKeys`): what its `values` and
//! `updates` chunks and its output show, in place of every state key (streamed)
//! and the output schema's (the output). A superstep that writes none of them
//! streams no `values` chunk. One key given alone shows its value bare.
use super::{RunState, TaskResult};
use crate::graph::compile::GraphSpec;
use serde_json::Value;

/// As a run's config gives them.
#[derive(Clone, Debug, PartialEq)]
pub enum OutputKeys {
    /// These state keys, shown as an object of them.
    Keys(Vec<String>),
    /// One state key, its value shown alone (`outputKeys: "key"`).
    Key(String),
}

impl OutputKeys {
    fn names(&self) -> &[String] {
        match self {
            OutputKeys::Keys(keys) => keys,
            OutputKeys::Key(key) => std::slice::from_ref(key),
        }
    }

    /// The first name that is not a state key.
    pub(crate) fn unknown(&self, spec: &GraphSpec) -> Option<&str> {
        self.names().iter().map(String::as_str).find(|k| spec.channel(k).is_none_or(|c| c >= spec.state_count))
    }

    /// The keys as channels (unknown names left out: `unknown` refused them).
    pub(crate) fn resolve(&self, spec: &GraphSpec) -> Shown {
        let channels = self.names().iter().filter_map(|k| spec.channel(k)).collect();
        Shown { channels, alone: matches!(self, OutputKeys::Key(_)) }
    }
}

/// A `values` chunk of `rs`, copied: every state key, or a run's own output keys.
pub(crate) fn values_chunk(keys: Option<&Shown>, spec: &GraphSpec, rs: &RunState) -> Value {
    keys.map_or_else(|| rs.all_values(spec), |k| k.values(spec, rs))
}

/// A run's output keys, as channels.
pub(crate) struct Shown {
    pub channels: Vec<usize>,
    /// One key, its value bare.
    pub alone: bool,
}

impl Shown {
    /// The keys' values in `rs`: an object of them, or the one value alone.
    pub fn values(&self, spec: &GraphSpec, rs: &RunState) -> Value {
        match (self.alone, self.channels.first()) {
            (true, Some(&c)) => rs.values[c].as_deref().cloned().unwrap_or(Value::Null),
            _ => rs.values_of(spec, &self.channels),
        }
    }

    /// A task's `updates` entry: its writes to the keys; alone, the value (a list if
    /// written more than once), none if the task did not write it (LangGraph.js).
    pub fn update(&self, spec: &GraphSpec, r: &TaskResult) -> Option<Value> {
        let Some(&key) = self.channels.first().filter(|_| self.alone) else {
            return Some(r.update_chunk(spec, Some(&self.channels)));
        };
        let mut values: Vec<Value> = r.writes.writes.iter().filter(|(c, _)| *c == key).map(|(_, v)| v.clone()).collect();
        match values.len() {
            0 => None,
            1 => values.pop(),
            _ => Some(Value::Array(values)),
        }
    }
}

impl crate::json::FromJson for OutputKeys {
    const WHAT: &'static str = "a state key or a list of them";
    fn from_json(v: &Value) -> Option<Self> {
        match v {
            Value::String(key) => Some(OutputKeys::Key(key.clone())),
            _ => Vec::<String>::from_json(v).map(OutputKeys::Keys),
        }
    }
}
