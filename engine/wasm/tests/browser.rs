//! Browser-only tests, run by wasm-bindgen-test in headless Chromium.
use superstep_wasm::idb;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn indexeddb_write_then_read_back() {
    let db = idb::open("superstep-test-rw", &["kv"]).await.expect("open");
    let key = JsValue::from_str("greeting");
    idb::put(&db, "kv", &key, &JsValue::from_str("hello superstep")).await.expect("put");
    let back = idb::get(&db, "kv", &key).await.expect("get");
    assert_eq!(back.as_string().as_deref(), Some("hello superstep"));
    let missing = idb::get(&db, "kv", &JsValue::from_str("nope")).await.expect("get missing");
    assert!(missing.is_undefined());
}

/// A database kept under the same name at a later version, with other stores:
/// opening adds the missing stores by one upgrade and keeps the rest; the next
/// open, with every store there, upgrades nothing.
#[wasm_bindgen_test]
async fn opening_adds_missing_stores_to_a_database_at_any_version() {
    let app = idb::open("superstep-test-app", &["todos"]).await.expect("open the app's");
    idb::put(&app, "todos", &JsValue::from_str("t1"), &JsValue::from_str("milk")).await.expect("put");
    assert_eq!(app.version(), 1.0);
    app.close();
    let db = idb::open("superstep-test-app", &["todos", "kv"]).await.expect("open with a store more");
    assert_eq!(db.version(), 2.0);
    idb::put(&db, "kv", &JsValue::from_str("k"), &JsValue::from_str("v")).await.expect("put in the new store");
    let kept = idb::get(&db, "todos", &JsValue::from_str("t1")).await.expect("get");
    assert_eq!(kept.as_string().as_deref(), Some("milk"));
    db.close();
    let again = idb::open("superstep-test-app", &["kv"]).await.expect("open again");
    assert_eq!(again.version(), 2.0);
}

/// A stopped run drops the future waiting on a transaction or a request. The
/// wait must take its handlers off the target: one left set would call a freed
/// closure when the event fires ("closure invoked ... after being dropped").
#[wasm_bindgen_test]
async fn a_dropped_wait_takes_its_handlers_off_the_transaction_and_the_request() {
    use web_sys::IdbTransactionMode;
    let db = idb::open("superstep-test-drop", &["kv"]).await.expect("open");
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

/// Forwards every write to two savers, so that both hold the same checkpoints (ids included).
struct Tee(std::rc::Rc<superstep_wasm::IndexedDbSaver>, std::rc::Rc<superstep::checkpoint::MemorySaver>);

impl superstep::checkpoint::Checkpointer for Tee {
    fn put<'a>(
        &'a self,
        thread: &'a str,
        ns: &'a str,
        cp: superstep::checkpoint::Checkpoint,
        writes: Vec<superstep::checkpoint::PendingWrite>,
    ) -> futures::future::LocalBoxFuture<'a, Result<(), superstep::Error>> {
        Box::pin(async move {
            self.1.put(thread, ns, cp.clone(), writes.clone()).await?;
            self.0.put(thread, ns, cp, writes).await
        })
    }
    fn put_writes<'a>(
        &'a self,
        thread: &'a str,
        ns: &'a str,
        id: &'a str,
        writes: Vec<superstep::checkpoint::PendingWrite>,
    ) -> futures::future::LocalBoxFuture<'a, Result<(), superstep::Error>> {
        Box::pin(async move {
            self.1.put_writes(thread, ns, id, writes.clone()).await?;
            self.0.put_writes(thread, ns, id, writes).await
        })
    }
    fn get<'a>(
        &'a self,
        thread: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> futures::future::LocalBoxFuture<'a, Result<Option<superstep::checkpoint::CheckpointTuple>, superstep::Error>> {
        self.1.get(thread, ns, id)
    }
    fn list<'a>(
        &'a self,
        thread: &'a str,
        ns: &'a str,
        filter: superstep::checkpoint::ListFilter,
    ) -> futures::future::LocalBoxFuture<'a, Result<Vec<superstep::checkpoint::CheckpointTuple>, superstep::Error>> {
        self.1.list(thread, ns, filter)
    }
    fn delete_thread<'a>(&'a self, thread: &'a str) -> futures::future::LocalBoxFuture<'a, Result<(), superstep::Error>> {
        Box::pin(async move {
            self.1.delete_thread(thread).await?;
            self.0.delete_thread(thread).await
        })
    }
}

