//! What a running JS node holds: one handle with its state (read lazily, key
//! by key) and its runtime (interrupt, custom stream writes, nested graph calls).
use crate::convert::{from_js, to_js, to_js_any, to_js_shared};
use futures::FutureExt;
use serde_json::json;
use superstep::{NodeError, Runtime, State};
use wasm_bindgen::prelude::*;

/// A running task: its input state (read lazily, key by key) and its runtime.
/// One handle per task, not two: each costs a wrapper and its finalizer.
#[wasm_bindgen]
pub struct JsRuntime {
    rt: Runtime,
    state: State,
}

impl JsRuntime {
    pub fn new(rt: Runtime, state: State) -> Self {
        JsRuntime { rt, state }
    }
}

#[wasm_bindgen]
impl JsRuntime {
    pub fn get(&self, key: &str) -> JsValue {
        self.state.shared(key).map(|v| to_js_shared(&v)).unwrap_or(JsValue::UNDEFINED)
    }

    /// Small values converted now, as one object; big lists and maps are left
    /// out and named in `lazy`, to be read only if the node touches them.
    pub fn eager(&self) -> JsValue {
        let obj = js_sys::Object::new();
        let lazy = js_sys::Array::new();
        for (k, v) in self.state.iter_ready() {
            let small = match v.map(|v| &**v) {
                Some(serde_json::Value::Array(a)) => a.len() <= 32,
                Some(serde_json::Value::Object(m)) => m.len() <= 32,
                Some(_) => true,
                None => false,
            };
            match v {
                Some(v) if small => {
                    let _ = js_sys::Reflect::set(&obj, &crate::convert::js_key(k), &to_js_shared(v));
                }
                _ => {
                    lazy.push(&crate::convert::js_key(k));
                }
            }
        }
        if lazy.length() > 0 {
            let _ = js_sys::Reflect::set(&obj, &crate::convert::js_key("__lazy"), &lazy);
        }
        obj.into()
    }

    pub fn step(&self) -> f64 {
        self.rt.step() as f64
    }
    pub fn node(&self) -> String {
        self.rt.node().to_string()
    }
    pub fn triggers(&self) -> Vec<String> {
        self.rt.triggers()
    }
    pub fn path(&self) -> String {
        self.rt.path()
    }
    #[wasm_bindgen(js_name = taskId)]
    pub fn task_id(&self) -> String {
        self.rt.task_id().to_string()
    }
    #[wasm_bindgen(js_name = remainingSteps)]
    pub fn remaining_steps(&self) -> f64 {
        self.rt.remaining_steps() as f64
    }
    #[wasm_bindgen(js_name = checkpointNs)]
    pub fn checkpoint_ns(&self) -> String {
        self.rt.checkpoint_ns()
    }
    pub fn namespace(&self) -> Vec<String> {
        self.rt.namespace()
    }
    pub fn configurable(&self) -> JsValue {
        to_js_any(self.rt.configurable())
    }
    pub fn context(&self) -> JsValue {
        to_js(self.rt.context())
    }

    /// `{resumed: true, value}` when a resume value waits, else `{interrupts}`.
    pub fn interrupt(&self, value: JsValue) -> Result<JsValue, JsValue> {
        match self.rt.interrupt(from_js(value)?) {
            Ok(v) => Ok(to_js(&json!({"resumed": true, "value": v}))),
            Err(NodeError::Interrupted(i)) => Ok(to_js_any(&json!({ "interrupts": i }))),
            Err(NodeError::Graph(e)) => Err(crate::errors::to_js(&e)),
            Err(other) => Err(JsValue::from_str(&other.to_string())),
        }
    }

    /// Emits a `custom` stream event.
    pub fn write(&self, value: JsValue) -> Result<(), JsValue> {
        self.rt.write(from_js(value)?);
        Ok(())
    }

    /// The run's `AbortSignal` (undefined without one).
    pub fn signal(&self) -> JsValue {
        let source = self.rt.cancel().and_then(|c| c.source());
        source.and_then(|s| s.downcast_ref::<JsValue>()).cloned().unwrap_or(JsValue::UNDEFINED)
    }

    /// Whether the run streams `messages` events from this task.
    #[wasm_bindgen(js_name = streamsMessages)]
    pub fn streams_messages(&self) -> bool {
        self.rt.streams_messages()
    }

    /// Emits a `messages` stream event (`[message, metadata]`).
    pub fn message(&self, pair: JsValue) -> Result<(), JsValue> {
        self.rt.push_message(from_js(pair)?);
        Ok(())
    }

    /// Starts a task call (`task()`) with its arguments: `[index, true, result]`
    /// when an earlier run of this task finished it, else `[index, false]`.
    #[wasm_bindgen(js_name = beginCall)]
    pub fn begin_call(&self, name: JsValue, input: JsValue) -> Result<js_sys::Array, JsValue> {
        let name = crate::convert::string_arg(&name, "a task's name")?;
        let (index, hit) = self.rt.begin_call(&name, from_js(input)?);
        let out = js_sys::Array::of2(&JsValue::from(index as u32), &JsValue::from_bool(hit.is_some()));
        if let Some(v) = hit {
            out.push(&to_js(&v));
        }
        Ok(out)
    }

    /// Records a finished task call's result.
    #[wasm_bindgen(js_name = finishCall)]
    pub fn finish_call(&self, index: u32, name: JsValue, value: JsValue) -> Result<(), JsValue> {
        let name = crate::convert::string_arg(&name, "a task's name")?;
        self.rt.finish_call(index as usize, &name, from_js(value)?);
        Ok(())
    }

    /// Runs a compiled graph as a subgraph of this task.
    #[wasm_bindgen(js_name = invokeGraph)]
    pub fn invoke_graph(&self, graph_id: u32, input: JsValue) -> Result<js_sys::Promise, JsValue> {
        let graph = crate::registry::graph(graph_id).ok_or_else(|| JsValue::from_str("unknown graph"))?;
        let rt = self.rt.clone();
        let input = from_js(input)?;
        Ok(wasm_bindgen_futures::future_to_promise(
            async move {
                match rt.invoke_graph(&graph, input).await {
                    Ok(v) => Ok(to_js(&v)),
                    Err(NodeError::Interrupted(i)) => Err(to_js_any(&json!({"__graphInterrupt": true, "interrupts": i}))),
                    Err(NodeError::ParentCommand(c)) => Err(to_js_any(&json!({"__parentCommand": true, "command": {
                        "update": c.update, "goto": gotos(&c.goto), "resume": c.resume, "graph": null
                    }}))),
                    Err(NodeError::Graph(e)) => Err(crate::errors::to_js(&e)),
                    Err(NodeError::Failed { message, .. }) => Err(JsValue::from_str(&message)),
                }
            }
            .boxed_local(),
        ))
    }
}

fn gotos(g: &[superstep::Goto]) -> serde_json::Value {
    g.iter()
        .map(|g| match g {
            superstep::Goto::Node(n) => json!(n),
            superstep::Goto::Send(s) => json!({"node": s.node, "arg": s.arg}),
        })
        .collect()
}
