//! Reading a thread: `get_state` and `get_state_history`.
use super::format::{decode, CheckpointTuple, Metadata, WriteKind};
use super::saver::ListFilter;
use super::{lost_nodes, Persistence};
use crate::error::Error;
use crate::pregel::{plan, with_finished_writes, CompiledGraph, RunConfig};
use crate::types::Interrupt;
use futures::future::LocalBoxFuture;
use serde_json::{json, Value};

/// A thread's state at one checkpoint (LangGraph's `StateSnapshot`).
#[derive(Clone, Debug, PartialEq)]
pub struct StateSnapshot {
    pub values: Value,
    /// Nodes the next superstep runs (those without a saved result).
    pub next: Vec<String>,
    pub tasks: Vec<TaskSnapshot>,
    pub metadata: Option<Metadata>,
    /// `{configurable: {thread_id, checkpoint_ns, checkpoint_id}}`.
    pub config: Value,
    pub parent_config: Option<Value>,
    pub created_at: Option<f64>,
    pub interrupts: Vec<Interrupt>,
}

impl StateSnapshot {
    /// A thread (or subgraph namespace) with no checkpoint yet.
    fn empty(config: Value) -> Self {
        StateSnapshot {
            values: json!({}),
            next: vec![],
            tasks: vec![],
            metadata: None,
            config,
            parent_config: None,
            created_at: None,
            interrupts: vec![],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TaskSnapshot {
    pub id: String,
    pub name: String,
    pub path: String,
    pub interrupts: Vec<Interrupt>,
    pub error: Option<String>,
    /// The failed task's error class name, when known.
    pub error_class: Option<String>,
    /// The subgraph's own snapshot, with `get_state(subgraphs=true)`.
    pub state: Option<Box<StateSnapshot>>,
    /// A subgraph task's config `{configurable: {thread_id, checkpoint_ns}}`, which
    /// reads its state: LangGraph's `state` without `subgraphs`. None for a failed
    /// task, or a subgraph that keeps no checkpoints.
    pub subgraph_config: Option<Value>,
    /// A task that finished in an unfinished superstep: its update (state keys).
    pub result: Option<Value>,
}

/// What an unfinished superstep saved for one of its tasks, as snapshots and
/// checkpoint events show it.
pub(crate) struct SavedTask {
    pub interrupts: Vec<Interrupt>,
    pub error: Option<String>,
    pub error_class: Option<String>,
    /// The update to state keys of a task that finished; none if it wrote none (as LangGraph.js).
    pub result: Option<Value>,
}

pub(crate) fn saved_task(spec: &crate::graph::compile::GraphSpec, saved: Option<&super::PendingWrite>) -> SavedTask {
    let none = SavedTask { interrupts: vec![], error: None, error_class: None, result: None };
    // As LangGraph.js: a failure its error handler took over shows as the task's error.
    if let Some(h) = saved.and_then(|w| w.handled.as_ref()) {
        return SavedTask {
            interrupts: saved.map(|w| w.raised.clone()).unwrap_or_default(),
            error: Some(h.error.clone()),
            error_class: h.class.clone(),
            ..none
        };
    }
    match saved.map(|w| (&w.kind, &w.raised)) {
        Some((WriteKind::Interrupted { interrupts }, _)) => SavedTask { interrupts: interrupts.clone(), ..none },
        Some((WriteKind::Failed { error, class }, raised)) => {
            SavedTask { interrupts: raised.clone(), error: Some(error.clone()), error_class: class.clone(), result: None }
        }
        Some((WriteKind::Done { writes, .. }, raised)) => {
            let state: Vec<(&str, &Value)> =
                writes.iter().filter(|(c, _)| spec.channel(c).is_some_and(|i| i < spec.state_count)).map(|(c, v)| (&**c, v)).collect();
            let result = (!state.is_empty()).then(|| crate::pregel::result_object(&state));
            let failed = saved.and_then(|w| w.failed_before.as_ref());
            SavedTask {
                interrupts: raised.clone(),
                result,
                error: failed.map(|f| f.error.clone()),
                error_class: failed.and_then(|f| f.class.clone()),
            }
        }
        None => none,
    }
}

pub(super) fn config_of(thread_id: &str, ns: &str, id: &str) -> Value {
    json!({"configurable": {"thread_id": thread_id, "checkpoint_ns": ns, "checkpoint_id": id}})
}

/// A snapshot's config: `config_of`, and for a subgraph's checkpoint (as LangGraph) a map
/// of each enclosing graph's namespace, and its own, to a checkpoint (`checkpoint_map`).
pub(super) fn snapshot_config(to: &Persistence, id: &str, parents: &super::format::Parents) -> Value {
    let mut config = config_of(&to.thread_id, &to.ns, id);
    if !parents.is_empty() {
        let map = parents.iter().map(|(ns, id)| (ns.to_string(), json!(&**id))).chain([(to.ns.clone(), json!(id))]).collect();
        config["configurable"]["checkpoint_map"] = Value::Object(map);
    }
    config
}

impl CompiledGraph {
    pub(super) fn persistence(&self, config: &RunConfig) -> Result<Persistence, Error> {
        let saver = self.options().checkpointer.saver().ok_or(Error::NoCheckpointer { operation: "thread state".into() })?;
        let thread_id = config.thread_id().ok_or(Error::InvalidInput { message: "configurable.thread_id is required".into() })?;
        let ns = config.configurable.get("checkpoint_ns").and_then(Value::as_str).unwrap_or("");
        Ok(Persistence { saver: saver.clone(), thread_id: thread_id.to_string(), ns: ns.to_string(), parents: Default::default() })
    }

    /// The graph whose checkpoints live in namespace `ns`: this one, or the
    /// subgraph node each `node:task` (or per-thread `node`) segment names, call
    /// numbers skipped (as LangGraph.js resolves a subgraph state's config).
    pub(super) fn graph_for_ns(&self, ns: &str) -> CompiledGraph {
        let mut graph = self.clone();
        for segment in ns.split('|').filter(|s| !s.is_empty() && !s.bytes().all(|b| b.is_ascii_digit())) {
            let node = without_task_id(segment);
            match graph.spec().node(node).and_then(|n| graph.spec().nodes[n].spec.subgraph.clone()) {
                Some(sub) => graph = sub,
                None => break,
            }
        }
        graph
    }

    /// The thread's state at its newest checkpoint (or `configurable.checkpoint_id`).
    #[inline(never)]
    pub fn get_state<'a>(&'a self, config: &'a RunConfig, subgraphs: bool) -> LocalBoxFuture<'a, Result<StateSnapshot, Error>> {
        Box::pin(self.get_state_unboxed(config, subgraphs))
    }

    async fn get_state_unboxed(&self, config: &RunConfig, subgraphs: bool) -> Result<StateSnapshot, Error> {
        if config.thread_id().is_none() && self.options().checkpointer.saver().is_some() {
            // As LangGraph.js: no thread named is an empty thread.
            return Ok(StateSnapshot::empty(json!({"configurable": config.configurable})));
        }
        let to = self.persistence(config)?;
        let owner = self.graph_for_ns(&to.ns);
        let t = to.saver.get(&to.thread_id, &to.ns, config.checkpoint_id()).await?;
        match t {
            // As LangGraph.js: an empty thread's snapshot hands back the config it was asked with.
            None => Ok(StateSnapshot::empty(json!({"configurable": config.configurable}))),
            // The newest state shows what finished tasks of an unfinished superstep wrote;
            // a named checkpoint (or history) shows the checkpoint as stored, as in LangGraph.js.
            Some(t) => owner.snapshot(&to, &t, subgraphs, config.checkpoint_id().is_none()).await,
        }
    }

    pub fn get_state_blocking(&self, config: &RunConfig) -> Result<StateSnapshot, Error> {
        futures::executor::block_on(self.get_state(config, false))
    }

    /// Nodes the thread's unfinished superstep ran (or paused in) that this graph
    /// no longer has: resuming would fail with `MissingNode` (a migration check).
    pub async fn missing_nodes(&self, config: &RunConfig) -> Result<Vec<String>, Error> {
        let to = self.persistence(config)?;
        let t = to.saver.get(&to.thread_id, &to.ns, config.checkpoint_id()).await?;
        Ok(t.map(|t| lost_nodes(self.spec(), &t.pending_writes)).unwrap_or_default())
    }

    /// Snapshots newest first.
    #[inline(never)]
    pub fn get_state_history<'a>(
        &'a self,
        config: &'a RunConfig,
        filter: ListFilter,
    ) -> LocalBoxFuture<'a, Result<Vec<StateSnapshot>, Error>> {
        Box::pin(self.get_state_history_unboxed(config, filter))
    }

    async fn get_state_history_unboxed(&self, config: &RunConfig, filter: ListFilter) -> Result<Vec<StateSnapshot>, Error> {
        let to = self.persistence(config)?;
        let owner = self.graph_for_ns(&to.ns);
        // A config naming a checkpoint lists just that one, as LangGraph's savers do.
        let tuples = match config.checkpoint_id() {
            Some(id) => to.saver.get(&to.thread_id, &to.ns, Some(id)).await?.into_iter().collect(),
            None => to.saver.list(&to.thread_id, &to.ns, filter).await?,
        };
        let mut out = Vec::new();
        for t in tuples {
            out.push(owner.snapshot(&to, &t, false, false).await?);
        }
        Ok(out)
    }

    pub fn get_state_history_blocking(&self, config: &RunConfig) -> Result<Vec<StateSnapshot>, Error> {
        futures::executor::block_on(self.get_state_history(config, ListFilter::default()))
    }

    fn snapshot<'a>(
        &'a self,
        to: &'a Persistence,
        t: &'a CheckpointTuple,
        subgraphs: bool,
        with_finished: bool,
    ) -> futures::future::LocalBoxFuture<'a, Result<StateSnapshot, Error>> {
        use futures::FutureExt;
        async move {
            let spec = self.spec();
            let mut rs = decode(spec, t)?;
            // As LangGraph's getState, a resume's update shows without new versions, so its
            // goto's task is listed only once the resumed superstep is saved.
            let versions = rs.versions.clone();
            super::with_null_writes(spec, &mut rs, &t.pending_writes, self.env())?;
            rs.set_versions(versions);
            let tasks = plan(spec, &rs, &t.checkpoint.id, &to.ns);
            let mut task_snaps = Vec::new();
            let mut next = Vec::new();
            let mut interrupts = Vec::new();
            let by_task = crate::pregel::ByTask::new(&t.pending_writes, |w| &w.task_id);
            for task in crate::pregel::listing_order(&tasks) {
                let saved = by_task.of(&task.id).next();
                let SavedTask { interrupts: task_interrupts, error, error_class, result } = saved_task(spec, saved);
                // As in LangGraph.js, the newest state's `next` leaves out tasks that already
                // finished or received resume values; a stored checkpoint's lists them all.
                // (A subgraph node's resume values belong to the subgraph, so they do not count.)
                let own_answers = |w: &super::PendingWrite| !w.resumed.is_empty() && spec.nodes[task.node].spec.subgraph.is_none();
                // A failure its error handler took over counts as finished, paused handler or not (LangGraph.js).
                let finished = |w: &super::PendingWrite| matches!(w.kind, WriteKind::Done { .. }) || w.handled.is_some();
                let settled = with_finished && saved.is_some_and(|w| own_answers(w) || finished(w));
                if !settled {
                    next.push(task.name.to_string());
                }
                // As LangGraph.js: a failed task shows no subgraph state.
                let subgraph = spec.nodes[task.node].spec.subgraph.as_ref().filter(|_| error.is_none());
                let subgraph_config = subgraph
                    .filter(|sub| !matches!(sub.options().checkpointer, super::Checkpointing::Disabled))
                    .map(|_| subgraph_task_config(&to.thread_id, &to.ns, &task.name, &task.id));
                let state = match (subgraphs, subgraph) {
                    (true, Some(sub)) => {
                        let ns = child_ns(&to.ns, &task.name, &task.id, sub);
                        let child_to = Persistence { ns: ns.clone(), ..to.clone() };
                        match to.saver.get(&to.thread_id, &ns, None).await? {
                            Some(ct) => Some(Box::new(sub.snapshot(&child_to, &ct, true, with_finished).await?)),
                            // As LangGraph.js: a subgraph task that has not started shows an empty
                            // state, unless the subgraph keeps no checkpoints at all.
                            None if matches!(sub.options().checkpointer, super::Checkpointing::Disabled) => None,
                            None => Some(Box::new(StateSnapshot::empty(
                                json!({"configurable": {"thread_id": to.thread_id, "checkpoint_ns": ns}}),
                            ))),
                        }
                    }
                    _ => None,
                };
                // Only tasks still paused wait for an answer; a finished or failed task's
                // interrupts were answered (its task entry still lists them).
                // (LangGraph.js also lists those a node raised before failing into its error handler.)
                if saved.is_some_and(|w| matches!(w.kind, WriteKind::Interrupted { .. }) || w.handled.is_some()) {
                    interrupts.extend(task_interrupts.iter().cloned());
                }
                task_snaps.push(TaskSnapshot {
                    id: task.id.clone(),
                    name: task.name.to_string(),
                    path: task.path.to_string(),
                    interrupts: task_interrupts,
                    error,
                    error_class,
                    state,
                    subgraph_config,
                    result,
                });
            }
            let values = if with_finished {
                let (pending, _) = super::restore_pending(spec, &t.pending_writes);
                let env = self.env();
                with_finished_writes(spec, &rs, &tasks, &pending, &mut || env.next_id())?.all_values(spec)
            } else {
                rs.all_values(spec)
            };
            let md = &t.checkpoint.metadata;
            Ok(StateSnapshot {
                values,
                next,
                tasks: task_snaps,
                metadata: Some(md.clone()),
                config: snapshot_config(to, &t.checkpoint.id, &md.parents),
                parent_config: md.parent_id.as_ref().map(|p| config_of(&to.thread_id, &to.ns, p)),
                created_at: Some(t.checkpoint.ts),
                interrupts,
            })
        }
        .boxed_local()
    }
}

