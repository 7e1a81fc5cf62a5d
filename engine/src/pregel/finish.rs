//! Deferred nodes (LangGraph's `defer`): their triggers carry a `finished` flag
//! and become available only once a superstep triggers no other node, so the
//! node runs after everything else. LangGraph's `LastValueAfterFinish` and
//! `NamedBarrierValueAfterFinish` channels, as plain values: a deferred
//! `branch:to:` trigger holds `false` when written and `true` when finished; a
//! deferred barrier's list of sources gets a `true` appended when finished.
use super::run_state::RunState;
use crate::graph::compile::{ChannelKind, GraphSpec};
use serde_json::Value;
use std::rc::Rc;

/// How many distinct sources a barrier's value records.
pub(crate) fn sources_seen(seen: &[Value]) -> usize {
    seen.iter().filter(|v| v.is_string()).count()
}

/// Whether a deferred barrier's value is finished.
pub(crate) fn barrier_finished(seen: &[Value]) -> bool {
    seen.contains(&Value::Bool(true))
}

/// After a superstep (or an update as a node): if no channel it made available
/// triggers a node, every deferred channel that holds a value finishes, so its
/// node runs next. LangGraph does this at the end of `apply_writes`.
pub fn finish_deferred(spec: &GraphSpec, rs: &mut RunState) {
    let updated = rs.updated.take().unwrap_or_else(|| (0..spec.channels.len()).collect());
    if updated.iter().any(|&ch| !spec.listeners[ch].is_empty() && rs.available(spec, ch)) {
        rs.updated = Some(updated);
        return;
    }
    let next = rs.next_version();
    let mut finished = updated;
    for (ch, channel) in spec.channels.iter().enumerate() {
        let value = match (&channel.kind, rs.values[ch].as_deref()) {
            (ChannelKind::Trigger { deferred: true }, Some(Value::Bool(false))) => Value::Bool(true),
            (ChannelKind::Barrier { sources, deferred: true }, Some(Value::Array(seen)))
                if sources_seen(seen) >= sources.len() && !barrier_finished(seen) =>
            {
                let mut seen = seen.clone();
                seen.push(Value::Bool(true));
                Value::Array(seen)
            }
            _ => continue,
        };
        rs.values[ch] = Some(Rc::new(value));
        rs.set_version(ch, next);
        if !finished.contains(&ch) {
            finished.push(ch);
        }
    }
    rs.updated = Some(finished);
}
