//! Persistence: checkpoints at superstep boundaries, threads, resume,
//! time travel. The format lives in `format`, savers implement `Checkpointer`.
mod format;
mod memory;
mod name_map;
pub mod read;
mod saver;
mod thread;
mod update;

pub use format::{
    decode, encode, resolve, Blob, Checkpoint, CheckpointTuple, HandledFailure, Metadata, Name, NameMap, PendingWrite, Source, WriteKind,
    FORMAT_VERSION,
};
pub use memory::MemorySaver;
pub use saver::{merge_writes, Checkpointer, ListFilter};
pub(crate) use thread::{child_ns, without_task_id};
pub use thread::{StateSnapshot, TaskSnapshot};
pub use update::{StateUpdate, COPY, INPUT};

use crate::error::{Error, NOT_AN_UPDATE};
use crate::pregel::{
    CompiledGraph, GraphEvent, HookWork, Input, Outcome, Resume, RunConfig, Sink, StepHooks, Stepper, StreamMode, TaskResult, TaskStatus,
    TaskWrites, Tick,
};
use crate::types::{Command, Goto, Send, START};
use futures::FutureExt;
use serde_json::{json, Map, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::task::{Context, Poll};

/// How a compiled graph persists (LangGraph's `checkpointer=` argument).
#[derive(Clone, Default)]
pub enum Checkpointing {
    /// `None`: no checkpoints of its own; as a subgraph, per-invocation under the parent's saver.
    #[default]
    Inherit,
    /// A saver of its own.
    Saver(Rc<dyn Checkpointer>),
    /// `True`: as a subgraph, state accumulates across calls on the same thread.
    PerThread,
    /// `False`: never checkpointed, even under a checkpointed parent.
    Disabled,
}

impl Checkpointing {
    pub fn saver(&self) -> Option<&Rc<dyn Checkpointer>> {
        match self {
            Checkpointing::Saver(s) => Some(s),
            _ => None,
        }
    }
}

/// Where a run's checkpoints go.
#[derive(Clone)]
pub struct Persistence {
    pub saver: Rc<dyn Checkpointer>,
    pub thread_id: String,
    pub ns: String,
    /// A subgraph's: the checkpoint each enclosing graph runs from, by namespace.
    pub parents: format::Parents,
}

/// Writes a checkpoint after every applied superstep, pending writes otherwise.
pub(crate) struct Persist {
    to: Persistence,
    /// The last committed checkpoint's channel versions, by channel index (0: none).
    prev_versions: RefCell<Vec<u64>>,
    parent: RefCell<Option<format::Name>>,
    /// `RunConfig::save_on_exit`: checkpoints wait for the run's end (`flush`).
    on_exit: bool,
    /// In that mode, a subgraph task's run that finishes stores nothing (LangGraph.js).
    skip_done: bool,
    /// In that mode, the source and step of the newest checkpoint not yet stored.
    unsaved: RefCell<Option<(format::Source, i64)>>,
    /// What the superstep the barrier is applying wrote, saved with its checkpoint.
    finished: RefCell<Vec<PendingWrite>>,
}

impl StepHooks for Persist {
    fn before_apply(&self, stepper: &Stepper, tasks: &[Rc<crate::pregel::Task>], results: &[TaskResult]) {
        if !self.on_exit {
            *self.finished.borrow_mut() = finished_writes(stepper, tasks, results);
        }
    }

    fn after_tick<'a>(&'a self, stepper: &'a Stepper, tick: &'a Tick) -> HookWork<'a> {
        if tick.applied && matches!(tick.outcome, Outcome::Continue) && !self.on_exit {
            return self.store_step(stepper, tick);
        }
        HookWork::Waiting(self.after_other_tick(stepper, tick).boxed_local())
    }
}

