//! What a running JS node holds: a task id into this table, for its state
//! (read lazily, key by key) and its runtime (interrupt, custom stream writes,
//! nested graph calls). An id, not a wasm-bindgen object: an object costs a JS
//! wrapper and a finalizer per task, a large part of a small task's crossing.
use crate::convert::{from_js, js_key, to_js, to_js_any, to_js_in};
use serde_json::json;
use slab::Slab;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::{LateWriter, NodeError, Runtime, State};
use wasm_bindgen::prelude::*;

struct Task {
    rt: Runtime,
    state: State,
}

/// Live tasks, each with the generation it was opened in: an id whose task
/// has finished never reaches a later task that reuses its slot. `late`: the
/// custom writers of finished tasks whose run streams them (see `write`), at
/// most the newest `LATE_KEPT`, swept of gone streams whenever it has doubled.
struct Table {
    tasks: Slab<(u32, Rc<Task>)>,
    generation: u32,
    late: Vec<(f64, LateWriter)>,
    late_sweep_at: usize,
}

thread_local! {
    static TABLE: RefCell<Table> = const { RefCell::new(Table { tasks: Slab::new(), generation: 0, late: Vec::new(), late_sweep_at: 64 }) };
}

impl Table {
    fn keep_late(&mut self, id: f64, writer: LateWriter) {
        if self.late.len() >= self.late_sweep_at {
            self.late.retain(|(_, w)| w.is_live());
            self.late_sweep_at = (self.late.len() * 2).max(64);
        }
        if self.late.len() >= LATE_KEPT {
            // The older half goes at once: the cost stays constant per task.
            self.late.drain(..LATE_KEPT / 2);
        }
        self.late.push((id, writer));
    }
}

const SLOTS: f64 = 4_294_967_296.0;
/// How many finished tasks keep their late writer: a write a node left running
/// comes soon after its call, and a long run's table stays small.
const LATE_KEPT: usize = 4096;

/// Opens a task for a JS call; the JS glue closes it when the call settles.
pub fn open(rt: Runtime, state: State) -> f64 {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.generation = t.generation.wrapping_add(1);
        let generation = t.generation;
        let slot = t.tasks.insert((generation, Rc::new(Task { rt, state })));
        generation as f64 * SLOTS + slot as f64
    })
}

/// The slot of the task `id` names, if that task is still open.
fn live(table: &Table, id: f64) -> Option<usize> {
    if !(id.is_finite() && id >= 0.0 && id.fract() == 0.0) {
        return None;
    }
    let (slot, generation) = ((id % SLOTS) as usize, (id / SLOTS) as u32);
    table.tasks.get(slot).filter(|(g, _)| *g == generation).map(|_| slot)
}

/// The task `id` names, if it is still open.
fn open_task(id: f64) -> Option<Rc<Task>> {
    TABLE.with(|t| {
        let t = t.borrow();
        live(&t, id).map(|slot| t.tasks[slot].1.clone())
    })
}

fn task(id: f64) -> Result<Rc<Task>, JsValue> {
    open_task(id).ok_or_else(|| js_sys::Error::new("this node's task has finished; its config no longer reaches the run").into())
}

/// Closes a task (its call settled). Closing twice, or an unknown id, does nothing.
#[wasm_bindgen(js_name = taskClose)]
pub fn close(id: f64) {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if let Some(slot) = live(&t, id) {
            let (_, task) = t.tasks.remove(slot);
            if let Some(writer) = task.rt.late_writer() {
                t.keep_late(id, writer);
            }
        }
    });
}

/// One channel of the task's input state.
#[wasm_bindgen(js_name = taskGet)]
pub fn get(id: f64, key: &str) -> Result<JsValue, JsValue> {
    let state = &task(id)?.state;
    Ok(state.shared(key).map(|v| to_js_in(state, &v)).unwrap_or(JsValue::UNDEFINED))
}

/// The task's input state again (the engine passes it with the call; see `input`).
#[wasm_bindgen(js_name = taskEager)]
pub fn eager(id: f64) -> Result<JsValue, JsValue> {
    Ok(input(&task(id)?.state))
}

