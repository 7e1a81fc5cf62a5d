//! Stream parts as JS. A `values` chunk comes with the run's own channel
//! values (`StreamPart::shared`), so a channel that did not change is served
//! from the conversion cache and a list that only grew is extended, not
//! converted again: a chunk costs what changed rather than the whole state.
use crate::convert::{js_key, set_field, to_js, to_js_any, to_js_grown};
use superstep::pregel::StreamPart;
use wasm_bindgen::prelude::*;

/// `{namespace, mode, data}` for one part.
pub fn part(p: &StreamPart) -> JsValue {
    let data = match &p.shared {
        Some(values) => {
            let obj = js_sys::Object::new();
            for ch in &values.channels {
                set_field(&obj, &js_key(&ch.name), &to_js_grown(&ch.value, ch.growth.as_ref()));
            }
            obj.into()
        }
        None => to_js(&p.data),
    };
    let obj = js_sys::Object::new();
    set_field(&obj, &js_key("namespace"), &to_js_any(&p.namespace));
    set_field(&obj, &js_key("mode"), &js_key(p.mode.as_str()));
    set_field(&obj, &js_key("data"), &data);
    obj.into()
}
