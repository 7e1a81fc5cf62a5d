//! Browser-only tests, run by wasm-bindgen-test in headless Chromium.
use superstep_wasm::idb;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn indexeddb_write_then_read_back() {
    let db = idb::open("superstep-test-rw", 1, &["kv"]).await.expect("open");
    let key = JsValue::from_str("greeting");
    idb::put(&db, "kv", &key, &JsValue::from_str("hello superstep")).await.expect("put");
    let back = idb::get(&db, "kv", &key).await.expect("get");
    assert_eq!(back.as_string().as_deref(), Some("hello superstep"));
    let missing = idb::get(&db, "kv", &JsValue::from_str("nope")).await.expect("get missing");
    assert!(missing.is_undefined());
}

/// A stopped run drops the future waiting on a transaction or a request. The
/// wait must take its handlers off the target: one left set would call a freed
/// closure when the event fires ("closure invoked ... after being dropped").
#[wasm_bindgen_test]
async fn a_dropped_wait_takes_its_handlers_off_the_transaction_and_the_request() {
    use web_sys::IdbTransactionMode;
    let db = idb::open("superstep-test-drop", 1, &["kv"]).await.expect("open");
    let tx = db.transaction_with_str_and_mode("kv", IdbTransactionMode::Readwrite).expect("transaction");
    let store = tx.object_store("kv").expect("store");
    let req = store.put_with_key(&JsValue::from_str("kept"), &JsValue::from_str("k")).expect("put");
    let mut put = Box::pin(idb::request(&req));
    let mut commit = Box::pin(idb::committed(&tx));
    // Polled once, both wait: their handlers are set.
    assert!(futures::poll!(put.as_mut()).is_pending() && futures::poll!(commit.as_mut()).is_pending());
    assert!(req.onsuccess().is_some() && tx.oncomplete().is_some());
    drop(put);
    drop(commit);
    assert!(req.onsuccess().is_none() && req.onerror().is_none());
    assert!(tx.oncomplete().is_none() && tx.onerror().is_none() && tx.onabort().is_none());
    // The transaction still commits on its own.
    let back = idb::get(&db, "kv", &JsValue::from_str("k")).await.expect("get");
    assert_eq!(back.as_string().as_deref(), Some("kept"));
}
