//! The `Checkpointer` trait: what every saver (memory, IndexedDB) implements.
use super::format::{Checkpoint, CheckpointTuple, HandledFailure, PendingWrite, WriteKind};
use crate::error::Error;
use crate::pregel::ByTask;
use futures::future::LocalBoxFuture;

/// Which checkpoints `list` returns.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    /// Only checkpoints older than this id.
    pub before: Option<String>,
    pub limit: Option<usize>,
    /// Only checkpoints whose metadata has these key/values.
    pub metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

impl ListFilter {
    pub fn matches(&self, cp: &Checkpoint) -> bool {
        if self.before.as_ref().is_some_and(|b| &*cp.id >= b.as_str()) {
            return false;
        }
        match &self.metadata {
            None => true,
            Some(want) => {
                let have = serde_json::to_value(&cp.metadata).unwrap_or_default();
                want.iter().all(|(k, v)| have.get(k) == Some(v))
            }
        }
    }
}

/// Adds `new` pending writes to those saved for a checkpoint; a task's newer
/// write replaces its older one (a task interrupted twice, say: `succeed`).
pub fn merge_writes(saved: &mut Vec<PendingWrite>, new: Vec<PendingWrite>) {
    // Each new write's target, found by id: a paused fan-out saves thousands of tasks in
    // one call. A task already saved is replaced (the first of equal ids, as a scan finds);
    // a task twice in `new` goes where its first write was pushed.
    fn id(w: &PendingWrite) -> &str {
        &w.task_id
    }
    // The common case, a superstep's writes for a checkpoint with none yet, needs no index.
    if saved.is_empty() && new.len() == 1 {
        saved.extend(new);
        return;
    }
    let in_saved: Vec<Option<usize>> = {
        let by_task = ByTask::new(saved, id);
        new.iter().map(|w| by_task.positions(&w.task_id).next()).collect()
    };
    let first_in_new: Vec<usize> = {
        let by_task = ByTask::new(&new, id);
        new.iter().enumerate().map(|(j, w)| by_task.positions(&w.task_id).next().unwrap_or(j)).collect()
    };
    let mut pushed_at: Vec<Option<usize>> = vec![None; new.len()];
    for (k, w) in new.into_iter().enumerate() {
        let Some(j) = in_saved[k].or(pushed_at[first_in_new[k]]) else {
            pushed_at[k] = Some(saved.len());
            saved.push(w);
            continue;
        };
        let x = &mut saved[j];
        if x.task_id == super::NULL_TASK {
            // Updates to a paused step add up.
            if let (WriteKind::Done { writes, sends }, WriteKind::Done { writes: more, sends: more_sends }) = (&mut x.kind, w.kind) {
                writes.extend(more);
                sends.extend(more_sends);
            }
            continue;
        }
        succeed(x, w);
    }
}

/// `w`, a task's newer write, replaces `x`, its older one, keeping what a snapshot
/// still shows of the older: the interrupts it raised, and (as LangGraph keeps a
/// task's error beside the writes of its later, finished run) its failure.
fn succeed(x: &mut PendingWrite, mut w: PendingWrite) {
    if let (WriteKind::Failed { error, class }, WriteKind::Done { .. }, None) = (&x.kind, &w.kind, &w.handled) {
        w.failed_before = Some(HandledFailure { error: error.clone(), class: class.clone(), node_answers: 0 });
    } else if matches!(w.kind, WriteKind::Done { .. }) && w.failed_before.is_none() {
        w.failed_before = x.failed_before.take();
    }
    // A node that failed into its error handler is done with its own interrupts too.
    let settled = matches!(w.kind, WriteKind::Done { .. } | WriteKind::Failed { .. }) || w.handled.is_some();
    if let (WriteKind::Interrupted { interrupts }, true) = (&x.kind, settled) {
        w.raised = interrupts.clone();
    } else if w.raised.is_empty() {
        w.raised = std::mem::take(&mut x.raised);
    }
    *x = w
}

/// Stores checkpoints per thread and namespace. Checkpoint ids sort by time.
pub trait Checkpointer {
    /// Stores a checkpoint (its blobs hold only what changed) and, with its parent,
    /// `writes`: what the tasks of the superstep that made it wrote (as LangGraph keeps
    /// them, so history shows each task's result). One transaction where the saver has them.
    fn put<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint: Checkpoint,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>>;
    /// Attaches the outcomes of an unfinished superstep's tasks to a checkpoint.
    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>>;
    /// The checkpoint `id`, or the newest one; values resolved.
    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<CheckpointTuple>, Error>>;
    /// Checkpoints newest first.
    fn list<'a>(&'a self, thread_id: &'a str, ns: &'a str, filter: ListFilter) -> LocalBoxFuture<'a, Result<Vec<CheckpointTuple>, Error>>;
    /// Forgets a thread, every namespace included.
    fn delete_thread<'a>(&'a self, thread_id: &'a str) -> LocalBoxFuture<'a, Result<(), Error>>;
    /// Whether every checkpoint must hold each channel in full: a saver that keeps
    /// checkpoints apart cannot resolve one from its parent's blobs.
    fn self_contained(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Interrupt;
    use proptest::prelude::*;
    use serde_json::json;

    /// What `merge_writes` did before it indexed the saved writes: a scan per new write.
    fn merged_by_scan(saved: &mut Vec<PendingWrite>, new: Vec<PendingWrite>) {
        for w in new {
            match saved.iter_mut().find(|x| x.task_id == w.task_id) {
                Some(x) if x.task_id == super::super::NULL_TASK => {
                    if let (WriteKind::Done { writes, sends }, WriteKind::Done { writes: more, sends: more_sends }) = (&mut x.kind, w.kind)
                    {
                        writes.extend(more);
                        sends.extend(more_sends);
                    }
                }
                Some(x) => succeed(x, w),
                None => saved.push(w),
            }
        }
    }

    fn write(task: u8, kind: u8, n: u8) -> PendingWrite {
        let task_id = if task == 0 { super::super::NULL_TASK.to_string() } else { format!("task-{task}") };
        let kind = match kind {
            0 => WriteKind::Done { writes: vec![("k".into(), json!(n))], sends: vec![] },
            1 => WriteKind::Interrupted { interrupts: vec![Interrupt { id: format!("i{n}"), value: json!(n), response_schema: None }] },
            _ => WriteKind::Failed { error: format!("e{n}"), class: None },
        };
        let resumed = vec![json!(n)];
        PendingWrite { task_id, task: "node".into(), kind, resumed, calls: vec![], raised: vec![], handled: None, failed_before: None }
    }

    proptest! {
        #[test]
        fn merges_as_a_scan_per_write_does(
            saved in proptest::collection::vec((0u8..6, 0u8..3, any::<u8>()), 0..12),
            calls in proptest::collection::vec(proptest::collection::vec((0u8..8, 0u8..3, any::<u8>()), 0..10), 1..4),
        ) {
            // Saved lists may hold a task twice (another saver wrote them): the first is kept in step.
            let start: Vec<PendingWrite> = saved.iter().map(|&(t, k, n)| write(t, k, n)).collect();
            let (mut ours, mut theirs) = (start.clone(), start);
            for call in calls {
                let new: Vec<PendingWrite> = call.iter().map(|&(t, k, n)| write(t, k, n)).collect();
                merge_writes(&mut ours, new.clone());
                merged_by_scan(&mut theirs, new);
            }
            prop_assert_eq!(ours, theirs);
        }
    }
}
