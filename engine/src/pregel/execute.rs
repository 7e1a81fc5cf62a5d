//! Execute: run one planned task — node body (with retry and cache), then its
//! edges and routers — and return its writes. Nothing here touches the shared
//! channels; the barrier (`apply`) does.
use super::apply::TaskWrites;
use super::plan::Task;
use super::runtime::{ResumeCursor, RunCtx, Runtime, TaskCtx};
use super::stream::StreamMode;
use crate::env::stable_hash;
use crate::error::Error;
use crate::graph::compile::{ChannelKind, GraphSpec};
use crate::graph::node::{BranchSpec, Call};
use crate::state::State;
use crate::types::{Command, CommandGraph, Goto, Interrupt, NodeError, NodeOutput, Send, END};
use futures::future::{FutureExt, LocalBoxFuture};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// How a task ended.
#[derive(Clone, Debug, PartialEq)]
pub enum TaskStatus {
    Done,
    Interrupted(Vec<Interrupt>),
    Failed(Error),
    /// A `Command(graph=PARENT)` for the graph above this one.
    Parent(Command),
}

impl TaskStatus {
    /// The drain a subgraph of the task passed up, if that is how it ended (see `Error::is_drain`).
    pub(crate) fn drain(&self) -> Option<&Error> {
        match self {
            TaskStatus::Failed(e) if e.is_drain() => Some(e),
            _ => None,
        }
    }
}

/// A finished task: its writes and its status.
#[derive(Clone, Debug)]
pub struct TaskResult {
    pub writes: TaskWrites,
    pub status: TaskStatus,
    pub cached: bool,
    /// Set when the task failed and its error handler ran: writes and status
    /// are then the handler's.
    pub handled: Option<Box<super::error_handler::Handled>>,
}

impl TaskResult {
    fn failed(e: Error) -> Self {
        TaskResult { writes: TaskWrites::default(), status: TaskStatus::Failed(e), cached: false, handled: None }
    }

    /// The writes to state channels; with `keys`, to those only.
    fn state_writes<'a>(&'a self, spec: &GraphSpec, keys: Option<&'a [usize]>) -> impl Iterator<Item = &'a (usize, Value)> {
        let state_count = spec.state_count;
        self.writes.writes.iter().filter(move |(ch, _)| *ch < state_count && keys.is_none_or(|k| k.contains(ch)))
    }

    /// `{key: value}` of the state writes, as a task's result shows them (see `result_object`).
    pub fn update(&self, spec: &GraphSpec) -> Value {
        self.update_of(spec, None)
    }

    fn update_of(&self, spec: &GraphSpec, keys: Option<&[usize]>) -> Value {
        let named: Vec<(&str, &Value)> = self.state_writes(spec, keys).map(|(ch, v)| (&*spec.channels[*ch].name, v)).collect();
        result_object(&named)
    }

    /// The writes as `updates` mode shows them (to the run's output keys, if it
    /// has its own): `update`, or, when a key was written more than once, a list
    /// of one-key objects in write order (LangGraph.js).
    pub fn update_chunk(&self, spec: &GraphSpec, keys: Option<&[usize]>) -> Value {
        let channels: Vec<usize> = self.state_writes(spec, keys).map(|(ch, _)| *ch).collect();
        if !channels.iter().enumerate().any(|(i, ch)| channels[..i].contains(ch)) {
            return self.update_of(spec, keys);
        }
        let one = |(ch, v): &(usize, Value)| Value::Object(Map::from_iter([(spec.channels[*ch].name.to_string(), v.clone())]));
        Value::Array(self.state_writes(spec, keys).map(one).collect())
    }
}

/// A task's writes as its result shows them: `{key: value}`, where a key
/// written more than once holds `{"$writes": [...]}`, as in LangGraph.js.
pub(crate) fn result_object(writes: &[(&str, &Value)]) -> Value {
    let mut m = Map::new();
    for (key, v) in writes {
        let all: Vec<Value> = writes.iter().filter(|(k, _)| k == key).map(|(_, v)| (*v).clone()).collect();
        let value = if all.len() > 1 { Value::Object(Map::from_iter([("$writes".to_string(), Value::Array(all))])) } else { (*v).clone() };
        m.insert(key.to_string(), value);
    }
    Value::Object(m)
}

