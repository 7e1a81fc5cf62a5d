//! A subgraph node's runs for LangChain callbacks. LangGraph.js reports a
//! compiled graph added as a node as the node's task run with the subgraph's
//! graph run inside it, and the subgraph's tasks under that. A function node's
//! runs are made by the package's JS around the call; a subgraph node runs here,
//! so while some run reports to callbacks (the JS says so) its start and its end
//! go to a JS hook, with the task open for its metadata and input.
use crate::convert::to_js;
use crate::handles;
use futures::FutureExt;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use superstep::graph::node::{Call, NodeSpec};
use superstep::{NodeError, NodeOutput, Runtime, State};
use wasm_bindgen::prelude::*;

thread_local! {
    static HOOK: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
}

/// Sets the hook, at init: `(taskId, graphName)` when a subgraph node starts,
/// `(taskId, graphName, update, error, routed)` when it ends (`error`: `[name, message]`,
/// or null; `routed`: a router of the parent graph runs after the node, inside its task).
#[wasm_bindgen(js_name = setSubgraphRunHook)]
pub fn set_subgraph_run_hook(f: js_sys::Function) {
    HOOK.with(|h| *h.borrow_mut() = Some(f));
}

/// Whether some run reports to callbacks; until then subgraph nodes skip the hook.
#[wasm_bindgen(js_name = setSubgraphRunsActive)]
pub fn set_subgraph_runs_active(on: bool) {
    ACTIVE.with(|a| a.set(on));
}

/// `spec`, a subgraph node running `graph_name`, reporting its start and end while runs report
/// to callbacks; `routed`: the node has a router.
pub fn node(mut spec: NodeSpec, graph_name: String, routed: bool) -> NodeSpec {
    let run = spec.action.clone();
    let name: Rc<str> = graph_name.into();
    spec.action = Rc::new(move |state: State, rt: Runtime| {
        if !ACTIVE.with(Cell::get) {
            return run(state, rt);
        }
        report(&rt, &state, &name, None, routed);
        match run(state.clone(), rt.clone()) {
            Call::Ready(out) => {
                report(&rt, &state, &name, Some(&out), routed);
                Call::Ready(out)
            }
            Call::Later(out) => {
                let name = name.clone();
                Call::Later(
                    async move {
                        let out = out.await;
                        report(&rt, &state, &name, Some(&out), routed);
                        out
                    }
                    .boxed_local(),
                )
            }
        }
    });
    spec
}

/// Calls the hook: a start (`end` None) or an end, with the update or the error's message.
fn report(rt: &Runtime, state: &State, graph_name: &str, end: Option<&Result<NodeOutput, NodeError>>, routed: bool) {
    HOOK.with(|h| {
        let Some(f) = &*h.borrow() else { return };
        let task = handles::open(rt.clone(), state.clone());
        let id = JsValue::from_f64(task);
        let name = JsValue::from_str(graph_name);
        // The hook only reports; what it cannot report is not the node's failure.
        let _ = match end {
            None => f.call2(&JsValue::NULL, &id, &name),
            Some(out) => {
                let (update, error) = match out {
                    Ok(NodeOutput::Update(u)) => (to_js(u), JsValue::NULL),
                    Ok(_) => (JsValue::NULL, JsValue::NULL),
                    Err(e) => (JsValue::NULL, js_sys::Array::of2(&error_name(e).into(), &e.to_string().into()).into()),
                };
                f.apply(&JsValue::NULL, &js_sys::Array::of5(&id, &name, &update, &error, &routed.into()))
            }
        };
        handles::close(task);
    });
}

/// The class name a failure reports as, as LangGraph.js's errors are named.
fn error_name(e: &NodeError) -> &str {
    match e {
        NodeError::Failed { class, .. } => class.as_deref().unwrap_or("Error"),
        NodeError::Interrupted(_) => "GraphInterrupt",
        NodeError::ParentCommand(_) => "ParentCommand",
        // The subgraph's own failure: its node's error class, as LangGraph.js rethrows it.
        NodeError::Graph(e) => match &**e {
            superstep::Error::Node { class: Some(class), .. } => class,
            other => other.class_name(),
        },
    }
}
