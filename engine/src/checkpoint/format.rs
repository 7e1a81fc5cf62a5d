//! The checkpoint format: a versioned serde type holding a `RunState` at a
//! superstep boundary. Only channels whose version changed are stored, and a
//! list that grew by appending stores just the new items.
pub use super::name_map::NameMap;
use crate::error::Error;
use crate::graph::compile::GraphSpec;
use crate::pregel::{Change, RunState};
use crate::reducers::Delta;
use crate::types::{Interrupt, Send};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::rc::Rc;

/// A channel or node name, shared rather than copied into every checkpoint.
pub type Name = std::rc::Rc<str>;

/// The format version written by this engine.
pub const FORMAT_VERSION: u32 = 1;

/// A channel's value at one version, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blob {
    /// The whole value.
    Full(Value),
    /// The value at version `base`, with `items` appended.
    Append { base: u64, items: Vec<Value> },
    /// The channel is empty.
    Empty,
}

/// Where a checkpoint came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Input,
    Loop,
    Update,
    Fork,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Input => "input",
            Source::Loop => "loop",
            Source::Update => "update",
            Source::Fork => "fork",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    pub source: Source,
    pub step: i64,
    /// `{node: update}` of the superstep that produced this checkpoint.
    pub writes: Value,
    pub parent_id: Option<Name>,
    /// The graph's name and version, for migrations.
    pub graph: Name,
    pub graph_version: Name,
    /// A subgraph's checkpoints name, by namespace ("" for the root), the
    /// checkpoint of each enclosing graph they ran under (LangGraph's
    /// `parents`); none at the root.
    #[serde(default, skip_serializing_if = "NameMap::is_empty")]
    pub parents: Parents,
}

/// A subgraph checkpoint's parents: the checkpoint of each enclosing graph, by namespace.
pub type Parents = NameMap<Name>;

/// A snapshot of a run at a superstep boundary, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub v: u32,
    pub id: Name,
    /// Milliseconds, from the injected clock.
    pub ts: f64,
    pub channel_versions: NameMap<u64>,
    pub versions_seen: NameMap<NameMap<u64>>,
    pub pending_sends: Vec<Send>,
    pub updated_channels: Option<Vec<Name>>,
    /// Channels whose version is new in this checkpoint.
    pub blobs: NameMap<Blob>,
    pub metadata: Metadata,
}

/// What a task of an unfinished superstep left behind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WriteKind {
    /// It finished: its writes (by channel name) and sends.
    Done {
        writes: Vec<(Name, Value)>,
        sends: Vec<Send>,
    },
    Interrupted {
        interrupts: Vec<Interrupt>,
    },
    Failed {
        error: String,
        /// The error's class name (`TypeError`, `GraphRecursionError`...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        class: Option<String>,
    },
}

/// A task's saved outcome, attached to the checkpoint its superstep started from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingWrite {
    pub task_id: String,
    pub task: Name,
    pub kind: WriteKind,
    /// Values its `interrupt()` calls already received.
    pub resumed: Vec<Value>,
    /// Its task calls (`task()`) that finished, to be reused when it runs again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<crate::pregel::TaskCall>,
    /// For a task that finished or failed after being resumed: the interrupts it raised
    /// last (a state snapshot still lists them, as LangGraph.js does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raised: Vec<Interrupt>,
    /// The task's node failed and its error handler ran: `kind` is the handler's
    /// outcome. On resume the node does not run again; an unfinished handler does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handled: Option<HandledFailure>,
    /// A task that failed, then finished when its superstep ran again: the failure,
    /// which history still shows beside the result (as LangGraph keeps both writes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_before: Option<HandledFailure>,
}

/// A node failure as a snapshot shows it: one an error handler took over, or one
/// before a later run of the task finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandledFailure {
    pub error: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// How many resume values the node took before it failed; the handler's
    /// `interrupt()` calls take the ones after.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub node_answers: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A checkpoint with its values resolved and its pending writes, as `get` returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckpointTuple {
    pub thread_id: String,
    pub ns: String,
    pub checkpoint: Checkpoint,
    /// Every channel's full value at this checkpoint.
    pub values: NameMap<Value>,
    pub pending_writes: Vec<PendingWrite>,
    /// The highest channel version stored in this thread namespace, across
    /// every branch; a run continuing from here writes newer versions only.
    pub max_version: u64,
}