impl Persist {
    /// The usual superstep, applied with the run going on: its checkpoint is stored,
    /// and a saver that stores at once (the memory saver) leaves nothing to wait for.
    fn store_step<'a>(&'a self, stepper: &'a Stepper, tick: &'a Tick) -> HookWork<'a> {
        let finished = std::mem::take(&mut *self.finished.borrow_mut());
        let cp = self.loop_checkpoint(stepper, tick);
        let (step, parent, id) = (cp.metadata.step, cp.metadata.parent_id.clone(), cp.id.clone());
        let mut put = self.to.saver.put(&self.to.thread_id, &self.to.ns, cp, finished);
        // As in `after_other_tick`, a checkpoint after which the run runs out of steps is stored, not streamed.
        let saved = move |put: Result<(), Error>| {
            put.map(|()| self.saved(stepper, id, format::Source::Loop, step, parent, !stepper.out_of_steps()))
        };
        match put.as_mut().poll(&mut Context::from_waker(futures::task::noop_waker_ref())) {
            Poll::Ready(put) => HookWork::Done(saved(put)),
            Poll::Pending => HookWork::Waiting(async move { saved(put.await) }.boxed_local()),
        }
    }

    /// A loop checkpoint of the superstep `tick` applied. It leaves `writes` out:
    /// its blobs already hold what changed.
    fn loop_checkpoint(&self, stepper: &Stepper, tick: &Tick) -> Checkpoint {
        let graph = stepper.graph();
        let step = stepper.run_state().step;
        let metadata = self.metadata(graph, format::Source::Loop, step, Value::Null, self.parent.borrow().clone());
        let (rs, prev) = (stepper.run_state(), &self.prev_versions.borrow());
        encode(graph.spec(), rs, prev, &tick.changed, stepper.checkpoint_id.clone(), graph.env().now_ms(), metadata)
    }

    /// After a superstep that paused, failed, ended or stored on exit.
    async fn after_other_tick(&self, stepper: &Stepper, tick: &Tick) -> Result<(), Error> {
        let finished = std::mem::take(&mut *self.finished.borrow_mut());
        if tick.applied {
            // LangGraph streams a checkpoint as the next superstep begins: one after which
            // the run stops at a breakpoint or runs out of steps is saved, not streamed.
            let stops = matches!(&tick.outcome, Outcome::Interrupted(i) if i.is_empty()) || stepper.out_of_steps();
            let step = stepper.run_state().step;
            if self.on_exit {
                self.defer(stepper, format::Source::Loop, step, self.parent.borrow().clone(), !stops);
            } else {
                let cp = self.loop_checkpoint(stepper, tick);
                self.save(stepper, cp, finished, !stops).await?;
            }
        }
        match tick.outcome {
            Outcome::Continue => {}
            Outcome::Done if self.skip_done => *self.unsaved.borrow_mut() = None,
            _ => self.flush(stepper).await?,
        }
        if !tick.applied && !tick.results.is_empty() {
            let parent = self.parent.borrow().clone().unwrap_or_default();
            let writes = pending_writes(stepper);
            self.to.saver.put_writes(&self.to.thread_id, &self.to.ns, &parent, writes).await?;
        }
        // The root run paused, now that its checkpoint and writes are stored.
        if let (Outcome::Interrupted(interrupts), true) = (&tick.outcome, stepper.run.namespace.is_empty()) {
            let status = match (interrupts.is_empty(), tick.applied) {
                (false, _) => "pending",
                (true, true) => "interrupt_after",
                (true, false) => "interrupt_before",
            };
            let event = || GraphEvent::Paused { status, checkpoint_id: stepper.checkpoint_id.to_string(), interrupts: interrupts.clone() };
            crate::pregel::lifecycle::tell(stepper.run.lifecycle.as_ref(), event).await?;
        }
        Ok(())
    }

    /// The metadata of a checkpoint this run stores, child of `parent_id`.
    pub(crate) fn metadata(
        &self,
        graph: &CompiledGraph,
        source: format::Source,
        step: i64,
        writes: Value,
        parent_id: Option<format::Name>,
    ) -> Metadata {
        let (graph_name, graph_version) = (graph.shared_name(), graph.shared_version());
        Metadata { source, step, writes, parent_id, graph: graph_name, graph_version, parents: self.to.parents.clone() }
    }

    /// Stores `cp`, the checkpoint of `stepper`'s current state, and streams it.
    async fn commit(&self, stepper: &Stepper, cp: Checkpoint) -> Result<(), Error> {
        self.save(stepper, cp, vec![], true).await
    }

    /// Stores `cp` with `writes`, those of the superstep that made it (when the run ends,
    /// under `on_exit`, without them); streams it if `announce`.
    async fn save(&self, stepper: &Stepper, cp: Checkpoint, writes: Vec<PendingWrite>, announce: bool) -> Result<(), Error> {
        let (source, step, parent) = (cp.metadata.source, cp.metadata.step, cp.metadata.parent_id.clone());
        if self.on_exit {
            self.defer(stepper, source, step, parent, announce);
            return Ok(());
        }
        let id = cp.id.clone();
        self.to.saver.put(&self.to.thread_id, &self.to.ns, cp, writes).await?;
        self.saved(stepper, id, source, step, parent, announce);
        Ok(())
    }

    /// Checkpoint `id` (of `source`, `step`, child of `parent`) is stored: the next
    /// one's parent, and streamed if `announce`.
    fn saved(&self, stepper: &Stepper, id: format::Name, source: format::Source, step: i64, parent: Option<format::Name>, announce: bool) {
        self.stored(stepper, id);
        if announce {
            self.emit(stepper, source, step, parent.as_deref(), &[]);
        }
    }

    /// Under `on_exit`: the current state's checkpoint waits for the run's end (`flush`).
    fn defer(&self, stepper: &Stepper, source: format::Source, step: i64, parent: Option<format::Name>, announce: bool) {
        if announce {
            self.emit(stepper, source, step, parent.as_deref(), &[]);
        }
        *self.unsaved.borrow_mut() = Some((source, step));
    }

    /// Under `on_exit`, as the run ends: stores the checkpoint of the current state,
    /// child of the last stored one, with every channel changed since in full.
    async fn flush(&self, stepper: &Stepper) -> Result<(), Error> {
        let Some((source, step)) = self.unsaved.borrow_mut().take() else { return Ok(()) };
        let graph = stepper.graph();
        let metadata = self.metadata(graph, source, step, Value::Null, self.parent.borrow().clone());
        let spec = graph.spec();
        let cp = encode(
            spec,
            stepper.run_state(),
            &self.prev_versions.borrow(),
            &[],
            stepper.checkpoint_id.clone(),
            graph.env().now_ms(),
            metadata,
        );
        self.store(stepper, cp, vec![]).await
    }

    /// Puts `cp`, the checkpoint of `stepper`'s current state, with the writes of the
    /// superstep that made it, and makes it the parent of the next.
    async fn store(&self, stepper: &Stepper, cp: Checkpoint, writes: Vec<PendingWrite>) -> Result<(), Error> {
        let id = cp.id.clone();
        self.to.saver.put(&self.to.thread_id, &self.to.ns, cp, writes).await?;
        self.stored(stepper, id);
        Ok(())
    }

    /// Checkpoint `id`, of `stepper`'s current state, is stored: the next one's parent.
    fn stored(&self, stepper: &Stepper, id: format::Name) {
        let mut prev = self.prev_versions.borrow_mut();
        prev.clear();
        if !self.to.saver.self_contained() {
            prev.extend_from_slice(&stepper.run_state().versions);
        }
        *self.parent.borrow_mut() = Some(id);
    }

    /// A saved checkpoint as LangGraph streams it ("checkpoints" mode, and "debug"
    /// events of type `checkpoint`): values, metadata, the next tasks, configs.
    /// A checkpoint resumed from lists what its unfinished superstep saved (`saved`):
    /// each task's interrupts, error or result.
    fn emit(&self, stepper: &Stepper, source: format::Source, step: i64, parent: Option<&str>, saved: &[PendingWrite]) {
        let run = &stepper.run;
        let payload = || {
            let spec = stepper.graph().spec();
            let planned = crate::pregel::plan(spec, stepper.run_state(), stepper.checkpoint_id(), &run.task_ns());
            // LangGraph.js lists a checkpoint event's tasks as Sends first, then nodes by name
            // (its state snapshots list nodes in the order they were added instead).
            let pulls = crate::pregel::pull_count(&planned);
            let tasks: Vec<_> = planned[pulls..].iter().chain(&planned[..pulls]).collect();
            let saved = crate::pregel::ByTask::new(saved, |w| &w.task_id);
            let config =
                |id: &str| json!({"configurable": {"thread_id": self.to.thread_id, "checkpoint_ns": self.to.ns, "checkpoint_id": id}});
            json!({
                "config": config(stepper.checkpoint_id()),
                "values": stepper.run_state().all_values(spec),
                "metadata": {"source": source.as_str(), "step": step, "parents": self.to.parents},
                "next": tasks.iter().map(|t| &*t.name).collect::<Vec<_>>(),
                "tasks": tasks.iter().map(|t| task_entry(&self.to, spec, t, &saved)).collect::<Vec<_>>(),
                "parentConfig": parent.map(config),
            })
        };
        run.sink.push_with_debug(&run.namespace, StreamMode::Checkpoints, "checkpoint", step, &run.env, payload);
    }
}