/// A task's input state as JS: small values converted now, as one object; big
/// lists and maps are left out and named in `__lazy`, to be read only if the
/// node touches them.
pub fn input(state: &State) -> JsValue {
    let obj = js_sys::Object::new();
    let mut lazy: Option<js_sys::Array> = None;
    for (k, v) in state.iter_ready() {
        let small = match v.map(|v| &**v) {
            Some(serde_json::Value::Array(a)) => a.len() <= 32,
            Some(serde_json::Value::Object(m)) => m.len() <= 32,
            Some(_) => true,
            None => false,
        };
        match v {
            Some(v) if small => crate::convert::set_field(&obj, &js_key(k), &to_js_in(state, v)),
            _ => {
                lazy.get_or_insert_with(js_sys::Array::new).push(&js_key(k));
            }
        }
    }
    if let Some(lazy) = lazy {
        crate::convert::set_field(&obj, &js_key("__lazy"), &lazy);
    }
    obj.into()
}

#[wasm_bindgen(js_name = taskStep)]
pub fn step(id: f64) -> Result<f64, JsValue> {
    Ok(task(id)?.rt.step() as f64)
}

#[wasm_bindgen(js_name = taskNode)]
pub fn node(id: f64) -> Result<String, JsValue> {
    Ok(task(id)?.rt.node().to_string())
}

#[wasm_bindgen(js_name = taskTriggers)]
pub fn triggers(id: f64) -> Result<Vec<String>, JsValue> {
    Ok(task(id)?.rt.triggers())
}

#[wasm_bindgen(js_name = taskPath)]
pub fn path(id: f64) -> Result<String, JsValue> {
    Ok(task(id)?.rt.path())
}

/// `[checkpoint id, attempt, first attempt's time in ms or undefined]` (LangGraph's `execution_info`).
#[wasm_bindgen(js_name = taskExecutionInfo)]
pub fn execution_info(id: f64) -> Result<js_sys::Array, JsValue> {
    let rt = &task(id)?.rt;
    let first = rt.first_attempt_ms().map_or(JsValue::UNDEFINED, JsValue::from_f64);
    Ok(js_sys::Array::of3(&JsValue::from_str(rt.checkpoint_id()), &JsValue::from_f64(rt.attempt().into()), &first))
}

#[wasm_bindgen(js_name = taskRecursionLimit)]
pub fn recursion_limit(id: f64) -> Result<f64, JsValue> {
    Ok(task(id)?.rt.recursion_limit() as f64)
}

#[wasm_bindgen(js_name = taskRemainingSteps)]
pub fn remaining_steps(id: f64) -> Result<f64, JsValue> {
    Ok(task(id)?.rt.remaining_steps() as f64)
}

#[wasm_bindgen(js_name = taskCheckpointNs)]
pub fn checkpoint_ns(id: f64) -> Result<String, JsValue> {
    Ok(task(id)?.rt.checkpoint_ns())
}

#[wasm_bindgen(js_name = taskConfigurable)]
pub fn configurable(id: f64) -> Result<JsValue, JsValue> {
    Ok(to_js_any(task(id)?.rt.configurable()))
}

/// The checkpoint namespace of the task's `index`-th call, to `name`.
#[wasm_bindgen(js_name = taskCallCheckpointNs)]
pub fn call_checkpoint_ns(id: f64, index: usize, name: &str) -> Result<String, JsValue> {
    Ok(task(id)?.rt.call_checkpoint_ns(index, name))
}

#[wasm_bindgen(js_name = taskCheckpointMap)]
pub fn checkpoint_map(id: f64) -> Result<JsValue, JsValue> {
    Ok(to_js_any(&task(id)?.rt.checkpoint_map()))
}

/// The task's last resume value was refused (see `Runtime::refuse_answer`).
#[wasm_bindgen(js_name = taskRefuseAnswer)]
pub fn refuse_answer(id: f64) -> Result<(), JsValue> {
    task(id)?.rt.refuse_answer();
    Ok(())
}

