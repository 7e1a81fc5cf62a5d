//! The workspace: the person's graphs, each with an id, its document, when it
//! last changed and which code was approved. Plain data; the UI stores each
//! entry in IndexedDB as JSON.
use serde::{Deserialize, Serialize};
use superstep::doc::GraphDoc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub doc: GraphDoc,
    pub updated: f64,
    /// The code fingerprint the person approved (see `trust`).
    #[serde(default)]
    pub approved: Option<String>,
}

impl Entry {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    /// Read as stored text: the entry is a level deeper than the document, which
    /// may already be as deep as an import allows.
    pub fn from_json(text: &str) -> Option<Entry> {
        serde_json::from_value(superstep::json::read_stored(text).ok()?).ok()
    }
}

/// An empty graph named `name`.
pub fn empty(name: &str) -> GraphDoc {
    let v = serde_json::json!({ "format": "superstep.graph", "version": 1, "name": name, "channels": [], "nodes": [] });
    GraphDoc::from_value(v).expect("an empty graph is a valid document")
}

/// `base`, or `base 2`, `base 3`, … whichever no entry uses.
pub fn unique_name(entries: &[Entry], base: &str) -> String {
    let taken = |n: &str| entries.iter().any(|e| e.doc.name == n);
    if !taken(base) {
        return base.to_string();
    }
    (2..).map(|i| format!("{base} {i}")).find(|n| !taken(n)).unwrap_or_default()
}

/// A new entry for `doc` (its name made unique), newest first in `entries`.
pub fn add(entries: &mut Vec<Entry>, mut doc: GraphDoc, now: f64, approved: Option<String>) -> String {
    doc.name = unique_name(entries, &doc.name);
    let id = format!("g{}-{}", now as u64, entries.len());
    entries.insert(0, Entry { id: id.clone(), doc, updated: now, approved });
    id
}

/// A copy of entry `id` under a new name; its approval carries over.
pub fn duplicate(entries: &mut Vec<Entry>, id: &str, now: f64) -> Option<String> {
    let e = entries.iter().find(|e| e.id == id)?.clone();
    let mut doc = e.doc;
    doc.name = format!("{} copy", doc.name);
    Some(add(entries, doc, now, e.approved))
}

/// Renames entry `id`; refuses an empty or taken name.
pub fn rename(entries: &mut [Entry], id: &str, name: &str) -> Result<(), String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a graph needs a name".into());
    }
    if entries.iter().any(|e| e.id != id && e.doc.name == name) {
        return Err(format!("a graph named `{name}` already exists"));
    }
    let e = entries.iter_mut().find(|e| e.id == id).ok_or("no such graph")?;
    e.doc.name = name.to_string();
    Ok(())
}

/// The status the thread list shows for a thread's stored one. "running" is
/// stored when a run saves a checkpoint and holds only while this page runs the
/// thread: one left so (stepped by hand, or its page closed mid-run) is paused,
/// and continues from its newest checkpoint.
pub fn listed_status(stored: Option<&str>, running_here: bool) -> &'static str {
    match stored {
        _ if running_here => "running",
        Some("done") => "done",
        Some("interrupted") => "interrupted",
        Some("error") => "error",
        _ => "paused",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_stored_as_running_is_listed_as_paused_unless_this_page_runs_it() {
        assert_eq!(listed_status(Some("running"), false), "paused");
        assert_eq!(listed_status(None, false), "paused");
        assert_eq!(listed_status(Some("running"), true), "running");
        // A run this page starts again on a finished or stopped thread is running.
        assert_eq!(listed_status(Some("done"), true), "running");
        for s in ["done", "interrupted", "error"] {
            assert_eq!(listed_status(Some(s), false), s);
        }
    }

    #[test]
    fn new_duplicate_rename_keep_names_unique() {
        let mut ws = Vec::new();
        let a = add(&mut ws, empty("untitled"), 1.0, None);
        let b = add(&mut ws, empty("untitled"), 2.0, None);
        assert_eq!(ws[0].doc.name, "untitled 2");
        let c = duplicate(&mut ws, &a, 3.0).unwrap();
        assert_eq!(ws[0].id, c);
        assert_eq!(ws[0].doc.name, "untitled copy");
        assert!(rename(&mut ws, &b, "untitled").is_err());
        assert!(rename(&mut ws, &b, " ").is_err());
        rename(&mut ws, &b, "mine").unwrap();
        let e = ws.iter().find(|e| e.id == b).unwrap();
        assert_eq!(Entry::from_json(&e.to_json()).as_ref(), Some(e));
    }

    #[test]
    fn a_document_as_deep_as_an_import_allows_reads_back_from_its_entry() {
        let deep = (0..124).fold(serde_json::json!(1), |v, _| serde_json::json!([v]));
        let text = serde_json::json!({ "format": "superstep.graph", "version": 1, "name": "deep", "channels": [{ "key": "x", "default": deep }], "nodes": [] }).to_string();
        let doc = GraphDoc::from_json(&text).expect("an import reads it");
        let mut ws = Vec::new();
        add(&mut ws, doc, 1.0, None);
        assert_eq!(Entry::from_json(&ws[0].to_json()).as_ref(), Some(&ws[0]));
    }
}
