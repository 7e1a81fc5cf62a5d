//! Reads of one lane (a thread's namespace) in the IndexedDB saver that cost
//! what a checkpoint holds, not what the thread has stored: the newest
//! checkpoint by a reverse cursor, the blobs its versions name by key, the
//! lane's highest version by a few cursor steps per channel. Only a long
//! history read takes the whole lane, in one request per store.
use crate::errors::storage_error;
use crate::idb;
use js_sys::Array;
use superstep::checkpoint::{merge_writes, read, Blob, Checkpoint, ListFilter, Name, NameMap, PendingWrite};
use superstep::sorted_map::SortedMap;
use superstep::Error;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{IdbCursor, IdbCursorDirection, IdbCursorWithValue, IdbDatabase, IdbKeyRange, IdbObjectStore};

/// Stored values by channel and version.
pub type Blobs = SortedMap<Name, SortedMap<u64, Blob>>;

/// An array key.
pub fn key(parts: &[&str]) -> JsValue {
    parts.iter().map(|p| JsValue::from_str(p)).collect::<Array>().into()
}

/// The key just past every key starting with `prefix`: `[...prefix, []]` (array keys
/// sort element by element, and arrays after strings and numbers).
fn past(prefix: &[&str]) -> Array {
    let after = Array::from(&key(prefix));
    after.push(&Array::new());
    after
}

/// All keys starting with `prefix`.
pub fn prefix_range(prefix: &[&str]) -> Result<IdbKeyRange, JsValue> {
    IdbKeyRange::bound(&key(prefix), &past(prefix))
}

/// A blob's key: versions are zero-padded, so their text sorts as their numbers.
pub fn blob_key(thread: &str, ns: &str, channel: &str, version: u64) -> JsValue {
    key(&[thread, ns, channel, &format!("{version:020}")])
}

/// Stored JSON text, read by `read`: unparsable text and the wrong shape are both unreadable.
pub fn from_text<T>(text: &str, read: fn(&serde_json::Value) -> Result<T, String>) -> Result<T, String> {
    read(&superstep::json::read_stored(text)?)
}

/// A stored record of pending writes.
pub fn writes_from_text(text: &str) -> Result<Vec<PendingWrite>, Error> {
    from_text(text, read::pending_writes).map_err(|e| Error::Storage { message: format!("unreadable pending writes: {e}") })
}

fn unreadable(what: &str) -> impl Fn(String) -> Error + '_ {
    move |e| Error::Storage { message: format!("unreadable {what}: {e}") }
}

fn store(db: &IdbDatabase, name: &str) -> Result<IdbObjectStore, Error> {
    db.transaction_with_str(name).and_then(|tx| tx.object_store(name)).map_err(storage_error)
}

async fn value_of(req: Result<web_sys::IdbRequest, JsValue>) -> Result<JsValue, Error> {
    idb::request(&req.map_err(storage_error)?).await.map_err(storage_error)
}

fn checkpoint_of(text: &JsValue) -> Result<Checkpoint, Error> {
    from_text(&text.as_string().unwrap_or_default(), read::checkpoint).map_err(unreadable("checkpoint"))
}

/// The checkpoint `id` of the lane, else its newest (ids sort as they were made).
pub async fn checkpoint(db: &IdbDatabase, thread: &str, ns: &str, id: Option<&str>) -> Result<Option<Checkpoint>, Error> {
    let store = store(db, "checkpoints")?;
    let found = match id {
        Some(id) => value_of(store.get(&key(&[thread, ns, id]))).await?,
        None => {
            let range = prefix_range(&[thread, ns]).map_err(storage_error)?;
            let cursor = value_of(store.open_cursor_with_range_and_direction(&range, IdbCursorDirection::Prev)).await?;
            match cursor.dyn_into::<IdbCursorWithValue>() {
                Ok(c) => c.value().map_err(storage_error)?,
                Err(_) => JsValue::UNDEFINED,
            }
        }
    };
    if found.is_undefined() {
        return Ok(None);
    }
    checkpoint_of(&found).map(Some)
}

