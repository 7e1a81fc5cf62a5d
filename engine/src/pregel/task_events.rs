//! What a task streams as it starts and settles ("tasks", "debug" and
//! "updates" parts), and a pause's `{__interrupt__: [...]}` chunk.
use super::execute::{TaskResult, TaskStatus};
use super::plan::Task;
use super::runtime::RunCtx;
use super::stream::{Sink, StreamMode};
use crate::graph::compile::GraphSpec;
use crate::types::{Interrupt, INTERRUPT_KEY};
use serde_json::{json, Map, Value};

/// A stop as LangGraph streams it, in "updates" and "values": `{__interrupt__: [...]}`.
pub(super) fn stream_stop(sink: &Sink, ns: &[String], interrupts: &[Interrupt]) {
    let payload = Value::Array(interrupts.iter().map(interrupt_json).collect());
    sink.push(ns, StreamMode::Updates, || json!({ INTERRUPT_KEY: payload.clone() }));
    sink.push(ns, StreamMode::Values, || json!({ INTERRUPT_KEY: payload }));
}

pub(crate) fn interrupt_json(i: &Interrupt) -> Value {
    // One raised by hand (a NodeInterrupt) has no id, and shows none. Not
    // `serde_json::to_value`: its serializer would be new code in the wasm.
    let mut out = if i.id.is_empty() { json!({ "value": i.value }) } else { json!({ "id": i.id, "value": i.value }) };
    if let Some(schema) = &i.response_schema {
        out["response_schema"] = schema.clone();
    }
    out
}

/// LangGraph's own keys, which a task event's metadata leaves out (its fields say them).
const NOT_TASK_METADATA: [&str; 9] = [
    "thread_id",
    "checkpoint_id",
    "checkpoint_ns",
    "checkpoint_map",
    "langgraph_step",
    "langgraph_node",
    "langgraph_triggers",
    "langgraph_path",
    "langgraph_checkpoint_ns",
];

/// A task event's metadata, as LangGraph.js makes it from the task's config: the run's
/// part (`RunConfig::task_metadata`), then `chain`, the metadata of the nodes whose
/// subgraph the task runs in and its own node's, without LangGraph's own keys; then the run's tags.
pub(super) fn task_event_metadata<'a>(run: &RunCtx, chain: impl Iterator<Item = &'a Map<String, Value>>) -> Value {
    let mut metadata = run.task_metadata.clone();
    chain.for_each(|m| metadata.extend(m.clone()));
    metadata.retain(|k, _| !NOT_TASK_METADATA.contains(&k.as_str()));
    if !run.task_tags.is_empty() {
        metadata.insert("tags".into(), json!(run.task_tags));
    }
    Value::Object(metadata)
}

pub(super) fn emit_task_start(sink: &Sink, ns: &[String], spec: &GraphSpec, task: &Task, step: i64, run: &RunCtx) {
    if task.node == 0 {
        return;
    }
    let payload = || {
        let metadata = task_event_metadata(run, run.metadata_chain(&spec.nodes[task.node].spec.metadata));
        json!({ "id": task.id, "name": &*task.name, "input": task.input().to_value(), "triggers": task.trigger_names(spec), "interrupts": [], "metadata": metadata })
    };
    sink.push_with_debug(ns, StreamMode::Tasks, "task", step, &run.env, payload);
}

/// A task's "updates" chunk: `{node: update}`, marked when the result was not
/// computed now (a cache hit, or a result saved before a pause).
pub(super) fn update_chunk(spec: &GraphSpec, task: &Task, r: &TaskResult, cached: bool, run: &RunCtx) -> Value {
    let task = r.handled.as_ref().map_or(task, |h| &*h.task);
    let mut m = Map::new();
    let update = match &run.output_keys {
        Some(keys) => keys.update(spec, r),
        None => Some(r.update_chunk(spec, None)),
    };
    if let Some(update) = update {
        m.insert(task.name.to_string(), update);
    }
    if cached {
        m.insert("__metadata__".into(), json!({ "cached": true }));
    }
    Value::Object(m)
}

pub(super) fn emit_task_result(sink: &Sink, ns: &[String], spec: &GraphSpec, task: &Task, r: &TaskResult, step: i64, run: &RunCtx) {
    // A subgraph's drain passing up shows no result, as in LangGraph.js.
    if task.node == 0 || r.status.drain().is_some() {
        return;
    }
    // A failed task whose error handler ran: the result is the handler's.
    let task = r.handled.as_ref().map_or(task, |h| &*h.task);
    match &r.status {
        TaskStatus::Done => sink.push(ns, StreamMode::Updates, || update_chunk(spec, task, r, r.cached, run)),
        // A pause streams when it happens, before the task's result, as in LangGraph.
        TaskStatus::Interrupted(raised) => stream_stop(sink, ns, raised),
        _ => {}
    }
    // As LangGraph.js: a cache hit streams its update, not a task result.
    if r.cached {
        return;
    }
    let payload = || {
        // A paused task shows no result (its writes are not applied), as in LangGraph.js.
        let result = if matches!(r.status, TaskStatus::Interrupted(_)) { json!({}) } else { r.update(spec) };
        let interrupts: Vec<Value> = match &r.status {
            TaskStatus::Interrupted(i) => i.iter().map(interrupt_json).collect(),
            _ => vec![],
        };
        // As LangGraph.js records it: the error's own message and class.
        let error = match &r.status {
            TaskStatus::Failed(e) => json!({ "message": e.task_message(), "name": e.task_error_class() }),
            // LangGraph.js sends a command to the parent graph up as an error.
            TaskStatus::Parent(_) => json!({ "message": "", "name": "ParentCommand" }),
            _ => Value::Null,
        };
        json!({ "id": task.id, "name": &*task.name, "result": result, "interrupts": interrupts, "error": error })
    };
    sink.push_with_debug(ns, StreamMode::Tasks, "task_result", step, &run.env, payload);
}
