//! `Runtime`: what a running node or router can see and do besides its state:
//! step metadata, the run context, `interrupt()`, custom stream writes and
//! nested graph calls.
use super::stream::{Sink, StreamMode};
use crate::env::{stable_hash, Env};
use crate::types::{Interrupt, NodeError};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::rc::Rc;

/// Per-task handle passed to nodes and routers. Cheap to clone.
#[derive(Clone)]
pub struct Runtime(pub(crate) Rc<TaskCtx>);

pub(crate) struct TaskCtx {
    pub step: i64,
    pub task: Rc<super::plan::Task>,
    /// The checkpoint the task's superstep runs from.
    pub checkpoint_id: crate::checkpoint::Name,
    pub graph: crate::CompiledGraph,
    pub remaining_steps: i64,
    pub run: Rc<RunCtx>,
    pub resume: RefCell<ResumeCursor>,
    /// Subgraph calls made so far: the n-th (n > 0) gets its own namespace, `…|n`, as in LangGraph.js.
    pub graph_calls: std::cell::Cell<usize>,
    /// Task calls (`task()`) made so far; see `calls.rs`.
    pub call_next: std::cell::Cell<usize>,
    /// Task calls finished but not yet streamed; see `calls.rs`.
    pub calls_to_stream: RefCell<Vec<super::TaskCall>>,
    /// This attempt continues an earlier one (`RunCtx::resuming`, or a retry).
    pub resuming: std::cell::Cell<bool>,
    /// Writes the node made while running (LangGraph.js's `pushMessage`), before
    /// those of its result; an attempt that fails or pauses drops them.
    pub pushed: RefCell<Vec<(String, Value)>>,
    /// In an error handler's task: the task that failed, and its error.
    pub failure: Option<(Rc<super::plan::Task>, crate::Error)>,
    /// The node's output is a command a subgraph it ran sent up (`Command.PARENT`).
    pub from_child: std::cell::Cell<bool>,
    /// The node's attempt (1-based; 0 before the node runs, or in a router).
    pub attempt: std::cell::Cell<u32>,
    /// When the first attempt of a node that may retry began (ms); read only for
    /// such nodes, so a deterministic clock does not move for the others.
    pub first_attempt_ms: std::cell::Cell<Option<f64>>,
    /// A subgraph node that waited for a `max_concurrency` slot: its run starts
    /// after its siblings', and reads the drain as it is then.
    pub waited_for_slot: std::cell::Cell<bool>,
}

/// Resume values for this task's `interrupt()` calls, matched by call order.
#[derive(Default)]
pub(crate) struct ResumeCursor {
    pub values: Vec<Value>,
    pub next: usize,
}

/// What every task of one run shares.
pub(crate) struct RunCtx {
    pub context: Value,
    pub configurable: Map<String, Value>,
    /// The run's recursion limit: the default of the subgraphs its tasks run, as in LangGraph.
    pub recursion_limit: usize,
    pub sink: Sink,
    pub namespace: Vec<String>,
    pub env: Env,
    /// Where this run's checkpoints go: saver, thread and namespace.
    pub persistence: Option<crate::checkpoint::Persistence>,
    /// A single resume value, as LangGraph's null resume: in the resumed superstep,
    /// each task's first `interrupt()` call without a value of its own takes it, once
    /// per task (a paused task was given it already).
    pub null_resume: RefCell<NullResume>,
    /// How many resume values each failed task had taken, by task id: it keeps only
    /// those, as LangGraph.js saves a resume value only once `interrupt()` took it.
    pub failed_takes: RefCell<Vec<(String, usize)>>,
    /// Tasks of this superstep that refused an answer (`refuse_answer`): their
    /// failure does not stop their siblings, as in LangGraph.js, whose runner
    /// lets the others finish before the resume fails.
    pub refused: RefCell<Vec<String>>,
    /// Stops the run (and the subgraphs it calls) when it fires.
    pub cancel: Option<super::Cancel>,
    /// Asks the run to stop at its next superstep boundary; subgraphs share it and stop at theirs.
    pub drain: Option<super::Drain>,
    /// The embedder's own data for the run (`RunConfig::host`).
    pub host: Option<Rc<dyn std::any::Any>>,
    /// See `RunConfig::enclosing_metadata`.
    pub enclosing_metadata: Vec<Value>,
    /// See `RunConfig::task_metadata` (the default filled in).
    pub task_metadata: Map<String, Value>,
    /// See `RunConfig::task_tags`.
    pub task_tags: Vec<String>,
    /// Whether a drain was asked for before this superstep's subgraph nodes
    /// started (see `Stepper::drain_after_first_step`).
    pub drain_before_subgraphs: std::cell::Cell<bool>,
    /// Results of the task calls made in this superstep (kept if it pauses or fails).
    pub calls: RefCell<super::CallLog>,
    /// The superstep's tasks continue an earlier run of theirs: it is the first
    /// superstep of a resumed run (LangGraph's `__pregel_resuming`). A subgraph
    /// such a task calls continues from its saved checkpoint instead of
    /// starting on its input, so a call that had finished returns its result again.
    pub resuming: std::cell::Cell<bool>,
    /// Set when the run travels in time (a replay, or a fork's continuation): where its subgraphs start.
    pub replay: std::cell::OnceCell<Rc<super::ReplayBound>>,
    /// The slots of `max_concurrency`, when the run has a limit.
    pub slots: Option<Rc<super::slots::Slots>>,
    /// See `RunConfig::store`.
    pub store: Option<Rc<dyn std::any::Any>>,
    /// See `RunConfig::save_on_exit`; subgraphs inherit it.
    pub save_on_exit: bool,
    /// The run has shown its state (a `values` chunk, streamed or not): as in
    /// LangGraph, `invoke` returns the last one, and nothing if there was none.
    pub values_shown: std::cell::Cell<bool>,
    /// The run's own output keys (`RunConfig::output_keys`), as channels.
    pub output_keys: Option<super::output_keys::Shown>,
    /// See `RunConfig::lifecycle`.
    pub lifecycle: Option<super::LifecycleHook>,
}