/// One task of a checkpoint event, with what its unfinished superstep saved for it,
/// keyed as LangGraph.js keys it: a failed task's error before its interrupts, and
/// a subgraph task's config as its `state`.
fn task_entry(
    to: &Persistence,
    spec: &crate::graph::compile::GraphSpec,
    task: &crate::pregel::Task,
    saved: &crate::pregel::ByTask<PendingWrite>,
) -> Value {
    let s = thread::saved_task(spec, saved.of(&task.id).next());
    let mut entry = Map::new();
    entry.insert("id".into(), json!(task.id));
    entry.insert("name".into(), json!(&*task.name));
    entry.insert("path".into(), json!(task.path.to_string().split('|').collect::<Vec<_>>()));
    if let Some(message) = &s.error {
        entry.insert("error".into(), json!({"message": message, "name": s.error_class.as_deref().unwrap_or("Error")}));
    }
    entry.insert("interrupts".into(), Value::Array(s.interrupts.iter().map(crate::pregel::interrupt_json).collect()));
    if s.error.is_none() && spec.nodes[task.node].spec.subgraph.is_some() {
        entry.insert("state".into(), thread::subgraph_task_config(&to.thread_id, &to.ns, &task.name, &task.id));
    }
    if let Some(result) = s.result {
        entry.insert("result".into(), result);
    }
    Value::Object(entry)
}

