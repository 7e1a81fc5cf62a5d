//! The workspace in IndexedDB (database `superstep-workspace`, one JSON
//! entry per graph) and the debounced autosave that writes to it.
use crate::model::workspace::Entry;
use superstep_wasm::idb;
use wasm_bindgen::JsValue;
use web_sys::IdbTransactionMode;

const DB: &str = "superstep-workspace";
const STORE: &str = "graphs";

fn text(e: JsValue) -> String {
    js_sys::Reflect::get(&e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .filter(|n| n == "QuotaExceededError")
        .map(|_| "storage is full: free some space (delete threads or graphs); the last saved version is kept".to_string())
        .unwrap_or_else(|| format!("could not save: {e:?}"))
}

/// Every saved graph, most recently changed first.
pub async fn load() -> Result<Vec<Entry>, String> {
    let db = idb::open(DB, &[STORE]).await.map_err(text)?;
    let tx = db.transaction_with_str(STORE).map_err(text)?;
    let all = idb::request(&tx.object_store(STORE).map_err(text)?.get_all().map_err(text)?).await.map_err(text)?;
    let mut entries: Vec<Entry> =
        js_sys::Array::from(&all).iter().filter_map(|v| v.as_string()).filter_map(|t| Entry::from_json(&t)).collect();
    entries.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    Ok(entries)
}

pub async fn save(e: &Entry) -> Result<(), String> {
    let db = idb::open(DB, &[STORE]).await.map_err(text)?;
    let tx = db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite).map_err(text)?;
    tx.object_store(STORE).map_err(text)?.put_with_key(&JsValue::from_str(&e.to_json()), &JsValue::from_str(&e.id)).map_err(text)?;
    idb::committed(&tx).await.map_err(text)
}

pub async fn remove(id: &str) -> Result<(), String> {
    let db = idb::open(DB, &[STORE]).await.map_err(text)?;
    let tx = db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite).map_err(text)?;
    tx.object_store(STORE).map_err(text)?.delete(&JsValue::from_str(id)).map_err(text)?;
    idb::committed(&tx).await.map_err(text)
}
