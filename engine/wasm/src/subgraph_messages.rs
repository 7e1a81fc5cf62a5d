//! A subgraph node's output messages on the `messages` stream. LangGraph's
//! handler streams the new messages a node returns when the node ends, a
//! subgraph node's too: without `subgraphs: true` that is how a subgraph's
//! messages reach the stream at all, under the subgraph node's metadata. The
//! package's JS builds the pair with that metadata, as it does for its own nodes.
use crate::convert::to_js;
use crate::handles;
use futures::FutureExt;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::graph::node::{Call, NodeSpec};
use superstep::pregel::subgraph_node;
use superstep::{CompiledGraph, NodeOutput, Runtime, State};
use wasm_bindgen::prelude::*;

thread_local! {
    static HOOK: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Sets the function that streams a finished task's output messages, at init:
/// `(taskId, update)`, with the task open for its metadata and input.
#[wasm_bindgen(js_name = setSubgraphOutputHook)]
pub fn set_subgraph_output_hook(f: js_sys::Function) {
    HOOK.with(|h| *h.borrow_mut() = Some(f));
}

/// `subgraph_node`, whose output messages the hook streams while the run streams messages.
pub fn node(name: String, graph: CompiledGraph) -> NodeSpec {
    let mut spec = subgraph_node(name, graph);
    let run = spec.action.clone();
    spec.action = Rc::new(move |state: State, rt: Runtime| {
        if !rt.streams_messages() {
            return run(state, rt);
        }
        match run(state.clone(), rt.clone()) {
            Call::Later(out) => Call::Later(
                async move {
                    let out = out.await?;
                    stream_messages(rt, state, &out);
                    Ok(out)
                }
                .boxed_local(),
            ),
            ready => ready,
        }
    });
    spec
}

fn stream_messages(rt: Runtime, state: State, out: &NodeOutput) {
    let NodeOutput::Update(update) = out else { return };
    if !crate::message_mark::holds_message(update) {
        return;
    }
    HOOK.with(|h| {
        if let Some(f) = &*h.borrow() {
            let id = handles::open(rt, state);
            // The hook only streams; a message it cannot send is not the node's failure.
            let _ = f.call2(&JsValue::NULL, &JsValue::from_f64(id), &to_js(update));
            handles::close(id);
        }
    });
}
