//! `IndexedDBSaver`: checkpoints in the browser's IndexedDB.
//!
//! Stores (keys are arrays): `checkpoints [thread, ns, id]`, `blobs [thread, ns,
//! channel, version]`, `writes [thread, ns, checkpoint id]` (an unfinished
//! superstep's) and `[thread, ns, checkpoint id, "finished"]` (the finished one's,
//! read after them), `threads [thread]`. A checkpoint, its blobs and the writes of
//! the superstep that made it commit in one transaction (strict durability by
//! default), so a crash leaves either the whole checkpoint or none of it.
use crate::errors::storage_error;
use crate::idb;
use crate::idb_read::{self as lane, blob_key, key, prefix_range, writes_from_text};
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use js_sys::Array;
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::checkpoint::{merge_writes, resolve, Checkpoint, CheckpointTuple, Checkpointer, ListFilter, PendingWrite};
use superstep::Error;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::IdbDatabase;

const STORES: &[&str] = &["checkpoints", "blobs", "writes", "threads"];
/// Up to this many checkpoints, a history read fetches each one's blobs by key;
/// beyond, the whole lane's in one read.
const FEW: usize = 8;

pub struct IndexedDbSaver {
    name: String,
    durability: String,
    /// The open connection; emptied when another tab's upgrade or delete closes it.
    db: Rc<RefCell<Option<IdbDatabase>>>,
}

impl IndexedDbSaver {
    pub fn new(name: String, durability: String) -> Self {
        IndexedDbSaver { name, durability, db: Rc::default() }
    }

    /// The open database; reopened after another tab's upgrade closed it.
    async fn db(&self) -> Result<IdbDatabase, Error> {
        if let Some(db) = self.db.borrow().clone() {
            return Ok(db);
        }
        let db = idb::open(&self.name, STORES).await.map_err(storage_error)?;
        // Another tab upgrading or deleting the database: close cleanly, and forget the
        // connection so that the next read or write (any of them) opens it again.
        let (closer, slot) = (db.clone(), Rc::downgrade(&self.db));
        let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(move |_e| {
            closer.close();
            if let Some(slot) = slot.upgrade().filter(|s| s.borrow().as_ref() == Some(&closer)) {
                slot.borrow_mut().take();
            }
        });
        db.set_onversionchange(Some(on_change.as_ref().unchecked_ref()));
        on_change.forget();
        *self.db.borrow_mut() = Some(db.clone());
        Ok(db)
    }

    /// A transaction with the configured durability (strict by default).
    fn tx(&self, db: &IdbDatabase, stores: &[&str], write: bool) -> Result<web_sys::IdbTransaction, Error> {
        let names: Array = stores.iter().map(|s| JsValue::from_str(s)).collect();
        let opts = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&opts, &"durability".into(), &JsValue::from_str(&self.durability));
        // `transaction(stores, mode, {durability})`; web-sys lacks the options overload.
        let open = js_sys::Reflect::get(db, &"transaction".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let mode = JsValue::from_str(if write { "readwrite" } else { "readonly" });
        match open.map(|f| f.call3(db, &names, &mode, &opts)) {
            Some(Ok(tx)) => Ok(tx.unchecked_into()),
            _ => {
                // The connection was closed (versionchange): reopen next time.
                *self.db.borrow_mut() = None;
                Err(Error::Storage { message: "the database connection was closed; retry".into() })
            }
        }
    }

    /// The unfinished superstep's writes alone (those `put_writes` adds to).
    async fn unfinished_writes_of(&self, thread: &str, ns: &str, id: &str) -> Result<Vec<PendingWrite>, Error> {
        let db = self.db().await?;
        let tx = self.tx(&db, &["writes"], false)?;
        let req = tx.object_store("writes").and_then(|s| s.get(&key(&[thread, ns, id]))).map_err(storage_error)?;
        match idb::request(&req).await.map_err(storage_error)?.as_string() {
            Some(s) => writes_from_text(&s),
            None => Ok(vec![]),
        }
    }

    /// `cp` with its values, resolved from `blobs`, and its pending writes.
    fn tuple(
        thread: &str,
        ns: &str,
        cp: Checkpoint,
        blobs: &lane::Blobs,
        pending_writes: Vec<PendingWrite>,
        max_version: u64,
    ) -> Result<CheckpointTuple, Error> {
        let values = resolve(&cp.channel_versions, |ch, v| blobs.get(ch).and_then(|b| b.get(&v)))?;
        Ok(CheckpointTuple { thread_id: thread.into(), ns: ns.into(), checkpoint: cp, values, pending_writes, max_version })
    }

