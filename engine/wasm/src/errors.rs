//! Engine errors as JS values: `{name, message, ...details}`; the JS glue
//! turns them into instances of the matching Error subclass.
use superstep::{Error, ValidationError};
use wasm_bindgen::prelude::*;

/// The error as a plain object the glue rethrows as a typed Error.
pub fn to_js(e: &Error) -> JsValue {
    let obj = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), &v);
    };
    set("__superstepError", JsValue::TRUE);
    set("name", JsValue::from_str(e.class_name()));
    let message = match e {
        // LangGraph.js's words, with the JS option name.
        Error::GraphRecursion { limit } => format!(
            "Recursion limit of {limit} reached without hitting a stop condition. You can increase the limit by setting the \"recursionLimit\" config key."
        ),
        // GraphDrained's constructor takes the reason and words the message.
        Error::Drained { reason } => reason.clone(),
        _ => e.to_string(),
    };
    set("message", JsValue::from_str(&message));
    match e {
        Error::Node { node, .. } => set("node", JsValue::from_str(node)),
        Error::InvalidUpdate { key, nodes, .. } => {
            set("key", JsValue::from_str(key));
            set("nodes", crate::convert::to_js_any(nodes));
            // LangGraph.js's codes: a node (or input) that is not an update, or parallel writes a channel refused.
            let code =
                if key == superstep::error::NOT_AN_UPDATE { "INVALID_GRAPH_NODE_RETURN_VALUE" } else { "INVALID_CONCURRENT_GRAPH_UPDATE" };
            set("lc_error_code", JsValue::from_str(code));
        }
        Error::GraphRecursion { .. } => set("lc_error_code", JsValue::from_str("GRAPH_RECURSION_LIMIT")),
        Error::NoCheckpointer { .. } => set("lc_error_code", JsValue::from_str("MISSING_CHECKPOINTER")),
        Error::MissingNode { node } => set("node", JsValue::from_str(node)),
        Error::Reducer { key, .. } => {
            set("key", JsValue::from_str(key));
            set("reducer", JsValue::TRUE);
        }
        Error::Validation(v) => {
            set("culprit", JsValue::from_str(&culprit(v)));
            // LangGraph.js's code for this case (its UnreachableNodeError).
            if matches!(v, ValidationError::Unreachable { .. }) {
                set("lc_error_code", JsValue::from_str("UNREACHABLE_NODE"));
            }
        }
        Error::Aborted { node } => set("node", JsValue::from_str(node)),
        Error::Multiple { errors } => set("errors", errors.iter().map(to_js).collect::<js_sys::Array>().into()),
        _ => {}
    }
    obj.into()
}

fn culprit(v: &ValidationError) -> String {
    match v {
        ValidationError::UnknownNode { node, .. } | ValidationError::Unreachable { node } | ValidationError::DuplicateNode { node } => {
            node.clone()
        }
        ValidationError::UnknownPathTarget { target, .. } => target.clone(),
        ValidationError::ReservedName { name } | ValidationError::MisplacedEndpoint { endpoint: name, .. } => name.clone(),
        ValidationError::UnknownKey { key, .. } | ValidationError::ReservedKey { key } => key.clone(),
        ValidationError::NoEntryPoint => "__start__".into(),
    }
}

/// An error of class `name` with `message`, for input the bindings cannot read.
pub fn named(name: &str, message: &str) -> JsValue {
    let obj = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&obj, &"__superstepError".into(), &JsValue::TRUE);
    let _ = js_sys::Reflect::set(&obj, &"name".into(), &name.into());
    let _ = js_sys::Reflect::set(&obj, &"message".into(), &message.into());
    obj.into()
}

/// A storage failure (IndexedDB's, a JS saver's) as the engine's error: `name: message`.
pub fn storage_error(e: JsValue) -> Error {
    let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
    let message =
        js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|n| n.as_string()).unwrap_or_else(|| crate::convert::js_text(&e));
    Error::Storage { message: if name.is_empty() { message } else { format!("{name}: {message}") } }
}
