//! The superstep loop: `Stepper::tick` is plan (`plan.rs`) → execute
//! (`execute_all` here, one task in `execute.rs`) → apply (`barrier.rs`) on
//! plain data and *returns* its outcome; `step` adds a snapshot for UIs;
//! `invoke` and `stream` are thin loops over `tick`.
use super::apply::{finished_result, handled_failure};
use super::barrier::shown_at_pause;
use super::execute::{cache_lookup, execute, StepCtx, TaskResult, TaskStatus};
use super::plan::{plan, Task};
use super::resume::{resume_values, Resume};
use super::run_state::RunState;
use super::runtime::{NullResume, RunCtx};
use super::task_events::{emit_task_result, emit_task_start, update_chunk};
use super::Cancel;

use super::stream::StreamMode;
use crate::error::Error;
use crate::state::State;
use crate::types::{Command, Interrupt};
use crate::CompiledGraph;
use futures::stream::{FuturesUnordered, StreamExt};
use futures::task::noop_waker_ref;
use futures::FutureExt;
use serde_json::Value;
use std::future::Future;
use std::rc::Rc;
use std::task::{Context, Poll};

/// How a superstep ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Writes applied; more tasks may run.
    Continue,
    /// No task is triggered: the run is finished.
    Done,
    /// Paused by `interrupt()` (with its interrupts) or a breakpoint (empty).
    Interrupted(Vec<Interrupt>),
    /// A node, reducer or the recursion limit failed the run.
    Error(Error),
    /// A subgraph node returned `Command(graph=PARENT)`.
    ParentCommand(Box<Command>),
}

/// One task of a superstep, as the stepping API reports it. `Default` is a task
/// known only from a stored checkpoint: no input, triggers or writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaskRecord {
    pub id: String,
    pub name: String,
    pub path: String,
    pub triggers: Vec<String>,
    pub input: Value,
    /// `(key, value)` state writes, before reduction.
    pub writes: Vec<(String, Value)>,
    pub error: Option<String>,
    pub interrupts: Vec<Interrupt>,
    pub cached: bool,
}

/// What one superstep did (the per-superstep snapshot of the stepping API).
#[derive(Clone, Debug, PartialEq)]
pub struct StepSnapshot {
    pub step: i64,
    pub tasks: Vec<TaskRecord>,
    /// Every state channel after the barrier.
    pub state: Value,
    /// State keys changed by this superstep.
    pub changed: Vec<String>,
    /// Nodes the next superstep will run.
    pub next: Vec<String>,
    pub outcome: Outcome,
}

/// A superstep's snapshot whose state comes as a shared view and whose task
/// inputs went to `step_shared`'s `keep_input` (`StepSnapshot::state` and each
/// task's `input` are `Null`): a binding converts them with its cache, so a
/// step costs what changed, not the whole state.
pub struct SharedStep {
    pub snapshot: StepSnapshot,
    pub state: State,
}

/// Takes each task's input of a `step_shared`, in the order of its tasks.
pub type KeepInput = Box<dyn FnMut(&State)>;

/// The raw result of `tick`: tasks and results in path order, and the outcome.
pub struct Tick {
    pub tasks: Vec<Rc<Task>>,
    pub results: Vec<TaskResult>,
    /// State channels the barrier changed, and how.
    pub changed: Vec<super::Change>,
    /// Whether the barrier applied the writes (a new checkpoint exists).
    pub applied: bool,
    pub outcome: Outcome,
}

/// Drives one run, one superstep at a time.
pub struct Stepper {
    pub(crate) graph: CompiledGraph,
    pub(crate) rs: RunState,
    pub(crate) run: Rc<RunCtx>,
    pub(crate) stop: i64,
    pub(crate) limit: usize,
    pub(crate) checkpoint_id: crate::checkpoint::Name,
    /// Results of tasks that finished in a superstep that did not complete.
    pub(crate) pending: Vec<(String, String, TaskResult)>,
    /// Resume values for the next superstep, by task id (or for every interrupted task).
    pub(crate) resume: Resume,
    /// Values each interrupted task's `interrupt()` calls already received, by task id.
    pub(crate) answered: super::resume::Answered,
    pub(crate) interrupt_before: Vec<String>,
    pub(crate) interrupt_after: Vec<String>,
    pub(crate) finished: Option<Outcome>,
    pub(crate) hooks: Option<Rc<dyn StepHooks>>,
    /// Keep each task's writes in the tick report (the stepping API wants them; invoke does not).
    pub(crate) record: bool,
    /// Where the barrier hands the task inputs of a `step_shared` (then releases them).
    pub(crate) keep_input: Option<KeepInput>,
    /// The state a paused root run shows, its finished tasks' writes applied to a
    /// copy: made once, so the values stream and the output agree (on new message ids too).
    pub(crate) paused_view: Option<RunState>,
    /// A subgraph node's run that reads a drain only once its first superstep of
    /// nodes has run: as in LangGraph.js, where every subgraph of a superstep starts
    /// its first superstep after the nodes that ran at once (a drain they asked for
    /// stops it there) but before any subgraph's node runs (a drain one of those asks
    /// for does not).
    pub(crate) drain_after_first_step: bool,
}

