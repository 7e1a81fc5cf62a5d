//! The runtime: a compiled graph and the Pregel superstep loop.
mod apply;
mod barrier;
mod by_task;
mod calls;
mod cancel;
mod drain;
mod error_handler;
mod execute;
mod finish;
pub(crate) mod lifecycle;
mod output_keys;
mod plan;
mod replay;
mod resume;
mod rollback;
mod run_state;
mod runtime;
mod slots;
mod stepper;
mod stream;
mod subgraph;
mod task_events;

pub(crate) use apply::{apply_saved_writes, saved};
pub use apply::{apply_writes, with_finished_writes, Change, TaskWrites};
pub(crate) use by_task::ByTask;
pub(crate) use calls::CallLog;
pub use calls::TaskCall;
pub use cancel::Cancel;
pub use drain::Drain;
pub use error_handler::Handled;
pub(crate) use execute::result_object;
pub use execute::{TaskResult, TaskStatus};
pub use finish::finish_deferred;
pub use lifecycle::{GraphEvent, LifecycleHook};
pub use output_keys::OutputKeys;
pub use plan::{listing_order, plan, pull_count, Task, TaskPath};
pub(crate) use replay::ReplayBound;
pub(crate) use resume::Answered;
pub use resume::Resume;
pub use run_state::RunState;
pub use runtime::{interrupt_id, Runtime};
pub use stepper::{HookWork, KeepInput, Outcome, SharedStep, StepHooks, StepSnapshot, Stepper, TaskRecord, Tick};
pub use stream::{LateWriter, Sink, StreamMode, StreamPart};
pub use subgraph::{subgraph_node, ChildRun, GraphCall};
pub(crate) use task_events::interrupt_json;

use crate::cache::Cache;
use crate::env::Env;
use crate::error::Error;
use crate::graph::builder::StateGraph;
use crate::graph::compile::{compile, GraphSpec};
use crate::types::{Command, INTERRUPT_KEY};
use futures::future::LocalBoxFuture;
use futures::Stream;
use serde_json::{Map, Value};
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

/// LangGraph.js's default; the JS API uses the same.
pub const DEFAULT_RECURSION_LIMIT: usize = 25;

/// Options fixed at `compile()` time.
#[derive(Clone, Default)]
pub struct CompileOptions {
    pub interrupt_before: Vec<String>,
    pub interrupt_after: Vec<String>,
    pub cache: Option<Rc<dyn Cache>>,
    pub checkpointer: crate::checkpoint::Checkpointing,
    pub env: Env,
    pub name: Option<String>,
    /// Recorded in checkpoints for migrations.
    pub version: Option<String>,
    /// The input is START's update at once, in the input checkpoint: no `__start__`
    /// superstep (LangGraph's functional API, whose entrypoint the input triggers directly).
    pub inline_start: bool,
    /// The longest a superstep may run, in seconds (LangGraph's `step_timeout`);
    /// changeable after compile with `set_step_timeout`.
    pub step_timeout: Option<f64>,
}