/// The IndexedDB saver reads a checkpoint by key and its blobs by version, not the
/// whole lane. On a thread with two branches (an edit and a replay of old
/// checkpoints) and an appended list, every read of it must equal the memory saver's.
#[wasm_bindgen_test]
async fn indexeddb_reads_equal_the_memory_savers_across_branches() {
    use serde_json::{json, Value};
    use superstep::checkpoint::{Checkpointer, ListFilter, MemorySaver};
    use superstep::*;
    let idb = std::rc::Rc::new(superstep_wasm::IndexedDbSaver::new("superstep-test-reads".into(), "strict".into()));
    let memory = std::rc::Rc::new(MemorySaver::new());
    let tee = std::rc::Rc::new(Tee(idb.clone(), memory.clone()));
    let mark = |name: &'static str| node(move |_s| Ok::<_, NodeError>(json!({ "path": [name], "last": name })));
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .channel("last", Channel::last_value())
        .node("a", mark("a"))
        .node("b", mark("b"))
        // c writes only `last`, which sorts before `path`: the lane's highest version is then
        // not the last channel's.
        .node("c", node(|_s| Ok::<_, NodeError>(json!({ "last": "c" }))))
        .edge(START, "a")
        .edge("a", "b")
        .edge("b", "c")
        .compile_with(CompileOptions { checkpointer: checkpoint::Checkpointing::Saver(tee), ..Default::default() })
        .expect("compiles");
    let at = |id: &Value| {
        let mut c = RunConfig::thread("t");
        c.configurable.insert("checkpoint_id".into(), id["configurable"]["checkpoint_id"].clone());
        c
    };
    idb.delete_thread("t").await.expect("a clean thread");
    g.invoke(json!({"path": ["in"]}), RunConfig::thread("t")).await.expect("first run");
    let first = g.get_state_history(&RunConfig::thread("t"), ListFilter::default()).await.expect("history");
    let after_a = first.iter().find(|h| h.next == vec!["b"]).expect("after a").config.clone();
    // An edit of an old checkpoint, continued: a branch whose versions go above the first's.
    let edit = g.update_state(&at(&after_a), json!({"path": ["edited"]}), Some("a")).await.expect("edit");
    g.invoke(Value::Null, at(&edit)).await.expect("the edit's branch");
    // A replay of the first branch's checkpoint before c: a third branch.
    let before_c = first.iter().find(|h| h.next == vec!["c"]).expect("before c").config.clone();
    g.invoke(Value::Null, at(&before_c)).await.expect("replay");

    let all = memory.list("t", "", ListFilter::default()).await.expect("memory list");
    assert_eq!(all.len(), 10, "three branches");
    assert_eq!(idb.list("t", "", ListFilter::default()).await.expect("list"), all);
    for limit in [1, 3, 8, 9] {
        let filter = ListFilter { limit: Some(limit), ..Default::default() };
        assert_eq!(idb.list("t", "", filter.clone()).await.expect("list"), all[..limit], "limit {limit}");
    }
    let before = ListFilter { before: Some(all[4].checkpoint.id.to_string()), limit: Some(2), ..Default::default() };
    assert_eq!(idb.list("t", "", before).await.expect("list before"), all[5..7]);
    assert_eq!(idb.get("t", "", None).await.expect("newest"), Some(all[0].clone()));
    for t in &all {
        assert_eq!(idb.get("t", "", Some(&t.checkpoint.id)).await.expect("get").as_ref(), Some(t), "checkpoint {}", t.checkpoint.id);
    }
    assert_eq!(idb.get("t", "", Some("no-such-id")).await.expect("get"), None);
    assert_eq!(idb.get("other", "", None).await.expect("get"), None);
    assert!(all[0].max_version > 0 && all.iter().all(|t| t.max_version == all[0].max_version));
}

/// A value at the depth state holds (126 levels, within serde_json's limit on what comes
/// in) sits a few levels deeper in the saver's records: it must read back, where
/// it was written and then refused as unreadable, losing the thread.
#[wasm_bindgen_test]
async fn indexeddb_reads_back_a_value_as_deep_as_state_holds() {
    use serde_json::json;
    use superstep::*;
    let deep = (0..126).fold(json!(1), |v, _| json!([v]));
    let idb = std::rc::Rc::new(superstep_wasm::IndexedDbSaver::new("superstep-test-deep".into(), "strict".into()));
    let written = deep.clone();
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .node("a", node(move |_s| Ok::<_, NodeError>(json!({ "x": written.clone() }))))
        .edge(START, "a")
        .compile_with(CompileOptions { checkpointer: checkpoint::Checkpointing::Saver(idb.clone()), ..Default::default() })
        .expect("compiles");
    g.invoke(json!({ "x": 0 }), RunConfig::thread("t")).await.expect("run");
    let state = g.get_state(&RunConfig::thread("t"), false).await.expect("read back");
    assert_eq!(state.values["x"], deep);
    let history = g.get_state_history(&RunConfig::thread("t"), Default::default()).await.expect("history");
    assert_eq!(history.len(), 3);
    assert_eq!(history[0].values["x"], deep);
}