/// What every task of one superstep shares.
pub(crate) struct StepCtx<'a> {
    pub spec: &'a GraphSpec,
    pub graph: &'a crate::CompiledGraph,
    pub run: Rc<RunCtx>,
    /// The graph's state keys at the start of the step: routers' base view.
    pub state_view: State,
    pub step: i64,
    pub remaining_steps: i64,
    /// The checkpoint the step runs from (its subgraphs' checkpoints name it as a parent).
    pub checkpoint_id: crate::checkpoint::Name,
    /// The keys the step's cache lookups missed under, by task id: each task's
    /// result is stored under the key computed once for its lookup.
    pub missed: RefCell<Vec<(String, String)>>,
    /// Under `max_concurrency`, the slots of subgraph tasks, asked for in task order
    /// though their runs start after the first pass, as LangGraph.js's runner gives them.
    /// Each holds whether the slot was free at once.
    pub queued_slots: RefCell<Vec<(String, bool, LocalBoxFuture<'static, super::slots::Slot>)>>,
}

impl<'a> StepCtx<'a> {
    /// Asks for `task`'s slot now, in its turn, for a run that starts later (see `queued_slots`).
    pub(crate) fn queue_slot(&self, task: &Task) {
        if let Some(slots) = &self.run.slots {
            let mut slot = slots.take().boxed_local();
            // The first poll takes a free slot or joins the queue.
            let taken = (&mut slot).now_or_never();
            let at_once = taken.is_some();
            if let Some(taken) = taken {
                slot = futures::future::ready(taken).boxed_local();
            }
            self.queued_slots.borrow_mut().push((task.id.clone(), at_once, slot));
        }
    }

    /// The slot queued for `task_id`, and whether it was free at once.
    fn queued_slot(&self, task_id: &str) -> Option<(bool, LocalBoxFuture<'static, super::slots::Slot>)> {
        let mut queued = self.queued_slots.borrow_mut();
        let i = queued.iter().position(|(id, ..)| id == task_id)?;
        let (_, at_once, slot) = queued.swap_remove(i);
        Some((at_once, slot))
    }

    /// The context of superstep `step` of `graph`'s run `run`, from its state `rs`,
    /// checkpoint `checkpoint_id` (the run stops after superstep `stop`).
    pub(crate) fn new(
        graph: &'a crate::CompiledGraph,
        run: &Rc<RunCtx>,
        rs: &super::RunState,
        checkpoint_id: &crate::checkpoint::Name,
        step: i64,
        stop: i64,
    ) -> Self {
        let spec = graph.spec();
        StepCtx {
            spec,
            graph,
            run: run.clone(),
            state_view: rs.view(spec, &spec.state_keys),
            step,
            remaining_steps: stop - step,
            checkpoint_id: checkpoint_id.clone(),
            missed: Default::default(),
            queued_slots: Default::default(),
        }
    }
}

fn runtime(ctx: &StepCtx<'_>, task: &Rc<Task>, resume: Vec<Value>) -> Runtime {
    runtime_for(ctx, task, ResumeCursor { values: resume, next: 0 }, None)
}

/// A task's runtime; an error handler's also holds the failure it handles.
pub(super) fn runtime_for(ctx: &StepCtx<'_>, task: &Rc<Task>, resume: ResumeCursor, failure: Option<(Rc<Task>, Error)>) -> Runtime {
    Runtime(Rc::new(TaskCtx {
        step: ctx.step,
        task: task.clone(),
        checkpoint_id: ctx.checkpoint_id.clone(),
        graph: ctx.graph.clone(),
        remaining_steps: ctx.remaining_steps,
        run: ctx.run.clone(),
        resume: RefCell::new(resume),
        graph_calls: Default::default(),
        call_next: Default::default(),
        calls_to_stream: Default::default(),
        resuming: std::cell::Cell::new(ctx.run.resuming.get()),
        pushed: Default::default(),
        failure,
        from_child: Default::default(),
        attempt: Default::default(),
        first_attempt_ms: Default::default(),
        waited_for_slot: Default::default(),
    }))
}

/// The writes `task`'s node would make had it returned `output`: its update,
/// its edges and its routers (run on the updated view), as `update_state` needs.
pub(crate) async fn writes_as(ctx: &StepCtx<'_>, task: &Rc<Task>, output: NodeOutput) -> TaskResult {
    finish(ctx, task, &runtime(ctx, task, vec![]), output, false).await
}