/// What the tasks of a superstep the barrier applies wrote, kept with the checkpoint
/// they ran from, as LangGraph keeps them: history shows each task's result. (Only
/// the root graph applies a step with a command to its parent, which it dropped;
/// LangGraph.js keeps that task's `ParentCommand` error there too.)
fn finished_writes(stepper: &Stepper, tasks: &[Rc<crate::pregel::Task>], results: &[TaskResult]) -> Vec<PendingWrite> {
    as_pending_writes(stepper, tasks.iter().zip(results).map(|(t, r)| (&t.id, t.name.clone(), r)))
}

/// The stepper's unfinished-superstep results, as pending writes.
fn pending_writes(stepper: &Stepper) -> Vec<PendingWrite> {
    as_pending_writes(stepper, stepper.pending.iter().map(|(id, task, r)| (id, Name::from(task.as_str()), r)))
}

/// Task results (by task id and node) as pending writes.
fn as_pending_writes<'a>(stepper: &Stepper, results: impl Iterator<Item = (&'a String, Name, &'a TaskResult)>) -> Vec<PendingWrite> {
    let spec = stepper.graph().spec();
    results
        .map(|(task_id, task, r)| {
            let kind = match &r.status {
                TaskStatus::Done => done_kind(spec, &r.writes),
                TaskStatus::Interrupted(i) => WriteKind::Interrupted { interrupts: i.clone() },
                TaskStatus::Failed(e) => WriteKind::Failed { error: e.task_message(), class: Some(e.task_error_class().to_string()) },
                // As LangGraph.js saves a command to the parent: an error, `ParentCommand`.
                TaskStatus::Parent(_) => WriteKind::Failed { error: String::new(), class: Some("ParentCommand".into()) },
            };
            let resumed = match r.status {
                // A task stopped by a sibling's failure never reached its interrupt() calls.
                TaskStatus::Failed(Error::Aborted { .. }) => vec![],
                _ => stepper.answered.get(task_id).cloned().unwrap_or_default(),
            };
            let calls = stepper.run.calls.borrow().iter().find(|(id, _)| id == task_id).map(|(_, c)| c.clone()).unwrap_or_default();
            let handled = r.handled.as_ref().map(|h| HandledFailure {
                error: h.error.task_message(),
                class: Some(h.error.task_error_class().to_string()),
                node_answers: h.node_answers,
            });
            PendingWrite { task_id: task_id.clone(), task, kind, resumed, raised: vec![], calls, handled, failed_before: None }
        })
        .collect()
}

/// A finished task's writes as saved: without untracked channels.
fn done_kind(spec: &crate::graph::compile::GraphSpec, writes: &TaskWrites) -> WriteKind {
    WriteKind::Done {
        writes: writes
            .writes
            .iter()
            .filter(|(c, _)| !spec.channels[*c].untracked)
            .map(|(c, v)| (spec.channels[*c].name.clone(), v.clone()))
            .collect(),
        sends: writes.sends.iter().map(|s| without_untracked(spec, s)).collect(),
    }
}

/// The saved write of task `task_id` (node `task`) that finished with `writes`.
pub(crate) fn done_write(spec: &crate::graph::compile::GraphSpec, task_id: &str, task: &Name, writes: &TaskWrites) -> PendingWrite {
    let kind = done_kind(spec, writes);
    let (task_id, task) = (task_id.to_string(), task.clone());
    PendingWrite { task_id, task, kind, resumed: vec![], raised: vec![], calls: vec![], handled: None, failed_before: None }
}

/// A Send as its task's saved writes keep it: without its argument's untracked keys
/// (as LangGraph.js saves it; a checkpoint's pending sends keep them, as there).
fn without_untracked(spec: &crate::graph::compile::GraphSpec, send: &Send) -> Send {
    let mut send = send.clone();
    if let Value::Object(arg) = &mut send.arg {
        arg.retain(|k, _| spec.channel(k).is_none_or(|c| !spec.channels[c].untracked));
    }
    send
}

/// The task calls saved with pending writes, for the tasks' next runs.
fn restore_calls(writes: &[PendingWrite]) -> crate::pregel::CallLog {
    writes.iter().filter(|w| !w.calls.is_empty()).map(|w| (w.task_id.clone(), w.calls.clone())).collect()
}

/// Pending writes back into stepper form.
type Pending = Vec<(String, String, TaskResult)>;

