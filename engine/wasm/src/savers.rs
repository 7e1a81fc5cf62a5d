//! Checkpointers and caches JS can create; each is registered and known by id.
use crate::registry;
use std::rc::Rc;
use superstep::checkpoint::MemorySaver;
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
        use superstep::checkpoint::Checkpointer;
        let thread_id = crate::convert::string_arg(&thread_id, "thread_id")?;
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