pub(crate) async fn execute(ctx: &StepCtx<'_>, task: &Rc<Task>, resume: Vec<Value>) -> TaskResult {
    let node = &ctx.spec.nodes[task.node];
    let rt = runtime(ctx, task, resume);
    if task.node == 0 {
        let input = task.input().to_value();
        return finish(ctx, task, &rt, NodeOutput::Update(input), false).await;
    }
    if ctx.run.sink.has_mode(StreamMode::Messages) {
        ctx.run.sink.see_input_messages(&ctx.run.namespace, &task.input());
    }
    // The step looked the cache up before any task ran (`cache_lookup`); this task
    // missed, and stores its result under that lookup's key.
    let cache = match (&node.spec.cache, ctx.graph.cache()) {
        (Some(policy), Some(cache)) => missed_key(ctx, &task.id).map(|key| (cache, key, policy.ttl)),
        _ => None,
    };
    // In a block of its own, so the node's output is not kept in this future
    // while its writes are routed.
    let routed = {
        let output = match run_node(ctx, task, &rt).await {
            Ok(output) => output,
            Err(ended) => return *ended,
        };
        finish(ctx, task, &rt, output, false)
    };
    let result = routed.await;
    if let (Some((cache, key, ttl)), TaskStatus::Done) = (cache, &result.status) {
        let expires = ttl.map(|s| ctx.run.env.now_ms() + s * 1000.0);
        cache.set(&task.name, &key, to_cached(ctx.spec, &result), expires);
    }
    result
}

/// The key of `task`'s input under its node's cache policy.
fn cache_key(policy: &crate::graph::node::CachePolicy, task: &Task) -> String {
    let input = task.input().to_value();
    match &policy.key {
        Some(f) => f(&input),
        // As LangGraph.js's JSON.stringify: a key set to `undefined` is as good as absent.
        None => stable_hash(&[&crate::json::text_as_js(&input)]),
    }
}

/// `task`'s one lookup in the graph's cache, made before any task of its superstep
/// runs (as LangGraph.js: hits are served first, and equal calls of one superstep
/// all run): the hit, or none. A miss keeps its key (a user's key function is
/// called once) in `StepCtx::missed`, for the task to store its result under.
pub(crate) fn cache_lookup(ctx: &StepCtx<'_>, task: &Task) -> Option<TaskResult> {
    let (Some(policy), Some(cache)) = (&ctx.spec.nodes[task.node].spec.cache, ctx.graph.cache()) else { return None };
    let key = cache_key(policy, task);
    let hit = cache.get(&task.name, &key, ctx.run.env.now_ms()).and_then(|hit| from_cached(ctx.spec, &hit));
    if hit.is_none() {
        ctx.missed.borrow_mut().push((task.id.clone(), key));
    }
    hit
}

/// The key `task_id`'s lookup missed under.
fn missed_key(ctx: &StepCtx<'_>, task_id: &str) -> Option<String> {
    let mut missed = ctx.missed.borrow_mut();
    let i = missed.iter().position(|(id, _)| id == task_id)?;
    Some(missed.swap_remove(i).1)
}

/// Runs the node of `task` (waiting for a concurrency slot, retrying, handing a
/// failure to its error handler): its output, or the result that ends the task.
async fn run_node(ctx: &StepCtx<'_>, task: &Rc<Task>, rt: &Runtime) -> Result<NodeOutput, Box<TaskResult>> {
    let node = &ctx.spec.nodes[task.node];
    let input = with_managed(ctx, task.input());
    let slot = match &ctx.run.slots {
        Some(slots) => Some(match ctx.queued_slot(&task.id) {
            Some((at_once, queued)) => {
                rt.0.waited_for_slot.set(!at_once);
                queued.await
            }
            None => slots.take().await,
        }),
        None => None,
    };
    let outcome = run_with_retry(rt, node, input).await;
    rt.flush_calls();
    let handled = match (&node.spec.error_handler, &outcome) {
        (Some(handler), Err(e)) => failure_of(&task.name, e).map(|error| (handler, error)),
        _ => None,
    };
    if let Err(NodeError::Failed { .. } | NodeError::Graph(_)) = &outcome {
        let taken = resumes_taken(rt);
        if taken > 0 {
            stream_resumed_failure(ctx, task);
        }
        // A handled failure keeps them too, unless the run gave one value for all (the
        // handler may take it, as LangGraph's null resume): answers by id were the node's.
        if (handled.is_none() || !ctx.run.has_null_resume()) && node.spec.subgraph.is_none() {
            ctx.run.failed_takes.borrow_mut().push((task.id.clone(), taken));
        }
    }
    if let Some((handler, error)) = handled {
        // Boxed: rare, and its future would double the size of every task's.
        let result = Box::pin(super::error_handler::run(ctx, task, rt, handler, error)).await;
        close_slots_on(ctx, matches!(result.status, TaskStatus::Failed(_)));
        return Err(Box::new(result));
    }
    let failed = match &outcome {
        Err(NodeError::Failed { .. }) => true,
        Err(NodeError::Graph(e)) => !e.is_drain(),
        _ => false,
    };
    close_slots_on(ctx, failed);
    drop(slot);
    match outcome {
        Ok(out) => Ok(out),
        // A subgraph's Command(graph=PARENT) acts here as if this node returned it.
        Err(NodeError::ParentCommand(c)) => {
            rt.0.from_child.set(true);
            Ok(NodeOutput::Command(Command { graph: None, ..*c }))
        }
        Err(e) => Err(Box::new(from_node_error(&task.name, e))),
    }
}