/// Resolves each channel's value from its blob chain. `lookup(channel, version)`
/// finds the blob stored for that version.
pub fn resolve<'a>(versions: &NameMap<u64>, lookup: impl Fn(&str, u64) -> Option<&'a Blob>) -> Result<NameMap<Value>, Error> {
    let mut out = NameMap::with_capacity(versions.len());
    for (name, &version) in versions {
        let mut chain: Vec<&Vec<Value>> = Vec::new();
        let mut v = version;
        let base = loop {
            match lookup(name, v) {
                Some(Blob::Full(value)) => break Some(value.clone()),
                Some(Blob::Empty) => break None,
                Some(Blob::Append { base, items }) => {
                    chain.push(items);
                    v = *base;
                }
                // Version 0 with no blob: never written.
                None if v == 0 => break None,
                None => return Err(Error::Storage { message: format!("checkpoint blob missing for {name}@{v}") }),
            }
        };
        let value = match (base, chain.is_empty()) {
            (base, true) => base,
            (base, false) => {
                let mut list = match base {
                    Some(Value::Array(l)) => l,
                    Some(Value::Null) | None => vec![],
                    Some(other) => vec![other],
                };
                for items in chain.into_iter().rev() {
                    list.extend(items.iter().cloned());
                }
                Some(Value::Array(list))
            }
        };
        if let Some(value) = value {
            out.push_new(name.clone(), value);
        }
    }
    Ok(out)
}

/// Serializes `rs`: blobs for channels whose version differs from `prev`.
pub fn encode(spec: &GraphSpec, rs: &RunState, prev: &[u64], changes: &[Change], id: Name, ts: f64, metadata: Metadata) -> Checkpoint {
    let mut channel_versions = NameMap::with_capacity(spec.channels.len());
    let mut blobs = NameMap::default();
    for (i, ch) in spec.channels.iter().enumerate() {
        let version = rs.versions[i];
        if version == 0 {
            // Never written: defaults belong to the graph, not to the checkpoint.
            continue;
        }
        let name = ch.name.clone();
        channel_versions.push_new(name.clone(), version);
        let prev_version = prev.get(i).copied().filter(|&v| v > 0);
        if prev_version == Some(version) {
            continue;
        }
        let change = changes.iter().find(|c| c.channel == i);
        let blob = match (&rs.values[i], change.map(|c| (&c.delta, c.from)), prev_version) {
            // Its version is kept (as LangGraph keeps it), its value is not.
            _ if ch.untracked => Blob::Empty,
            // A key set to `undefined` is stored as no value, as LangGraph.js's serializer drops it.
            (Some(v), _, _) if crate::is_unset(v) => Blob::Empty,
            // A delta holds only against the stored version: a channel that changed
            // since (a paused step's finished or null writes) is stored whole.
            (Some(v), Some((Delta::Append(n), from)), Some(base)) if v.is_array() && from == base => {
                let list = v.as_array().expect("checked");
                Blob::Append { base, items: list[list.len().saturating_sub(*n)..].to_vec() }
            }
            (Some(v), _, _) => Blob::Full((**v).clone()),
            (None, _, _) => Blob::Empty,
        };
        blobs.push_new(name, blob);
    }
    let versions_seen = spec
        .nodes
        .iter()
        .enumerate()
        .filter(|(n, _)| rs.seen[*n].iter().any(|&v| v > 0))
        .map(|(n, node)| {
            let seen = node.triggers.iter().zip(&rs.seen[n]).map(|(&c, &v)| (spec.channels[c].name.clone(), v)).collect();
            (node.name.clone(), seen)
        })
        .collect();
    Checkpoint {
        v: FORMAT_VERSION,
        id,
        ts,
        channel_versions,
        versions_seen,
        pending_sends: rs.sends.clone(),
        updated_channels: rs.updated.as_ref().map(|u| u.iter().map(|&c| spec.channels[c].name.clone()).collect()),
        blobs,
        metadata,
    }
}

