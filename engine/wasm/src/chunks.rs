//! Stream parts as JS. A `values` chunk comes with the run's own channel
//! values (`StreamPart::shared`): a channel that did not change is served
//! from the conversion cache, and a list that only grew is the last chunk's
//! array copied (pointers, not values) with the new items converted, so a
//! chunk costs what changed rather than the whole state.
use crate::convert::{js_key, set_field, to_js, to_js_any, to_js_shared};
use std::collections::HashMap;
use std::sync::Arc;
use superstep::pregel::{SharedValues, StreamPart};
use wasm_bindgen::prelude::*;

/// The lists a stream last sent, by namespace and channel.
#[derive(Default)]
pub struct Grown {
    lists: HashMap<(Vec<String>, Arc<str>), Sent>,
}

/// A list as last sent: its version, its length and the array.
struct Sent(u64, usize, js_sys::Array);

impl Grown {
    /// `{namespace, mode, data}` for one part.
    pub fn part(&mut self, p: &StreamPart) -> JsValue {
        let data = match &p.shared {
            Some(values) => self.values(&p.namespace, values),
            None => to_js(&p.data),
        };
        let obj = js_sys::Object::new();
        set_field(&obj, &js_key("namespace"), &to_js_any(&p.namespace));
        set_field(&obj, &js_key("mode"), &js_key(p.mode.as_str()));
        set_field(&obj, &js_key("data"), &data);
        obj.into()
    }

    fn values(&mut self, namespace: &[String], values: &SharedValues) -> JsValue {
        let obj = js_sys::Object::new();
        for ch in &values.channels {
            let key = (namespace.to_vec(), ch.name.clone());
            let list = ch.value.as_array();
            let last = self.lists.get(&key);
            let js = match (list, ch.appended, last) {
                (Some(items), Some((base, n)), Some(Sent(version, len, array))) if *version == base && len + n == items.len() => {
                    let grown = array.slice(0, *len as u32);
                    items[*len..].iter().for_each(|item| {
                        grown.push(&to_js(item));
                    });
                    crate::convert::remember(&ch.value, &grown);
                    grown.into()
                }
                _ => to_js_shared(&ch.value),
            };
            match list {
                Some(items) => self.lists.insert(key, Sent(ch.version, items.len(), js.clone().unchecked_into())),
                None => self.lists.remove(&key),
            };
            set_field(&obj, &js_key(&ch.name), &js);
        }
        obj.into()
    }
}