    /// `cp` as a tuple, reading only the blobs (those `blobs` lacks) and writes it needs.
    async fn tuple_of(
        db: &IdbDatabase,
        thread: &str,
        ns: &str,
        cp: Checkpoint,
        blobs: &mut lane::Blobs,
        max_version: u64,
    ) -> Result<CheckpointTuple, Error> {
        lane::blobs_for(db, thread, ns, &cp.channel_versions, blobs).await?;
        let writes = lane::writes_of(db, thread, ns, &cp.id).await?;
        Self::tuple(thread, ns, cp, blobs, writes, max_version)
    }

    /// Sets the status shown in the thread list (`running`, `done`, `interrupted`, `error`).
    pub async fn mark(&self, thread_id: &str, status: &str) -> Result<(), Error> {
        let db = self.db().await?;
        let tx = self.tx(&db, &["threads"], true)?;
        let store = tx.object_store("threads").map_err(storage_error)?;
        let current = idb::request(&store.get(&JsValue::from_str(thread_id)).map_err(storage_error)?).await.map_err(storage_error)?;
        if let Some(mut summary) = current.as_string().and_then(|s| serde_json::from_str::<serde_json::Value>(&s).ok()) {
            summary["status"] = json!(status);
            let text = superstep::json::text(&summary);
            store.put_with_key(&JsValue::from_str(&text), &JsValue::from_str(thread_id)).map_err(storage_error)?;
        }
        idb::committed(&tx).await.map_err(storage_error)
    }

    /// Thread summaries: `{thread_id, updated_at, step, graph, status}`, newest first.
    pub async fn list_threads(&self) -> Result<Vec<serde_json::Value>, Error> {
        let db = self.db().await?;
        let tx = self.tx(&db, &["threads"], false)?;
        let req = tx.object_store("threads").and_then(|s| s.get_all()).map_err(storage_error)?;
        let all = idb::request(&req).await.map_err(storage_error)?;
        let mut out: Vec<serde_json::Value> = Array::from(&all).iter().filter_map(|v| serde_json::from_str(&v.as_string()?).ok()).collect();
        superstep::order::sort_by(&mut out, &|a, b| {
            b["updated_at"].as_f64().partial_cmp(&a["updated_at"].as_f64()).unwrap_or(std::cmp::Ordering::Equal)
        });
        Ok(out)
    }
}

