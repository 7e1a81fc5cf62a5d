//! Apply: commit a superstep's writes at the barrier (LangGraph's `apply_writes`).
//!
//! Writes are grouped per channel in task-path order, so the result never
//! depends on the order tasks finished in. O(tasks + writes).
use super::plan::{Task, TaskPath};
use super::run_state::RunState;
use crate::error::Error;
use crate::graph::compile::{ChannelKind, GraphSpec};
use crate::reducers::{reduce, Delta, MessageIds};
use crate::types::Send;
use serde_json::Value;
use std::sync::Arc;

/// What one task produced, ready to apply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaskWrites {
    /// `(channel id, value)`, state writes before reduction.
    pub writes: Vec<(usize, Value)>,
    pub sends: Vec<Send>,
}

/// Commits `writes[i]` of `tasks[i]` (both in path order) into `rs`.
/// Returns the state channels that changed, with how they changed.
pub fn apply_writes(
    spec: &GraphSpec,
    rs: &mut RunState,
    tasks: &[&Task],
    writes: &[&TaskWrites],
    ids: &mut dyn MessageIds,
) -> Result<Vec<(usize, Delta)>, Error> {
    debug_assert!(tasks.windows(2).all(|w| w[0].path <= w[1].path), "tasks must be in path order");
    let bump = |rs: &mut RunState, ch: usize| rs.versions[ch] += 1;
    // The nodes that ran have seen their triggers; consumed barriers and the input reset.
    for t in tasks {
        if !matches!(t.path, TaskPath::Pull(_)) {
            continue;
        }
        let node = &spec.nodes[t.node];
        for (k, &ch) in node.triggers.iter().enumerate() {
            rs.seen[t.node][k] = rs.versions[ch];
            if t.triggers.contains(&ch) && matches!(spec.channels[ch].kind, ChannelKind::Barrier { .. } | ChannelKind::Start) {
                rs.values[ch] = None;
                bump(rs, ch);
                rs.seen[t.node][k] = rs.versions[ch];
            }
        }
    }
    let mut per_channel: Vec<Vec<(usize, Value)>> = vec![Vec::new(); spec.channels.len()];
    let mut sends = Vec::new();
    for (i, w) in writes.iter().enumerate() {
        for (ch, v) in &w.writes {
            per_channel[*ch].push((i, v.clone()));
        }
        sends.extend(w.sends.iter().cloned());
    }
    let mut changed = Vec::new();
    for (ch, ws) in per_channel.into_iter().enumerate() {
        let spec_ch = &spec.channels[ch];
        if ws.is_empty() {
            if matches!(spec_ch.kind, ChannelKind::Trigger) && rs.values[ch].is_some() {
                rs.values[ch] = None;
                bump(rs, ch);
            }
            continue;
        }
        match &spec_ch.kind {
            ChannelKind::State(reducer) => {
                let writers: Vec<String> = ws.iter().map(|(i, _)| tasks[*i].name.clone()).collect();
                let values: Vec<Value> = ws.into_iter().map(|(_, v)| v).collect();
                let delta = reduce(reducer, &mut rs.values[ch], values, ids).map_err(|e| {
                    if e.conflict {
                        Error::InvalidUpdate { key: spec_ch.name.to_string(), nodes: writers, message: e.message }
                    } else {
                        Error::Reducer { key: spec_ch.name.to_string(), message: e.message }
                    }
                })?;
                changed.push((ch, delta));
            }
            ChannelKind::Trigger => rs.values[ch] = Some(Arc::new(Value::Null)),
            ChannelKind::Start => rs.values[ch] = ws.into_iter().last().map(|(_, v)| Arc::new(v)),
            ChannelKind::Barrier { sources } => {
                let mut seen: Vec<Value> = rs.values[ch].as_deref().and_then(Value::as_array).cloned().unwrap_or_default();
                for (_, v) in ws {
                    if v.as_str().is_some_and(|s| sources.iter().any(|x| x == s)) && !seen.contains(&v) {
                        seen.push(v);
                    }
                }
                rs.values[ch] = Some(Arc::new(Value::Array(seen)));
            }
        }
        bump(rs, ch);
    }
    rs.sends = sends;
    Ok(changed)
}