/// Where task `task_id` of node `node` keeps its (first) subgraph's checkpoints under
/// `parent`: per task, or (a per-thread subgraph) per node, so that its state outlives
/// the task. These are LangGraph.js's namespaces.
pub(crate) fn child_ns(parent: &str, node: &str, task_id: &str, graph: &CompiledGraph) -> String {
    // As LangGraph.js: a per-thread subgraph's namespace drops every task id, its parents'
    // too, so it is the same on every run of the thread.
    if matches!(graph.options().checkpointer, super::Checkpointing::PerThread) {
        return parent.split('|').filter(|s| !s.is_empty()).chain([node]).map(without_task_id).collect::<Vec<_>>().join("|");
    }
    task_ns(parent, node, task_id)
}

/// Task `task_id` of node `node`'s own namespace under `parent`: `parent|node:task_id`.
fn task_ns(parent: &str, node: &str, task_id: &str) -> String {
    let own = format!("{node}:{task_id}");
    if parent.is_empty() {
        own
    } else {
        format!("{parent}|{own}")
    }
}

/// The config LangGraph shows as a subgraph task's `state` when it does not read the
/// subgraph's snapshot: the thread, and the task's namespace (`node:task_id` under
/// `parent_ns`, whether or not the subgraph keeps its checkpoints per thread).
pub(crate) fn subgraph_task_config(thread_id: &str, parent_ns: &str, node: &str, task_id: &str) -> Value {
    json!({"configurable": {"thread_id": thread_id, "checkpoint_ns": task_ns(parent_ns, node, task_id)}})
}

/// `node:task_id` without its `:task_id`.
pub(crate) fn without_task_id(segment: &str) -> &str {
    segment.split_once(':').map_or(segment, |(node, _)| node)
}
