//! A compiled graph a JS node invokes or streams: run as the task's subgraph.
//! Its pause, parent command or failure come back as the values the glue
//! rethrows (`GraphInterrupt`, `ParentCommand`, the engine's error).
use crate::convert::{from_js, to_js_any};
use crate::graph::promise;
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::pregel::{ChildRun, GraphCall, StreamMode};
use superstep::NodeError;
use wasm_bindgen::prelude::*;

/// The call's graph, input and config: `own`, the call's `{configurable, recursionLimit,
/// outputKeys}` (each optional): its configurable laid over the run's, its recursion
/// limit (by default the run's), its output keys.
fn call_of(graph_id: u32, input: JsValue, own: JsValue) -> Result<(superstep::CompiledGraph, serde_json::Value, GraphCall), JsValue> {
    let graph = crate::registry::graph(graph_id).ok_or_else(|| JsValue::from_str("unknown graph"))?;
    let input = from_js(input)?;
    // `{host}`: the call's own host part (its live configurable values and context), for its nodes.
    let host = crate::graph::handed_back_object(&own, "host");
    // Read as a root run's config is: through JSON.
    let own = crate::convert::from_js_as_json(own, "TypeError", "bad config")?;
    if own.is_null() {
        return Ok((graph, input, GraphCall::default()));
    }
    let bad = |e: String| crate::errors::named("TypeError", &format!("bad config: {e}"));
    let f = superstep::json::Fields::of(&own, "").map_err(bad)?;
    let call = GraphCall {
        configurable: f.opt("configurable").map_err(bad)?.unwrap_or_default(),
        recursion_limit: f.opt("recursionLimit").map_err(bad)?,
        output_keys: f.opt("outputKeys").map_err(bad)?,
        host,
    };
    Ok((graph, input, call))
}

/// Runs a compiled graph as a subgraph of this task; resolves to its output.
#[wasm_bindgen(js_name = taskInvokeGraph)]
pub fn invoke_graph(id: f64, graph_id: u32, input: JsValue, own: JsValue) -> Result<js_sys::Promise, JsValue> {
    let rt = crate::handles::runtime(id)?;
    let (graph, input, call) = call_of(graph_id, input, own)?;
    Ok(promise(
        async move { rt.invoke_graph_with(&graph, input, call).await.map(|v| crate::convert::output_to_js(&v)).map_err(node_error) },
    ))
}

/// Runs a compiled graph as a subgraph of this task for the node to stream
/// (`modes`: stream mode names; `subgraphs`: its own subgraphs' parts too);
/// resolves to a `JsChildRun`.
#[wasm_bindgen(js_name = taskStreamGraph)]
pub fn stream_graph(
    id: f64,
    graph_id: u32,
    input: JsValue,
    own: JsValue,
    modes: Vec<String>,
    subgraphs: bool,
) -> Result<js_sys::Promise, JsValue> {
    let rt = crate::handles::runtime(id)?;
    let (graph, input, call) = call_of(graph_id, input, own)?;
    let modes = modes
        .iter()
        .map(|m| StreamMode::parse(m).ok_or_else(|| crate::errors::named("TypeError", &format!("unknown stream mode {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(promise(async move {
        let run = rt.stream_graph(&graph, input, call, modes, subgraphs).await.map_err(node_error)?;
        Ok(JsChildRun { run: Rc::new(RefCell::new(Some(run))) }.into())
    }))
}

/// A subgraph run a node streams.
#[wasm_bindgen]
pub struct JsChildRun {
    run: Rc<RefCell<Option<ChildRun>>>,
}

#[wasm_bindgen]
impl JsChildRun {
    /// The next part, `null` at the end, or the run's end as an error.
    pub fn next(&self) -> js_sys::Promise {
        let cell = self.run.clone();
        promise(async move {
            let Some(mut run) = cell.borrow_mut().take() else { return Ok(JsValue::NULL) };
            let item = run.next().await;
            *cell.borrow_mut() = Some(run);
            match item {
                None => Ok(JsValue::NULL),
                Some(Ok(part)) => Ok(crate::chunks::part(&part)),
                Some(Err(e)) => Err(node_error(e)),
            }
        })
    }
}

/// A nested run's end as the value the glue rethrows.
fn node_error(e: NodeError) -> JsValue {
    match e {
        NodeError::Interrupted(i) => to_js_any(&json!({"__graphInterrupt": true, "interrupts": i})),
        NodeError::ParentCommand(c) => to_js_any(&json!({"__parentCommand": true, "command": {
            "update": c.update, "goto": gotos(&c.goto), "resume": c.resume, "graph": null
        }})),
        NodeError::Graph(e) => crate::errors::to_js(&e),
        NodeError::Failed { message, .. } => JsValue::from_str(&message),
    }
}

fn gotos(g: &[superstep::Goto]) -> serde_json::Value {
    g.iter()
        .map(|g| match g {
            superstep::Goto::Node(n) => json!(n),
            superstep::Goto::Send(s) => match &s.timeout {
                Some(t) => json!([s.node, s.arg, t]),
                None => json!([s.node, s.arg]),
            },
        })
        .collect()
}