/// `{resumed: true, value}` when a resume value waits, else `{interrupts}`;
/// `schema` (JSON Schema, or undefined) is the answer the interrupt expects.
#[wasm_bindgen(js_name = taskInterrupt)]
pub fn interrupt(id: f64, value: JsValue, schema: JsValue) -> Result<JsValue, JsValue> {
    let schema = from_js(schema)?;
    match task(id)?.rt.interrupt_asking(from_js(value)?, (!schema.is_null()).then_some(schema)) {
        Ok(v) => Ok(to_js(&json!({"resumed": true, "value": v}))),
        Err(NodeError::Interrupted(i)) => Ok(to_js_any(&json!({ "interrupts": i }))),
        Err(NodeError::Graph(e)) => Err(crate::errors::to_js(&e)),
        Err(other) => Err(JsValue::from_str(&other.to_string())),
    }
}

/// Emits a `custom` stream event. As LangGraph.js's writer, a node's keeps
/// working after its call settled: to the run's stream while that streams
/// custom events, else to nowhere.
#[wasm_bindgen(js_name = taskWrite)]
pub fn write(id: f64, value: JsValue) -> Result<(), JsValue> {
    let value = from_js(value)?;
    if let Some(task) = open_task(id) {
        task.rt.write(value);
        return Ok(());
    }
    // Out of the table first: a write wakes the stream's consumer.
    // (A late write is rare: a scan is enough.)
    let late = TABLE.with(|t| t.borrow().late.iter().find(|(kept, _)| *kept == id).map(|(_, w)| w.clone()));
    if let Some(writer) = late {
        writer.write(value);
    }
    Ok(())
}

/// Writes `value` to channel `key` with the task's result (`pushMessage`).
#[wasm_bindgen(js_name = taskPushWrite)]
pub fn push_write(id: f64, key: JsValue, value: JsValue) -> Result<(), JsValue> {
    let task = task(id)?;
    let key = crate::convert::string_arg(&key, "a channel name")?;
    task.rt.push_write(&key, from_js(value)?);
    Ok(())
}

/// A JS object the run config carried for nodes (the engine keeps it as `Any`), or undefined.
fn handed_back(object: Option<&Rc<dyn std::any::Any>>) -> JsValue {
    object.and_then(|o| o.downcast_ref::<JsValue>()).cloned().unwrap_or(JsValue::UNDEFINED)
}

/// The run's `AbortSignal` (undefined without one).
#[wasm_bindgen(js_name = taskSignal)]
pub fn signal(id: f64) -> Result<JsValue, JsValue> {
    Ok(handed_back(task(id)?.rt.cancel().and_then(|c| c.source())))
}

/// The run's `{tags, metadata}` from its JS config, or undefined.
#[wasm_bindgen(js_name = taskHost)]
pub fn host(id: f64) -> Result<JsValue, JsValue> {
    Ok(handed_back(task(id)?.rt.host()))
}

/// The metadata of the task's node and of those whose subgraph it runs in, merged; undefined when none.
#[wasm_bindgen(js_name = taskNodeMetadata)]
pub fn node_metadata(id: f64) -> Result<JsValue, JsValue> {
    Ok(task(id)?.rt.node_metadata().map_or(JsValue::UNDEFINED, |m| crate::convert::to_js(&serde_json::Value::Object(m))))
}

/// The run's RunControl, or undefined.
#[wasm_bindgen(js_name = taskControl)]
pub fn control(id: f64) -> Result<JsValue, JsValue> {
    Ok(handed_back(task(id)?.rt.drain().and_then(|d| d.source())))
}

/// The run's store object, or undefined.
#[wasm_bindgen(js_name = taskStore)]
pub fn store(id: f64) -> Result<JsValue, JsValue> {
    Ok(handed_back(task(id)?.rt.store()))
}

/// In an error handler's task: `{node, message, name, ns}` of the failure it
/// handles (`ns`: the failed task's checkpoint namespace); else undefined.
#[wasm_bindgen(js_name = taskFailure)]
pub fn failure(id: f64) -> Result<JsValue, JsValue> {
    let task = task(id)?;
    let Some((node, e)) = task.rt.failure() else { return Ok(JsValue::UNDEFINED) };
    let ns = task.rt.failed_checkpoint_ns();
    Ok(to_js(&json!({ "node": node, "message": e.task_message(), "name": e.task_error_class(), "ns": ns })))
}

