//! Checkpointers and caches JS can create; each is registered and known by id.
use crate::convert::string_arg;
use crate::registry;
use std::rc::Rc;
use superstep::checkpoint::{CheckpointTuple, Checkpointer, ListFilter, MemorySaver};
use superstep::{Cache, InMemoryCache};
use wasm_bindgen::prelude::*;

/// The in-memory checkpointer.
#[wasm_bindgen]
pub struct JsMemorySaver {
    id: u32,
    saver: Rc<MemorySaver>,
}

#[wasm_bindgen]
impl JsMemorySaver {
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsMemorySaver {
        let saver = Rc::new(MemorySaver::new());
        JsMemorySaver { id: registry::add_saver(saver.clone()), saver }
    }

    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Everything stored, as JSON.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.saver.to_json()
    }

    pub fn threads(&self) -> Vec<String> {
        self.saver.threads()
    }

    /// Forgets a thread, its subgraphs' checkpoints included.
    #[wasm_bindgen(js_name = deleteThread)]
    pub fn delete_thread(&self, thread_id: JsValue) -> Result<(), JsValue> {
        let thread_id = string_arg(&thread_id, "thread_id")?;
        // The in-memory saver's futures are ready at once.
        futures::FutureExt::now_or_never(self.saver.delete_thread(&thread_id));
        Ok(())
    }
}

impl Default for JsMemorySaver {
    fn default() -> Self {
        Self::new()
    }
}

/// The in-memory node cache.
#[wasm_bindgen]
pub struct JsInMemoryCache {
    id: u32,
    cache: Rc<InMemoryCache>,
}

#[wasm_bindgen]
impl JsInMemoryCache {
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsInMemoryCache {
        let cache = Rc::new(InMemoryCache::new());
        JsInMemoryCache { id: registry::add_cache(cache.clone()), cache }
    }

    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Forgets every cached result.
    pub fn clear(&self) {
        self.cache.clear();
    }
}

impl Default for JsInMemoryCache {
    fn default() -> Self {
        Self::new()
    }
}

/// A stored checkpoint for LangGraph.js's saver API, which the glue shapes:
/// `[checkpoint, values, pending writes]`, each as JSON text.
fn saved_text(t: &CheckpointTuple) -> Result<JsValue, JsValue> {
    let text = |r: serde_json::Result<String>| r.map(|t| JsValue::from_str(&t)).map_err(|e| JsValue::from_str(&e.to_string()));
    Ok(js_sys::Array::of3(
        &text(serde_json::to_string(&t.checkpoint))?,
        &text(serde_json::to_string(&t.values))?,
        &text(serde_json::to_string(&t.pending_writes))?,
    )
    .into())
}

/// A thread namespace's checkpoints, newest first, each as `saved_text`: the one
/// `id` names, or those older than `before` whose metadata has `filter`'s key/values.
#[wasm_bindgen(js_name = saverRead)]
pub fn saver_read(
    saver: u32,
    thread_id: JsValue,
    ns: JsValue,
    id: JsValue,
    before: JsValue,
    limit: Option<u32>,
    filter: JsValue,
) -> Result<js_sys::Promise, JsValue> {
    let s = registry::saver(saver).ok_or_else(|| JsValue::from_str("unknown saver"))?;
    let (thread_id, ns) = (string_arg(&thread_id, "thread_id")?, string_arg(&ns, "checkpoint_ns")?);
    let id = crate::convert::opt_string_arg(&id, "checkpoint_id")?;
    let metadata = match crate::convert::from_js(filter)? {
        serde_json::Value::Object(m) => Some(m),
        _ => None,
    };
    let filter = ListFilter { before: crate::convert::opt_string_arg(&before, "before")?, limit: limit.map(|n| n as usize), metadata };
    Ok(wasm_bindgen_futures::future_to_promise(async move {
        let found = match id {
            Some(id) => s.get(&thread_id, &ns, Some(&id)).await.map(|t| t.into_iter().collect()),
            None => s.list(&thread_id, &ns, filter).await,
        };
        let found: Vec<CheckpointTuple> = found.map_err(|e| crate::errors::to_js(&e))?;
        found.iter().map(saved_text).collect::<Result<js_sys::Array, _>>().map(JsValue::from)
    }))
}
