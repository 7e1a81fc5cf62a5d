//! `MemorySaver`: checkpoints in memory, stored incrementally, serializable
//! as a whole (so a "crash" can be simulated by reloading from JSON).
use super::format::{resolve, Blob, Checkpoint, CheckpointTuple, Name, NameMap, PendingWrite};
use super::saver::{merge_writes, Checkpointer, ListFilter};
use crate::error::Error;
use crate::sorted_map::SortedMap;
use futures::future::{ready, LocalBoxFuture};
use futures::FutureExt;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// One thread namespace's checkpoints, in id order, with their pending writes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Lane {
    /// Sorted by id (ids are time-sortable, so this is append-only in practice).
    checkpoints: Vec<Checkpoint>,
    writes: SortedMap<Name, Vec<PendingWrite>>,
    /// `channel → version → blob`, gathered from every checkpoint.
    blobs: SortedMap<Name, SortedMap<u64, Blob>>,
}

impl Lane {
    fn find(&self, id: &str) -> Option<&Checkpoint> {
        let at = self.checkpoints.partition_point(|c| &*c.id < id);
        self.checkpoints.get(at).filter(|c| &*c.id == id)
    }

    fn insert(&mut self, cp: Checkpoint) {
        match self.checkpoints.last() {
            Some(last) if last.id >= cp.id => {
                // Out of order (ids from another clock): keep the list sorted.
                let at = self.checkpoints.partition_point(|c| c.id < cp.id);
                if self.checkpoints.get(at).is_some_and(|c| c.id == cp.id) {
                    self.checkpoints[at] = cp;
                } else {
                    self.checkpoints.insert(at, cp);
                }
            }
            _ => self.checkpoints.push(cp),
        }
    }

    fn of<'a>(threads: &'a mut SortedMap<String, Box<Thread>>, thread_id: &str, ns: &str) -> &'a mut Lane {
        let thread = threads.get_or_insert_with(thread_id, || (thread_id.to_string(), Box::default()));
        if ns.is_empty() {
            return &mut thread.root;
        }
        thread.subgraphs.get_or_insert_with(ns, || (ns.to_string(), Lane::default()))
    }

    /// The blobs `cp` added: channels whose version differs from its parent's.
    fn own_blobs(&self, cp: &Checkpoint) -> NameMap<Blob> {
        let parent = cp.metadata.parent_id.as_deref().and_then(|p| self.find(p));
        cp.channel_versions
            .iter()
            .filter(|(ch, v)| parent.and_then(|p| p.channel_versions.get(ch)) != Some(*v))
            .filter_map(|(ch, v)| self.blobs.get(&**ch).and_then(|b| b.get(v)).map(|b| (ch.clone(), b.clone())))
            .collect()
    }

    fn tuple(&self, thread_id: &str, ns: &str, cp: &Checkpoint) -> Result<CheckpointTuple, Error> {
        let values = resolve(&cp.channel_versions, |ch, v| self.blobs.get(ch).and_then(|b| b.get(&v)))?;
        Ok(CheckpointTuple {
            thread_id: thread_id.to_string(),
            ns: ns.to_string(),
            checkpoint: Checkpoint { blobs: self.own_blobs(cp), ..cp.clone() },
            values,
            pending_writes: self.writes.get(&*cp.id).cloned().unwrap_or_default(),
            max_version: self.blobs.values().filter_map(|b| b.keys().next_back()).copied().max().unwrap_or(0),
        })
    }
}

/// A thread's lanes. The root namespace is kept apart: nearly every put goes
/// there, and a map keyed by the empty string makes each lookup compare empty
/// strings, which glibc's AVX-512 `memcmp` does very slowly.
#[derive(Default, Serialize, Deserialize)]
struct Thread {
    root: Lane,
    subgraphs: SortedMap<String, Lane>,
}

impl Thread {
    fn lane(&self, ns: &str) -> Option<&Lane> {
        if ns.is_empty() {
            Some(&self.root)
        } else {
            self.subgraphs.get(ns)
        }
    }
}

#[derive(Default, Serialize, Deserialize)]
pub struct MemorySaver {
    /// `thread → ns → lane`. Boxed, so that a new thread inserted in the sorted
    /// vector moves 32-byte entries, not whole threads (tens of thousands of threads).
    threads: RefCell<SortedMap<String, Box<Thread>>>,
}

impl MemorySaver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Everything stored, as JSON (for inspection and crash-recovery tests).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("plain data serializes")
    }

    pub fn from_json(json: &str) -> Result<Self, Error> {
        crate::json::read(json).map_err(|e| Error::Storage { message: format!("cannot read saved checkpoints: {e}") })
    }

    /// Bytes of JSON a checkpoint takes as stored (its blobs are deltas).
    pub fn stored_bytes(cp: &Checkpoint) -> usize {
        serde_json::to_string(cp).map(|s| s.len()).unwrap_or(0)
    }

    /// Thread ids with at least one checkpoint.
    pub fn threads(&self) -> Vec<String> {
        self.threads.borrow().keys().cloned().collect()
    }
}