impl Checkpointer for IndexedDbSaver {
    fn put<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint: Checkpoint,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            let db = self.db().await?;
            let tx = self.tx(&db, &["checkpoints", "blobs", "writes", "threads"], true)?;
            let store = |n: &str| tx.object_store(n).map_err(storage_error);
            if let (Some(parent), false) = (checkpoint.metadata.parent_id.as_deref(), writes.is_empty()) {
                let text = serde_json::to_string(&writes).map_err(|e| Error::Storage { message: e.to_string() })?;
                store("writes")?.put_with_key(&JsValue::from_str(&text), &key(&[thread_id, ns, parent, "finished"])).map_err(storage_error)?;
            }
            for (ch, blob) in &checkpoint.blobs {
                let version = checkpoint.channel_versions.get(ch).copied().unwrap_or(0);
                let rec = superstep::json::text(&json!({"channel": &**ch, "version": version, "blob": blob}));
                store("blobs")?.put_with_key(&JsValue::from_str(&rec), &blob_key(thread_id, ns, ch, version)).map_err(storage_error)?;
            }
            let text = serde_json::to_string(&checkpoint).map_err(|e| Error::Storage { message: e.to_string() })?;
            store("checkpoints")?.put_with_key(&JsValue::from_str(&text), &key(&[thread_id, ns, &checkpoint.id])).map_err(storage_error)?;
            if ns.is_empty() {
                let summary = superstep::json::text(&json!({"thread_id": thread_id, "updated_at": checkpoint.ts, "step": checkpoint.metadata.step, "graph": &*checkpoint.metadata.graph, "checkpoint_id": checkpoint.id, "status": "running"}));
                store("threads")?.put_with_key(&JsValue::from_str(&summary), &JsValue::from_str(thread_id)).map_err(storage_error)?;
            }
            idb::committed(&tx).await.map_err(storage_error)
        }
        .boxed_local()
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            let mut all = self.unfinished_writes_of(thread_id, ns, checkpoint_id).await?;
            merge_writes(&mut all, writes);
            let db = self.db().await?;
            let tx = self.tx(&db, &["writes"], true)?;
            let text = serde_json::to_string(&all).map_err(|e| Error::Storage { message: e.to_string() })?;
            tx.object_store("writes")
                .and_then(|s| s.put_with_key(&JsValue::from_str(&text), &key(&[thread_id, ns, checkpoint_id])))
                .map_err(storage_error)?;
            idb::committed(&tx).await.map_err(storage_error)?;
            if ns.is_empty() {
                let status = if all.iter().any(|w| matches!(w.kind, superstep::checkpoint::WriteKind::Failed { .. })) {
                    "error"
                } else {
                    "interrupted"
                };
                self.mark(thread_id, status).await?;
            }
            Ok(())
        }
        .boxed_local()
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<CheckpointTuple>, Error>> {
        async move {
            let db = self.db().await?;
            let Some(cp) = lane::checkpoint(&db, thread_id, ns, id).await? else { return Ok(None) };
            let max_version = lane::max_version(&db, thread_id, ns).await?;
            Self::tuple_of(&db, thread_id, ns, cp, &mut lane::Blobs::default(), max_version).await.map(Some)
        }
        .boxed_local()
    }

    fn list<'a>(&'a self, thread_id: &'a str, ns: &'a str, filter: ListFilter) -> LocalBoxFuture<'a, Result<Vec<CheckpointTuple>, Error>> {
        async move {
            let db = self.db().await?;
            let cps = lane::checkpoints(&db, thread_id, ns, &filter).await?;
            let mut out = Vec::with_capacity(cps.len());
            if cps.len() <= FEW {
                let max_version = lane::max_version(&db, thread_id, ns).await?;
                // Newest first: an appended list's range read brings the older checkpoints' versions too.
                let mut blobs = lane::Blobs::default();
                for cp in cps {
                    out.push(Self::tuple_of(&db, thread_id, ns, cp, &mut blobs, max_version).await?);
                }
                return Ok(out);
            }
            // Most of the lane: its blobs and writes in one read each.
            let blobs = lane::all_blobs(&db, thread_id, ns).await?;
            let max_version = blobs.values().filter_map(|b| b.keys().next_back()).copied().max().unwrap_or(0);
            let mut writes = lane::lane_writes(&db, thread_id, ns).await?;
            for cp in cps {
                let own = writes.remove(&*cp.id).unwrap_or_default();
                out.push(Self::tuple(thread_id, ns, cp, &blobs, own, max_version)?);
            }
            Ok(out)
        }
        .boxed_local()
    }

    fn delete_thread<'a>(&'a self, thread_id: &'a str) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            let db = self.db().await?;
            let tx = self.tx(&db, STORES, true)?;
            let range = prefix_range(&[thread_id]).map_err(storage_error)?;
            for s in ["checkpoints", "blobs", "writes"] {
                tx.object_store(s).and_then(|st| st.delete(&range)).map_err(storage_error)?;
            }
            tx.object_store("threads").and_then(|st| st.delete(&JsValue::from_str(thread_id))).map_err(storage_error)?;
            idb::committed(&tx).await.map_err(storage_error)
        }
        .boxed_local()
    }
}

/// The JS handle: `new JsIndexedDbSaver(name, durability)`.
#[wasm_bindgen]
pub struct JsIndexedDbSaver {
    id: u32,
    saver: Rc<IndexedDbSaver>,
}

#[wasm_bindgen]
impl JsIndexedDbSaver {
    #[wasm_bindgen(constructor)]
    pub fn new(name: JsValue, durability: JsValue) -> Result<JsIndexedDbSaver, JsValue> {
        let name = crate::convert::string_arg(&name, "the database name")?;
        let durability = crate::convert::string_arg(&durability, "durability")?;
        let saver = Rc::new(IndexedDbSaver::new(name, durability));
        Ok(JsIndexedDbSaver { id: crate::registry::add_saver(saver.clone()), saver })
    }

    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u32 {
        self.id
    }

    #[wasm_bindgen(js_name = listThreads)]
    pub fn list_threads(&self) -> js_sys::Promise {
        let s = self.saver.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            s.list_threads().await.map(|v| crate::convert::to_js(&serde_json::Value::Array(v))).map_err(|e| crate::errors::to_js(&e))
        })
    }

    #[wasm_bindgen(js_name = deleteThread)]
    pub fn delete_thread(&self, thread_id: JsValue) -> Result<js_sys::Promise, JsValue> {
        let thread_id = crate::convert::string_arg(&thread_id, "thread_id")?;
        let s = self.saver.clone();
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            s.delete_thread(&thread_id).await.map(|_| JsValue::UNDEFINED).map_err(|e| crate::errors::to_js(&e))
        }))
    }
}
