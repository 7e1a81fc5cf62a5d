//! LangChain's mark on the plain messages handed to JS. State keeps messages
//! as plain data (`{type: "ai", content, id, ...}`); LangGraph.js hands out
//! `@langchain/core` instances instead, and code ported from it asks
//! `AIMessage.isInstance(m)`, or reads `m.text`. LangChain answers the first by
//! a shared symbol plus the type and content, so a plain message that carries
//! the symbol answers as the instance would; without it a router asking "is
//! the last message an AI message?" silently answers no. The package's JS
//! (`markMessage` in `lib/messages.js`) sets the symbol and the read accessors,
//! not enumerable, so JSON, spread and deep equality see plain data as before;
//! this side finds the messages, so data without one costs no JS calls.
use crate::convert::field;
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The types `@langchain/core` gives its message classes.
const MESSAGE_TYPES: &[&str] = &["human", "ai", "system", "tool", "function", "generic", "remove"];

/// Whether `m` is a message as LangChain's `isMessage` sees one: a known type, and content that is text or a list.
fn is_message(m: &Map<String, Value>) -> bool {
    let typed = m.get("type").and_then(Value::as_str).is_some_and(|t| MESSAGE_TYPES.contains(&t));
    typed && matches!(m.get("content"), Some(Value::String(_) | Value::Array(_)))
}

/// Whether `v` is or holds a message (checked on the Rust side, so data without one costs no JS calls).
pub(crate) fn holds_message(v: &Value) -> bool {
    match v {
        Value::Object(m) => is_message(m) || m.values().any(holds_message),
        Value::Array(items) => items.iter().any(holds_message),
        _ => false,
    }
}

/// Marks the messages in `js`, the JS conversion of `v`.
pub fn mark_messages(v: &Value, js: &JsValue) {
    if holds_message(v) {
        mark(v, js);
    }
}

fn mark(v: &Value, js: &JsValue) {
    match v {
        Value::Object(m) if is_message(m) => MARKER.with(|f| {
            if let Some(f) = &*f.borrow() {
                // It only defines properties on a fresh object; nothing to report if it throws.
                let _ = f.call1(&JsValue::NULL, js);
            }
        }),
        Value::Object(m) => {
            for (k, item) in m.iter().filter(|(_, item)| holds_message(item)) {
                mark(item, &field(js, &JsValue::from_str(k)));
            }
        }
        Value::Array(items) => {
            let list: &js_sys::Array = js.unchecked_ref();
            for (i, item) in items.iter().enumerate().filter(|(_, item)| holds_message(item)) {
                mark(item, &list.get(i as u32));
            }
        }
        _ => {}
    }
}

thread_local! {
    static MARKER: std::cell::RefCell<Option<js_sys::Function>> = const { std::cell::RefCell::new(None) };
}

/// Sets the function that marks one message (the package's `markMessage`), at init.
#[wasm_bindgen(js_name = setMessageMarker)]
pub fn set_message_marker(f: js_sys::Function) {
    MARKER.with(|m| *m.borrow_mut() = Some(f));
}