impl Checkpointer for MemorySaver {
    fn put<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        mut checkpoint: Checkpoint,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>> {
        let mut threads = self.threads.borrow_mut();
        let lane = Lane::of(&mut threads, thread_id, ns);
        if let (Some(parent), false) = (&checkpoint.metadata.parent_id, writes.is_empty()) {
            match lane.writes.get_mut(&**parent) {
                Some(saved) => merge_writes(saved, writes),
                None => drop(lane.writes.insert(parent.clone(), writes)),
            }
        }
        // Blobs move into the lane's store; `tuple` gives a checkpoint its own back.
        for (ch, blob) in std::mem::take(&mut checkpoint.blobs) {
            let version = checkpoint.channel_versions.get(&ch).copied().unwrap_or(0);
            lane.blobs.get_or_insert_with(&*ch.clone(), || (ch, SortedMap::default())).insert(version, blob);
        }
        lane.insert(checkpoint);
        Box::pin(Done)
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>> {
        let mut threads = self.threads.borrow_mut();
        let lane = Lane::of(&mut threads, thread_id, ns);
        merge_writes(lane.writes.get_or_insert_with(checkpoint_id, || (checkpoint_id.into(), Vec::new())), writes);
        Box::pin(Done)
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<CheckpointTuple>, Error>> {
        let threads = self.threads.borrow();
        let result = match threads.get(thread_id).and_then(|t| t.lane(ns)) {
            None => Ok(None),
            Some(lane) => {
                let cp = match id {
                    Some(id) => lane.find(id).cloned(),
                    None => lane.checkpoints.last().cloned(),
                };
                cp.map(|cp| lane.tuple(thread_id, ns, &cp)).transpose()
            }
        };
        ready(result).boxed_local()
    }

    fn list<'a>(&'a self, thread_id: &'a str, ns: &'a str, filter: ListFilter) -> LocalBoxFuture<'a, Result<Vec<CheckpointTuple>, Error>> {
        let threads = self.threads.borrow();
        let result = match threads.get(thread_id).and_then(|t| t.lane(ns)) {
            None => Ok(vec![]),
            Some(lane) => lane
                .checkpoints
                .iter()
                .rev()
                .filter(|cp| filter.matches(cp))
                .take(filter.limit.unwrap_or(usize::MAX))
                .map(|cp| lane.tuple(thread_id, ns, cp))
                .collect(),
        };
        ready(result).boxed_local()
    }

    fn delete_thread<'a>(&'a self, thread_id: &'a str) -> LocalBoxFuture<'a, Result<(), Error>> {
        self.threads.borrow_mut().remove(thread_id);
        Box::pin(Done)
    }
}

/// A write that finished at once: `Ok(())` as a zero-sized future, so its box
/// allocates nothing (a memory saver writes every superstep).
struct Done;

impl std::future::Future for Done {
    type Output = Result<(), Error>;
    fn poll(self: std::pin::Pin<&mut Self>, _: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        std::task::Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::executor::block_on;
    use serde_json::json;

    fn checkpoint(id: &str, step: i64) -> Checkpoint {
        crate::checkpoint::read::checkpoint(&json!({
            "v": 1, "id": id, "ts": 0.0, "channel_versions": {}, "versions_seen": {}, "pending_sends": [],
            "blobs": {}, "metadata": {"source": "loop", "step": step, "writes": null, "graph": "g", "graph_version": "1"}
        }))
        .unwrap()
    }

    fn listed(s: &MemorySaver, thread: &str) -> Vec<(String, i64)> {
        let all = block_on(s.list(thread, "", ListFilter::default())).unwrap();
        all.iter().map(|t| (t.checkpoint.id.to_string(), t.checkpoint.metadata.step)).collect()
    }

    #[test]
    fn checkpoints_put_out_of_id_order_are_kept_sorted_and_an_id_put_again_replaces_its_checkpoint() {
        let s = MemorySaver::new();
        for (id, step) in [("b", 1), ("d", 2), ("a", 3), ("c", 4), ("b", 5), ("d", 6)] {
            block_on(s.put("t", "", checkpoint(id, step), vec![])).unwrap();
        }
        assert_eq!(listed(&s, "t"), [("d".into(), 6), ("c".into(), 4), ("b".into(), 5), ("a".into(), 3)]);
        assert_eq!(block_on(s.get("t", "", Some("b"))).unwrap().unwrap().checkpoint.metadata.step, 5);
    }

    #[test]
    fn the_threads_are_those_with_a_checkpoint_by_id() {
        let s = MemorySaver::new();
        for t in ["t2", "t1"] {
            block_on(s.put(t, "", checkpoint("a", 0), vec![])).unwrap();
        }
        assert_eq!(s.threads(), ["t1", "t2"]);
        let bytes = MemorySaver::stored_bytes(&checkpoint("a", 0));
        assert_eq!(bytes, serde_json::to_string(&checkpoint("a", 0)).unwrap().len());
    }
}