/// Called after each superstep (used for checkpointing).
pub trait StepHooks {
    /// As the barrier is about to apply a superstep: its tasks and their results.
    fn before_apply(&self, stepper: &Stepper, tasks: &[Rc<Task>], results: &[TaskResult]);
    fn after_tick<'a>(&'a self, stepper: &'a Stepper, tick: &'a Tick) -> HookWork<'a>;
}

/// What a hook did after a superstep: all of it at once (a checkpoint the memory
/// saver stored), or work to wait for. Done at once needs no boxed future.
pub enum HookWork<'a> {
    Done(Result<(), Error>),
    Waiting(futures::future::LocalBoxFuture<'a, Result<(), Error>>),
}

impl Stepper {
    pub fn step_number(&self) -> i64 {
        self.rs.step
    }
    pub fn run_state(&self) -> &RunState {
        &self.rs
    }
    pub fn graph(&self) -> &CompiledGraph {
        &self.graph
    }
    /// Whether the next superstep would exceed the recursion limit.
    pub(crate) fn out_of_steps(&self) -> bool {
        self.rs.step + 1 > self.stop
    }

    pub fn recursion_limit(&self) -> usize {
        self.limit
    }
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }
    pub fn checkpoint_id(&self) -> &str {
        &self.checkpoint_id
    }

    /// The nodes the next superstep would run.
    pub fn next_nodes(&self) -> Vec<String> {
        let spec = self.graph.spec();
        let ns = self.run.task_ns();
        // One entry per task, as LangGraph's `next` (a node with three Sends is there three times).
        plan(spec, &self.rs, &self.checkpoint_id, &ns).into_iter().map(|t| t.name.to_string()).collect()
    }

    /// What `invoke` returns, as LangGraph's does: the state the run last showed
    /// (`output`), or `Null` if it never showed one (no output key was written).
    pub(crate) fn invoke_output(&self) -> Value {
        if self.run.values_shown.get() {
            self.output()
        } else {
            Value::Null
        }
    }

    /// The output keys' values, as `invoke` returns them. A paused run's output
    /// includes what its finished tasks wrote, as in LangGraph.
    pub fn output(&self) -> Value {
        let spec = self.graph.spec();
        if let Some(view) = &self.paused_view {
            return self.run.output_of(spec, view);
        }
        if !self.pending.iter().any(|(_, _, r)| shown_at_pause(r)) {
            return self.run.output_of(spec, &self.rs);
        }
        let ns = self.run.task_ns();
        let tasks = plan(spec, &self.rs, &self.checkpoint_id, &ns);
        let shown = super::apply::with_writes_of(spec, &self.rs, &tasks, &self.pending, shown_at_pause, &mut || self.run.env.next_id());
        self.run.output_of(spec, &shown)
    }

    /// Every state channel's value.
    pub fn state(&self) -> Value {
        self.rs.all_values(self.graph.spec())
    }

    /// Every state channel's value, as a view that shares them (no copy).
    pub fn state_view(&self) -> State {
        self.rs.all_view(self.graph.spec())
    }

    /// Runs exactly one superstep and reports it (boxed: see `CompiledGraph::invoke`).
    #[inline(never)]
    pub fn step(&mut self) -> futures::future::LocalBoxFuture<'_, StepSnapshot> {
        // Left by a `step_shared` dropped before its barrier, it would take these inputs.
        self.keep_input = None;
        Box::pin(async { self.step_unboxed(false).await.snapshot })
    }

    /// `step`, with the state as a shared view, and each task's input handed to
    /// `keep_input` just before the barrier (then released, so a reducer can
    /// append to a list in place rather than copy it for the input's sake).
    #[inline(never)]
    pub fn step_shared(&mut self, keep_input: KeepInput) -> futures::future::LocalBoxFuture<'_, SharedStep> {
        self.keep_input = Some(keep_input);
        Box::pin(self.step_unboxed(true))
    }

    async fn step_unboxed(&mut self, shared: bool) -> SharedStep {
        let spec_step = self.rs.step + 1;
        self.record = true;
        let tick = self.tick().await;
        self.record = false;
        let spec = self.graph.spec();
        let tasks = tick
            .tasks
            .iter()
            .zip(&tick.results)
            .map(|(t, r)| TaskRecord {
                id: t.id.clone(),
                name: t.name.to_string(),
                path: t.path.to_string(),
                triggers: t.trigger_names(spec),
                input: if shared { Value::Null } else { t.input().to_value() },
                // A paused task's writes are not applied (it runs again on resume).
                writes: r
                    .writes
                    .writes
                    .iter()
                    .filter(|(c, _)| *c < spec.state_count && !matches!(r.status, TaskStatus::Interrupted(_)))
                    .map(|(c, v)| (spec.channels[*c].name.to_string(), v.clone()))
                    .collect(),
                error: match &r.status {
                    // The node's own message, as a snapshot's task shows it; the outcome names the node.
                    TaskStatus::Failed(e) => Some(e.task_message()),
                    // Only the root graph's steps are seen here: it has no parent.
                    TaskStatus::Parent(_) => Some("ParentCommand: the root graph has no parent graph; the command was dropped".into()),
                    _ => None,
                },
                interrupts: match &r.status {
                    TaskStatus::Interrupted(i) => i.clone(),
                    _ => vec![],
                },
                cached: r.cached,
            })
            .collect();
        // A superstep that paused or failed before its barrier hands them over now.
        if let Some(mut keep) = self.keep_input.take() {
            tick.tasks.iter().for_each(|t| keep(&t.input()));
        }
        let snapshot = StepSnapshot {
            step: spec_step,
            tasks,
            state: if shared { Value::Null } else { self.state() },
            changed: tick.changed.iter().map(|c| spec.channels[c.channel].name.to_string()).collect(),
            next: self.next_nodes(),
            outcome: tick.outcome,
        };
        let state = if shared { self.state_view() } else { State::default() };
        SharedStep { snapshot, state }
    }

    /// Plan → execute → apply one superstep. Never panics on user input.
    pub async fn tick(&mut self) -> Tick {
        let report = self.tick_inner().await;
        if !matches!(report.outcome, Outcome::Continue) {
            self.finished = Some(report.outcome.clone());
        }
        if let Some(hooks) = self.hooks.clone() {
            let done = match hooks.after_tick(self, &report) {
                HookWork::Done(done) => done,
                HookWork::Waiting(work) => work.await,
            };
            if let Err(e) = done {
                self.finished = Some(Outcome::Error(e.clone()));
                return Tick { outcome: Outcome::Error(e), ..report };
            }
        }
        report
    }

    async fn tick_inner(&mut self) -> Tick {
        let empty = |outcome| Tick { tasks: vec![], results: vec![], changed: vec![], applied: false, outcome };
        if let Some(done) = &self.finished {
            return empty(done.clone());
        }
        let graph = self.graph.clone();
        let spec = graph.spec();
        let ns = self.run.task_ns();
        // As in LangGraph, the limit is checked before planning: a chain of k
        // nodes needs a limit of k + 1 (the START task counts too).
        let step = self.rs.step + 1;
        if self.run.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return empty(Outcome::Error(Error::Cancelled));
        }
        if step > self.stop {
            return empty(Outcome::Error(Error::GraphRecursion { limit: self.limit }));
        }
        let tasks = plan(spec, &self.rs, &self.checkpoint_id, &ns);
        if tasks.is_empty() {
            return empty(Outcome::Done);
        }
        if self.breakpoint(&tasks, &self.interrupt_before.clone()) {
            return Tick { tasks, results: vec![], changed: vec![], applied: false, outcome: Outcome::Interrupted(vec![]) };
        }
        // As LangGraph.js: after the breakpoints, before the tasks run. A subgraph stops at
        // its own boundary too, and its drain passes up through its parent's task.
        if let Some(reason) = self.run.drain.as_ref().and_then(super::Drain::requested).filter(|_| !self.drain_after_first_step) {
            return empty(Outcome::Error(Error::Drained { reason }));
        }
        // The input's superstep (START's task alone) is not a superstep of the graph's nodes.
        if self.drain_after_first_step {
            self.drain_after_first_step = tasks.iter().all(|t| &*t.name == crate::START);
        }
        let (mut results, finish_order, timed_out) = self.execute_all(&tasks, step).await;
        self.run.resuming.set(false);
        let (mut outcome, changed, applied) = self.conclude(&tasks, &mut results, &finish_order, step);
        // The deadline stopped the step as a cancel does; only the error says which.
        if let (Some(seconds), Outcome::Error(Error::Cancelled)) = (timed_out, &outcome) {
            outcome = Outcome::Error(Error::StepTimeout { step, seconds });
        }
        Tick { tasks, results, changed, applied, outcome }
    }

    /// What `task` writes had its node returned `output` (edges and routers
    /// included), against this run's current state: `update_state`'s writes.
    pub(crate) async fn writes_as(&self, task: &Rc<Task>, output: crate::types::NodeOutput) -> TaskResult {
        let ctx = StepCtx::new(&self.graph, &self.run, &self.rs, &self.checkpoint_id, self.rs.step + 1, self.stop);
        super::execute::writes_as(&ctx, task, output).await
    }

    /// Runs every task concurrently; reuses results saved from an earlier, unfinished attempt.
    /// Each task is polled once inline: synchronous nodes finish without a scheduler.
    /// Returns the results in task order, the order the tasks finished in, and the
    /// step timeout if it ran out.
    async fn execute_all(&mut self, tasks: &[Rc<Task>], step: i64) -> (Vec<TaskResult>, Vec<usize>, Option<f64>) {
        let spec = self.graph.spec();
        // The step's clock starts before its first task, as LangGraph's does.
        let timeout = self.graph.step_timeout();
        let deadline = timeout.map(|seconds| self.graph.env().sleeper.sleep(seconds));
        // Planned without the step's updated channels: the run starts from a checkpoint.
        let from_checkpoint = self.rs.updated.is_none();
        let ctx = StepCtx::new(&self.graph, &self.run, &self.rs, &self.checkpoint_id, step, self.stop);
        let sink = self.run.sink.clone();
        let ns = self.run.namespace.clone();
        let resume = std::mem::take(&mut self.resume);
        let pending = std::mem::take(&mut self.pending);
        let saved = super::apply::saved(&pending);
        if let Resume::All(v) = &resume {
            // As LangGraph.js's null resume: every task of the step may take it once; the
            // paused ones are given it (`resume_values`).
            let paused = pending.iter().filter(|(_, _, r)| matches!(r.status, TaskStatus::Interrupted(_)));
            let given = paused.map(|(id, _, _)| id.clone()).collect();
            *self.run.null_resume.borrow_mut() = NullResume { value: Some(v.clone()), given, taken: vec![], consumed: false };
        }
        // As in LangGraph, tasks that finished before the pause replay their
        // updates first, marked cached.
        if !pending.is_empty() {
            // As LangGraph.js: error handlers to run again start first.
            for task in tasks.iter().filter(|t| handled_failure(&saved, &t.id).is_some()) {
                if let Some(handler) = super::error_handler::handler_task(spec, task) {
                    emit_task_start(&sink, &ns, spec, &handler, step, &self.run);
                }
            }
            for task in tasks.iter().filter(|t| t.node != 0) {
                if let Some(r) = finished_result(&saved, &task.id) {
                    sink.push(&ns, StreamMode::Updates, || update_chunk(spec, task, r, true, &self.run));
                }
            }
        }
        // Tasks start as LangGraph starts them, so equal timers elapse in its order: Sends
        // first, then the pulled nodes by name, or, in a run that starts from a checkpoint
        // (whose LangGraph.js loop has no updated channels to go by), in the graph's node
        // order. The plan lists pull tasks first, by name, so the start order is mostly a
        // rotation of the task order; only the node order needs a table (`order`).
        let n = tasks.len();
        let pulls = super::plan::pull_count(tasks);
        let mut pulled: Vec<usize> = if from_checkpoint && pulls > 1 { (0..pulls).collect() } else { vec![] };
        crate::order::sort_by(&mut pulled, &|a: &usize, b: &usize| tasks[*a].node.cmp(&tasks[*b].node));
        let order: Vec<usize> = if pulled.is_empty() { vec![] } else { (pulls..n).chain(pulled).collect() };
        // Each task's result, by task index.
        let mut slots: Vec<Option<TaskResult>> = (0..n).map(|_| None).collect();
        let mut finish_order = Vec::with_capacity(n);
        let mut running: Option<FuturesUnordered<_>> = None;
        let mut returned = vec![];
        let mut subgraphs = vec![];
        // Every task's start is streamed before any runs, as LangGraph streams them
        // (a pass of its own only when someone listens: it costs the big fan-outs).
        // Tasks that finished before a pause start again too, but report no result.
        let starts = (0..n).map(|k| if order.is_empty() { (k + pulls) % n } else { order[k] });
        if sink.wants(StreamMode::Tasks, &ns) || sink.wants(StreamMode::Debug, &ns) {
            for task in starts.clone().map(|i| &tasks[i]) {
                emit_task_start(&sink, &ns, spec, task, step, &self.run);
            }
        }
        // As LangGraph.js: cache hits are served before any task runs, and stream first.
        let mut hits: Vec<Option<TaskResult>> = vec![];
        if self.graph.cache().is_some() && tasks.iter().any(|t| spec.nodes[t.node].spec.cache.is_some()) {
            let rerun = |t: &Task| finished_result(&saved, &t.id).is_some() || handled_failure(&saved, &t.id).is_some();
            hits = tasks.iter().map(|t| if rerun(t) { None } else { cache_lookup(&ctx, t) }).collect();
            let served = starts.clone().filter_map(|i| Some((i, hits[i].as_ref()?)));
            served.for_each(|(i, r)| emit_task_result(&sink, &ns, spec, &tasks[i], r, step, &self.run));
        }
        for (k, i) in starts.enumerate() {
            let task = &tasks[i];
            if let Some(r) = hits.get_mut(i).and_then(Option::take) {
                slots[i] = Some(r);
                finish_order.push(i);
                continue;
            }
            let (mut values, mut handled) = (vec![], None);
            if !pending.is_empty() {
                if let Some(r) = finished_result(&saved, &task.id) {
                    slots[i] = Some(r.clone());
                    finish_order.push(i);
                    continue;
                }
                values = resume_values(&resume, &saved, &mut self.answered, task);
                // A failure its error handler took over: the handler runs again, not the node.
                handled = handled_failure(&saved, &task.id).cloned();
            }
            let ctx = &ctx;
            let mut fut = Box::pin(async move {
                let result = match handled {
                    // Boxed: rare, and its future would double the size of every task's.
                    Some(handled) => Box::pin(super::error_handler::resume(ctx, task, values, &handled)).await,
                    None => execute(ctx, task, values).await,
                };
                (i, result)
            });
            if spec.nodes[task.node].spec.subgraph.is_some() {
                ctx.queue_slot(task);
                subgraphs.push((i, fut));
                continue;
            }
            match fut.as_mut().poll(&mut Context::from_waker(noop_waker_ref())) {
                // The last task returning with none deferred before it is in its place already
                // (so a one-task superstep defers nothing).
                Poll::Ready((_, result)) if threw(&result) || (k + 1 == n && returned.is_empty() && subgraphs.is_empty()) => {
                    emit_task_result(&sink, &ns, spec, task, &result, step, &self.run);
                    slots[i] = Some(result);
                    finish_order.push(i);
                }
                Poll::Ready((_, result)) => {
                    slots[i] = Some(result);
                    returned.push(i);
                }
                Poll::Pending => {
                    running.get_or_insert_with(FuturesUnordered::new).push(fut);
                }
            }
        }
        // A failure stops the tasks still running, unless its task refused an answer.
        let refused = |i: usize| self.run.refused.borrow().contains(&tasks[i].id);
        let stops = |i: usize, r: &TaskResult, paused_before: bool| super::barrier::fails(&r.status, paused_before) && !refused(i);
        let stopping =
            |slots: &[Option<TaskResult>], order: &[usize]| order.iter().any(|&i| slots[i].as_ref().is_some_and(|r| stops(i, r, false)));
        let paused = |r: &Option<TaskResult>| r.as_ref().is_some_and(|r| matches!(r.status, TaskStatus::Interrupted(_)));
        // As LangGraph.js, where a subgraph's run starts some steps after its task does:
        // after the nodes that threw at once, before those that returned; and not at all
        // once one of them failed (its task is stopped, as LangGraph.js aborts it).
        let failed = stopping(&slots, &finish_order);
        // What the subgraph nodes' runs see at their first boundary: the nodes that ran
        // at once may have asked for a drain, but no subgraph's node has yet.
        if !subgraphs.is_empty() {
            self.run.drain_before_subgraphs.set(self.run.drain.as_ref().is_some_and(|d| d.requested().is_some()));
        }
        for (i, mut fut) in subgraphs.into_iter().filter(|_| !failed) {
            if let Poll::Ready((_, result)) = fut.as_mut().poll(&mut Context::from_waker(noop_waker_ref())) {
                if threw(&result) {
                    emit_task_result(&sink, &ns, spec, &tasks[i], &result, step, &self.run);
                    finish_order.push(i);
                } else {
                    returned.push(i);
                }
                slots[i] = Some(result);
                continue;
            }
            running.get_or_insert_with(FuturesUnordered::new).push(fut);
        }
        // As LangGraph.js: of the nodes that finished at once, those that returned finish
        // after those that threw (an interrupt, an error), as their writes take more steps.
        for i in returned {
            let result = slots[i].as_ref().expect("a returned task's result is in its slot");
            emit_task_result(&sink, &ns, spec, &tasks[i], result, step, &self.run);
            finish_order.push(i);
        }
        let (mut cancelled, mut timed_out) = (false, false);
        if let Some(running) = running {
            let stop = stopping(&slots, &finish_order);
            // Whether a task has paused so far (a subgraph's drain after a pause fails the superstep).
            let mut paused_before = finish_order.iter().any(|&i| paused(&slots[i]));
            let run = &self.run;
            let mut record = |i: usize, result: TaskResult| {
                let failure = stops(i, &result, paused_before);
                paused_before |= matches!(result.status, TaskStatus::Interrupted(_));
                emit_task_result(&sink, &ns, spec, &tasks[i], &result, step, run);
                slots[i] = Some(result);
                finish_order.push(i);
                failure
            };
            let stop_signal = match deadline {
                Some(deadline) => Some(cancel_or(self.run.cancel.clone(), deadline)),
                None => self.run.cancel.clone(),
            };
            cancelled = settle(running, stop_signal, stop, &mut record).await;
            timed_out = cancelled && !self.run.cancel.as_ref().is_some_and(Cancel::is_cancelled);
        }
        // Tasks a failure or the cancel stopped (subgraphs among them that never started):
        // unfinished, they run again on resume, or their error handler does (see `take_over_stopped`).
        for i in 0..n {
            if slots[i].is_none() {
                let mut result = stopped(&tasks[i], cancelled);
                emit_task_result(&sink, &ns, spec, &tasks[i], &result, step, &self.run);
                if !cancelled {
                    result.handled = super::error_handler::take_over_stopped(spec, &tasks[i]);
                }
                slots[i] = Some(result);
                finish_order.push(i);
            }
        }
        self.run.refused.borrow_mut().clear();
        for (id, taken) in std::mem::take(&mut *self.run.failed_takes.borrow_mut()) {
            if let Some(values) = self.answered.get_mut(&id) {
                values.truncate(taken);
            }
        }
        // A task that took the null resume keeps it, should it pause again.
        let NullResume { value, taken, .. } = std::mem::take(&mut *self.run.null_resume.borrow_mut());
        let v = value.unwrap_or_default();
        for id in taken {
            let values = self.answered.entry(id).or_default();
            if values.is_empty() {
                values.push(v.clone());
            }
        }
        let results = slots.into_iter().map(|r| r.expect("every task ran")).collect();
        (results, finish_order, timeout.filter(|_| timed_out))
    }

    /// Interrupts still waiting for a value (from the last superstep).
    pub fn pending_interrupts(&self) -> Vec<Interrupt> {
        self.pending
            .iter()
            .flat_map(|(_, _, r)| match &r.status {
                TaskStatus::Interrupted(i) => i.clone(),
                _ => vec![],
            })
            .collect()
    }

    /// A stepper with empty state, ready for `start_run` or a thread operation.
    pub(crate) fn bare(
        graph: &CompiledGraph,
        config: &super::RunConfig,
        persistence: Option<crate::checkpoint::Persistence>,
        namespace: Vec<String>,
        sink: Option<super::stream::Sink>,
    ) -> Stepper {
        let sink = sink.unwrap_or_else(|| super::stream::Sink::new(config.stream_modes.clone(), config.subgraphs, config.shared_values));
        let run = Rc::new(RunCtx {
            context: config.context.clone(),
            configurable: config.configurable.clone(),
            recursion_limit: config.recursion_limit,
            sink,
            namespace,
            env: graph.env().clone(),
            persistence,
            null_resume: Default::default(),
            failed_takes: Default::default(),
            refused: Default::default(),
            cancel: config.cancel.clone(),
            drain: config.drain.clone(),
            host: config.host.clone(),
            enclosing_metadata: config.enclosing_metadata.clone(),
            task_metadata: config
                .task_metadata
                .clone()
                .unwrap_or_else(|| serde_json::Map::from_iter([("ls_integration".into(), "langgraph".into())])),
            task_tags: config.task_tags.clone(),
            drain_before_subgraphs: Default::default(),
            calls: Default::default(),
            resuming: Default::default(),
            replay: Default::default(),
            slots: config.max_concurrency.map(super::slots::Slots::new),
            store: config.store.clone(),
            save_on_exit: config.save_on_exit,
            values_shown: Default::default(),
            output_keys: config.output_keys.as_ref().map(|keys| keys.resolve(graph.spec())),
            lifecycle: config.lifecycle.clone(),
        });
        Stepper {
            graph: graph.clone(),
            rs: RunState::new(graph.spec()),
            run,
            stop: 0,
            limit: config.recursion_limit,
            checkpoint_id: "".into(),
            pending: vec![],
            resume: Resume::None,
            answered: Default::default(),
            interrupt_before: config.interrupt_before.clone().unwrap_or_else(|| graph.options().interrupt_before.clone()),
            interrupt_after: config.interrupt_after.clone().unwrap_or_else(|| graph.options().interrupt_after.clone()),
            finished: None,
            hooks: None,
            record: false,
            keep_input: None,
            paused_view: None,
            drain_after_first_step: false,
        }
    }
}

