//! Editing a thread: `update_state` and `bulk_update_state` (LangGraph's
//! `bulkUpdateState`), each superstep of edits a new checkpoint. Besides a node's
//! name, `as_node` may be `__copy__` (fork the checkpoint unchanged), `__input__`
//! (a new input) or, with no values, END (finish the pending superstep).
use super::format::{decode, CheckpointTuple, Parents, Source};
use super::thread::snapshot_config;
use super::{persist_for, restore_pending, snapshot_checkpoint, with_null_writes, write_input, Persist, Persistence};
use crate::error::Error;
use crate::graph::compile::GraphSpec;
use crate::pregel::{
    apply_saved_writes, apply_writes, interrupt_id, plan, ByTask, CompiledGraph, RunConfig, Stepper, Task, TaskResult, TaskStatus,
    TaskWrites,
};
use crate::types::{NodeOutput, END, START};
use futures::future::LocalBoxFuture;
use serde_json::{Map, Value};
use std::rc::Rc;

/// `as_node` that copies the checkpoint as a fork (with `values` null, or a list of `[values, as_node]`).
pub const COPY: &str = "__copy__";
/// `as_node` that writes `values` as graph input.
pub const INPUT: &str = "__input__";

/// One edit of a superstep: `values` as if `as_node` had written them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StateUpdate {
    pub values: Value,
    pub as_node: Option<String>,
    /// Where a `Command` given as the update routes (LangGraph's `update_state` with
    /// a Command): `values` is then its update, and both are written as `as_node`
    /// returning that Command would write them.
    pub goto: Vec<crate::types::Goto>,
}

impl StateUpdate {
    /// What `as_node` is taken to have returned: the values, or a Command with them.
    fn output(&self) -> NodeOutput {
        if self.goto.is_empty() {
            return NodeOutput::Update(self.values.clone());
        }
        let update = Some(self.values.clone()).filter(|v| !v.is_null());
        NodeOutput::Command(crate::types::Command { update, goto: self.goto.clone(), ..Default::default() })
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::InvalidStateUpdate { message: message.into() }
}

impl CompiledGraph {
    /// Applies `values` through the reducers as if `as_node` had written them,
    /// as a new checkpoint (a branch, when `config` names an older one).
    /// Returns the new checkpoint's config.
    #[inline(never)]
    pub fn update_state<'a>(
        &'a self,
        config: &'a RunConfig,
        values: Value,
        as_node: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Value, Error>> {
        self.bulk_update_state(config, vec![vec![StateUpdate { values, as_node: as_node.map(Into::into), goto: vec![] }]])
    }

    pub fn update_state_blocking(&self, config: &RunConfig, values: Value, as_node: Option<&str>) -> Result<Value, Error> {
        futures::executor::block_on(self.update_state(config, values, as_node))
    }