impl RunCtx {
    /// The metadata objects of the nodes whose subgraph this run is, outermost
    /// first, then `node_metadata` (a task's own node's).
    pub fn metadata_chain<'a>(&'a self, node_metadata: &'a Value) -> impl Iterator<Item = &'a Map<String, Value>> {
        self.enclosing_metadata.iter().chain([node_metadata]).filter_map(Value::as_object)
    }

    /// Whether a write to `channel` streams a `values` chunk: any does, unless the run has output keys.
    pub fn streams(&self, channel: usize) -> bool {
        self.output_keys.as_ref().is_none_or(|keys| keys.channels.contains(&channel))
    }

    /// The channels the run's output shows: its own output keys, or the graph's.
    pub fn output_channels<'a>(&'a self, spec: &'a crate::graph::compile::GraphSpec) -> &'a [usize] {
        self.output_keys.as_ref().map_or(&spec.output_keys, |keys| &keys.channels)
    }

    /// The run's output in `rs`: its own output keys', or the graph's.
    pub fn output_of(&self, spec: &crate::graph::compile::GraphSpec, rs: &super::RunState) -> Value {
        match &self.output_keys {
            Some(keys) => keys.values(spec, rs),
            None => rs.values_of(spec, &spec.output_keys),
        }
    }

    /// The run was resumed with one value for all (LangGraph's null resume), not
    /// with answers by interrupt id (or none).
    pub fn has_null_resume(&self) -> bool {
        self.null_resume.borrow().value.is_some()
    }

    /// The namespace task ids derive from: where the run keeps its checkpoints, so a
    /// snapshot of them plans the same ids (a per-thread subgraph's is not per task).
    pub fn task_ns(&self) -> String {
        match &self.persistence {
            Some(p) => p.ns.clone(),
            None => self.namespace.join("|"),
        }
    }
}

#[derive(Default)]
pub(crate) struct NullResume {
    pub value: Option<Value>,
    /// Tasks that have the value: given it as paused tasks, or took it.
    pub given: Vec<String>,
    /// Tasks that took it in an `interrupt()` call.
    pub taken: Vec<String>,
    /// Whether some `interrupt()` call has used it. As in LangGraph.js, where that
    /// removes it from the pending writes, an error handler that starts later gets none.
    pub consumed: bool,
}