pub(crate) fn restore_pending(spec: &crate::graph::compile::GraphSpec, writes: &[PendingWrite]) -> (Pending, crate::pregel::Answered) {
    let mut pending = Vec::new();
    let mut answered = crate::pregel::Answered::default();
    for w in writes.iter().filter(|w| w.task_id != NULL_TASK) {
        let status = match &w.kind {
            WriteKind::Done { .. } => TaskStatus::Done,
            WriteKind::Interrupted { interrupts } => TaskStatus::Interrupted(interrupts.clone()),
            WriteKind::Failed { error, class } => {
                TaskStatus::Failed(Error::Node { node: w.task.to_string(), message: error.clone(), class: class.clone() })
            }
        };
        let mut tw = TaskWrites::default();
        if let WriteKind::Done { writes, sends } = &w.kind {
            tw.writes = writes.iter().filter_map(|(n, v)| Some((spec.channel(n)?, v.clone()))).collect();
            tw.sends = sends.clone();
        }
        let handled = w.handled.as_ref().and_then(|h| crate::pregel::Handled::restore(spec, &w.task_id, &w.task, h));
        pending.push((w.task_id.clone(), w.task.to_string(), TaskResult { writes: tw, status, cached: false, handled }));
        if !w.resumed.is_empty() {
            answered.entry(w.task_id.clone()).or_insert_with(|| w.resumed.clone());
        }
    }
    (pending, answered)
}

/// Where a nested run comes from: the checkpoints it inherits, and whether the task
/// that calls it continues an earlier run (see `RunCtx::resuming`).
pub(crate) struct Nested {
    pub persistence: Option<Persistence>,
    pub resuming: bool,
    /// The time travel the caller is part of, if any.
    pub replay: Option<Rc<crate::pregel::ReplayBound>>,
    /// Start from the newest checkpoint saved before this id, not the newest (time travel).
    pub before: Option<String>,
}