/// Per-invocation settings (LangGraph's `config`).
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub recursion_limit: usize,
    /// User data for nodes (LangGraph's `context`).
    pub context: Value,
    /// `thread_id`, `checkpoint_id` and user keys.
    pub configurable: Map<String, Value>,
    pub stream_modes: Vec<StreamMode>,
    /// Stream events of subgraphs too, with their namespaces.
    pub subgraphs: bool,
    pub interrupt_before: Option<Vec<String>>,
    pub interrupt_after: Option<Vec<String>>,
    /// Stops the run when it fires (a JS `AbortSignal`).
    pub cancel: Option<Cancel>,
    /// `values` chunks share the run's channel values (`StreamPart::shared`)
    /// rather than copy them into `data`: for bindings that convert values once.
    pub shared_values: bool,
    /// At most this many tasks of a superstep run at once (LangGraph's
    /// `maxConcurrency`); the rest wait in task order. Subgraphs inherit it.
    pub max_concurrency: Option<usize>,
    /// The embedder's long-term memory store (LangGraph's `store`), handed to
    /// nodes as is; subgraphs inherit it. The engine never reads it.
    pub store: Option<std::rc::Rc<dyn std::any::Any>>,
    /// LangGraph's `durability: "exit"`: the run stores only the checkpoint it
    /// ends on (with its pending writes), not one per superstep, and so do its
    /// subgraphs, except that a subgraph task that finished stores nothing (a
    /// per-thread subgraph does), as in LangGraph.js. A superstep whose writes
    /// fail to apply ends the run on the state before it, where a run storing
    /// every superstep ends (LangGraph.js stores the part-applied state). A run
    /// that never ends (its stepper dropped, the page closed) leaves the thread
    /// where it started.
    pub save_on_exit: bool,
    /// Stops the run at its next superstep boundary when asked (LangGraph's `RunControl`).
    pub drain: Option<Drain>,
    /// The embedder's own data for the run (the JS config's tags and metadata),
    /// handed back to nodes as is; subgraphs inherit it. The engine never reads it.
    pub host: Option<std::rc::Rc<dyn std::any::Any>>,
    /// The metadata of the nodes whose subgraph this run is, outermost first:
    /// its tasks' metadata include it, as LangGraph hands a node's config to its subgraph.
    pub enclosing_metadata: Vec<Value>,
    /// What the metadata of task events (the tasks and debug streams) start with,
    /// before the nodes' own: LangGraph.js's integration tag, the run's metadata
    /// and some configurable ids, as the embedder gives them. None gives
    /// `{"ls_integration": "langgraph"}`. Subgraphs inherit it.
    pub task_metadata: Option<Map<String, Value>>,
    /// The run's tags, which the metadata of task events end with (`tags`). Subgraphs inherit them.
    pub task_tags: Vec<String>,
    /// LangGraph's `outputKeys` (see `OutputKeys`). The root graph's only;
    /// unknown keys are an error.
    pub output_keys: Option<OutputKeys>,
    /// Hears of the root run's pause and of each resumed run (see `GraphEvent`); subgraphs inherit it.
    pub lifecycle: Option<LifecycleHook>,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            recursion_limit: DEFAULT_RECURSION_LIMIT,
            context: Value::Null,
            configurable: Map::new(),
            stream_modes: vec![],
            subgraphs: false,
            interrupt_before: None,
            interrupt_after: None,
            cancel: None,
            shared_values: false,
            max_concurrency: None,
            store: None,
            save_on_exit: false,
            drain: None,
            host: None,
            enclosing_metadata: vec![],
            task_metadata: None,
            task_tags: vec![],
            output_keys: None,
            lifecycle: None,
        }
    }
}

impl RunConfig {
    pub fn thread(id: impl Into<String>) -> Self {
        let mut c = RunConfig::default();
        c.configurable.insert("thread_id".into(), Value::String(id.into()));
        c
    }
    pub fn recursion_limit(mut self, limit: usize) -> Self {
        self.recursion_limit = limit;
        self
    }
    pub fn context(mut self, context: Value) -> Self {
        self.context = context;
        self
    }
    pub fn modes(mut self, modes: &[StreamMode]) -> Self {
        self.stream_modes = modes.to_vec();
        self
    }
    pub fn subgraphs(mut self, on: bool) -> Self {
        self.subgraphs = on;
        self
    }
    pub fn thread_id(&self) -> Option<&str> {
        self.configurable.get("thread_id").and_then(Value::as_str)
    }
    pub fn checkpoint_id(&self) -> Option<&str> {
        self.configurable.get("checkpoint_id").and_then(Value::as_str)
    }
}

/// What a run starts from.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Fresh input: starts from START (keeping a thread's state).
    Values(Value),
    /// Resume (and/or update, goto) from the latest checkpoint.
    Command(Command),
    /// `invoke(null)`: continue from the latest checkpoint (after a breakpoint).
    Continue,
}

impl From<Value> for Input {
    fn from(v: Value) -> Self {
        match v {
            Value::Null => Input::Continue,
            v => Input::Values(v),
        }
    }
}

impl From<Command> for Input {
    fn from(c: Command) -> Self {
        Input::Command(c)
    }
}

/// A validated graph, ready to run. Cheap to clone.
#[derive(Clone)]
pub struct CompiledGraph(Rc<Inner>);