/// Whether this router routes a command that a subgraph of its node sent up.
#[wasm_bindgen(js_name = taskRoutesChildCommand)]
pub fn routes_child_command(id: f64) -> Result<bool, JsValue> {
    Ok(task(id)?.rt.routes_child_command())
}

/// What the run streams from this task through the node's callbacks, as bits:
/// 1 `messages` events, 2 `tools` events. One call, as it is made per task.
#[wasm_bindgen(js_name = taskStreams)]
pub fn streams(id: f64) -> Result<u32, JsValue> {
    let rt = &task(id)?.rt;
    Ok(u32::from(rt.streams_messages()) | u32::from(rt.streams_tools()) << 1)
}

/// Emits a `tools` stream event.
#[wasm_bindgen(js_name = taskToolEvent)]
pub fn tool_event(id: f64, event: JsValue) -> Result<(), JsValue> {
    let (rt, event) = (&task(id)?.rt, from_js(event)?);
    rt.push_tool_event(event);
    Ok(())
}

/// Emits a `messages` stream event (`[message, metadata]`); `output`: a message
/// the node returned, not sent if the stream sent its id already.
#[wasm_bindgen(js_name = taskMessage)]
pub fn message(id: f64, pair: JsValue, output: bool) -> Result<(), JsValue> {
    let (rt, pair) = (&task(id)?.rt, from_js(pair)?);
    if output {
        rt.push_output_message(pair)
    } else {
        rt.push_message(pair)
    }
    Ok(())
}

/// Starts a task call (`task()`) with its arguments: `[index, true, result]`
/// when an earlier run of this task finished it, else `[index, false]`.
#[wasm_bindgen(js_name = taskBeginCall)]
pub fn begin_call(id: f64, name: JsValue, input: JsValue) -> Result<js_sys::Array, JsValue> {
    let task = task(id)?;
    let name = crate::convert::string_arg(&name, "a task's name")?;
    let (index, hit) = task.rt.begin_call(&name, from_js(input)?);
    let out = js_sys::Array::of2(&JsValue::from(index as u32), &JsValue::from_bool(hit.is_some()));
    if let Some(v) = hit {
        out.push(&to_js(&v));
    }
    Ok(out)
}

/// Records a finished task call's result (`cached`: a cache hit's).
#[wasm_bindgen(js_name = taskFinishCall)]
pub fn finish_call(id: f64, index: u32, name: JsValue, value: JsValue, cached: bool) -> Result<(), JsValue> {
    let task = task(id)?;
    let name = crate::convert::string_arg(&name, "a task's name")?;
    let value = from_js(value)?;
    match cached {
        true => task.rt.finish_call_cached(index as usize, &name, value),
        false => task.rt.finish_call(index as usize, &name, value),
    }
    Ok(())
}

/// Streams the task's calls finished since the last flush; a finished task's went with its end.
#[wasm_bindgen(js_name = taskFlushCalls)]
pub fn flush_calls(id: f64) {
    if let Ok(task) = task(id) {
        task.rt.flush_calls();
    }
}

/// `[result]` if the graph's cache holds a call to `name` with cache key `key`, else `[]`.
#[wasm_bindgen(js_name = taskCachedCall)]
pub fn cached_call(id: f64, name: String, key: String) -> Result<js_sys::Array, JsValue> {
    let out = js_sys::Array::new();
    if let Some(v) = task(id)?.rt.cached_call(&name, &key) {
        out.push(&to_js(&v));
    }
    Ok(out)
}

/// Caches a call's result (`ttl` in seconds; none: for good).
#[wasm_bindgen(js_name = taskCacheCall)]
pub fn cache_call(id: f64, name: String, key: String, value: JsValue, ttl: Option<f64>) -> Result<(), JsValue> {
    task(id)?.rt.cache_call(&name, &key, from_js(value)?, ttl);
    Ok(())
}

/// The running task's runtime (for nested graph calls, `subgraph_calls.rs`).
pub(crate) fn runtime(id: f64) -> Result<Runtime, JsValue> {
    Ok(task(id)?.rt.clone())
}