/// The result of a task a failure (or the cancel) stopped.
fn stopped(task: &Task, cancelled: bool) -> TaskResult {
    let error = if cancelled { Error::Cancelled } else { Error::Aborted { node: task.name.to_string() } };
    TaskResult { writes: Default::default(), status: TaskStatus::Failed(error), cached: false, handled: None }
}

/// A signal that fires with the run's cancel or at `deadline`, whichever comes first.
fn cancel_or(cancel: Option<Cancel>, deadline: futures::future::LocalBoxFuture<'static, ()>) -> Cancel {
    Cancel::new(async move {
        match cancel {
            Some(c) => drop(futures::future::select(c.wait(), deadline).await),
            None => deadline.await,
        }
    })
}

/// Whether a task ended by throwing: it paused in `interrupt()` or failed.
fn threw(r: &TaskResult) -> bool {
    matches!(r.status, TaskStatus::Interrupted(_) | TaskStatus::Failed(_))
}

/// Awaits the tasks still running, recording each as it settles. A failure
/// (`record` returns true) or the cancel signal stops the step, as in LangGraph:
/// tasks that already settled count, the rest are dropped. Returns whether the
/// cancel signal stopped it.
async fn settle<F: Future<Output = (usize, TaskResult)>>(
    mut running: FuturesUnordered<std::pin::Pin<Box<F>>>,
    cancel: Option<Cancel>,
    mut stop: bool,
    record: &mut impl FnMut(usize, TaskResult) -> bool,
) -> bool {
    let mut cancelled = false;
    while !stop {
        let next = match &cancel {
            None => running.next().await,
            Some(c) => match futures::future::select(running.next(), c.wait()).await {
                futures::future::Either::Left((next, _)) => next,
                futures::future::Either::Right(_) => {
                    cancelled = true;
                    break;
                }
            },
        };
        let Some((i, result)) = next else { return false };
        stop = record(i, result);
    }
    while let Some(Some((i, result))) = running.next().now_or_never() {
        record(i, result);
    }
    cancelled
}