struct Inner {
    spec: GraphSpec,
    options: CompileOptions,
    /// `options.step_timeout`, as later set: LangGraph's is a field of the compiled graph.
    step_timeout: std::cell::Cell<Option<f64>>,
}

impl StateGraph {
    /// Validates the graph once; the result runs any number of times.
    pub fn compile(self) -> Result<CompiledGraph, Error> {
        compile(self, CompileOptions::default())
    }

    pub fn compile_with(self, options: CompileOptions) -> Result<CompiledGraph, Error> {
        compile(self, options)
    }
}

impl CompiledGraph {
    pub(crate) fn new(mut spec: GraphSpec, options: CompileOptions) -> Self {
        if let Some(name) = &options.name {
            spec.name = name.clone();
            spec.shared_name = std::rc::Rc::from(name.as_str());
        }
        if let Some(version) = &options.version {
            spec.version = std::rc::Rc::from(version.as_str());
        }
        spec.inline_start = options.inline_start;
        let step_timeout = std::cell::Cell::new(options.step_timeout);
        CompiledGraph(Rc::new(Inner { spec, options, step_timeout }))
    }

    pub fn spec(&self) -> &GraphSpec {
        &self.0.spec
    }
    pub fn options(&self) -> &CompileOptions {
        &self.0.options
    }
    pub fn name(&self) -> &str {
        &self.0.spec.name
    }
    /// Problems `compile()` tolerated, e.g. nodes with no path to END.
    pub fn warnings(&self) -> &[String] {
        &self.0.spec.warnings
    }
    pub(crate) fn cache(&self) -> Option<&Rc<dyn Cache>> {
        self.0.options.cache.as_ref()
    }
    pub fn env(&self) -> &Env {
        &self.0.options.env
    }
    /// The longest one of this graph's supersteps may run, in seconds.
    pub fn step_timeout(&self) -> Option<f64> {
        self.0.step_timeout.get()
    }
    /// Sets or clears the step timeout for the graph's next supersteps (its
    /// runs as a subgraph included). A superstep that runs longer stops as a
    /// cancelled run does, with `Error::StepTimeout`: what it finished is kept,
    /// and the tasks still running run again on resume.
    pub fn set_step_timeout(&self, seconds: Option<f64>) {
        self.0.step_timeout.set(seconds.filter(|s| *s > 0.0));
    }
    pub fn same(&self, other: &CompiledGraph) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }

    /// Runs to the end; returns the output keys (with `__interrupt__` if paused), or
    /// `Null` if the run never showed its state (no output key was ever written), as
    /// LangGraph's `invoke` returns nothing then.
    ///
    /// The public async entry points return boxed futures built here: a caller
    /// in another crate (the wasm bindings) then polls this crate's one copy of
    /// a run's state machine instead of instantiating its own (12 KB of gzipped wasm).
    pub fn invoke(&self, input: impl Into<Input>, config: RunConfig) -> LocalBoxFuture<'_, Result<Value, Error>> {
        self.invoke_input(input.into(), config)
    }

    #[inline(never)]
    fn invoke_input(&self, input: Input, config: RunConfig) -> LocalBoxFuture<'_, Result<Value, Error>> {
        Box::pin(async move {
            let mut stepper = self.stepper(input, config).await?;
            run_to_end(&mut stepper).await
        })
    }

    /// `invoke` for native callers without an async runtime.
    pub fn invoke_blocking(&self, input: impl Into<Input>, config: RunConfig) -> Result<Value, Error> {
        futures::executor::block_on(self.invoke(input, config))
    }

    /// A stream of events in `config.stream_modes` (default: values).
    pub fn stream(&self, input: impl Into<Input>, config: RunConfig) -> LocalBoxFuture<'_, Result<RunStream, Error>> {
        self.stream_input(input.into(), config)
    }

    #[inline(never)]
    fn stream_input(&self, input: Input, mut config: RunConfig) -> LocalBoxFuture<'_, Result<RunStream, Error>> {
        Box::pin(async move {
            if config.stream_modes.is_empty() {
                config.stream_modes = vec![StreamMode::Values];
            }
            let stepper = self.stepper(input, config).await?;
            Ok(RunStream::new(stepper))
        })
    }

    /// All events of a run, collected (native convenience).
    pub fn stream_blocking(&self, input: impl Into<Input>, config: RunConfig) -> Result<Vec<StreamPart>, Error> {
        use futures::StreamExt;
        futures::executor::block_on(async {
            let stream = self.stream(input, config).await?;
            stream.collect::<Vec<_>>().await.into_iter().collect()
        })
    }

    /// A run driven one superstep at a time.
    #[inline(never)]
    pub fn stepper(&self, input: Input, config: RunConfig) -> LocalBoxFuture<'_, Result<Stepper, Error>> {
        Box::pin(self.start(input, config, vec![], None))
    }

    pub fn stepper_blocking(&self, input: impl Into<Input>, config: RunConfig) -> Result<Stepper, Error> {
        futures::executor::block_on(self.stepper(input.into(), config))
    }

    /// Starts a run (root or nested), restoring the thread's checkpoint if any.
    pub(crate) async fn start(
        &self,
        input: Input,
        config: RunConfig,
        namespace: Vec<String>,
        sink: Option<Sink>,
    ) -> Result<Stepper, Error> {
        crate::checkpoint::start_run(self, input, config, namespace, sink, None).await
    }
}

