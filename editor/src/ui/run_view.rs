//! What the panels show of a run, derived from the editor's signals: the
//! selected superstep and the state before it, the picked checkpoint, the
//! state on view and what changed in it, and the canvas's step and lit edges.
//! Each reads the supersteps in place: a run adds one at a time, and cloning
//! them all on every read added up over a long run.
use super::session::Shared;
use crate::model::checkpoint_row::CheckpointRow;
use crate::model::run::{carried, changed_keys};
use crate::model::subgraphs::as_step;
use leptos::prelude::*;
use serde_json::Value;
use superstep::checkpoint::StateSnapshot;
use superstep::pregel::StepSnapshot;

/// The signals a run's view is derived from.
pub struct RunSignals {
    pub session: StoredValue<Option<Shared>, LocalStorage>,
    pub thread: RwSignal<String>,
    pub crumbs: RwSignal<Vec<(String, String)>>,
    pub steps: RwSignal<Vec<StepSnapshot>>,
    pub selected: RwSignal<Option<usize>>,
    pub compare: RwSignal<Option<usize>>,
    pub picked: RwSignal<Option<String>>,
    pub history: RwSignal<Vec<CheckpointRow>>,
}

#[derive(Clone, Copy)]
pub struct RunView {
    /// The selected superstep.
    pub current: Signal<Option<StepSnapshot>>,
    /// The state before it.
    pub before: Signal<Value>,
    /// The edges its tasks came by.
    pub edges_lit: Signal<Vec<(String, String)>>,
    /// The picked checkpoint.
    pub picked_state: Signal<Option<CheckpointRow>>,
    /// Inside a subgraph: the state the unfinished superstep saved there, if any.
    pub inner: RwSignal<Option<StateSnapshot>, LocalStorage>,
    pub values: Signal<Value>,
    pub changed: Signal<Vec<String>>,
    /// The canvas shows the picked checkpoint (its next nodes) or the selected superstep.
    pub canvas_step: Signal<Option<StepSnapshot>>,
    /// The state of the superstep picked to compare with.
    pub compare_values: Signal<Option<Value>>,
}

pub fn run_view(s: RunSignals) -> RunView {
    let RunSignals { session, thread, crumbs, steps, selected, compare, picked, history } = s;
    let current = Signal::derive(move || selected.get().and_then(|i| steps.with(|all| all.get(i).cloned())));
    let before = Signal::derive(move || {
        let i = selected.get().and_then(|i| i.checked_sub(1));
        i.and_then(|i| steps.with(|all| all.get(i).map(|s| s.state.clone()))).unwrap_or(Value::Null)
    });
    // A run's supersteps are the top-level graph's: a subgraph's canvas shows none (names may clash),
    // only what an unfinished one saved inside it.
    // A fork clears the steps before the selection: a selection past them lights nothing.
    let nested = move || !crumbs.with(Vec::is_empty);
    // Memos, as the canvas reads these once per node and edge.
    let edges_lit = Memo::new(move |_| {
        if nested() || picked.get().is_some() {
            return vec![];
        }
        let selected = selected.get();
        steps.with(|all| match selected.and_then(|i| Some((i, all.get(i)?))) {
            Some((i, step)) => carried(i.checked_sub(1).and_then(|p| all.get(p)), step),
            None => vec![],
        })
    });
    let picked_state = Signal::derive(move || picked.get().and_then(|id| history.with(|rows| rows.iter().find(|c| c.id == id).cloned())));
    let inner = super::inside::inner_state(session, thread, crumbs, picked, Signal::derive(move || steps.with(Vec::len)));
    let values = Signal::derive(move || match (inner.get(), picked_state.get(), current.get()) {
        (Some(s), _, _) if nested() => s.values,
        (_, Some(c), _) => c.values,
        (_, None, Some(s)) => s.state,
        _ => Value::Object(Default::default()),
    });
    let changed = Signal::derive(move || match picked_state.get() {
        _ if nested() => vec![],
        // A picked checkpoint shows what changed since the one before it (a reload keeps that too).
        Some(c) => history.with(|rows| changed_keys(c.parent_in(rows).map(|r| &r.values), &c.values)),
        None => current.get().map(|s| s.changed).unwrap_or_default(),
    });
    let canvas_step = Memo::new(move |_| match nested() {
        true => inner.get().map(|s| as_step(&s)),
        false => picked_state.get().map(|c| history.with(|rows| c.into_step(rows))).or_else(|| current.get()),
    });
    let compare_values = Signal::derive(move || compare.get().and_then(|i| steps.with(|all| all.get(i).map(|s| s.state.clone()))));
    RunView {
        current,
        before,
        edges_lit: edges_lit.into(),
        picked_state,
        inner,
        values,
        changed,
        canvas_step: canvas_step.into(),
        compare_values,
    }
}
