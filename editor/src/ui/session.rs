//! The editor's tie to the engine: the open graph, compiled with the
//! IndexedDB saver (every run is a thread), and the run being stepped.
//! Not reactive; components hold it in a local `StoredValue`.
use crate::model::checkpoint_row::{CheckpointRow, RECENT};
use crate::model::run::Breakpoints;
use futures::channel::oneshot;
use leptos::prelude::*;
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;
use superstep::checkpoint::{Checkpointer, Checkpointing, ListFilter, StateSnapshot};
use superstep::doc::build::build;
use superstep::doc::GraphDoc;
use superstep::pregel::{Cancel, Input, StepSnapshot, Stepper};
use superstep::{Command, CompileOptions, CompiledGraph, RunConfig};
use superstep_wasm::IndexedDbSaver;

/// The database the editor keeps threads in.
pub const DB: &str = "superstep-editor";

pub struct Session {
    pub graph: CompiledGraph,
    stepper: RefCell<Option<Stepper>>,
    /// Fires the current run's cancel signal, so Stop also ends a superstep in flight.
    cancel: RefCell<Option<oneshot::Sender<()>>>,
}

pub type Shared = Rc<Session>;

impl Session {
    /// Compiles `doc`; its code runs in the sandbox only when `approved`. Its cache
    /// (for nodes with a cache policy) lives as long as this compiled graph, as a
    /// cache given to LangGraph's `compile()` does: an edit starts an empty one.
    pub fn open(doc: &GraphDoc, saver: Rc<IndexedDbSaver>, approved: bool) -> Result<Shared, String> {
        let cache = Some(Rc::new(superstep::InMemoryCache::new()) as _);
        let options =
            CompileOptions { checkpointer: Checkpointing::Saver(saver), cache, env: superstep_wasm::page_env(), ..Default::default() };
        let graph = build(doc, &super::sandbox::EditorCode { approved }, options).map_err(|e| e.to_string())?;
        Ok(Rc::new(Session { graph, stepper: RefCell::new(None), cancel: RefCell::new(None) }))
    }

    pub fn config(thread: &str, limit: usize, checkpoint: Option<&str>, breaks: &Breakpoints) -> RunConfig {
        let mut c = RunConfig::thread(thread).recursion_limit(limit);
        c.interrupt_before = Some(breaks.before.clone());
        c.interrupt_after = Some(breaks.after.clone());
        if let Some(id) = checkpoint {
            c.configurable.insert("checkpoint_id".into(), Value::String(id.into()));
        }
        c
    }

    /// Starts (or resumes) a run to be stepped.
    pub async fn begin(&self, input: Input, mut config: RunConfig) -> Result<(), String> {
        let (stop, stopped) = oneshot::channel::<()>();
        // Only a sent stop cancels; a sender dropped with a replaced run does not.
        config.cancel = Some(Cancel::new(async move {
            if stopped.await.is_err() {
                futures::future::pending::<()>().await
            }
        }));
        let s = self.graph.stepper(input, config).await.map_err(|e| e.to_string())?;
        *self.stepper.borrow_mut() = Some(s);
        *self.cancel.borrow_mut() = Some(stop);
        Ok(())
    }

    pub async fn resume(&self, value: Value, config: RunConfig) -> Result<(), String> {
        self.begin(Input::Command(Command::resume(value)), config).await
    }

    /// Runs one superstep of the current run; `None` when there is none.
    pub async fn step(&self) -> Option<StepSnapshot> {
        let mut s = self.stepper.borrow_mut().take()?;
        let snap = s.step().await;
        if !s.is_finished() {
            *self.stepper.borrow_mut() = Some(s);
        }
        Some(snap)
    }

    pub fn running(&self) -> bool {
        self.stepper.borrow().is_some()
    }

    pub fn stop(&self) {
        self.stepper.borrow_mut().take();
        if let Some(stop) = self.cancel.borrow_mut().take() {
            let _ = stop.send(());
        }
    }

    pub async fn history(&self, thread: &str) -> Result<Vec<StateSnapshot>, String> {
        self.graph.get_state_history(&RunConfig::thread(thread), ListFilter::default()).await.map_err(|e| e.to_string())
    }

    /// The timeline `rows` after a step: the thread's newest few merged in, or all of its
    /// rows after a gap; nothing if `current()` says another graph or thread opened meanwhile.
    pub async fn refresh_rows(&self, thread: &str, rows: RwSignal<Vec<CheckpointRow>>, current: impl Fn() -> bool) {
        let filter = ListFilter { limit: Some(RECENT), ..Default::default() };
        let Ok(newest) = self.graph.get_state_history(&RunConfig::thread(thread), filter).await else { return };
        let merged = |known: &mut Vec<CheckpointRow>| {
            let done = CheckpointRow::merge_into(known, newest.iter().map(CheckpointRow::of).collect(), RECENT);
            (done, done)
        };
        if !current() || rows.try_maybe_update(merged) == Some(true) {
            return;
        }
        if let (Ok(h), true) = (self.history(thread).await, current()) {
            rows.set(h.iter().map(CheckpointRow::of).collect());
        }
    }

    /// The error the thread's newest superstep failed with at the barrier, if it did:
    /// `get_state` applies that superstep's finished writes, as LangGraph's does.
    pub async fn refused(&self, thread: &str) -> Option<superstep::Error> {
        self.graph.get_state(&RunConfig::thread(thread), false).await.err()
    }

    /// Nodes the thread was in the middle of that this graph no longer has.
    pub async fn missing_nodes(&self, thread: &str) -> Vec<String> {
        self.graph.missing_nodes(&RunConfig::thread(thread)).await.unwrap_or_default()
    }

    /// The saved state inside the subgraph nodes `nodes` (outermost first) at `checkpoint`
    /// (else the newest): there while the superstep running them is unfinished.
    pub async fn inner_state(&self, thread: &str, checkpoint: Option<&str>, nodes: &[String]) -> Option<StateSnapshot> {
        let c = Session::config(thread, 25, checkpoint, &Breakpoints::default());
        let root = self.graph.get_state(&c, true).await.ok()?;
        crate::model::subgraphs::inner_snapshot(root, nodes)
    }

    /// `update_state` on a checkpoint: a new branch; returns its checkpoint id.
    pub async fn fork(&self, thread: &str, checkpoint: &str, values: Value) -> Result<String, String> {
        let c = Session::config(thread, 25, Some(checkpoint), &Breakpoints::default());
        let out = self.graph.update_state(&c, values, None).await.map_err(|e| e.to_string())?;
        Ok(out["configurable"]["checkpoint_id"].as_str().unwrap_or_default().to_string())
    }
}

/// Thread summaries from the saver: `{thread_id, updated_at, step, graph}`.
pub async fn threads(saver: &IndexedDbSaver) -> Vec<Value> {
    saver.list_threads().await.unwrap_or_default()
}

/// What this origin keeps in the browser's storage, as "12.3 KB stored".
pub async fn storage_usage() -> Option<String> {
    let estimate = web_sys::window()?.navigator().storage().estimate().ok()?;
    let est = wasm_bindgen_futures::JsFuture::from(estimate).await.ok()?;
    let used = js_sys::Reflect::get(&est, &"usage".into()).ok()?.as_f64()?;
    Some(format!("{:.1} KB stored", used / 1024.0))
}

pub async fn delete_thread(saver: &IndexedDbSaver, thread: &str) -> Result<(), String> {
    saver.delete_thread(thread).await.map_err(|e| e.to_string())
}
