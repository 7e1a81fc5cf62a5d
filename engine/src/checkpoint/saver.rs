//! The `Checkpointer` trait: what every saver (memory, IndexedDB) implements.
use super::format::{Checkpoint, CheckpointTuple, PendingWrite, WriteKind};
use crate::error::Error;
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
/// write replaces its older one (a task interrupted twice, say). A task that
/// finishes or fails after an interrupt keeps the interrupts it raised.
pub fn merge_writes(saved: &mut Vec<PendingWrite>, new: Vec<PendingWrite>) {
    for mut w in new {
        match saved.iter_mut().find(|x| x.task_id == w.task_id) {
            // Updates to a paused step add up.
            Some(x) if x.task_id == super::NULL_TASK => {
                if let (WriteKind::Done { writes, sends }, WriteKind::Done { writes: more, sends: more_sends }) = (&mut x.kind, w.kind) {
                    writes.extend(more);
                    sends.extend(more_sends);
                }
            }
            Some(x) => {
                // A node that failed into its error handler is done with its own interrupts too.
                let settled = matches!(w.kind, WriteKind::Done { .. } | WriteKind::Failed { .. }) || w.handled.is_some();
                if let (WriteKind::Interrupted { interrupts }, true) = (&x.kind, settled) {
                    w.raised = interrupts.clone();
                } else if w.raised.is_empty() {
                    w.raised = std::mem::take(&mut x.raised);
                }
                *x = w
            }
            None => saved.push(w),
        }
    }
}

/// Stores checkpoints per thread and namespace. Checkpoint ids sort by time.
pub trait Checkpointer {
    /// Stores a checkpoint (its blobs hold only what changed).
    fn put<'a>(&'a self, thread_id: &'a str, ns: &'a str, checkpoint: Checkpoint) -> LocalBoxFuture<'a, Result<(), Error>>;
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
