//! Stored checkpoints and pending writes read by hand from JSON, in the format
//! their derived `Serialize` writes (the derived `Deserialize` stays for native
//! callers; the wasm package, which reads every stored lane, is 21 KB gzipped
//! smaller without it). `checkpoint_laws` checks the two agree.
use super::format::{Blob, Checkpoint, HandledFailure, Metadata, NameMap, PendingWrite, Source, WriteKind};
use crate::json::FromJson;
use crate::pregel::TaskCall;
use crate::types::{Interrupt, Send};
use serde_json::{Map, Value};

/// A stored checkpoint.
pub fn checkpoint(v: &Value) -> Result<Checkpoint, String> {
    Checkpoint::from_json(v).ok_or_else(|| format!("not a checkpoint of format {}", super::format::FORMAT_VERSION))
}

/// A stored channel value.
pub fn blob(v: &Value) -> Result<Blob, String> {
    Blob::from_json(v).ok_or_else(|| "not a stored channel value".into())
}

/// A checkpoint's stored pending writes.
pub fn pending_writes(v: &Value) -> Result<Vec<PendingWrite>, String> {
    Vec::from_json(v).ok_or_else(|| "not a list of pending writes".into())
}

/// Field `key` of `m`: absent or null reads as `T`'s absence only where the
/// caller allows it (`opt`, `or_default`).
fn req<T: FromJson>(m: &Map<String, Value>, key: &str) -> Option<T> {
    T::from_json(m.get(key)?)
}

fn opt<T: FromJson>(m: &Map<String, Value>, key: &str) -> Option<Option<T>> {
    match m.get(key) {
        None | Some(Value::Null) => Some(None),
        Some(v) => T::from_json(v).map(Some),
    }
}

fn or_default<T: FromJson + Default>(m: &Map<String, Value>, key: &str) -> Option<T> {
    opt(m, key).map(Option::unwrap_or_default)
}

/// Any JSON value; absent reads as null, as serde reads a missing `Value`.
fn any(m: &Map<String, Value>, key: &str) -> Value {
    m.get(key).cloned().unwrap_or(Value::Null)
}

/// The one key and its value of an externally tagged enum variant with fields.
fn variant(v: &Value) -> Option<(&str, &Map<String, Value>)> {
    let m = v.as_object().filter(|m| m.len() == 1)?;
    let (tag, body) = m.iter().next()?;
    Some((tag.as_str(), body.as_object()?))
}

impl<V: FromJson> FromJson for NameMap<V> {
    const WHAT: &'static str = "an object";
    fn from_json(v: &Value) -> Option<Self> {
        let obj = v.as_object()?;
        let mut map = NameMap::with_capacity(obj.len());
        for (k, v) in obj {
            map.insert(k.as_str().into(), V::from_json(v)?);
        }
        Some(map)
    }
}

impl FromJson for Blob {
    const WHAT: &'static str = "a stored value";
    fn from_json(v: &Value) -> Option<Self> {
        if v.as_str() == Some("empty") {
            return Some(Blob::Empty);
        }
        let m = v.as_object().filter(|m| m.len() == 1)?;
        match m.iter().next()? {
            (tag, value) if tag == "full" => Some(Blob::Full(value.clone())),
            (tag, body) if tag == "append" => {
                let body = body.as_object()?;
                Some(Blob::Append { base: req(body, "base")?, items: req(body, "items")? })
            }
            _ => None,
        }
    }
}

impl FromJson for Source {
    const WHAT: &'static str = "a checkpoint source";
    fn from_json(v: &Value) -> Option<Self> {
        Some(match v.as_str()? {
            "input" => Source::Input,
            "loop" => Source::Loop,
            "update" => Source::Update,
            "fork" => Source::Fork,
            _ => return None,
        })
    }
}

impl FromJson for Metadata {
    const WHAT: &'static str = "checkpoint metadata";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(Metadata {
            source: req(m, "source")?,
            step: req(m, "step")?,
            writes: any(m, "writes"),
            parent_id: opt(m, "parent_id")?,
            graph: req(m, "graph")?,
            graph_version: req(m, "graph_version")?,
            parents: or_default(m, "parents")?,
        })
    }
}

impl FromJson for Checkpoint {
    const WHAT: &'static str = "a checkpoint";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(Checkpoint {
            v: req(m, "v")?,
            id: req(m, "id")?,
            ts: req(m, "ts")?,
            channel_versions: req(m, "channel_versions")?,
            versions_seen: req(m, "versions_seen")?,
            pending_sends: req(m, "pending_sends")?,
            updated_channels: opt(m, "updated_channels")?,
            blobs: req(m, "blobs")?,
            metadata: req(m, "metadata")?,
        })
    }
}

impl FromJson for Send {
    const WHAT: &'static str = "a Send";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(Send { node: req(m, "node")?, arg: any(m, "arg"), timeout: m.get("timeout").filter(|t| !t.is_null()).cloned() })
    }
}

impl FromJson for Interrupt {
    const WHAT: &'static str = "an interrupt";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        let response_schema = m.get("response_schema").cloned();
        Some(Interrupt { id: or_default(m, "id")?, value: any(m, "value"), response_schema })
    }
}

impl FromJson for TaskCall {
    const WHAT: &'static str = "a task call";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(TaskCall { index: req(m, "index")?, name: req(m, "name")?, value: any(m, "value") })
    }
}

impl FromJson for WriteKind {
    const WHAT: &'static str = "a task outcome";
    fn from_json(v: &Value) -> Option<Self> {
        let (tag, m) = variant(v)?;
        Some(match tag {
            "done" => WriteKind::Done { writes: req(m, "writes")?, sends: req(m, "sends")? },
            "interrupted" => WriteKind::Interrupted { interrupts: req(m, "interrupts")? },
            "failed" => WriteKind::Failed { error: req(m, "error")?, class: opt(m, "class")? },
            _ => return None,
        })
    }
}

impl FromJson for PendingWrite {
    const WHAT: &'static str = "a pending write";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(PendingWrite {
            task_id: req(m, "task_id")?,
            task: req(m, "task")?,
            kind: req(m, "kind")?,
            resumed: req(m, "resumed")?,
            calls: or_default(m, "calls")?,
            raised: or_default(m, "raised")?,
            handled: opt(m, "handled")?,
            failed_before: opt(m, "failed_before")?,
        })
    }
}

impl FromJson for HandledFailure {
    const WHAT: &'static str = "a handled failure";
    fn from_json(v: &Value) -> Option<Self> {
        let m = v.as_object()?;
        Some(HandledFailure { error: req(m, "error")?, class: opt(m, "class")?, node_answers: or_default(m, "node_answers")? })
    }
}