/// A failure stops the superstep: the tasks still waiting for a slot must not start.
fn close_slots_on(ctx: &StepCtx<'_>, failed: bool) {
    if let (Some(slots), true) = (&ctx.run.slots, failed) {
        slots.close();
    }
}

/// The error an error handler gets for a node's failure; `None` for what is no
/// failure of the node's own (a pause, a command for the parent, a cancelled run).
fn failure_of(node: &str, e: &NodeError) -> Option<Error> {
    match e {
        NodeError::Failed { message, class, .. } => {
            Some(Error::Node { node: node.to_string(), message: message.clone(), class: class.clone() })
        }
        NodeError::Graph(e) if !matches!(**e, Error::Cancelled | Error::Aborted { .. } | Error::Drained { .. }) => Some((**e).clone()),
        _ => None,
    }
}

/// Adds managed values (remaining steps) to a node's or router's view.
pub(super) fn with_managed(ctx: &StepCtx<'_>, view: State) -> State {
    match &ctx.spec.remaining_steps_key {
        Some(key) => view.with_value(key, Value::from(ctx.remaining_steps)),
        None => view,
    }
}

pub(super) async fn run_with_retry(
    rt: &Runtime,
    node: &crate::graph::compile::CompiledNode,
    input: State,
) -> Result<NodeOutput, NodeError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        rt.0.attempt.set(attempt);
        if attempt == 1 && node.spec.retry.is_some() {
            rt.0.first_attempt_ms.set(Some(rt.env().now_ms()));
        }
        // A failed attempt's pushed writes go with it, as in LangGraph.js.
        rt.0.pushed.borrow_mut().clear();
        // Matched here rather than awaited whole: only a later result's boxed future
        // is held across the await, not a ready output (this keeps every task's future
        // small, under the allocator's fast-path size).
        let result = match (node.spec.action)(input.clone(), rt.clone()) {
            Call::Ready(r) => r,
            Call::Later(f) => f.await,
        };
        match (&result, &node.spec.retry) {
            (Err(NodeError::Failed { kind, .. }), Some(policy)) if attempt < policy.max_attempts && policy.retries(kind.as_deref()) => {
                rt.env().sleeper.sleep(policy.interval(attempt)).await;
                rt.0.resume.borrow_mut().next = 0;
                // As LangGraph.js numbers them: a retry's task calls and subgraph calls go on
                // counting from the failed attempt's, so it does its calls again unless an
                // earlier run of the task kept a result under the same number; and a subgraph
                // under a number it did use continues where it was left (it resumes).
                rt.0.resuming.set(true);
            }
            _ => return result,
        }
    }
}

/// As LangGraph.js streams it: a task that took a resume value and then failed shows
/// an empty update there, as the resume it saves comes before its error.
fn stream_resumed_failure(ctx: &StepCtx<'_>, task: &Task) {
    let mut chunk = Map::new();
    chunk.insert(task.name.to_string(), Value::Object(Map::new()));
    ctx.run.sink.push(&ctx.run.namespace, crate::pregel::StreamMode::Updates, || Value::Object(chunk));
}

/// How many resume values the task's `interrupt()` calls returned.
fn resumes_taken(rt: &Runtime) -> usize {
    let cursor = rt.0.resume.borrow();
    cursor.next.min(cursor.values.len())
}

