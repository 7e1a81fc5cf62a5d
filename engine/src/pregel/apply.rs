//! Apply: commit a superstep's writes at the barrier (LangGraph's `apply_writes`).
//!
//! Writes are grouped per channel in task-path order, so the result never
//! depends on the order tasks finished in. O(w log w) for w writes.
use super::execute::{TaskResult, TaskStatus};
use super::plan::{Task, TaskPath};
use super::run_state::RunState;
use crate::error::Error;
use crate::graph::compile::{ChannelKind, GraphSpec};
use crate::reducers::{reduce, Delta, MessageIds};
use crate::state::Growth;
use crate::types::Send;
use serde_json::Value;
use std::rc::Rc;

thread_local! {
    /// The value of every fired edge trigger, shared: most supersteps fire one, and
    /// values are replaced, never changed in place.
    static FIRED: Rc<Value> = Rc::new(Value::Null);
}

/// What one task produced, ready to apply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaskWrites {
    /// `(channel id, value)`, state writes before reduction.
    pub writes: Vec<(usize, Value)>,
    pub sends: Vec<Send>,
}

/// A state channel a barrier changed: how, and the version it changed from.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub channel: usize,
    pub delta: Delta,
    /// A stored append delta holds only against this version of the channel.
    pub from: u64,
}

/// Commits `writes[i]` of `tasks[i]` (both in path order) into `rs`.
/// Returns the state channels that changed, with how they changed.
pub fn apply_writes(
    spec: &GraphSpec,
    rs: &mut RunState,
    tasks: &[&Task],
    writes: Vec<TaskWrites>,
    ids: &mut dyn MessageIds,
) -> Result<Vec<Change>, Error> {
    debug_assert!(tasks.windows(2).all(|w| w[0].path <= w[1].path), "tasks must be in path order");
    let mut updated: Vec<usize> = Vec::new();
    // As LangGraph: every channel this superstep touches gets one new version, newer
    // than any before, so "the node that saw the newest version" is the last writer.
    let next = rs.next_version();
    // The nodes that ran have seen their triggers; consumed barriers and the input reset.
    for t in tasks {
        if !matches!(t.path, TaskPath::Pull(_)) {
            continue;
        }
        let node = &spec.nodes[t.node];
        // A task with no triggers is an update applied as the node (`updateState`).
        // As in LangGraph, it leaves a waiting edge's barrier and a deferred node's
        // trigger unseen: if full or finished, they still trigger the node.
        let as_node = t.triggers.is_empty();
        for (k, &ch) in node.triggers.iter().enumerate() {
            if as_node && matches!(spec.channels[ch].kind, ChannelKind::Barrier { .. } | ChannelKind::Trigger { deferred: true }) {
                continue;
            }
            rs.seen[t.node][k] = rs.versions[ch];
            let consumable = matches!(
                spec.channels[ch].kind,
                ChannelKind::Barrier { .. } | ChannelKind::Start | ChannelKind::Trigger { deferred: true }
            );
            if t.triggers.contains(&ch) && consumable {
                // Consumed: empty (so not available) with a newer version; a write in
                // this same superstep makes it available again and triggers the node.
                rs.values[ch] = None;
                rs.set_version(ch, next);
            }
        }
    }
    // (channel, task index, value), stably sorted by channel: task order within a channel.
    let mut all: Vec<(usize, usize, Value)> = Vec::new();
    let mut sends = Vec::new();
    for (i, w) in writes.into_iter().enumerate() {
        all.extend(w.writes.into_iter().map(|(ch, v)| (ch, i, v)));
        sends.extend(w.sends);
    }
    crate::order::group_by_key(&mut all, spec.channels.len(), &|w| w.0);
    let mut changed = Vec::new();
    let mut growth = Vec::new();
    let mut start = 0;
    while start < all.len() {
        let ch = all[start].0;
        let end = start + all[start..].iter().take_while(|(c, _, _)| *c == ch).count();
        // Values move out; the task indices stay behind to name conflicting writers.
        let group = &mut all[start..end];
        let mut take_values = || -> Vec<Value> { group.iter_mut().map(|(_, _, v)| std::mem::take(v)).collect() };
        let spec_ch = &spec.channels[ch];
        match &spec_ch.kind {
            ChannelKind::State(reducer) => {
                let values = take_values();
                // Taken before reducing, so an append in place moves the list to a new address.
                let from = rs.values[ch].as_ref().filter(|v| v.is_array()).map(Rc::downgrade);
                let delta = reduce(reducer, &mut rs.values[ch], values, ids).map_err(|e| {
                    if e.conflict {
                        let nodes = group.iter().map(|(_, i, _)| tasks[*i].name.to_string()).collect();
                        Error::InvalidUpdate { key: spec_ch.name.to_string(), nodes, message: e.message }
                    } else {
                        Error::Reducer { key: spec_ch.name.to_string(), message: e.message }
                    }
                })?;
                if let (Delta::Append(appended), Some(from), Some(to)) = (&delta, from, &rs.values[ch]) {
                    growth.push(Growth { from, to: Rc::downgrade(to), appended: *appended });
                }
                changed.push(Change { channel: ch, delta, from: rs.versions[ch] });
            }
            // A deferred node's trigger waits, unfinished, until `finish_deferred`.
            ChannelKind::Trigger { deferred: false } => rs.values[ch] = Some(FIRED.with(Rc::clone)),
            ChannelKind::Trigger { deferred: true } => rs.values[ch] = Some(Rc::new(Value::Bool(false))),
            ChannelKind::Start => rs.values[ch] = take_values().pop().map(Rc::new),
            ChannelKind::Barrier { sources, .. } => {
                // `sources` is sorted (compile), so a big join finds each writer in log time.
                let slot = |s: &str| sources.binary_search_by(|x| x.as_str().cmp(s)).ok();
                let mut seen: Vec<Value> = rs.values[ch].as_deref().and_then(Value::as_array).cloned().unwrap_or_default();
                let mut marked = vec![false; sources.len()];
                for i in seen.iter().filter_map(|v| slot(v.as_str()?)) {
                    marked[i] = true;
                }
                let before = seen.len();
                for v in take_values() {
                    if v.as_str().and_then(slot).is_some_and(|i| !std::mem::replace(&mut marked[i], true)) {
                        seen.push(v);
                    }
                }
                // As LangGraph: a source seen already changes nothing, so the barrier keeps
                // its version and does not count as updated (which matters to deferred nodes).
                if seen.len() == before {
                    start = end;
                    continue;
                }
                rs.values[ch] = Some(Rc::new(Value::Array(seen)));
            }
        }
        start = end;
        rs.set_version(ch, next);
        updated.push(ch);
    }
    // Triggers set by the previous superstep and not written again are cleared.
    let stale: Vec<usize> = match rs.updated.take() {
        Some(prev) => prev,
        None => (0..spec.channels.len()).collect(),
    };
    for ch in stale {
        if matches!(spec.channels[ch].kind, ChannelKind::Trigger { deferred: false }) && rs.values[ch].is_some() && !updated.contains(&ch) {
            rs.values[ch] = None;
            rs.set_version(ch, next);
        }
    }
    rs.sends = sends;
    rs.updated = Some(updated);
    // Most supersteps grow no list: keep the empty slice rather than allocate another.
    if !growth.is_empty() || !rs.growth.is_empty() {
        rs.growth = growth.into();
    }
    Ok(changed)
}

