//! LangChain's mark on the plain messages handed to JS. State keeps messages
//! as plain data (`{type: "ai", content, id, ...}`); LangGraph.js hands out
//! `@langchain/core` instances instead, and code ported from it asks
//! `AIMessage.isInstance(m)` or `m instanceof AIMessage`. LangChain answers
//! those by a shared symbol, `Symbol.for("langchain.message")`, plus the type
//! and content, so a plain message that carries the symbol answers as the
//! instance would. Without it a router asking "is the last message an AI
//! message?" would silently answer no. The mark is not enumerable: JSON, spread
//! and deep equality see the plain message as before.
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
fn holds_message(v: &Value) -> bool {
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
        Value::Object(m) if is_message(m) => MARK.with(|(symbol, descriptor)| {
            js_sys::Object::define_property(js.unchecked_ref::<js_sys::Object>(), symbol, descriptor);
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
    /// The symbol, and `{value: true}`: not enumerable, not writable.
    static MARK: (JsValue, js_sys::Object) = {
        let descriptor = js_sys::Object::new();
        crate::convert::set_field(&descriptor, &JsValue::from_str("value"), &JsValue::TRUE);
        (js_sys::Symbol::for_("langchain.message").into(), descriptor)
    };
}
