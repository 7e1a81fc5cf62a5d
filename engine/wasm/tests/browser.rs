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