impl Runtime {
    /// The superstep number (LangGraph's `langgraph_step`).
    pub fn step(&self) -> i64 {
        self.0.step
    }
    /// The running node's name.
    pub fn node(&self) -> &str {
        &self.0.task.name
    }
    /// The channels that triggered this task.
    pub fn triggers(&self) -> Vec<String> {
        self.0.task.trigger_names(self.0.graph.spec())
    }
    /// The spec of the task's node.
    pub(crate) fn node_spec(&self) -> &crate::graph::node::NodeSpec {
        &self.0.graph.spec().nodes[self.0.task.node].spec
    }
    /// The metadata objects of the nodes whose subgraph the task's graph is,
    /// outermost first, then its own node's (see `RunConfig::enclosing_metadata`).
    pub(crate) fn metadata_chain(&self) -> impl Iterator<Item = &Map<String, Value>> {
        self.0.run.metadata_chain(&self.node_spec().metadata)
    }
    /// The metadata of the task's node (`NodeSpec::metadata`), after that of the
    /// nodes whose subgraph its graph is, merged key by key (the innermost wins);
    /// `None` when none has any, as for most nodes.
    pub fn node_metadata(&self) -> Option<Map<String, Value>> {
        let mut all = self.metadata_chain().peekable();
        all.peek()?;
        Some(all.fold(Map::new(), |mut m, more| {
            m.extend(more.iter().map(|(k, v)| (k.clone(), v.clone())));
            m
        }))
    }
    /// The task's path, e.g. `__pregel_pull|node` or `__pregel_push|3`.
    pub fn path(&self) -> String {
        self.0.task.path.to_string()
    }
    pub fn task_id(&self) -> &str {
        &self.0.task.id
    }
    /// The timeout policy the task's `Send` gave it, in place of its node's (see `Send::timeout`).
    pub fn task_timeout(&self) -> Option<&Value> {
        self.0.task.timeout.as_ref()
    }
    /// The checkpoint the task's superstep runs from.
    pub fn checkpoint_id(&self) -> &str {
        &self.0.checkpoint_id
    }
    /// LangGraph's `checkpoint_map`: the checkpoint each enclosing graph runs
    /// from, and this graph's, by checkpoint namespace (`""` for the root).
    pub fn checkpoint_map(&self) -> Map<String, Value> {
        let run = &self.0.run;
        let (mut map, ns) = match &run.persistence {
            Some(p) => (p.parents.iter().map(|(ns, id)| (ns.to_string(), Value::from(&**id))).collect(), p.ns.clone()),
            None => (Map::new(), run.namespace.join("|")),
        };
        map.insert(ns, Value::from(&*self.0.checkpoint_id));
        map
    }
    /// The node's attempt, from 1 (LangGraph's `execution_info.node_attempt`).
    pub fn attempt(&self) -> u32 {
        self.0.attempt.get().max(1)
    }
    /// When the first attempt began, for a node with a retry policy (ms).
    pub fn first_attempt_ms(&self) -> Option<f64> {
        self.0.first_attempt_ms.get()
    }
    /// Supersteps left before the recursion limit (LangGraph's `RemainingSteps`).
    pub fn remaining_steps(&self) -> i64 {
        self.0.remaining_steps
    }
    /// The run's recursion limit (LangGraph.js's `config.recursionLimit`).
    pub fn recursion_limit(&self) -> usize {
        self.0.run.recursion_limit
    }
    /// The user data passed at invoke time.
    pub fn context(&self) -> &Value {
        &self.0.run.context
    }
    /// The `configurable` map of the invoke config (thread_id and user keys).
    pub fn configurable(&self) -> &Map<String, Value> {
        &self.0.run.configurable
    }
    /// The checkpoint namespace of this task: `node:task_id`, nested with `|`.
    pub fn checkpoint_ns(&self) -> String {
        let mut ns = self.0.run.namespace.clone();
        ns.push(format!("{}:{}", self.0.task.name, self.0.task.id));
        ns.join("|")
    }
    pub fn namespace(&self) -> Vec<String> {
        let mut ns = self.0.run.namespace.clone();
        ns.push(format!("{}:{}", self.0.task.name, self.0.task.id));
        ns
    }
    pub fn env(&self) -> &Env {
        &self.0.run.env
    }

    /// The embedder's own data for the run (`RunConfig::host`).
    pub fn host(&self) -> Option<&Rc<dyn std::any::Any>> {
        self.0.run.host.as_ref()
    }
    /// The run's drain request, if it has one.
    pub fn drain(&self) -> Option<&super::Drain> {
        self.0.run.drain.as_ref()
    }
    /// The run's cancel signal, if it has one.
    pub fn cancel(&self) -> Option<&super::Cancel> {
        self.0.run.cancel.as_ref()
    }

    /// In an error handler (`NodeSpec::on_error`): the node that failed and its error.
    pub fn failure(&self) -> Option<(&str, &crate::Error)> {
        self.0.failure.as_ref().map(|(task, e)| (&*task.name, e))
    }

    /// Whether the node's routers route a command a subgraph it ran sent up
    /// (`Command.PARENT`), not the node's own output.
    pub fn routes_child_command(&self) -> bool {
        self.0.from_child.get()
    }

    /// In an error handler: the checkpoint namespace of the task that failed.
    pub fn failed_checkpoint_ns(&self) -> Option<String> {
        let (task, _) = self.0.failure.as_ref()?;
        let mut ns = self.0.run.namespace.clone();
        ns.push(format!("{}:{}", task.name, task.id));
        Some(ns.join("|"))
    }