    /// Each element of `supersteps` is one new checkpoint, its updates applied
    /// together (as nodes of one superstep). Returns the last checkpoint's config.
    pub fn bulk_update_state<'a>(
        &'a self,
        config: &'a RunConfig,
        supersteps: Vec<Vec<StateUpdate>>,
    ) -> LocalBoxFuture<'a, Result<Value, Error>> {
        Box::pin(async move {
            if supersteps.is_empty() {
                return Err(Error::InvalidInput { message: "No supersteps provided".into() });
            }
            if supersteps.iter().any(Vec::is_empty) {
                return Err(Error::InvalidInput { message: "No updates provided".into() });
            }
            let to = self.persistence(config)?;
            // A subgraph's namespace is updated as that subgraph.
            let graph = self.graph_for_ns(&to.ns);
            let (mut config, mut parents) = (config.clone(), Parents::default());
            for updates in supersteps {
                let id;
                (id, parents) = graph.update_superstep(&to, &config, updates, false).await?;
                config.configurable.insert("checkpoint_id".into(), Value::String(id));
            }
            Ok(snapshot_config(&to, config.checkpoint_id().unwrap_or_default(), &parents))
        })
    }

    /// One superstep of edits on the checkpoint `config` names (else the newest); returns the
    /// new checkpoint's id, and the parents it names (a subgraph's). `on_copy`: the edits
    /// of a copy with updates, which LangGraph.js saves as the copy's tasks' results.
    async fn update_superstep(
        &self,
        to: &Persistence,
        config: &RunConfig,
        updates: Vec<StateUpdate>,
        on_copy: bool,
    ) -> Result<(String, Parents), Error> {
        let t = to.saver.get(&to.thread_id, &to.ns, config.checkpoint_id()).await?;
        // As LangGraph: an edit of a subgraph's checkpoint names the parents that checkpoint names.
        let parents = t.as_ref().map(|t| t.checkpoint.metadata.parents.clone()).unwrap_or_default();
        let to = &Persistence { parents: parents.clone(), ..to.clone() };
        let mut stepper = self.stepper_for_update(config, to, t.as_ref())?;
        let persist = persist_for(to.clone(), t.as_ref(), self.spec(), false);
        match special_edit(&mut stepper, &persist, t.as_ref(), config, &updates)? {
            Some(source) => commit_as_is(&mut stepper, source, &persist).await?,
            None => {
                let nodes = self.update_nodes(&stepper, &updates)?;
                let mut applied = Vec::new();
                for (node, update) in nodes.into_iter().zip(updates.iter()) {
                    applied.push((node, self.writes_of(&stepper, node, update.output()).await?));
                }
                let copy_tasks = on_copy.then(|| plan(self.spec(), &stepper.rs, &stepper.checkpoint_id, &stepper.run.task_ns()));
                apply_as(&mut stepper, applied, Source::Update, &persist, copy_tasks.as_deref()).await?;
            }
        }
        let copied = updates[0].as_node.as_deref() == Some(COPY);
        if let Some(updates) = copied.then(|| copy_updates(&updates[0].values)).flatten() {
            let mut config = config.clone();
            config.configurable.insert("checkpoint_id".into(), Value::String(stepper.checkpoint_id().into()));
            return Box::pin(self.update_superstep(to, &config, updates, true)).await;
        }
        Ok((stepper.checkpoint_id().into(), parents))
    }

    /// The node each update is written as: named, or (a lone update) the last writer.
    fn update_nodes(&self, stepper: &Stepper, updates: &[StateUpdate]) -> Result<Vec<usize>, Error> {
        let spec = self.spec();
        let mut nodes = Vec::with_capacity(updates.len());
        for u in updates {
            nodes.push(match (u.as_node.as_deref(), updates.len()) {
                (Some(name), _) => spec.node(name).ok_or_else(|| invalid(format!("Node \"{name}\" does not exist")))?,
                (None, 1) => last_writer(stepper)?,
                (None, _) => return Err(invalid("\"asNode\" is required when applying multiple updates")),
            });
        }
        Ok(nodes)
    }

    /// `output` as node `node`'s writes (its edges and routers run on it).
    pub(super) async fn writes_of(&self, stepper: &Stepper, node: usize, output: NodeOutput) -> Result<TaskWrites, Error> {
        let task = Rc::new(Task::writing_as(self.spec(), node, ""));
        let result = stepper.writes_as(&task, output).await;
        match result.status {
            TaskStatus::Done => Ok(result.writes),
            TaskStatus::Failed(e) => Err(e),
            TaskStatus::Interrupted(_) | TaskStatus::Parent(_) => Err(Error::InvalidInput {
                message: format!("writing as {}: a router interrupted or addressed the parent", self.spec().nodes[node].name),
            }),
        }
    }

    fn stepper_for_update(&self, config: &RunConfig, to: &Persistence, t: Option<&CheckpointTuple>) -> Result<Stepper, Error> {
        let mut stepper = Stepper::bare(self, config, Some(to.clone()), vec![], None);
        if let Some(t) = t {
            stepper.rs = decode(self.spec(), t)?;
            stepper.checkpoint_id = t.checkpoint.id.clone();
        }
        Ok(stepper)
    }
}

/// Readies the edits that store the state as it then is (an empty update, END, a copy, an
/// input), returning the new checkpoint's source; `None` for node updates, with what the
/// newest checkpoint's unfinished superstep finished applied first.
fn special_edit(
    stepper: &mut Stepper,
    persist: &Persist,
    t: Option<&CheckpointTuple>,
    config: &RunConfig,
    updates: &[StateUpdate],
) -> Result<Option<Source>, Error> {
    let single = |what: &str| if updates.len() > 1 { Err(invalid(format!("Cannot {what} with multiple updates"))) } else { Ok(()) };
    Ok(Some(match (&updates[0].values, updates[0].as_node.as_deref()) {
        (Value::Null, None) => {
            single("create empty checkpoint")?;
            Source::Update
        }
        (Value::Null, Some(END)) => {
            single("apply multiple updates when clearing state")?;
            if let Some(t) = t {
                finish_pending(stepper, t)?;
            }
            Source::Update
        }
        (_, Some(COPY)) => {
            single("copy checkpoint")?;
            let t = t.ok_or_else(|| invalid("Cannot copy a non-existent checkpoint"))?;
            // The copy is a sibling of the checkpoint it copies: a new branch from the same parent.
            *persist.parent.borrow_mut() = t.checkpoint.metadata.parent_id.clone();
            Source::Fork
        }
        (values, Some(INPUT)) => {
            single("apply multiple updates when updating as input")?;
            // As LangGraph.js: the input waits on `__start__`; what was pending stays due.
            write_input(stepper, values.clone(), true)?;
            stepper.rs.step = t.map_or(-1, |t| t.checkpoint.metadata.step + 1);
            Source::Input
        }
        _ => {
            if let (None, Some(t)) = (config.checkpoint_id(), t) {
                // Editing the newest checkpoint keeps what its unfinished superstep finished.
                apply_finished(stepper, t)?;
            }
            return Ok(None);
        }
    }))
}