/// Ticks until the run stops; the output as `invoke` returns it.
pub(crate) async fn run_to_end(stepper: &mut Stepper) -> Result<Value, Error> {
    loop {
        match stepper.tick().await.outcome {
            Outcome::Continue => continue,
            // A root stepper drops a command to its (missing) parent (`conclude`).
            Outcome::Done | Outcome::ParentCommand(_) => return Ok(stepper.invoke_output()),
            Outcome::Interrupted(interrupts) => {
                let mut out = match stepper.invoke_output() {
                    Value::Null => Value::Object(Default::default()),
                    values => values,
                };
                if let Value::Object(m) = &mut out {
                    m.insert(INTERRUPT_KEY.into(), Value::Array(interrupts.iter().map(interrupt_json).collect()));
                }
                return Ok(out);
            }
            Outcome::Error(e) => return Err(e),
        }
    }
}

type TickFuture = LocalBoxFuture<'static, (Stepper, Outcome)>;

/// A superstep of `stepper`, owning it until the superstep ends (one instance
/// serves the run's stream and a node's streamed subgraph alike).
fn tick_owned(mut stepper: Stepper) -> TickFuture {
    Box::pin(async move {
        let outcome = stepper.tick().await.outcome;
        (stepper, outcome)
    })
}

/// A run as a `Stream` of events; drives one superstep per poll cycle.
pub struct RunStream {
    stepper: Option<Stepper>,
    running: Option<TickFuture>,
    sink: Sink,
    end: Option<Result<(), Error>>,
}

impl RunStream {
    fn new(stepper: Stepper) -> Self {
        let sink = stepper.run.sink.clone();
        RunStream { stepper: Some(stepper), running: None, sink, end: None }
    }

    /// The stepper, once the stream has ended (for its final state).
    pub fn into_stepper(self) -> Option<Stepper> {
        self.stepper
    }
}

impl Stream for RunStream {
    type Item = Result<StreamPart, Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            if let Some(part) = self.sink.pop() {
                return Poll::Ready(Some(Ok(part)));
            }
            if let Some(end) = self.end.take() {
                self.end = Some(Ok(()));
                return Poll::Ready(end.err().map(Err));
            }
            if self.running.is_none() {
                let Some(stepper) = self.stepper.take() else {
                    return Poll::Ready(None);
                };
                self.running = Some(tick_owned(stepper));
            }
            let fut = self.running.as_mut().expect("set above");
            match fut.as_mut().poll(cx) {
                Poll::Pending => {
                    return match self.sink.pop() {
                        Some(part) => Poll::Ready(Some(Ok(part))),
                        None => {
                            self.sink.park(cx.waker());
                            Poll::Pending
                        }
                    }
                }
                Poll::Ready((stepper, outcome)) => {
                    self.running = None;
                    self.stepper = Some(stepper);
                    match outcome {
                        Outcome::Continue => {}
                        Outcome::Error(e) => self.end = Some(Err(e)),
                        _ => self.end = Some(Ok(())),
                    }
                }
            }
        }
    }
}
