//! Stream parts as JS. A `values` chunk comes as a view of the run's own
//! channel values (`StreamPart::shared`) and is converted as a node's input
//! is: a channel that did not change is served from the conversion cache and
//! a list that only grew is extended, so a chunk costs what changed rather
//! than the whole state.
use crate::convert::{js_key, object, strings, to_js, view_to_js};
use superstep::pregel::StreamPart;
use wasm_bindgen::prelude::*;

/// `{namespace, mode, data}` for one part.
pub fn part(p: &StreamPart) -> JsValue {
    let data = match &p.shared {
        Some(state) => view_to_js(state),
        None => to_js(&p.data),
    };
    // The namespace is built directly, not through JSON text: most parts have an empty one.
    object(&[("namespace", strings(&p.namespace)), ("mode", js_key(p.mode.as_str())), ("data", data)])
}