/// Builds the stepper for a run: fresh input, or a thread's checkpoint.
pub(crate) async fn start_run(
    graph: &CompiledGraph,
    input: Input,
    config: RunConfig,
    namespace: Vec<String>,
    sink: Option<Sink>,
    nested: Option<Nested>,
) -> Result<Stepper, Error> {
    // A run cancelled before it starts leaves no trace, not even its input.
    if config.cancel.as_ref().is_some_and(crate::pregel::Cancel::is_cancelled) {
        return Err(Error::Cancelled);
    }
    let spec = graph.spec();
    if let Some(key) = config.output_keys.as_ref().and_then(|keys| keys.unknown(spec)) {
        // LangGraph.js's words.
        return Err(Error::InvalidInput { message: format!("Key {key} not found in channels") });
    }
    // As LangGraph.js: a nested run's first superstep continues whatever its caller
    // continues; a root run's, when it resumes (a null input or a Command's resume).
    let resuming = match (&nested, &input) {
        (Some(n), _) => n.resuming,
        (None, Input::Continue) => true,
        (None, Input::Command(c)) => c.resume.as_ref().is_some_and(|v| !v.is_null()),
        (None, Input::Values(_)) => false,
    };
    let (inherited, replay_bound, before) = match nested {
        Some(n) => (n.persistence, n.replay, n.before),
        None => (None, None, None),
    };
    let persistence = match (graph.options().checkpointer.saver(), inherited) {
        (Some(saver), _) if namespace.is_empty() => {
            let thread_id = config.thread_id().ok_or_else(|| Error::InvalidInput {
                message: match config.configurable.get("thread_id") {
                    None | Some(Value::Null) => "a graph with a checkpointer needs configurable.thread_id".into(),
                    Some(other) => format!("configurable.thread_id must be a string, got {}", crate::json::text(other)),
                },
            })?;
            Some(Persistence { saver: saver.clone(), thread_id: thread_id.to_string(), ns: String::new(), parents: NameMap::default() })
        }
        (_, inherited) => inherited,
    };
    let limit = config.recursion_limit;
    let mut stepper = Stepper::bare(graph, &config, persistence.clone(), namespace, sink);
    if let Some(bound) = replay_bound {
        let _ = stepper.run.replay.set(bound);
    }
    let Some(to) = persistence else {
        match input {
            Input::Values(v) => start_input(&mut stepper, v, true).await?,
            Input::Continue => {
                return Err(Error::EmptyInput { message: "a null input continues a thread, and this graph has no checkpointer".into() })
            }
            // LangGraph.js throws a plain Error here (GraphValueError is for interrupt()).
            Input::Command(_) => {
                return Err(Error::InvalidInput { message: "a Command resumes a thread, and this graph has no checkpointer".into() })
            }
        }
        stepper.checkpoint_id = stepper.run.env.next_id().into();
        stepper.stop = stepper.rs.step + limit as i64 + 1;
        return Ok(stepper);
    };
    let saved = match &before {
        Some(b) => {
            let filter = ListFilter { before: Some(b.clone()), limit: Some(1), ..Default::default() };
            to.saver.list(&to.thread_id, &to.ns, filter).await?.into_iter().next()
        }
        None => to.saver.get(&to.thread_id, &to.ns, config.checkpoint_id()).await?,
    };
    if config.checkpoint_id().is_some() && saved.is_none() {
        return Err(Error::NotFound { what: format!("checkpoint {}", config.checkpoint_id().unwrap_or_default()) });
    }
    let persist = persist_for(to.clone(), saved.as_ref(), spec, config.save_on_exit);
    if let Some(t) = &saved {
        stepper.rs = decode(spec, t)?;
        stepper.checkpoint_id = t.checkpoint.id.clone();
    } else if before.is_some() {
        // Starting afresh beside stored checkpoints: versions stay above theirs.
        if let Some(latest) = to.saver.get(&to.thread_id, &to.ns, None).await? {
            stepper.rs.version_floor = latest.max_version;
        }
    }
    // Naming an older checkpoint replays from it (a fork); naming the newest just continues.
    let replay = match (config.checkpoint_id(), &saved) {
        (Some(id), Some(_)) => to.saver.get(&to.thread_id, &to.ns, None).await?.is_some_and(|latest| &*latest.checkpoint.id != id),
        _ => false,
    };
    match (input, &saved) {
        (Input::Values(v), _) => {
            // A new input discards whatever the last superstep left unfinished.
            start_input(&mut stepper, v, saved.is_none()).await?;
            stepper.checkpoint_id = stepper.run.env.next_id().into();
            let cp = snapshot_checkpoint(&stepper, format::Source::Input, Value::Null, persist.parent.borrow().clone(), &persist);
            persist.commit(&stepper, cp).await?;
        }
        (input, Some(t)) => {
            // As LangGraph.js: a time-travelling run's subgraphs start from their state as of
            // the checkpoint it travels to (for one an update or a fork wrote, the one it was made on).
            let fork_source = matches!(t.checkpoint.metadata.source, format::Source::Update | format::Source::Fork);
            let travels = replay || (config.checkpoint_id().is_some() && matches!(input, Input::Continue) && fork_source);
            let bound = if fork_source { t.checkpoint.metadata.parent_id.clone() } else { Some(t.checkpoint.id.clone()) };
            if let (true, Some(bound)) = (travels, bound) {
                let _ = stepper.run.replay.set(crate::pregel::ReplayBound::new(bound.to_string()));
            }
            if replay {
                // Time travel: continue on a copy of the old checkpoint (one step later), a new branch.
                stepper.checkpoint_id = stepper.run.env.next_id().into();
                stepper.rs.step += 1;
                let cp = snapshot_checkpoint(&stepper, format::Source::Fork, Value::Null, Some(t.checkpoint.id.clone()), &persist);
                persist.commit(&stepper, cp).await?;
            } else {
                if let Some(node) = lost_nodes(spec, &t.pending_writes).into_iter().next() {
                    return Err(Error::MissingNode { node });
                }
                with_null_writes(spec, &mut stepper.rs, &t.pending_writes, graph.env())?;
                let (pending, answered) = restore_pending(spec, &t.pending_writes);
                stepper.pending = pending;
                stepper.answered = answered;
                *stepper.run.calls.borrow_mut() = restore_calls(&t.pending_writes);
                // Continuing from a named checkpoint that an update or a fork wrote is time
                // travel too: the subgraphs its tasks call start on their input.
                stepper.run.resuming.set(resuming && !travels);
            }
            if let Input::Command(c) = input {
                apply_command_input(&mut stepper, c, &persist).await?;
            }
            // As LangGraph.js: the breakpoints have seen what the run resumes from, a
            // Command's update and goto included, so they do not stop it at once.
            stepper.rs.breakpoint_seen = Some(stepper.rs.versions.clone());
            // As LangGraph.js: a resumed run streams the state it resumes from first.
            stepper.run.values_shown.set(true);
            stepper.run.sink.push_values(&stepper.run.namespace, graph.spec(), &stepper.rs, stepper.run.output_keys.as_ref());
            if !replay {
                let md = &t.checkpoint.metadata;
                persist.emit(&stepper, md.source, md.step, md.parent_id.as_deref(), &t.pending_writes);
            }
            if resuming {
                let event = || GraphEvent::Resumed { namespace: stepper.run.namespace.clone(), checkpoint_id: t.checkpoint.id.to_string() };
                crate::pregel::lifecycle::tell(stepper.run.lifecycle.as_ref(), event).await?;
            }
        }
        // As LangGraph.js: a Command on an empty thread applies its update and goto
        // to an empty state (a bare resume runs nothing).
        (Input::Command(c), None) => {
            apply_command_input(&mut stepper, c, &persist).await?;
            // Its invoke returns that state, though no chunk showed it.
            stepper.run.values_shown.set(true);
        }
        (Input::Continue, None) => return Err(Error::EmptyInput { message: format!("thread {} has nothing to continue", to.thread_id) }),
    }
    // As LangGraph: the limit counts from the step after the loaded checkpoint
    // (an empty thread counts from -2), so a resumed run gets the full limit.
    let loaded_step = saved.as_ref().map_or(-2, |t| t.checkpoint.metadata.step);
    stepper.stop = loaded_step + limit as i64 + 2;
    stepper.hooks = Some(persist);
    Ok(stepper)
}