    /// Writes `value` to channel `key` with the task's result, ahead of it.
    pub fn push_write(&self, key: &str, value: Value) {
        self.0.pushed.borrow_mut().push((key.to_string(), value));
    }

    /// The run's store (see `RunConfig::store`).
    pub fn store(&self) -> Option<&Rc<dyn std::any::Any>> {
        self.0.run.store.as_ref()
    }

    /// Emits a `custom` stream event.
    pub fn write(&self, value: Value) {
        self.0.run.sink.push(&self.0.run.namespace, StreamMode::Custom, || value);
    }

    /// Where this task's custom writes go after its call settles: the run's stream,
    /// if it takes them (see `LateWriter`).
    pub fn late_writer(&self) -> Option<super::LateWriter> {
        self.0.run.sink.late_writer(&self.0.run.namespace)
    }

    /// Whether the run streams `messages`. As LangGraph's handler, a chat model
    /// this task calls streams then even where the stream leaves its tokens out
    /// (in a subgraph, without `subgraphs: true`): its message ends up the same.
    pub fn streams_messages(&self) -> bool {
        self.0.run.sink.has_mode(StreamMode::Messages)
    }

    /// Whether a stream takes `tools` events from this task: the run's own at its
    /// root, a subgraph's with `subgraphs` (as LangGraph.js filters them).
    pub fn streams_tools(&self) -> bool {
        self.0.run.sink.wants(StreamMode::Tools, &self.0.run.namespace)
    }

    /// Emits a `tools` stream event: one step of a tool call the node made.
    pub fn push_tool_event(&self, event: Value) {
        self.0.run.sink.push(&self.0.run.namespace, StreamMode::Tools, || event);
    }

    /// Emits a `messages` stream event: a `[message, metadata]` pair.
    pub fn push_message(&self, pair: Value) {
        self.0.run.sink.push_message(&self.0.run.namespace, pair, false);
    }

    /// Emits a message the node returned, as `push_message`, unless the stream
    /// sent one with its id already (as tokens, say, or from a subgraph's node).
    pub fn push_output_message(&self, pair: Value) {
        self.0.run.sink.push_message(&self.0.run.namespace, pair, true);
    }

    /// Pauses the run and asks for a value; returns it once the run is resumed.
    ///
    /// Call with `?`: without a resume value this returns
    /// `Err(NodeError::Interrupted)`, which ends the task until resumed.
    pub fn interrupt(&self, value: Value) -> Result<Value, NodeError> {
        self.interrupt_asking(value, None)
    }

    /// As `interrupt`, naming the answer it expects (JSON Schema), which the
    /// interrupt carries to whoever answers it.
    pub fn interrupt_asking(&self, value: Value, response_schema: Option<Value>) -> Result<Value, NodeError> {
        if self.0.run.persistence.is_none() {
            return Err(NodeError::Graph(Box::new(crate::Error::NoCheckpointer { operation: "interrupt()".into() })));
        }
        let mut cursor = self.0.resume.borrow_mut();
        let index = cursor.next;
        cursor.next += 1;
        let mut null = self.0.run.null_resume.borrow_mut();
        let id = &self.0.task.id;
        if let Some(v) = cursor.values.get(index) {
            // A paused task was given the null resume as its last value.
            null.consumed |= index + 1 == cursor.values.len() && null.value.is_some() && null.given.contains(id);
            return Ok(v.clone());
        }
        if let (Some(v), false) = (null.value.clone(), null.given.contains(id)) {
            null.consumed = true;
            null.given.push(id.clone());
            null.taken.push(id.clone());
            cursor.values.push(v.clone());
            return Ok(v);
        }
        Err(NodeError::Interrupted(vec![Interrupt { id: interrupt_id(&self.0.task.id, index), value, response_schema }]))
    }

    /// The answer the last `interrupt()` call returned was refused (its response
    /// schema did not take it): the task gives it back, so if it fails now it keeps
    /// that interrupt unanswered and a later resume answers it again (LangGraph.js
    /// saves an answer only once its schema took it).
    pub fn refuse_answer(&self) {
        let mut cursor = self.0.resume.borrow_mut();
        cursor.next = cursor.next.saturating_sub(1);
        self.0.run.refused.borrow_mut().push(self.0.task.id.clone());
    }

    pub(crate) fn sink(&self) -> &Sink {
        &self.0.run.sink
    }

    pub(crate) fn run_ctx(&self) -> &Rc<RunCtx> {
        &self.0.run
    }
}

/// Deterministic interrupt ids: the same task and call index give the same id.
pub fn interrupt_id(task_id: &str, index: usize) -> String {
    stable_hash(&[task_id, &index.to_string()])
}