pub(super) fn from_node_error(node: &str, e: NodeError) -> TaskResult {
    let status = match e {
        NodeError::Failed { message, class, .. } => TaskStatus::Failed(Error::Node { node: node.to_string(), message, class }),
        NodeError::Interrupted(i) => TaskStatus::Interrupted(i),
        NodeError::ParentCommand(c) => TaskStatus::Parent(*c),
        NodeError::Graph(e) => TaskStatus::Failed(*e),
    };
    TaskResult { writes: TaskWrites::default(), status, cached: false, handled: None }
}

/// Turns a node's output into writes, then adds its edges' and routers' writes.
/// Not an `async fn`: the output becomes writes before anything is awaited, so
/// the future holds the writes rather than the output.
pub(super) fn finish<'a, 'g>(
    ctx: &'a StepCtx<'g>,
    task: &'a Task,
    rt: &'a Runtime,
    output: NodeOutput,
    cached: bool,
) -> impl std::future::Future<Output = TaskResult> + use<'a, 'g> {
    let written = output_writes(ctx.spec, task, rt, output, cached);
    async move {
        match written {
            Ok(writes) => route_branches(ctx, task, rt, writes, cached).await,
            Err(ended) => *ended,
        }
    }
}

/// A node's output as writes, with its edges' and gotos'; or how it ends the task
/// (a command for the parent graph, an invalid update).
fn output_writes(spec: &GraphSpec, task: &Task, rt: &Runtime, output: NodeOutput, cached: bool) -> Result<TaskWrites, Box<TaskResult>> {
    let node = &spec.nodes[task.node];
    let mut writes = TaskWrites::default();
    let out = &mut writes.writes;
    let pushed = std::mem::take(&mut *rt.0.pushed.borrow_mut());
    pair_writes(spec, task, pushed, out);
    let (written, gotos) = match output {
        NodeOutput::Nothing => (Ok(()), vec![]),
        NodeOutput::Update(v) => (state_writes(spec, task, v, out), vec![]),
        NodeOutput::Writes(pairs) => {
            pair_writes(spec, task, pairs, out);
            (Ok(()), vec![])
        }
        NodeOutput::Command(c) if c.graph == Some(CommandGraph::Parent) => {
            return Err(Box::new(TaskResult { writes, status: TaskStatus::Parent(c), cached, handled: None }));
        }
        NodeOutput::Command(c) => (c.update.map_or(Ok(()), |u| state_writes(spec, task, u, out)), c.goto),
    };
    if let Err(e) = written {
        return Err(Box::new(TaskResult::failed(e)));
    }
    for &ch in &node.edge_writes {
        let v = match spec.channels[ch].kind {
            ChannelKind::Barrier { .. } => Value::String(task.name.to_string()),
            _ => Value::Null,
        };
        writes.writes.push((ch, v));
    }
    if let Err(e) = route(spec, &task.name, None, gotos, &mut writes) {
        return Err(Box::new(TaskResult::failed(e)));
    }
    Ok(writes)
}

/// Adds the writes of the node's routers, which see the state as its writes leave it.
async fn route_branches(ctx: &StepCtx<'_>, task: &Task, rt: &Runtime, mut writes: TaskWrites, cached: bool) -> TaskResult {
    let spec = ctx.spec;
    let node = &spec.nodes[task.node];
    if !node.branches.is_empty() {
        let local = with_managed(ctx, local_view(ctx, &writes));
        for branch in &node.branches {
            let routed = match (branch.router)(local.clone(), rt.clone()) {
                Call::Ready(r) => r,
                Call::Later(f) => f.await,
            };
            let targets = match routed {
                Ok(t) => t,
                // As LangGraph: the node's writes stand beside its router's pause, and
                // the values streamed at the pause show them. They are not saved: the
                // task runs again on resume.
                Err(NodeError::Interrupted(i)) => return TaskResult { writes, status: TaskStatus::Interrupted(i), cached, handled: None },
                Err(e) => return from_node_error(&task.name, e),
            };
            if let Err(e) = route(spec, &task.name, Some(branch), targets, &mut writes) {
                return TaskResult::failed(e);
            }
        }
    }
    TaskResult { writes, status: TaskStatus::Done, cached, handled: None }
}