/// A migration guard: the nodes an unfinished superstep's writes name that the
/// graph lost (a resumed superstep may not name one), each once.
pub(crate) fn lost_nodes(spec: &crate::graph::compile::GraphSpec, writes: &[PendingWrite]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in writes {
        if spec.node(&w.task).is_none() && !out.iter().any(|n| **n == *w.task) {
            out.push(w.task.to_string());
        }
    }
    out
}

/// Writes graph input to `__start__`; with `inline_start`, applies it as START's update too.
async fn start_input(stepper: &mut Stepper, v: Value, fresh: bool) -> Result<(), Error> {
    if !stepper.graph.options().inline_start {
        return write_input(stepper, v, fresh);
    }
    write_input(stepper, v.clone(), fresh)?;
    let graph = stepper.graph.clone();
    let (spec, env) = (graph.spec(), graph.env());
    let writes = graph.writes_of(stepper, 0, crate::types::NodeOutput::Update(v)).await?;
    let start = crate::pregel::Task::writing_as(spec, 0, "");
    crate::pregel::apply_writes(spec, &mut stepper.rs, &[&start], vec![writes], &mut || env.next_id())?;
    // START has taken the input: it is not planned again.
    for (k, &ch) in spec.nodes[0].triggers.iter().enumerate() {
        stepper.rs.seen[0][k] = stepper.rs.versions[ch];
    }
    Ok(())
}

/// Writes graph input to `__start__` (the input checkpoint's only change).
fn write_input(stepper: &mut Stepper, v: Value, fresh: bool) -> Result<(), Error> {
    let spec = stepper.graph.spec();
    if !v.is_object() {
        // As LangGraph.js: the input is START's update, so this is an invalid update.
        return Err(Error::InvalidUpdate {
            key: NOT_AN_UPDATE.into(),
            nodes: vec![START.into()],
            message: format!("graph input must be an object of state keys, got {}", crate::json::text(&v)),
        });
    }
    let rs = &mut stepper.rs;
    if !fresh {
        // As LangGraph.js, unfinished tasks of the previous run are dropped as if they
        // ran and wrote nothing: their triggers are seen, and a full barrier is consumed.
        let discard = crate::pregel::plan(spec, rs, &stepper.checkpoint_id, "");
        let tasks: Vec<&crate::pregel::Task> = discard.iter().map(|t| &**t).collect();
        let env = stepper.run.env.clone();
        crate::pregel::apply_writes(spec, rs, &tasks, vec![TaskWrites::default(); tasks.len()], &mut || env.next_id())?;
        rs.sends.clear();
        rs.step += 1;
    }
    rs.values[spec.start_channel] = Some(Rc::new(v));
    rs.set_version(spec.start_channel, rs.next_version());
    rs.updated = Some(vec![spec.start_channel]);
    Ok(())
}

fn snapshot_checkpoint(
    stepper: &Stepper,
    source: format::Source,
    writes: Value,
    parent: Option<format::Name>,
    persist: &Persist,
) -> Checkpoint {
    let graph = stepper.graph();
    let md = persist.metadata(graph, source, stepper.rs.step, writes, parent);
    encode(graph.spec(), &stepper.rs, &persist.prev_versions.borrow(), &[], stepper.checkpoint_id.clone(), graph.env().now_ms(), md)
}

