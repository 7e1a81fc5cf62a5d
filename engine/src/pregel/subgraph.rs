//! Subgraphs: a compiled graph run as a node, or invoked from inside a node.
//! The child streams into the parent's sink under the task's namespace, is
//! checkpointed under the parent's thread (per invocation, per thread, or not
//! at all), and its interrupts and `Command(graph=PARENT)` travel up as node
//! errors.
use super::runtime::Runtime;
use super::stepper::Outcome;
use super::stream::{Sink, StreamMode, StreamPart};
use super::{Input, RunConfig};
use crate::checkpoint::{Checkpointing, Persistence, WriteKind};
use crate::graph::node::{Call, NodeSpec};
use crate::types::{Command, NodeError, NodeOutput};
use crate::CompiledGraph;
use futures::FutureExt;
use serde_json::{Map, Value};
use std::rc::Rc;
use std::task::Poll;

/// What a call to `invoke_graph_with` sets for its subgraph's run, over what it
/// inherits from the task's run (as LangGraph.js merges a call's config into the
/// parent's).
#[derive(Default)]
pub struct GraphCall {
    /// Laid over the run's `configurable`: the child's nodes see what it adds or changes.
    pub configurable: Map<String, Value>,
    /// The child's recursion limit; by default the run's.
    pub recursion_limit: Option<usize>,
    /// The child run's own output keys (LangGraph's `outputKeys` of the call).
    pub output_keys: Option<super::OutputKeys>,
    /// The host's own data for the child's nodes; by default the run's.
    pub host: Option<Rc<dyn std::any::Any>>,
}

/// How deep subgraphs may nest. A subgraph node runs its child within its own
/// poll, so each level takes stack; some 170 overflowed the wasm's 1 MB, which
/// leaves the engine unusable.
const MAX_NESTING: usize = 64;

/// A node that runs `graph` on the parent's state; its output is the update.
pub fn subgraph_node(name: String, graph: CompiledGraph) -> NodeSpec {
    let g = graph.clone();
    let action = Rc::new(move |state: crate::State, rt: Runtime| {
        let g = g.clone();
        Call::Later(
            async move {
                let out = rt.invoke_graph(&g, state.to_value()).await?;
                // The parent takes the keys it shares with the subgraph.
                let parent = rt.0.graph.spec();
                let shared = match out {
                    Value::Object(m) => m.into_iter().filter(|(k, _)| parent.channel(k).is_some_and(|c| c < parent.state_count)).collect(),
                    _ => serde_json::Map::new(),
                };
                Ok(NodeOutput::Update(Value::Object(shared)))
            }
            .boxed_local(),
        )
    });
    let mut spec = NodeSpec::new(name, action);
    spec.subgraph = Some(graph);
    spec
}

impl Runtime {
    /// Where a subgraph called from this task keeps its checkpoints, if anywhere.
    fn child_persistence(&self, graph: &CompiledGraph, call: usize) -> Option<Persistence> {
        let p = self.run_ctx().persistence.as_ref()?;
        let saver = match &graph.options().checkpointer {
            Checkpointing::Disabled => return None,
            Checkpointing::Inherit | Checkpointing::PerThread => p.saver.clone(),
            Checkpointing::Saver(s) => s.clone(),
        };
        // As LangGraph.js: a task's later calls get namespaces of their own, numbered in call order.
        let task = &self.0.task;
        let first = crate::checkpoint::child_ns(&p.ns, &task.name, &task.id, graph);
        let ns = if call == 0 { first } else { format!("{first}|{call}") };
        // As LangGraph: the child's checkpoints name the checkpoint each enclosing graph runs from.
        let mut parents = p.parents.clone();
        parents.insert(p.ns.as_str().into(), self.0.checkpoint_id.clone());
        Some(Persistence { saver, thread_id: p.thread_id.clone(), ns, parents })
    }