/// The lane's checkpoints that `filter` keeps, newest first. With a limit, a cursor
/// walks back from the newest (or from `before`) and stops there.
pub async fn checkpoints(db: &IdbDatabase, thread: &str, ns: &str, filter: &ListFilter) -> Result<Vec<Checkpoint>, Error> {
    let store = store(db, "checkpoints")?;
    let range = match &filter.before {
        Some(before) => IdbKeyRange::bound_with_lower_open_and_upper_open(&key(&[thread, ns]), &key(&[thread, ns, before]), false, true),
        None => prefix_range(&[thread, ns]),
    }
    .map_err(storage_error)?;
    let limit = filter.limit.unwrap_or(usize::MAX);
    let mut out = Vec::new();
    if filter.limit.is_none() {
        for text in Array::from(&value_of(store.get_all_with_key(&range)).await?).iter().rev() {
            let cp = checkpoint_of(&text)?;
            if filter.matches(&cp) {
                out.push(cp);
            }
        }
        return Ok(out);
    }
    let req = store.open_cursor_with_range_and_direction(&range, IdbCursorDirection::Prev).map_err(storage_error)?;
    while out.len() < limit {
        let Ok(cursor) = idb::request(&req).await.map_err(storage_error)?.dyn_into::<IdbCursorWithValue>() else { break };
        let cp = checkpoint_of(&cursor.value().map_err(storage_error)?)?;
        if filter.matches(&cp) {
            out.push(cp);
        }
        if out.len() < limit {
            cursor.continue_().map_err(storage_error)?;
        }
    }
    Ok(out)
}

fn blob_of(text: &JsValue) -> Result<(String, u64, Blob), Error> {
    let rec = superstep::json::read_stored(&text.as_string().unwrap_or_default()).map_err(unreadable("blob"))?;
    let blob = read::blob(&rec["blob"]).map_err(unreadable("blob"))?;
    Ok((rec["channel"].as_str().unwrap_or_default().to_string(), rec["version"].as_u64().unwrap_or(0), blob))
}

fn keep(blobs: &mut Blobs, (channel, version, blob): (String, u64, Blob)) {
    blobs.get_or_insert_with(channel.as_str(), || (channel.as_str().into(), SortedMap::default())).insert(version, blob);
}

/// Adds to `blobs` those `versions` name: each by its key, all in one transaction;
/// a channel stored as items appended to an earlier version then takes its versions
/// up to this one in one range read, for `resolve` to walk back through. Versions
/// `blobs` has are not read again (a range read brought every version below it).
pub async fn blobs_for(db: &IdbDatabase, thread: &str, ns: &str, versions: &NameMap<u64>, blobs: &mut Blobs) -> Result<(), Error> {
    let store = store(db, "blobs")?;
    let requests = versions
        .iter()
        .filter(|(ch, v)| blobs.get(&***ch).is_none_or(|b| b.get(v).is_none()))
        .map(|(ch, &v)| store.get(&blob_key(thread, ns, ch, v)).map_err(storage_error))
        .collect::<Result<Vec<_>, _>>()?;
    let mut appended = Vec::new();
    for req in requests {
        let text = idb::request(&req).await.map_err(storage_error)?;
        if text.is_undefined() {
            continue; // never written, or missing: `resolve` tells which
        }
        let found = blob_of(&text)?;
        if matches!(found.2, Blob::Append { .. }) {
            appended.push((found.0.clone(), found.1));
        }
        keep(blobs, found);
    }
    if appended.is_empty() {
        return Ok(());
    }
    let store = self::store(db, "blobs")?;
    let requests = appended
        .iter()
        .map(|(ch, v)| {
            let range = IdbKeyRange::bound(&key(&[thread, ns, ch]), &blob_key(thread, ns, ch, *v)).map_err(storage_error)?;
            store.get_all_with_key(&range).map_err(storage_error)
        })
        .collect::<Result<Vec<_>, _>>()?;
    for req in requests {
        for text in Array::from(&idb::request(&req).await.map_err(storage_error)?).iter() {
            keep(blobs, blob_of(&text)?);
        }
    }
    Ok(())
}

