//! Conversions between JS values and the engine's JSON values.
//! The JS glue has already turned class instances (Overwrite, Send, Command)
//! into plain marker objects and rejected values JSON cannot hold.
use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Weak};
use wasm_bindgen::prelude::*;

/// A JSON value as a plain JS value (objects, arrays, primitives).
pub fn to_js(v: &Value) -> JsValue {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

/// Any serializable Rust value as a plain JS value.
pub fn to_js_any<T: Serialize>(v: &T) -> JsValue {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

/// A plain JS value as JSON; `undefined` becomes null.
pub fn from_js(v: JsValue) -> Result<Value, JsValue> {
    if v.is_undefined() {
        return Ok(Value::Null);
    }
    serde_wasm_bindgen::from_value(v).map_err(|e| crate::errors::type_error(&format!("value cannot be stored in state: {e}")))
}

/// Converted lists and objects, keyed by the engine's shared value. A channel
/// keeps its `Arc` until it is written, so an unchanged channel is converted
/// once, not every superstep. The `Weak` pins the address (it cannot be
/// reused while the entry lives) and tells when the value is gone; a write
/// through `Arc::make_mut` moves the value to a new address, so a stale entry
/// is never returned.
struct Converted {
    entries: HashMap<usize, (Weak<Value>, JsValue)>,
    prune_at: usize,
}

thread_local! {
    static CONVERTED: RefCell<Converted> = RefCell::new(Converted { entries: HashMap::new(), prune_at: 64 });
}

/// `v` as JS, reusing the conversion of this very value if it was made before.
pub fn to_js_shared(v: &Arc<Value>) -> JsValue {
    if !matches!(**v, Value::Array(_) | Value::Object(_)) {
        return to_js(v);
    }
    let key = Arc::as_ptr(v) as usize;
    CONVERTED.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((weak, js)) = c.entries.get(&key) {
            if weak.upgrade().is_some_and(|live| Arc::ptr_eq(&live, v)) {
                return js.clone();
            }
        }
        let js = to_js(v);
        c.entries.insert(key, (Arc::downgrade(v), js.clone()));
        if c.entries.len() >= c.prune_at {
            // Values no channel holds any more free their JS copies.
            c.entries.retain(|_, (weak, _)| weak.strong_count() > 0);
            c.prune_at = (c.entries.len() * 2).max(64);
        }
        js
    })
}