/// A paused superstep's saved results `(task id, name, result)`, by task id.
pub(crate) type Saved<'a> = super::ByTask<'a, (String, String, TaskResult)>;

/// Indexes a step's saved results by task id.
pub(crate) fn saved(pending: &[(String, String, TaskResult)]) -> Saved<'_> {
    Saved::new(pending, |(id, _, _)| id)
}

/// The saved result of task `id` if it finished.
pub(crate) fn finished_result<'a>(saved: &Saved<'a>, id: &str) -> Option<&'a TaskResult> {
    // A failure its error handler took over is handled again on resume, as LangGraph.js does.
    saved_result(saved, id, &|r| r.status == TaskStatus::Done && r.handled.is_none())
}

/// The failure of task `id` that its error handler took over.
pub(crate) fn handled_failure<'a>(saved: &Saved<'a>, id: &str) -> Option<&'a super::Handled> {
    saved_result(saved, id, &|r| r.handled.is_some()).and_then(|r| r.handled.as_deref())
}

/// The saved result of task `id`, if `shown` picks it.
fn saved_result<'a>(saved: &Saved<'a>, id: &str, shown: &dyn Fn(&TaskResult) -> bool) -> Option<&'a TaskResult> {
    saved.of(id).map(|(_, _, r)| r).find(|r| shown(r))
}

/// `rs` with the writes of the tasks that already finished in an unfinished
/// superstep applied: how LangGraph shows an interrupted or failed run's
/// newest state. `pending` holds the step's saved results, `(task id, name,
/// result)`. Writes that conflict are the error LangGraph's `getState` throws
/// too (the run that saved them failed on them). Messages without an id get
/// one from `ids`, as every application of their writes does.
pub fn with_finished_writes(
    spec: &GraphSpec,
    rs: &RunState,
    tasks: &[std::rc::Rc<Task>],
    pending: &[(String, String, TaskResult)],
    ids: &mut dyn MessageIds,
) -> Result<RunState, Error> {
    let mut out = rs.clone();
    // An error handler's writes are not shown (LangGraph.js lists the failed node, not its handler).
    apply_saved_writes(spec, &mut out, tasks, pending, |r| r.status == TaskStatus::Done && r.handled.is_none(), ids)?;
    Ok(out)
}

/// `rs` with the writes of the saved results that `shown` picks, or `rs` as it
/// is should they conflict.
pub(crate) fn with_writes_of(
    spec: &GraphSpec,
    rs: &RunState,
    tasks: &[std::rc::Rc<Task>],
    pending: &[(String, String, TaskResult)],
    shown: impl Fn(&TaskResult) -> bool,
    ids: &mut dyn MessageIds,
) -> RunState {
    let mut out = rs.clone();
    match apply_saved_writes(spec, &mut out, tasks, pending, shown, ids) {
        Ok(_) => out,
        Err(_) => rs.clone(),
    }
}

/// Applies the writes of the saved results that `picked` picks, as one superstep's;
/// whether there were any.
pub(crate) fn apply_saved_writes(
    spec: &GraphSpec,
    rs: &mut RunState,
    tasks: &[std::rc::Rc<Task>],
    pending: &[(String, String, TaskResult)],
    picked: impl Fn(&TaskResult) -> bool,
    ids: &mut dyn MessageIds,
) -> Result<bool, Error> {
    let pending = saved(pending);
    let (done, writes): (Vec<&Task>, Vec<TaskWrites>) =
        tasks.iter().filter_map(|t| Some((&**t, saved_result(&pending, &t.id, &picked)?.writes.clone()))).unzip();
    if !done.is_empty() {
        apply_writes(spec, rs, &done, writes, ids)?;
    }
    Ok(!done.is_empty())
}
