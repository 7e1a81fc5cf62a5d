//! A checkpointer written in JS, such as a LangGraph.js `BaseCheckpointSaver`
//! (SQLite, Postgres, one's own). The package's glue wraps it in a bridge of
//! async methods that take and give JSON text; this side keeps the format.
//! Such savers keep checkpoints apart, so each one is stored whole.
use crate::errors::storage_error;
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use js_sys::{Array, Function, Promise, Reflect};
use superstep::checkpoint::{merge_writes, read, Blob, Checkpoint, CheckpointTuple, Checkpointer, ListFilter, PendingWrite};
use superstep::Error;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

pub struct JsSaver {
    bridge: JsValue,
}

fn unreadable(what: &str, e: String) -> Error {
    Error::Storage { message: format!("unreadable {what}: {e}") }
}

fn parse<T>(text: &JsValue, what: &str, read: fn(&serde_json::Value) -> Result<T, String>) -> Result<T, Error> {
    let text = text.as_string().ok_or_else(|| unreadable(what, "not text".into()))?;
    superstep::json::read_stored(&text).and_then(|v| read(&v)).map_err(|e| unreadable(what, e))
}

fn to_text<T: serde::Serialize>(v: &T) -> Result<JsValue, Error> {
    serde_json::to_string(v).map(|t| JsValue::from_str(&t)).map_err(|e| Error::Storage { message: e.to_string() })
}

fn opt_str(s: Option<&str>) -> JsValue {
    s.map(JsValue::from_str).unwrap_or(JsValue::NULL)
}

impl JsSaver {
    async fn call(&self, method: &str, args: &[JsValue]) -> Result<JsValue, Error> {
        let f = Reflect::get(&self.bridge, &method.into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
        let f = f.ok_or_else(|| Error::Storage { message: format!("the checkpointer has no {method}()") })?;
        let out = f.apply(&self.bridge, &args.iter().collect::<Array>()).map_err(storage_error)?;
        JsFuture::from(Promise::resolve(&out)).await.map_err(storage_error)
    }

    /// `{checkpoint: text, writes: [text]}` from the bridge: every channel is in the
    /// checkpoint's own blobs, and the writes merge in the order they were put.
    fn tuple(thread_id: &str, ns: &str, v: &JsValue) -> Result<CheckpointTuple, Error> {
        let checkpoint: Checkpoint = parse(&Reflect::get(v, &"checkpoint".into()).unwrap_or_default(), "checkpoint", read::checkpoint)?;
        let mut pending_writes: Vec<PendingWrite> = Vec::new();
        for w in Array::from(&Reflect::get(v, &"writes".into()).unwrap_or_default()).iter() {
            merge_writes(&mut pending_writes, parse(&w, "pending writes", read::pending_writes)?);
        }
        // Every written channel is whole in the checkpoint's own blobs.
        let values = checkpoint
            .blobs
            .iter()
            .filter_map(|(ch, b)| if let Blob::Full(v) = b { Some((ch.clone(), v.clone())) } else { None })
            .collect();
        // Versions only order writes along one branch here: no blob is shared.
        let max_version = checkpoint.channel_versions.iter().map(|(_, &v)| v).max().unwrap_or(0);
        Ok(CheckpointTuple { thread_id: thread_id.into(), ns: ns.into(), checkpoint, values, pending_writes, max_version })
    }
}

impl Checkpointer for JsSaver {
    fn self_contained(&self) -> bool {
        true
    }

    fn put<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint: Checkpoint,
        writes: Vec<PendingWrite>,
    ) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            let md = &checkpoint.metadata;
            // As LangGraph.js: the superstep's writes with the checkpoint it ran from, then its own.
            if let (Some(parent), false) = (md.parent_id.as_deref(), writes.is_empty()) {
                self.put_writes(thread_id, ns, parent, writes).await?;
            }
            let args = [
                thread_id.into(),
                ns.into(),
                to_text(&checkpoint)?,
                opt_str(md.parent_id.as_deref()),
                (&*checkpoint.id).into(),
                checkpoint.ts.into(),
                md.source.as_str().into(),
                (md.step as f64).into(),
                crate::convert::to_js_any(&md.parents),
            ];
            self.call("put", &args).await.map(drop)
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
        async move { self.call("putWrites", &[thread_id.into(), ns.into(), checkpoint_id.into(), to_text(&writes)?]).await.map(drop) }
            .boxed_local()
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<CheckpointTuple>, Error>> {
        async move {
            let v = self.call("getTuple", &[thread_id.into(), ns.into(), opt_str(id)]).await?;
            if v.is_null() || v.is_undefined() {
                return Ok(None);
            }
            Self::tuple(thread_id, ns, &v).map(Some)
        }
        .boxed_local()
    }

    fn list<'a>(&'a self, thread_id: &'a str, ns: &'a str, filter: ListFilter) -> LocalBoxFuture<'a, Result<Vec<CheckpointTuple>, Error>> {
        async move {
            // A metadata filter applies here, so the saver's limit would cut too early.
            let limit = filter.limit.filter(|_| filter.metadata.is_none()).map(|n| JsValue::from(n as f64)).unwrap_or(JsValue::NULL);
            let all = self.call("list", &[thread_id.into(), ns.into(), opt_str(filter.before.as_deref()), limit]).await?;
            let mut out = Vec::new();
            for v in Array::from(&all).iter() {
                let t = Self::tuple(thread_id, ns, &v)?;
                if filter.matches(&t.checkpoint) && out.len() < filter.limit.unwrap_or(usize::MAX) {
                    out.push(t);
                }
            }
            Ok(out)
        }
        .boxed_local()
    }

    fn delete_thread<'a>(&'a self, thread_id: &'a str) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move { self.call("deleteThread", &[thread_id.into()]).await.map(drop) }.boxed_local()
    }
}

/// The JS handle: `new JsBridgeSaver(bridge)`.
#[wasm_bindgen]
pub struct JsBridgeSaver {
    id: u32,
}

#[wasm_bindgen]
impl JsBridgeSaver {
    #[wasm_bindgen(constructor)]
    pub fn new(bridge: JsValue) -> JsBridgeSaver {
        JsBridgeSaver { id: crate::registry::add_saver(std::rc::Rc::new(JsSaver { bridge })) }
    }

    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u32 {
        self.id
    }
}
