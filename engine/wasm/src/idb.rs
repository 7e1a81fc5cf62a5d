//! Promise-free IndexedDB helpers: each request becomes a Rust future.
use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{IdbDatabase, IdbFactory, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

/// Waits for an IDB request to succeed (its `result`) or fail (its `error`).
pub async fn request(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let (tx, rx) = oneshot::channel::<Result<JsValue, JsValue>>();
    let tx = std::rc::Rc::new(std::cell::RefCell::new(Some(tx)));
    let ok_tx = tx.clone();
    let ok_req = req.clone();
    let on_success = Closure::once(move |_e: web_sys::Event| {
        if let Some(tx) = ok_tx.borrow_mut().take() {
            let _ = tx.send(ok_req.result());
        }
    });
    let err_req = req.clone();
    let on_error = Closure::once(move |_e: web_sys::Event| {
        if let Some(tx) = tx.borrow_mut().take() {
            let err = err_req.error().ok().flatten().map(JsValue::from).unwrap_or(JsValue::NULL);
            let _ = tx.send(Err(err));
        }
    });
    req.set_onsuccess(Some(on_success.as_ref().unchecked_ref()));
    req.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let _detach = Detach(|| {
        req.set_onsuccess(None);
        req.set_onerror(None);
    });
    rx.await.unwrap_or_else(|_| Err(JsValue::from_str("IndexedDB request dropped")))
}

/// Runs its function when dropped: it takes our handlers off an IndexedDB
/// target once the future waiting on it ends, or is dropped mid-wait (a
/// stopped run drops it). A handler left set would call a freed closure when
/// the event fires. Declared after the closures, so it drops before them.
struct Detach<F: FnMut()>(F);

impl<F: FnMut()> Drop for Detach<F> {
    fn drop(&mut self) {
        (self.0)()
    }
}

/// Opens database `name` (creating it if needed) at whatever version it has,
/// with `stores` in it. A database an app already keeps under that name, at any
/// version and with stores of its own, gains the missing ones by an upgrade
/// and keeps the rest. Another tab upgrading it at the same moment makes the
/// upgrade's version stale (`VersionError`): it is tried again from the top.
pub async fn open(name: &str, stores: &'static [&'static str]) -> Result<IdbDatabase, JsValue> {
    let factory = web_sys::window()
        .ok_or_else(|| JsValue::from_str("no window"))?
        .indexed_db()?
        .ok_or_else(|| JsValue::from_str("IndexedDB is unavailable"))?;
    let mut version = None;
    for _ in 0..4 {
        let db = match open_at(&factory, name, version, stores).await {
            Ok(db) => db,
            Err(e) if version.is_some() && error_name(&e).as_deref() == Some("VersionError") => {
                version = None;
                continue;
            }
            Err(e) => return Err(e),
        };
        let names = db.object_store_names();
        if stores.iter().all(|s| names.contains(s)) {
            return Ok(db);
        }
        version = Some(db.version() as u32 + 1);
        db.close();
    }
    Err(JsValue::from_str(&format!("could not add the saver's stores to IndexedDB database \"{name}\"")))
}

/// One open request: at `version` (the current one if `None`), creating the
/// `stores` it lacks should it upgrade.
async fn open_at(factory: &IdbFactory, name: &str, version: Option<u32>, stores: &'static [&'static str]) -> Result<IdbDatabase, JsValue> {
    let open_req: IdbOpenDbRequest = match version {
        Some(v) => factory.open_with_u32(name, v)?,
        None => factory.open(name)?,
    };
    let upgrade_req = open_req.clone();
    let on_upgrade = Closure::once(move |_e: web_sys::IdbVersionChangeEvent| {
        if let Ok(db) = upgrade_req.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
            let existing = db.object_store_names();
            for store in stores {
                if !existing.contains(store) {
                    let _ = db.create_object_store(store);
                }
            }
        }
    });
    open_req.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    let _detach = Detach(|| open_req.set_onupgradeneeded(None));
    request(&open_req).await?.dyn_into::<IdbDatabase>()
}

/// A DOMException's name (`VersionError`, `QuotaExceededError`, …).
fn error_name(e: &JsValue) -> Option<String> {
    e.dyn_ref::<web_sys::DomException>().map(|d| d.name())
}

pub async fn put(db: &IdbDatabase, store: &str, key: &JsValue, value: &JsValue) -> Result<(), JsValue> {
    let tx = db.transaction_with_str_and_mode(store, IdbTransactionMode::Readwrite)?;
    request(&tx.object_store(store)?.put_with_key(value, key)?).await.map(|_| ())
}

pub async fn get(db: &IdbDatabase, store: &str, key: &JsValue) -> Result<JsValue, JsValue> {
    let tx = db.transaction_with_str(store)?;
    request(&tx.object_store(store)?.get(key)?).await
}

/// Where a transaction's outcome is sent, once.
type Outcome = std::rc::Rc<std::cell::RefCell<Option<oneshot::Sender<Result<(), JsValue>>>>>;

/// Waits for a transaction to commit; its error (e.g. QuotaExceededError) otherwise.
pub async fn committed(tx: &web_sys::IdbTransaction) -> Result<(), JsValue> {
    let (send, recv) = oneshot::channel::<Result<(), JsValue>>();
    let send = std::rc::Rc::new(std::cell::RefCell::new(Some(send)));
    let finish = |send: Outcome, tx: web_sys::IdbTransaction, ok: bool| {
        Closure::once(move |_e: web_sys::Event| {
            if let Some(s) = send.borrow_mut().take() {
                let err = tx.error().map(JsValue::from).unwrap_or_else(|| JsValue::from_str("transaction aborted"));
                let _ = s.send(if ok { Ok(()) } else { Err(err) });
            }
        })
    };
    let on_complete = finish(send.clone(), tx.clone(), true);
    let on_error = finish(send.clone(), tx.clone(), false);
    let on_abort = finish(send, tx.clone(), false);
    tx.set_oncomplete(Some(on_complete.as_ref().unchecked_ref()));
    tx.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    tx.set_onabort(Some(on_abort.as_ref().unchecked_ref()));
    let _detach = Detach(|| {
        tx.set_oncomplete(None);
        tx.set_onerror(None);
        tx.set_onabort(None);
    });
    recv.await.unwrap_or_else(|_| Err(JsValue::from_str("transaction dropped")))
}