/// Every blob of the lane, in one read.
pub async fn all_blobs(db: &IdbDatabase, thread: &str, ns: &str) -> Result<Blobs, Error> {
    let mut blobs = Blobs::default();
    let range = prefix_range(&[thread, ns]).map_err(storage_error)?;
    for text in Array::from(&value_of(store(db, "blobs")?.get_all_with_key(&range)).await?).iter() {
        keep(&mut blobs, blob_of(&text)?);
    }
    Ok(blobs)
}

/// The highest version any channel of the lane stores. A key cursor walks the lane's
/// channels forward, jumping from each one's first key past its last (`[thread, ns,
/// channel, []]` sorts after its versions); a reverse cursor over each channel alone
/// then gives its last key. (Jumps of a reverse cursor walk key by key in Chromium.)
pub async fn max_version(db: &IdbDatabase, thread: &str, ns: &str) -> Result<u64, Error> {
    let range = prefix_range(&[thread, ns]).map_err(storage_error)?;
    let req = store(db, "blobs")?.open_key_cursor_with_range(&range).map_err(storage_error)?;
    let mut channels = Vec::new();
    while let Ok(cursor) = idb::request(&req).await.map_err(storage_error)?.dyn_into::<IdbCursor>() {
        let channel = Array::from(&cursor.key().map_err(storage_error)?).get(2).as_string().unwrap_or_default();
        cursor.continue_with_key(&past(&[thread, ns, &channel])).map_err(storage_error)?;
        channels.push(channel);
    }
    let store = store(db, "blobs")?;
    let lasts = channels
        .iter()
        .map(|ch| {
            let range = prefix_range(&[thread, ns, ch]).map_err(storage_error)?;
            store.open_key_cursor_with_range_and_direction(&range, IdbCursorDirection::Prev).map_err(storage_error)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut max = 0;
    for req in lasts {
        if let Ok(cursor) = idb::request(&req).await.map_err(storage_error)?.dyn_into::<IdbCursor>() {
            let version = Array::from(&cursor.key().map_err(storage_error)?).get(3).as_string().and_then(|v| v.parse().ok());
            max = max.max(version.unwrap_or(0));
        }
    }
    Ok(max)
}

/// The pending writes of checkpoint `id`: the unfinished superstep's, then the finished one's merged in.
pub async fn writes_of(db: &IdbDatabase, thread: &str, ns: &str, id: &str) -> Result<Vec<PendingWrite>, Error> {
    let range = prefix_range(&[thread, ns, id]).map_err(storage_error)?;
    let mut all = Vec::new();
    for text in Array::from(&value_of(store(db, "writes")?.get_all_with_key(&range)).await?).iter() {
        merge_writes(&mut all, writes_from_text(&text.as_string().unwrap_or_default())?);
    }
    Ok(all)
}

/// Every checkpoint's pending writes in the lane, by checkpoint id, in one transaction.
pub async fn lane_writes(db: &IdbDatabase, thread: &str, ns: &str) -> Result<SortedMap<Name, Vec<PendingWrite>>, Error> {
    let range = prefix_range(&[thread, ns]).map_err(storage_error)?;
    let store = store(db, "writes")?;
    let (keys, values) =
        (store.get_all_keys_with_key(&range).map_err(storage_error)?, store.get_all_with_key(&range).map_err(storage_error)?);
    let keys = Array::from(&idb::request(&keys).await.map_err(storage_error)?);
    let values = Array::from(&idb::request(&values).await.map_err(storage_error)?);
    let mut out: SortedMap<Name, Vec<PendingWrite>> = SortedMap::default();
    // In key order: a checkpoint's unfinished writes, then its finished ones.
    for (k, text) in keys.iter().zip(values.iter()) {
        let id = Array::from(&k).get(2).as_string().unwrap_or_default();
        let all = out.get_or_insert_with(id.as_str(), || (id.as_str().into(), Vec::new()));
        merge_writes(all, writes_from_text(&text.as_string().unwrap_or_default())?);
    }
    Ok(out)
}