    /// Runs `graph` as a subgraph of this task and returns its output.
    /// (Boxed: see `CompiledGraph::invoke`.)
    #[inline(never)]
    pub fn invoke_graph<'a>(
        &'a self,
        graph: &'a CompiledGraph,
        input: Value,
    ) -> futures::future::LocalBoxFuture<'a, Result<Value, NodeError>> {
        Box::pin(self.invoke_graph_unboxed(graph, input, GraphCall::default()))
    }

    /// `invoke_graph` with the call's own config (see `GraphCall`).
    pub fn invoke_graph_with<'a>(
        &'a self,
        graph: &'a CompiledGraph,
        input: Value,
        call: GraphCall,
    ) -> futures::future::LocalBoxFuture<'a, Result<Value, NodeError>> {
        Box::pin(self.invoke_graph_unboxed(graph, input, call))
    }

    /// Runs `graph` as a subgraph of this task, as `invoke_graph_with` does, for the
    /// node to read its stream too: a graph a node streams (as LangGraph.js's
    /// `stream` inside a node), whose parts also reach the parent's stream.
    pub fn stream_graph<'a>(
        &'a self,
        graph: &'a CompiledGraph,
        input: Value,
        call: GraphCall,
        modes: Vec<StreamMode>,
        subgraphs: bool,
    ) -> futures::future::LocalBoxFuture<'a, Result<ChildRun, NodeError>> {
        Box::pin(async move {
            let stepper = self.start_child(graph, input, call, Some((modes, subgraphs))).await?;
            let sink = Some(stepper.run.sink.clone());
            Ok(ChildRun { stepper: Some(stepper), running: None, sink, end: None })
        })
    }

    async fn invoke_graph_unboxed(&self, graph: &CompiledGraph, input: Value, own: GraphCall) -> Result<Value, NodeError> {
        // No sink of its own: its parts go to the parent's stream only.
        let stepper = self.start_child(graph, input, own, None).await?;
        let mut run = ChildRun { stepper: Some(stepper), running: None, sink: None, end: None };
        while let Some(ended) = run.next().await {
            ended?;
        }
        Ok(run.stepper.as_ref().expect("no superstep runs after the end").invoke_output())
    }

    /// The child run, ready for its first superstep: its config, namespace,
    /// checkpoints and start (a continued run where the task continues one).
    /// `local`: the modes and `subgraphs` flag of a stream the node reads itself.
    async fn start_child(
        &self,
        graph: &CompiledGraph,
        input: Value,
        own: GraphCall,
        local: Option<(Vec<StreamMode>, bool)>,
    ) -> Result<super::Stepper, NodeError> {
        if self.0.run.namespace.len() >= MAX_NESTING {
            return Err(NodeError::msg(format!("subgraphs nest more than {MAX_NESTING} deep (a graph that runs itself without end?)")));
        }
        let run = self.run_ctx();
        let mut configurable = run.configurable.clone();
        configurable.extend(own.configurable);
        // The parent's checkpoint (a replay's, say) is not one of the child's.
        configurable.remove("checkpoint_id");
        configurable.remove("checkpoint_ns");
        configurable.remove("checkpoint_map");
        let config = RunConfig {
            context: run.context.clone(),
            configurable,
            cancel: run.cancel.clone(),
            drain: run.drain.clone(),
            host: own.host.or_else(|| run.host.clone()),
            enclosing_metadata: self.metadata_chain().map(|m| Value::Object(m.clone())).collect(),
            task_metadata: Some(run.task_metadata.clone()),
            task_tags: run.task_tags.clone(),
            max_concurrency: run.slots.as_ref().map(|s| s.limit()),
            store: run.store.clone(),
            save_on_exit: run.save_on_exit,
            recursion_limit: own.recursion_limit.unwrap_or(run.recursion_limit),
            output_keys: own.output_keys,
            lifecycle: run.lifecycle.clone(),
            ..RunConfig::default()
        };
        let call = self.0.graph_calls.get();
        self.0.graph_calls.set(call + 1);
        let persistence = self.child_persistence(graph, call);
        let mut namespace = self.namespace();
        if call > 0 {
            namespace.push(call.to_string());
        }
        // As LangGraph.js: a per-thread subgraph streams under its stable namespace too.
        if matches!(graph.options().checkpointer, Checkpointing::PerThread) {
            namespace = namespace.iter().map(|s| crate::checkpoint::without_task_id(s).to_string()).collect();
        }
        let mut start = Input::Values(input);
        // As LangGraph.js: in a time-travelling run no subgraph resumes; each namespace's first
        // call starts from its state as of the fork.
        let replay = self.run_ctx().replay.get().cloned();
        let resuming = self.0.resuming.get() && replay.is_none();
        if let Some(p) = persistence.as_ref().filter(|_| resuming) {
            // As LangGraph.js: a task that continues an earlier run continues the subgraph's
            // saved run too: its pause, its breakpoint, or its finished state, returned as is.
            if let Some(saved) = p.saver.get(&p.thread_id, &p.ns, None).await.map_err(NodeError::from)? {
                let paused = saved.pending_writes.iter().any(|w| matches!(w.kind, WriteKind::Interrupted { .. }));
                let unfinished = || {
                    crate::checkpoint::decode(graph.spec(), &saved)
                        .is_ok_and(|rs| !super::plan(graph.spec(), &rs, &saved.checkpoint.id, &p.ns).is_empty())
                };
                // The child keeps its earlier answers itself: it needs only the newest (which
                // answers its paused interrupt, or its first one if none is paused), and only
                // if it has something left to run.
                let value = if paused || unfinished() {
                    let mut cursor = self.0.resume.borrow_mut();
                    let value = (cursor.next < cursor.values.len()).then(|| cursor.values.last().cloned()).flatten();
                    cursor.next = cursor.values.len();
                    value
                } else {
                    None
                };
                start = match value {
                    Some(v) => Input::Command(Command::resume(v)),
                    None => Input::Continue,
                };
            }
        }
        let before = match (&replay, &persistence) {
            (Some(r), Some(p)) if r.first_visit(&p.ns) => Some(r.before.clone()),
            _ => None,
        };
        let nested = crate::checkpoint::Nested { persistence, resuming, replay, before };
        let sink = match local {
            Some((modes, subgraphs)) => Sink::tee(self.sink(), namespace.len(), modes, subgraphs),
            None => self.sink().clone(),
        };
        let mut stepper =
            crate::checkpoint::start_run(graph, start, config, namespace, Some(sink), Some(nested)).await.map_err(NodeError::from)?;
        // A subgraph node's run, not a graph its node's own code calls (see the field).
        let subgraph_node = self.node_spec().subgraph.is_some();
        stepper.drain_after_first_step = subgraph_node && !self.run_ctx().drain_before_subgraphs.get() && !self.0.waited_for_slot.get();
        Ok(stepper)
    }
}