/// Validates an update object and records its writes.
fn state_writes(spec: &GraphSpec, task: &Task, update: Value, out: &mut Vec<(usize, Value)>) -> Result<(), Error> {
    match update {
        Value::Object(m) => pair_writes(spec, task, m, out),
        Value::Null => {}
        // A list of [key, value] pairs, as Command(update=[...]) allows.
        Value::Array(items) if items.iter().all(|p| p.as_array().is_some_and(|a| a.len() == 2 && a[0].is_string())) => {
            for p in items {
                if let Value::Array(mut a) = p {
                    let v = a.pop().unwrap_or_default();
                    let k = a.pop().and_then(|k| k.as_str().map(str::to_string)).unwrap_or_default();
                    state_write(spec, task, k, v, out);
                }
            }
        }
        other => {
            return Err(Error::InvalidUpdate {
                key: crate::error::NOT_AN_UPDATE.into(),
                nodes: vec![task.name.to_string()],
                message: format!("expected an object of state keys, got {}", crate::json::text(&other)),
            })
        }
    }
    Ok(())
}

/// Records the writes of an update's key/value pairs, in order.
fn pair_writes(spec: &GraphSpec, task: &Task, pairs: impl IntoIterator<Item = (String, Value)>, out: &mut Vec<(usize, Value)>) {
    for (k, v) in pairs {
        state_write(spec, task, k, v, out);
    }
}

/// Keys outside every schema are ignored, in inputs and in node updates, as
/// LangGraph (JS and Python) does: a graph that runs there runs here.
fn state_write(spec: &GraphSpec, task: &Task, k: String, v: Value, out: &mut Vec<(usize, Value)>) {
    if let Some(ch) = spec.channel(&k).filter(|&c| c < spec.state_count) {
        if task.node != 0 || spec.input_keys.contains(&ch) {
            out.push((ch, v));
        }
    }
}

/// The state a router sees: the step's state with this task's own writes reduced in.
fn local_view(ctx: &StepCtx<'_>, writes: &TaskWrites) -> State {
    let mut view = ctx.state_view.clone();
    let all = &writes.writes;
    for (i, (ch, _)) in all.iter().enumerate() {
        // Each state channel once, at its first write, with all of its writes in order.
        if *ch >= ctx.spec.state_count || all[..i].iter().any(|(c, _)| c == ch) {
            continue;
        }
        if let ChannelKind::State(reducer) = &ctx.spec.channels[*ch].kind {
            let values = all[i..].iter().filter(|(c, _)| c == ch).map(|(_, v)| v);
            view = view.with_writes(&ctx.spec.channels[*ch].name, reducer, values);
        }
    }
    view
}

/// Resolves router results or `goto`s to trigger writes and sends.
fn route(spec: &GraphSpec, source: &str, branch: Option<&BranchSpec>, targets: Vec<Goto>, writes: &mut TaskWrites) -> Result<(), Error> {
    for t in targets {
        match t {
            Goto::Node(key) => {
                let target = match branch.and_then(|b| b.path_map.as_ref()) {
                    Some(map) => match map.iter().find(|(k, _)| *k == key) {
                        Some((_, t)) => t.clone(),
                        None => return Err(Error::UnknownRoute { source: source.to_string(), key }),
                    },
                    None => key,
                };
                if target == END {
                    continue;
                }
                match spec.node(&target).filter(|&n| n != 0) {
                    Some(n) => writes.writes.push((spec.trigger_of(n), Value::Null)),
                    None => return Err(Error::UnknownTarget { source: source.to_string(), target }),
                }
            }
            Goto::Send(send) => {
                if spec.node(&send.node).filter(|&n| n != 0).is_none() {
                    return Err(Error::UnknownTarget { source: source.to_string(), target: send.node });
                }
                writes.sends.push(send);
            }
        }
    }
    Ok(())
}

/// A cached task result, with channel names so it survives recompiles.
fn to_cached(spec: &GraphSpec, r: &TaskResult) -> Value {
    let writes: Vec<Value> =
        r.writes.writes.iter().map(|(ch, v)| Value::Array(vec![spec.channels[*ch].name.to_string().into(), v.clone()])).collect();
    serde_json::json!({ "writes": writes, "sends": r.writes.sends })
}

fn from_cached(spec: &GraphSpec, v: &Value) -> Option<TaskResult> {
    let mut writes = TaskWrites::default();
    for w in v.get("writes")?.as_array()? {
        let ch = spec.channel(w.get(0)?.as_str()?)?;
        writes.writes.push((ch, w.get(1)?.clone()));
    }
    for s in v.get("sends")?.as_array()? {
        // Written by Send's derived serializer, read as a checkpoint's sends are.
        writes.sends.push(<Send as crate::json::FromJson>::from_json(s)?);
    }
    Some(TaskResult { writes, status: TaskStatus::Done, cached: true, handled: None })
}
