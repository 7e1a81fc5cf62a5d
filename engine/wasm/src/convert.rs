//! Conversions between JS values and the engine's JSON values.
//! The JS glue has already turned class instances (Overwrite, Send, Command)
//! into plain marker objects and rejected values JSON cannot hold.
use serde::Serialize;
use serde_json::Value;
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