/// A subgraph run its node streams: its parts as it runs (their namespaces whole,
/// from the root graph); its pause, failure or parent command end it as the node's error.
pub struct ChildRun {
    /// None while a superstep owns it (`running`).
    stepper: Option<super::Stepper>,
    running: Option<super::TickFuture>,
    /// The node's own stream of the run (none for `invoke_graph`).
    sink: Option<Sink>,
    end: Option<Result<(), NodeError>>,
}

impl ChildRun {
    /// The next part; `None` once the run is done; its error after its last parts.
    pub async fn next(&mut self) -> Option<Result<StreamPart, NodeError>> {
        loop {
            if let Some(part) = self.sink.as_ref().and_then(Sink::pop) {
                return Some(Ok(part));
            }
            if let Some(end) = self.end.take() {
                self.end = Some(Ok(()));
                return end.err().map(Err);
            }
            // Each superstep lets the parent's other tasks run first, as LangGraph's
            // awaits do: parallel subgraphs interleave, and a sibling's pause or
            // failure lands before this subgraph's later supersteps.
            if self.running.is_none() {
                yield_now().await;
            }
            // Boxed (`tick_owned`): awaited in place, the whole superstep would compile into this
            // future a second time (12 KB of wasm). A node that streams the run reads its parts
            // as they come, not at each superstep's end.
            let running = self.running.get_or_insert_with(|| super::tick_owned(self.stepper.take().expect("one superstep at a time")));
            let sink = &self.sink;
            let ended = std::future::poll_fn(|cx| match (running.as_mut().poll(cx), sink) {
                (Poll::Ready(ended), _) => Poll::Ready(Some(ended)),
                (Poll::Pending, Some(sink)) if sink.has_parts() => Poll::Ready(None),
                (Poll::Pending, Some(sink)) => {
                    sink.park(cx.waker());
                    Poll::Pending
                }
                (Poll::Pending, None) => Poll::Pending,
            })
            .await;
            let Some((stepper, outcome)) = ended else { continue };
            (self.running, self.stepper) = (None, Some(stepper));
            self.end = match outcome {
                Outcome::Continue => None,
                Outcome::Done => Some(Ok(())),
                Outcome::Interrupted(i) => Some(Err(NodeError::Interrupted(i))),
                Outcome::Error(e) => Some(Err(NodeError::Graph(Box::new(e)))),
                Outcome::ParentCommand(c) => Some(Err(NodeError::ParentCommand(c))),
            };
        }
    }
}

/// Pending once (waking itself at once), so the executor polls the other tasks.
pub(super) fn yield_now() -> impl std::future::Future<Output = ()> {
    let mut yielded = false;
    std::future::poll_fn(move |cx| {
        if yielded {
            return std::task::Poll::Ready(());
        }
        yielded = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    })
}