/// `Command` as input: resume values, plus an optional update and goto applied first.
async fn apply_command_input(stepper: &mut Stepper, c: Command, persist: &Persist) -> Result<(), Error> {
    stepper.resume = Resume::of(c.resume);
    if c.update.is_none() && c.goto.is_empty() {
        return Ok(());
    }
    let graph = stepper.graph.clone();
    let spec = graph.spec();
    let mut writes = TaskWrites::default();
    if let Some(Value::Object(m)) = c.update {
        // Unknown keys are ignored, as in a node's update.
        for (k, v) in m {
            if let Some(ch) = spec.channel(&k).filter(|&c| c < spec.state_count) {
                writes.writes.push((ch, v));
            }
        }
    }
    for g in c.goto {
        match g {
            Goto::Node(n) => {
                let i = spec.node(&n).filter(|&i| i != 0).ok_or(Error::UnknownTarget { source: "Command".into(), target: n })?;
                writes.writes.push((spec.trigger_of(i), Value::Null));
            }
            Goto::Send(s) => writes.sends.push(s),
        }
    }
    // As LangGraph's null writes, the update and goto are saved with the checkpoint
    // they continue, once applied (its snapshot in the history shows them, as in LangGraph.js).
    let continued = persist.parent.borrow().is_some().then(|| stepper.checkpoint_id.clone());
    let saved = PendingWrite {
        task_id: NULL_TASK.into(),
        task: crate::types::START.into(),
        kind: WriteKind::Done {
            writes: writes.writes.iter().map(|(c, v)| (spec.channels[*c].name.clone(), v.clone())).collect(),
            sends: writes.sends.clone(),
        },
        resumed: vec![],
        raised: vec![],
        calls: vec![],
        handled: None,
        failed_before: None,
    };
    if stepper.pending.is_empty() {
        // Nothing paused: the update is a checkpoint of its own, written as START.
        update::apply_as(stepper, vec![(0, writes)], format::Source::Input, persist, None).await?;
    } else if matches!(stepper.resume, Resume::None) {
        // Paused, but no answer: as LangGraph.js, a new input checkpoint on which
        // the paused step's tasks are still due (they run again) beside the goto.
        stepper.rs.updated = Some(vec![]);
        update::apply_as(stepper, vec![(0, writes)], format::Source::Input, persist, None).await?;
        stepper.rs.updated = None;
    } else {
        // A paused superstep: the update applies in place (same checkpoint, so the
        // paused tasks and their subgraphs keep their ids) until the step completes.
        let env = stepper.run.env.clone();
        apply_null_writes(spec, &mut stepper.rs, writes, &mut || env.next_id())?;
    }
    match continued {
        Some(id) => persist.to.saver.put_writes(&persist.to.thread_id, &persist.to.ns, &id, vec![saved]).await,
        None => Ok(()),
    }
}

/// The pending write that holds a `Command` input's update and goto (LangGraph's null writes).
pub const NULL_TASK: &str = "__null__";

/// Applies writes made by no task (a `Command`'s update to a paused step): the
/// paused step's triggers stay set and every node is checked next.
fn apply_null_writes(
    spec: &crate::graph::compile::GraphSpec,
    rs: &mut crate::pregel::RunState,
    writes: TaskWrites,
    ids: &mut dyn crate::reducers::MessageIds,
) -> Result<(), Error> {
    let task = crate::pregel::Task::writing_as(spec, 0, NULL_TASK);
    let sends = std::mem::take(&mut rs.sends);
    rs.updated = Some(vec![]);
    let applied = crate::pregel::apply_writes(spec, rs, &[&task], vec![writes], ids);
    rs.updated = None;
    // The paused step's own sends stay pending, with the update's after them.
    let added = std::mem::replace(&mut rs.sends, sends);
    rs.sends.extend(added);
    applied.map(|_| ())
}

/// A stored checkpoint's null writes (see `NULL_TASK`) applied to its state.
pub(crate) fn with_null_writes(
    spec: &crate::graph::compile::GraphSpec,
    rs: &mut crate::pregel::RunState,
    saved: &[PendingWrite],
    env: &crate::Env,
) -> Result<(), Error> {
    for w in saved.iter().filter(|w| w.task_id == NULL_TASK) {
        if let WriteKind::Done { writes, sends } = &w.kind {
            let writes = writes.iter().filter_map(|(n, v)| Some((spec.channel(n)?, v.clone()))).collect();
            apply_null_writes(spec, rs, TaskWrites { writes, sends: sends.clone() }, &mut || env.next_id())?;
        }
    }
    Ok(())
}

impl CompiledGraph {
    /// The version recorded in checkpoints (for migrations).
    pub fn version(&self) -> &str {
        &self.spec().version
    }
    fn shared_name(&self) -> format::Name {
        self.spec().shared_name.clone()
    }
    fn shared_version(&self) -> format::Name {
        self.spec().version.clone()
    }
}

/// A `Persist` continuing from checkpoint `t`.
pub(crate) fn persist_for(
    to: Persistence,
    t: Option<&CheckpointTuple>,
    spec: &crate::graph::compile::GraphSpec,
    on_exit: bool,
) -> Rc<Persist> {
    // A subgraph task's namespace ends in `node:<task id>`; a per-thread subgraph's has no task id.
    let skip_done = on_exit && to.ns.contains(':');
    let p = Persist {
        to,
        prev_versions: RefCell::default(),
        parent: RefCell::new(None),
        on_exit,
        skip_done,
        unsaved: RefCell::new(None),
        finished: RefCell::default(),
    };
    if let Some(t) = t {
        // A self-contained saver's checkpoints have no previous versions: every channel is new.
        if !p.to.saver.self_contained() {
            *p.prev_versions.borrow_mut() =
                spec.channels.iter().map(|c| t.checkpoint.channel_versions.get(&c.name).copied().unwrap_or(0)).collect();
        }
        *p.parent.borrow_mut() = Some(t.checkpoint.id.clone());
    }
    Rc::new(p)
}