/// Restores a `RunState` for `spec` from a stored checkpoint. Channels and
/// nodes the graph no longer has are dropped; new ones start from defaults.
pub fn decode(spec: &GraphSpec, t: &CheckpointTuple) -> Result<RunState, Error> {
    if t.checkpoint.v > FORMAT_VERSION {
        return Err(Error::Storage {
            message: format!("checkpoint format v{} is newer than this engine (v{FORMAT_VERSION})", t.checkpoint.v),
        });
    }
    let mut rs = RunState::new(spec);
    for (name, &version) in &t.checkpoint.channel_versions {
        if let Some(ch) = spec.channel(name) {
            rs.set_version(ch, version);
            // An untracked channel restarts from its default.
            if !spec.channels[ch].untracked {
                rs.values[ch] = t.values.get(name).cloned().map(Rc::new);
            }
        }
    }
    for (node, seen) in &t.checkpoint.versions_seen {
        if let Some(n) = spec.node(node) {
            for (k, &ch) in spec.nodes[n].triggers.iter().enumerate() {
                if let Some(v) = seen.get(&spec.channels[ch].name) {
                    rs.seen[n][k] = *v;
                }
            }
        }
    }
    rs.sends = t.checkpoint.pending_sends.clone();
    rs.step = t.checkpoint.metadata.step;
    rs.updated = None;
    rs.version_floor = t.max_version;
    Ok(rs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_missing_blob_is_a_storage_error_unless_the_channel_was_never_written() {
        let mut versions = NameMap::default();
        versions.insert("a".into(), 0);
        assert!(resolve(&versions, |_, _| None).unwrap().is_empty());
        versions.insert("b".into(), 3);
        let e = resolve(&versions, |_, _| None).unwrap_err();
        assert_eq!(e, Error::Storage { message: "checkpoint blob missing for b@3".into() });
    }

    fn graph() -> crate::CompiledGraph {
        use crate::*;
        let done = || node(|_| Ok::<_, NodeError>(json!({})));
        StateGraph::new()
            .channel("a", Channel::last_value())
            .node("n", done())
            .node("m", done())
            .edge(START, "n")
            .edge("n", "m")
            .compile()
            .unwrap()
    }

    fn checkpoint(spec: &GraphSpec, rs: &RunState) -> Checkpoint {
        let metadata = Metadata {
            source: Source::Loop,
            step: 0,
            writes: Value::Null,
            parent_id: None,
            graph: "g".into(),
            graph_version: "1".into(),
            parents: NameMap::default(),
        };
        encode(spec, rs, &[], &[], "c1".into(), 0.0, metadata)
    }

    #[test]
    fn only_the_nodes_that_saw_a_version_are_stored_as_having_seen_one() {
        let g = graph();
        let mut rs = RunState::new(g.spec());
        rs.seen[g.spec().node("n").unwrap()][0] = 2;
        let seen: Vec<String> = checkpoint(g.spec(), &rs).versions_seen.iter().map(|(k, _)| k.to_string()).collect();
        assert_eq!(seen, ["n"]);
    }

    #[test]
    fn a_checkpoint_in_a_newer_format_is_refused() {
        let g = graph();
        let mut cp = checkpoint(g.spec(), &RunState::new(g.spec()));
        let tuple = |checkpoint| CheckpointTuple {
            thread_id: "t".into(),
            ns: String::new(),
            checkpoint,
            values: NameMap::default(),
            pending_writes: vec![],
            max_version: 0,
        };
        assert!(decode(g.spec(), &tuple(cp.clone())).is_ok());
        cp.v = FORMAT_VERSION + 1;
        assert!(matches!(decode(g.spec(), &tuple(cp)), Err(Error::Storage { message }) if message.contains("newer than this engine")));
    }

    #[test]
    fn a_handled_failure_stores_its_answers_only_when_it_took_some() {
        let f = |node_answers| HandledFailure { error: "boom".into(), class: None, node_answers };
        assert_eq!(serde_json::to_value(f(0)).unwrap(), json!({"error": "boom"}));
        assert_eq!(serde_json::to_value(f(2)).unwrap(), json!({"error": "boom", "node_answers": 2}));
    }
}