/// `[[values, as_node], ...]`: the updates a copy gets (LangGraph's copy with updates).
fn copy_updates(values: &Value) -> Option<Vec<StateUpdate>> {
    let pairs = values.as_array().filter(|a| !a.is_empty())?;
    let mut updates = Vec::with_capacity(pairs.len());
    for p in pairs {
        let [values, as_node] = p.as_array()?.as_slice() else { return None };
        updates.push(StateUpdate { values: values.clone(), as_node: as_node.as_str().map(Into::into), goto: vec![] });
    }
    Some(updates)
}

/// The checkpoint's null writes and its finished tasks' writes, applied (as LangGraph.js
/// applies them before an update to the newest checkpoint).
fn apply_finished(stepper: &mut Stepper, t: &CheckpointTuple) -> Result<(), Error> {
    let graph = stepper.graph.clone();
    let (spec, env) = (graph.spec(), graph.env());
    // As LangGraph.js: the tasks are the checkpoint's own, planned before its null writes,
    // so a task only a resume's goto started does not count as one that ran.
    let tasks = plan(spec, &stepper.rs, &t.checkpoint.id, &stepper.run.task_ns());
    with_null_writes(spec, &mut stepper.rs, &t.pending_writes, env)?;
    let pending = saved_for_edit(spec, &tasks, t);
    // As LangGraph.js: writes that conflict (why the superstep failed) refuse the edit.
    if apply_saved_writes(spec, &mut stepper.rs, &tasks, &pending, |r| r.status == TaskStatus::Done, &mut || env.next_id())? {
        // They are a superstep's, after which deferred nodes may finish (LangGraph.js's `_applyWrites`).
        crate::pregel::finish_deferred(spec, &mut stepper.rs);
    }
    Ok(())
}

/// The checkpoint's saved task results as an edit applies them. As LangGraph.js, which
/// applies every task that saved a write of any kind: a task that failed into its error
/// handler (a task of its own there, which the edit's plan does not list), or that took
/// a resume value before it failed or paused again, counts as run, with no writes (the
/// handler's left out). A subgraph node's resume values are its subgraph's.
fn saved_for_edit(spec: &GraphSpec, tasks: &[Rc<Task>], t: &CheckpointTuple) -> Vec<(String, String, TaskResult)> {
    let (mut pending, _) = restore_pending(spec, &t.pending_writes);
    // Found by id: a paused fan-out has thousands of tasks.
    let (planned, saved) = (ByTask::new(tasks, |x| &x.id), ByTask::new(&t.pending_writes, |w| &w.task_id));
    let took_resume = |id: &str, r: &TaskResult| {
        let own = planned.of(id).any(|x| spec.nodes[x.node].spec.subgraph.is_none());
        own && match &r.status {
            // Paused again: at a later interrupt() than its first (not a NodeInterrupt, which has no id).
            TaskStatus::Interrupted(raised) => raised.iter().any(|i| !i.id.is_empty() && i.id != interrupt_id(id, 0)),
            TaskStatus::Done => false,
            _ => saved.of(id).any(|w| !w.resumed.is_empty()),
        }
    };
    for (id, _, r) in pending.iter_mut() {
        if r.handled.is_some() || took_resume(id, r) {
            *r = TaskResult { writes: TaskWrites::default(), status: TaskStatus::Done, cached: false, handled: None };
        }
    }
    pending
}

/// Every pending task marked as run, with what those that finished wrote: the
/// superstep ends, and nothing it left paused runs (an update as END).
fn finish_pending(stepper: &mut Stepper, t: &CheckpointTuple) -> Result<(), Error> {
    let graph = stepper.graph.clone();
    let (spec, env) = (graph.spec(), graph.env());
    // As LangGraph.js (and `apply_finished`): planned before the null writes, so the task a
    // resume's goto started is not among them, and its write is left out.
    let tasks = plan(spec, &stepper.rs, &t.checkpoint.id, &stepper.run.task_ns());
    with_null_writes(spec, &mut stepper.rs, &t.pending_writes, env)?;
    if tasks.is_empty() {
        // As LangGraph.js: no superstep to finish, so no deferred node finishes either.
        return Ok(());
    }
    let pending = saved_for_edit(spec, &tasks, t);
    let saved = crate::pregel::saved(&pending);
    // `plan` lists tasks in path order, as `apply_writes` takes them.
    let (by_path, writes): (Vec<&Task>, Vec<TaskWrites>) = tasks
        .iter()
        .map(|task| {
            let done = saved.of(&task.id).find(|(_, _, r)| r.status == TaskStatus::Done);
            (&**task, done.map(|(_, _, r)| r.writes.clone()).unwrap_or_default())
        })
        .unzip();
    apply_writes(spec, &mut stepper.rs, &by_path, writes, &mut || env.next_id())?;
    // A superstep that ends triggering nothing finishes the deferred nodes, as every superstep does.
    crate::pregel::finish_deferred(spec, &mut stepper.rs);
    Ok(())
}

