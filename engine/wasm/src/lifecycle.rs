//! The run's lifecycle hook as a JS function (the package's graph callbacks):
//! each `GraphEvent` as a plain object, the promise it returns awaited. A
//! rejection fails the run as a failure of the `__graph_callbacks__` "node",
//! whose original error the JS glue keeps to rethrow.
use crate::convert::{js_text, object, strings, to_js_any};
use futures::FutureExt;
use superstep::{Error, GraphEvent, LifecycleHook};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `{kind: "resume", checkpointId, checkpointNs}` or `{kind: "interrupt", status, checkpointId, interrupts}`.
fn event_to_js(event: &GraphEvent) -> JsValue {
    match event {
        GraphEvent::Resumed { namespace, checkpoint_id } => {
            object(&[("kind", "resume".into()), ("checkpointId", checkpoint_id.as_str().into()), ("checkpointNs", strings(namespace))])
        }
        GraphEvent::Paused { status, checkpoint_id, interrupts } => object(&[
            ("kind", "interrupt".into()),
            ("status", (*status).into()),
            ("checkpointId", checkpoint_id.as_str().into()),
            ("interrupts", to_js_any(interrupts)),
        ]),
    }
}

pub fn hook(hear: js_sys::Function) -> LifecycleHook {
    LifecycleHook::new(move |event| {
        let called = hear.call1(&JsValue::NULL, &event_to_js(&event));
        async move {
            let failed = |e: JsValue| Error::Node { node: "__graph_callbacks__".into(), message: js_text(&e), class: None };
            match called.map_err(failed)?.dyn_into::<js_sys::Promise>() {
                Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.map(drop).map_err(failed),
                Err(_) => Ok(()),
            }
        }
        .boxed_local()
    })
}