/// The current state, unchanged, as a new checkpoint one step on.
async fn commit_as_is(stepper: &mut Stepper, source: Source, persist: &Persist) -> Result<(), Error> {
    if !matches!(source, Source::Input) {
        stepper.rs.step += 1;
    }
    stepper.checkpoint_id = stepper.run.env.next_id().into();
    let cp = snapshot_checkpoint(stepper, source, Value::Null, persist.parent.borrow().clone(), persist);
    persist.commit(stepper, cp).await
}

/// The node that wrote last (LangGraph infers `as_node` this way). START counts
/// only when it ran after every node (after a new input dropped a paused run's tasks).
fn last_writer(stepper: &Stepper) -> Result<usize, Error> {
    let rs = stepper.run_state();
    let newest = |seen: &Vec<u64>| seen.iter().copied().max().unwrap_or(0);
    let best = rs.seen.iter().enumerate().skip(1).map(|(n, seen)| (newest(seen), n)).max();
    match best {
        _ if rs.seen.first().is_some_and(|start| best.is_none_or(|(v, _)| newest(start) > v)) => Ok(0),
        Some((v, n)) if v > 0 => {
            let ties = rs.seen.iter().skip(1).filter(|s| newest(s) == v).count();
            if ties > 1 {
                return Err(invalid("Ambiguous update, specify \"asNode\""));
            }
            Ok(n)
        }
        _ => Ok(0),
    }
}

/// Applies each node's writes as tasks of one superstep and stores the result as a new checkpoint.
pub(crate) async fn apply_as(
    stepper: &mut Stepper,
    mut updates: Vec<(usize, TaskWrites)>,
    source: Source,
    persist: &Persist,
    saved_as: Option<&[Rc<Task>]>,
) -> Result<(), Error> {
    let graph = stepper.graph.clone();
    let spec = graph.spec();
    crate::order::sort_by(&mut updates, &|a, b| spec.nodes[a.0].name.cmp(&spec.nodes[b.0].name));
    // Each update is saved as the result of the next planned task of its node, if any.
    let mut free: Vec<&Rc<Task>> = saved_as.unwrap_or_default().iter().collect();
    let mut results = Vec::new();
    for (node, writes) in &updates {
        if let Some(at) = free.iter().position(|t| t.node == *node) {
            let task = free.remove(at);
            results.push(super::done_write(spec, &task.id, &task.name, writes));
        }
    }
    let tasks: Vec<Task> = updates.iter().map(|(node, _)| Task::writing_as(spec, *node, "")).collect();
    let mut shown = Map::new();
    for (task, (node, writes)) in tasks.iter().zip(&updates) {
        let update: Map<String, Value> = writes
            .writes
            .iter()
            .filter(|(c, _)| *c < spec.state_count)
            .map(|(c, v)| (spec.channels[*c].name.to_string(), v.clone()))
            .collect();
        shown.insert(if *node == 0 { START.to_string() } else { task.name.to_string() }, Value::Object(update));
    }
    let env = stepper.run.env.clone();
    let mut ids = || env.next_id();
    let task_refs: Vec<&Task> = tasks.iter().collect();
    // As LangGraph's ephemeral START channel: an update drops an input not yet taken.
    let rs = &mut stepper.rs;
    if rs.values[spec.start_channel].is_some() {
        rs.values[spec.start_channel] = None;
        rs.set_version(spec.start_channel, rs.next_version());
    }
    let changed = apply_writes(spec, &mut stepper.rs, &task_refs, updates.into_iter().map(|(_, w)| w).collect(), &mut ids)?;
    // As LangGraph.js: an update (not an input) counts as a task run, so it may finish deferred nodes.
    if matches!(source, Source::Update) {
        crate::pregel::finish_deferred(spec, &mut stepper.rs);
    }
    stepper.rs.step += 1;
    stepper.checkpoint_id = env.next_id().into();
    stepper.pending.clear();
    stepper.answered.clear();
    let parent = persist.parent.borrow().clone();
    let md = persist.metadata(&graph, source, stepper.rs.step, Value::Object(shown), parent);
    let cp = super::encode(spec, &stepper.rs, &persist.prev_versions.borrow(), &changed, stepper.checkpoint_id.clone(), env.now_ms(), md);
    persist.save(stepper, cp, results, true).await
}
