//! The editor: gallery and threads on the left, canvas in the centre, run
//! controls on top, superstep and state panels on the right, timeline below.
use super::build_panel::BuildPanel;
use super::canvas::Canvas;
use super::crumbs::{names, open_in_place, Crumbs};
use super::node_panel::{NodePanel, SelectionPanel};
use super::panels::{StatePanel, StepPanel};
use super::prefs::{forget_typed_input, keep_typed_input, recall, remember, typed_input};
use super::prompts::{InputForm, ReviewPanel, WaitingPanel};
use super::run_view::{run_view, RunSignals, RunView};
use super::session::{self, Session, Shared};
use super::shortcuts::{self, Command};
use super::timeline::Timeline;
use super::workspace_panel::{WorkspaceAction, WorkspacePanel};
use super::workspace_store;
use crate::model::checkpoint_row::CheckpointRow;
use crate::model::clipboard::{copy, paste, Clip};
use crate::model::edit::{EditorChange, History};
use crate::model::layout::{layout, Layout};
use crate::model::problems::{compile_change, problems};
use crate::model::reopen;
use crate::model::run::{input_keys, parse_input, Breakpoints};
use crate::model::subgraphs::{doc_at, within};
use crate::model::trust::{fingerprint, may_run};
use crate::model::workspace::{self, Entry};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use std::rc::Rc;
use superstep::doc::GraphDoc;
use superstep::pregel::{Input, Outcome, StepSnapshot};
use superstep_wasm::IndexedDbSaver;

#[component]
pub fn App() -> impl IntoView {
    let examples = super::examples::all();
    let saver = Rc::new(IndexedDbSaver::new(session::DB.into(), "strict".into()));
    let session: StoredValue<Option<Shared>, LocalStorage> = StoredValue::new_local(None);
    // Why the open graph does not compile (then it has no session).
    let compile_error: StoredValue<Option<String>> = StoredValue::new(None);
    let saver_store: StoredValue<Rc<IndexedDbSaver>, LocalStorage> = StoredValue::new_local(saver);
    let doc_name = RwSignal::new(String::new());
    let doc = RwSignal::new(None::<GraphDoc>);
    // The subgraphs opened in place, outermost first: (the node, the name of its graph).
    let crumbs = RwSignal::new(Vec::<(String, String)>::new());
    let input_text = RwSignal::new("{}".to_string());
    // Where the open graph comes from (`entry:<id>` or `example:<name>`): its typed input is kept there.
    let input_place = StoredValue::new(String::new());
    // Counts the graphs and threads opened: reads of a thread that finish after another opened are dropped.
    let opened = StoredValue::new(0u64);
    Effect::new(move |_| input_text.with(|text| keep_typed_input(&input_place.get_value(), text)));
    let input_error = RwSignal::new(None::<String>);
    let limit = RwSignal::new(25usize);
    let thread = RwSignal::new(String::new());
    let steps = RwSignal::new(Vec::<StepSnapshot>::new());
    let selected = RwSignal::new(None::<usize>);
    let compare = RwSignal::new(None::<usize>);
    let status = RwSignal::new("Pick an example to start.".to_string());
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(400u32);
    let pending = RwSignal::new(None::<Outcome>);
    let resume_text = RwSignal::new("\"yes\"".to_string());
    let history = RwSignal::new(Vec::<CheckpointRow>::new());
    let picked = RwSignal::new(None::<String>);
    let fork_text = RwSignal::new(String::new());
    let threads = RwSignal::new(Vec::<Value>::new());
    let usage = RwSignal::new(String::new());
    // A superstep is running: further Step presses wait for it.
    let busy = RwSignal::new(false);
    let breaks = RwSignal::new(Breakpoints::default());
    let hist = RwSignal::new(None::<History>);
    let selection = RwSignal::new(Vec::<String>::new());
    // The workspace: the open entry (`None` for an example not edited yet) and the approved code.
    let entries = RwSignal::new(Vec::<Entry>::new());
    let open_id = RwSignal::new(None::<String>);
    let approved = RwSignal::new(None::<String>);
    let review = RwSignal::new(false);
    // The workspace has been read from IndexedDB (and the last graph reopened).
    let ready = RwSignal::new(false);
    // Whether the person opened or imported a graph before the workspace finished loading.
    let touched = RwSignal::new(false);
    let import_problems = RwSignal::new(Vec::<String>::new());
    let clipboard: StoredValue<Option<Clip>, LocalStorage> = StoredValue::new_local(None);
    let autosave: StoredValue<Option<gloo_timers::callback::Timeout>, LocalStorage> = StoredValue::new_local(None);
    let path = move || crumbs.with(|c| names(c));
    // The document on the canvas: the open graph, or the subgraph opened in its place.
    // Memos: a derived signal runs again on every read, and a run's every superstep reads these.
    let shown_doc: Signal<Option<GraphDoc>> =
        Memo::new(move |_| hist.with(|h| h.as_ref().map(|h| doc_at(&h.doc, &path()).0.clone()))).into();
    let top_doc: Signal<_> = Memo::new(move |_| hist.with(|h| h.as_ref().map(|h| h.doc.clone()))).into();
    let graph_layout: Signal<Layout> = Memo::new(move |_| shown_doc.with(|d| d.as_ref().map(layout).unwrap_or_default())).into();
    let doc_problems: Signal<_> = Memo::new(move |_| shown_doc.with(|d| d.as_ref().map(problems).unwrap_or_default())).into();
    let RunView { current, before, edges_lit, picked_state, inner, values, changed, canvas_step, compare_values } =
        run_view(RunSignals { session, thread, crumbs, steps, selected, compare, picked, history });
    let nested = move || !crumbs.with(Vec::is_empty);

    let refresh_threads = move || {
        let saver = saver_store.get_value();
        spawn_local(async move {
            threads.set(session::threads(&saver).await);
            // Threads changed, and with them what the page keeps stored.
            if let Some(u) = session::storage_usage().await {
                usage.set(u);
            }
        });
    };
    // A checkpoint in view, its state ready to edit for a fork.
    let pick = move |c: &CheckpointRow| {
        fork_text.set(serde_json::to_string_pretty(&c.values).unwrap_or_default());
        picked.set(Some(c.id.clone()));
    };
    let refresh_history = move || {
        let (Some(s), t, mine) = (session.get_value(), thread.get_untracked(), opened.get_value()) else { return };
        spawn_local(async move { s.refresh_rows(&t, history, || opened.get_value() == mine).await });
    };
    // A fresh session of `d`, or none when it does not compile (runs then say why instead of
    // running an older graph); returns why, and keeps it for the next edit's status.
    let open_session = move |d: &GraphDoc, runnable: bool| -> Option<String> {
        let opened = Session::open(d, saver_store.get_value(), runnable);
        // Said as the problems list says it (one inside a subgraph names the subgraph).
        let error = opened.as_ref().err().map(|e| problems(d).into_iter().find(|p| !p.warning).map_or_else(|| e.clone(), |p| p.text));
        session.set_value(opened.ok());
        compile_error.set_value(error.clone());
        error
    };
    // Opens a document: an entry of the workspace (`id`) or an example (`None`), with its approved code.
    let open_doc = move |name: String, d: GraphDoc, id: Option<String>, ok_code: Option<String>| {
        opened.update_value(|n| *n += 1);
        open_id.set(id.clone());
        approved.set(ok_code.clone());
        review.set(false);
        let place = id.map(|i| format!("entry:{i}")).unwrap_or_else(|| format!("example:{name}"));
        remember("superstep.open", &place);
        let runnable = may_run(&d, ok_code.as_deref());
        let broken = open_session(&d, runnable);
        let ex = d.examples.first();
        let example_input = ex.map(|e| serde_json::to_string_pretty(&e.input).unwrap_or_default()).unwrap_or_else(|| "{}".into());
        let typed = typed_input(&place);
        input_place.set_value(place);
        input_text.set(typed.unwrap_or(example_input));
        if let Some(r) = ex.and_then(|e| e.resume.first()) {
            resume_text.set(r.to_string());
        }
        limit.set(ex.and_then(|e| e.recursion_limit).or(d.compile.recursion_limit).unwrap_or(25));
        doc_name.set(d.name.clone());
        hist.set(Some(History::new(d.clone())));
        breaks.set(Breakpoints::of(&d.compile));
        doc.set(Some(d));
        crumbs.set(vec![]);
        steps.set(vec![]);
        selected.set(None);
        selection.set(vec![]);
        history.set(vec![]);
        picked.set(None);
        pending.set(None);
        status.set(match (broken, runnable) {
            (Some(e), _) => format!("Opened {name}. It does not compile yet: {e}"),
            (None, true) => format!("Opened {name}. Step with Space, run with F5."),
            (None, false) => format!("Opened {name}. It contains code: review it before running."),
        });
    };
    // Bundled examples are trusted: their code counts as approved.
    let open_example = move |name: String, d: GraphDoc| {
        let trusted = fingerprint(&d);
        open_doc(name, d, None, trusted);
    };
    // Stores one graph; a failure (storage full) is said, and the graph stays open in memory.
    let save_entry = move |e: Entry| {
        spawn_local(async move {
            if let Err(err) = workspace_store::save(&e).await {
                status.set(err);
            }
        })
    };
    let not_compiled = move || {
        let first =
            hist.get_untracked().and_then(|h| problems(&h.doc).into_iter().find(|p| !p.warning)).map(|p| p.text).unwrap_or_default();
        status.set(format!("This graph does not compile yet, so it cannot run: {first}"));
    };
    // Runs are refused until the document's code is approved; the review panel opens instead.
    let code_ok = move || {
        let ok = hist.get_untracked().is_none_or(|h| may_run(&h.doc, approved.get_untracked().as_deref()));
        if !ok {
            review.set(true);
            status.set("This graph contains code that has not been approved: review it first.".into());
        }
        ok
    };

    // Sets the open thread's status in the thread list, then lists the threads again.
    let mark_thread = move |mark: &'static str| {
        let saver = saver_store.get_value();
        let t = thread.get_untracked();
        spawn_local(async move {
            let _ = saver.mark(&t, mark).await;
            refresh_threads();
        });
    };

    // Apply one superstep's snapshot to the view.
    let record = move |snap: StepSnapshot| {
        let outcome = snap.outcome.clone();
        let summary = crate::model::run::step_summary(&snap);
        steps.update(|s| s.push(snap));
        selected.set(Some(steps.with_untracked(Vec::len) - 1));
        picked.set(None);
        match &outcome {
            Outcome::Interrupted(_) => {
                playing.set(false);
                pending.set(Some(outcome.clone()));
                status.set("Paused: answer the interrupt or continue.".into());
            }
            Outcome::Done => {
                playing.set(false);
                pending.set(None);
                status.set("Done.".into());
                mark_thread("done");
            }
            Outcome::Error(e) => {
                playing.set(false);
                // A failed (or stopped) superstep can be retried from the last checkpoint.
                pending.set(Some(outcome.clone()));
                status.set(if *e == superstep::Error::Cancelled { "Stopped.".into() } else { format!("Error: {e}") });
                // The saver lists a thread by its saved writes, which a superstep refused at the
                // barrier (beside an interrupt, say) does not tell apart from a pause. A stop or
                // the recursion limit leaves it between supersteps: listed as paused, it continues.
                if !matches!(e, superstep::Error::Cancelled | superstep::Error::GraphRecursion { .. }) {
                    mark_thread("error");
                }
            }
            Outcome::Continue => status.set(summary),
            _ => {}
        }
        // Play lists the new checkpoints when it stops; a step by hand at once, for Back and fork.
        if outcome != Outcome::Continue || !playing.get_untracked() {
            refresh_history();
            refresh_threads();
        }
    };

    // What a Step or Run with no run in flight begins, as `begin`'s arguments: the thread's own run
    // again, from its last checkpoint, if it stopped between supersteps or failed; else a new
    // thread on the validated input.
    let start = move || -> Option<(Input, superstep::RunConfig)> {
        if reopen::goes_on(pending.get_untracked().as_ref()) {
            pending.set(None);
            return Some((Input::Continue, Session::config(&thread.get_untracked(), limit.get_untracked(), None, &breaks.get_untracked())));
        }
        let checked = doc.with_untracked(|d| parse_input(&input_text.get_untracked(), d.as_ref()));
        input_error.set(checked.as_ref().err().cloned());
        let value = checked.ok()?;
        let t = format!("{}-{}", doc_name.get_untracked().replace(' ', "-"), js_sys::Date::now() as u64);
        thread.set(t.clone());
        remember("superstep.thread", &t);
        steps.set(vec![]);
        selected.set(None);
        pending.set(None);
        Some((Input::Values(value), Session::config(&t, limit.get_untracked(), None, &breaks.get_untracked())))
    };

    let step_once = move || {
        let Some(s) = session.get_value() else { return not_compiled() };
        if !code_ok() {
            return;
        }
        if busy.get_untracked() {
            return;
        }
        let fresh = if !s.running() && pending.with_untracked(|p| p.is_none() || reopen::goes_on(p.as_ref())) {
            match start() {
                Some(args) => Some(args),
                None => return,
            }
        } else {
            None
        };
        busy.set(true);
        spawn_local(async move {
            if let Some((input, config)) = fresh {
                if let Err(e) = s.begin(input, config).await {
                    status.set(format!("Error: {e}"));
                }
            }
            match s.step().await {
                Some(snap) => record(snap),
                None => status.set("Nothing to step: run again or resume.".into()),
            }
            busy.set(false);
        });
    };

    let run_all = move |delay: u32| {
        let Some(s) = session.get_value() else { return not_compiled() };
        if !code_ok() {
            return;
        }
        if busy.get_untracked() {
            return;
        }
        let fresh = if !s.running() {
            match start() {
                Some(args) => Some(args),
                None => return,
            }
        } else {
            None
        };
        playing.set(true);
        busy.set(true);
        status.set("Running…".into());
        spawn_local(async move {
            if let Some((input, config)) = fresh {
                if let Err(e) = s.begin(input, config).await {
                    status.set(format!("Error: {e}"));
                }
            }
            while playing.get_untracked() {
                match s.step().await {
                    Some(snap) => {
                        let go_on = snap.outcome == Outcome::Continue;
                        record(snap);
                        if !go_on {
                            break;
                        }
                    }
                    None => break,
                }
                // Yield to the page between supersteps.
                gloo_timers::future::TimeoutFuture::new(delay).await;
            }
            playing.set(false);
            busy.set(false);
        });
    };

    let stop = move || {
        playing.set(false);
        if let Some(s) = session.get_value() {
            s.stop();
        }
        status.set("Stopped.".into());
    };

    let resume = move || {
        let value: Value = match serde_json::from_str(&resume_text.get_untracked()) {
            Ok(v) => v,
            Err(e) => {
                status.set(format!("resume value is not JSON: {e}"));
                return;
            }
        };
        let Some(s) = session.get_value() else { return };
        let config = Session::config(&thread.get_untracked(), limit.get_untracked(), None, &breaks.get_untracked());
        pending.set(None);
        spawn_local(async move {
            match s.resume(value, config).await {
                Ok(()) => run_all(0),
                Err(e) => status.set(format!("Error: {e}")),
            }
        });
    };

    // Continue and Retry: the run goes on from the thread's last checkpoint (see `start`).
    let continue_run = move || run_all(0);

    let fork = move || {
        let (Some(s), Some(c)) = (session.get_value(), picked_state.get_untracked()) else { return };
        let values: Value = match serde_json::from_str(&fork_text.get_untracked()) {
            Ok(v) => v,
            Err(e) => {
                status.set(format!("edited state is not JSON: {e}"));
                return;
            }
        };
        let t = thread.get_untracked();
        let lim = limit.get_untracked();
        spawn_local(async move {
            match s.fork(&t, &c.id, values).await {
                Ok(id) => {
                    steps.set(vec![]);
                    if let Err(e) = s.begin(Input::Continue, Session::config(&t, lim, Some(&id), &breaks.get_untracked())).await {
                        status.set(format!("Error: {e}"));
                        return;
                    }
                    status.set(format!("Forked from step {}.", c.step));
                    picked.set(None);
                    run_all(0);
                }
                Err(e) => status.set(format!("Error: {e}")),
            }
        });
    };

    // Saves the open entry shortly after the last edit (debounced: one write per burst of edits).
    let schedule_save = move || {
        let Some(id) = open_id.get_untracked() else { return };
        let timer = gloo_timers::callback::Timeout::new(300, move || {
            if let Some(e) = entries.get_untracked().into_iter().find(|e| e.id == id) {
                save_entry(e);
            }
        });
        // Replacing the pending timer cancels it.
        autosave.set_value(Some(timer));
    };
    // After an edit: the entry (created on the first edit of an example), its save, and a new session.
    let edited = move |before: GraphDoc, d: GraphDoc| {
        // Code the person edits in a graph they already trust stays trusted.
        if may_run(&before, approved.get_untracked().as_deref()) {
            approved.set(fingerprint(&d));
        }
        let now = js_sys::Date::now();
        match open_id.get_untracked() {
            Some(id) => entries.update(|es| {
                if let Some(e) = es.iter_mut().find(|e| e.id == id) {
                    e.doc = d.clone();
                    e.updated = now;
                    e.approved = approved.get_untracked();
                }
            }),
            None => {
                let mut es = entries.get_untracked();
                let id = workspace::add(&mut es, d.clone(), now, approved.get_untracked());
                let name = es[0].doc.name.clone();
                entries.set(es);
                open_id.set(Some(id.clone()));
                let place = format!("entry:{id}");
                remember("superstep.open", &place);
                // The input typed for the example goes with its copy.
                keep_typed_input(&place, &input_text.get_untracked());
                input_place.set_value(place);
                if name != d.name {
                    hist.update(|h| {
                        if let Some(h) = h {
                            h.doc.name = name.clone()
                        }
                    });
                }
                status.set(format!("Saved as “{name}” in your graphs."));
            }
        }
        schedule_save();
        let d = hist.get_untracked().map(|h| h.doc).unwrap_or(d);
        doc_name.set(d.name.clone());
        let before = compile_error.get_value();
        let now = open_session(&d, may_run(&d, approved.get_untracked().as_deref()));
        if let Some(text) = compile_change(before.as_deref(), now.as_deref().map_or(Ok(()), Err)) {
            status.set(text);
        }
        // An undo may remove a subgraph while it is open: show what is left of the path.
        let depth = doc_at(&d, &crumbs.with_untracked(|c| names(c))).1;
        crumbs.update(|c| c.truncate(depth));
        steps.set(vec![]);
        selected.set(None);
        doc.set(Some(d));
    };
    let apply_edit = move |change: EditorChange| {
        let Some(before) = hist.get_untracked().map(|h| h.doc) else { return };
        // An edit is made where the canvas is: inside the open subgraph, if any.
        let change = within(&crumbs.with_untracked(|c| names(c)), change);
        let mut result = Ok(());
        hist.update(|h| {
            if let Some(h) = h {
                result = h.edit(change);
            }
        });
        match result {
            Ok(()) => {
                if let Some(h) = hist.get_untracked() {
                    if let Some(shown) = shown_doc.get_untracked() {
                        selection.update(|s| s.retain(|id| shown.nodes.iter().any(|n| &n.id == id)));
                    }
                    edited(before, h.doc);
                }
            }
            Err(e) => status.set(format!("Refused: {}", e.0)),
        }
    };
    let undo_redo = move |undo: bool| {
        let Some(before) = hist.get_untracked().map(|h| h.doc) else { return };
        let mut changed = false;
        hist.update(|h| {
            if let Some(h) = h {
                changed = if undo { h.undo() } else { h.redo() };
            }
        });
        if changed {
            if let Some(h) = hist.get_untracked() {
                edited(before, h.doc);
            }
        }
    };
    let rename_node = move |(from, to): (String, String)| {
        let to = to.trim().to_string();
        if !to.is_empty() && to != from {
            apply_edit(EditorChange::RenameNode { from, to: to.clone() });
            if shown_doc.get_untracked().is_some_and(|d| d.nodes.iter().any(|n| n.id == to)) {
                selection.set(vec![to]);
            }
        }
    };
    let copy_selection = move || {
        if let Some(d) = shown_doc.get_untracked() {
            let clip = copy(&d, &graph_layout.get_untracked(), &selection.get_untracked());
            if !clip.nodes.is_empty() {
                status.set(format!("Copied {} node(s).", clip.nodes.len()));
                clipboard.set_value(Some(clip));
            }
        }
    };
    let paste_clip = move || {
        let (Some(d), Some(clip)) = (shown_doc.get_untracked(), clipboard.get_value()) else { return };
        let (change, names) = paste(&d, &clip, (30.0, 30.0));
        apply_edit(change);
        selection.set(names);
    };

    // Step Back: to the parent of the checkpoint in view (the newest one if none is picked).
    let step_back = move || {
        let all = history.get_untracked();
        match CheckpointRow::back_from(&all, picked.get_untracked().as_deref()) {
            Some(c) => pick(c),
            None => selected.update(|s| *s = s.and_then(|i| i.checked_sub(1))),
        }
    };

    shortcuts::install(move |c| match c {
        Command::Undo => undo_redo(true),
        Command::Redo => undo_redo(false),
        Command::Copy => copy_selection(),
        Command::Paste => paste_clip(),
        Command::Delete => {
            let ids = selection.get_untracked();
            if !ids.is_empty() {
                selection.set(vec![]);
                apply_edit(EditorChange::Batch(ids.into_iter().map(|id| EditorChange::RemoveNode { id }).collect()));
            }
        }
        Command::Step => step_once(),
        Command::StepBack => step_back(),
        Command::Run => run_all(0),
        Command::Stop => stop(),
    });

    let open_thread = move |t: String| {
        thread.set(t.clone());
        remember("superstep.thread", &t);
        steps.set(vec![]);
        selected.set(None);
        picked.set(None);
        opened.update_value(|n| *n += 1);
        let (Some(s), mine) = (session.get_value(), opened.get_value()) else { return };
        spawn_local(async move {
            let Ok(h) = s.history(&t).await else { return };
            // What it waits on, for a thread with a checkpoint (an empty one waits on nothing).
            let standing = match h.first() {
                Some(_) => Some((s.refused(&t).await, s.missing_nodes(&t).await)),
                None => None,
            };
            // Another graph or thread opened meanwhile: this one is no longer in view.
            if opened.get_value() != mine {
                return;
            }
            let rows: Vec<CheckpointRow> = h.iter().map(CheckpointRow::of).collect();
            // The newest checkpoint in view: its state, and its next nodes on the canvas.
            if let Some(newest) = rows.first() {
                pick(newest);
            }
            history.set(rows);
            if let (Some(latest), Some((refused, gone))) = (h.first(), standing) {
                pending.set(reopen::waiting_on(latest, refused.as_ref()));
                if gone.is_empty() {
                    status.set(format!("Thread {t}: {}", reopen::Standing::of(latest, refused.is_some()).label()));
                } else {
                    pending.set(Some(Outcome::Interrupted(vec![])));
                    status.set(reopen::cannot_resume(&t, &gone));
                }
            }
        });
    };

    // Start-up (once): storage persistence, the workspace, and the last open graph and thread.
    {
        let examples = examples.clone();
        spawn_local(async move {
            let saved = workspace_store::load().await.unwrap_or_else(|e| {
                status.set(e);
                vec![]
            });
            // Keep graphs added before the load finished (an import right after the page opened).
            entries.update(|es| {
                let fresh: Vec<Entry> = es.drain(..).filter(|e| !saved.iter().any(|s| s.id == e.id)).collect();
                *es = fresh.into_iter().chain(saved.iter().cloned()).collect();
            });
            let last = recall("superstep.open").unwrap_or_default();
            // Reopen the last graph, unless the person already opened one while this loaded.
            let saved_entry = last.strip_prefix("entry:").and_then(|id| saved.iter().find(|e| e.id == id));
            let example = || examples.iter().find(|(n, _)| Some(n.as_str()) == last.strip_prefix("example:")).or(examples.first()).cloned();
            match saved_entry {
                _ if touched.get_untracked() => {}
                Some(e) => open_doc(e.doc.name.clone(), e.doc.clone(), Some(e.id.clone()), e.approved.clone()),
                None => {
                    if let Some((n, d)) = example() {
                        open_example(n, d);
                    }
                }
            }
            // The last thread as it was left: its newest checkpoint, and what it waits for.
            if let Some(t) = recall("superstep.thread") {
                open_thread(t);
            }
            ready.set(true);
        });
        refresh_threads();
        // Ask the browser not to evict the graphs and threads under storage pressure.
        if let Some(sm) = web_sys::window().map(|w| w.navigator().storage()) {
            let _ = sm.persist();
        }
    }

    // `es` with a graph just added at the front: keep it, open that graph and store it.
    let open_newest = move |es: Vec<Entry>| {
        let e = es[0].clone();
        entries.set(es);
        open_doc(e.doc.name.clone(), e.doc.clone(), Some(e.id.clone()), e.approved.clone());
        save_entry(e);
    };
    let add_entry = move |d: GraphDoc, ok_code: Option<String>| {
        let mut es = entries.get_untracked();
        workspace::add(&mut es, d, js_sys::Date::now(), ok_code);
        open_newest(es);
    };
    let gallery = examples.clone();
    let workspace_action = move |a: WorkspaceAction| match a {
        WorkspaceAction::OpenEntry(id) => {
            if let Some(e) = entries.get_untracked().into_iter().find(|e| e.id == id) {
                open_doc(e.doc.name.clone(), e.doc, Some(e.id), e.approved);
            }
        }
        WorkspaceAction::OpenExample(name) => {
            if let Some((n, d)) = gallery.iter().find(|(n, _)| *n == name).cloned() {
                open_example(n, d);
            }
        }
        WorkspaceAction::New => add_entry(workspace::empty("untitled"), None),
        WorkspaceAction::Duplicate(id) => {
            let mut es = entries.get_untracked();
            if workspace::duplicate(&mut es, &id, js_sys::Date::now()).is_some() {
                open_newest(es);
            }
        }
        WorkspaceAction::Rename(id, name) => {
            let mut es = entries.get_untracked();
            match workspace::rename(&mut es, &id, &name) {
                Ok(()) => {
                    let e = es.iter().find(|e| e.id == id).cloned();
                    entries.set(es);
                    if let Some(e) = e {
                        if open_id.get_untracked().as_deref() == Some(id.as_str()) {
                            hist.update(|h| {
                                if let Some(h) = h {
                                    h.doc.name = e.doc.name.clone()
                                }
                            });
                            doc_name.set(e.doc.name.clone());
                        }
                        save_entry(e);
                    }
                }
                Err(e) => status.set(format!("Refused: {e}")),
            }
        }
        WorkspaceAction::Delete(id) => {
            entries.update(|es| es.retain(|e| e.id != id));
            forget_typed_input(&format!("entry:{id}"));
            if open_id.get_untracked().as_deref() == Some(id.as_str()) {
                if let Some((n, d)) = gallery.first().cloned() {
                    open_example(n, d);
                }
            }
            spawn_local(async move {
                if let Err(err) = workspace_store::remove(&id).await {
                    status.set(err);
                }
            });
        }
        WorkspaceAction::Import(text) => match GraphDoc::from_json(&text) {
            // Imported code is not trusted: it waits for the person's review.
            Ok(d) => {
                import_problems.set(vec![]);
                add_entry(d, None);
            }
            Err(problems) => import_problems.set(problems.into_iter().map(|p| format!("{}: {}", p.path, p.message)).collect()),
        },
        WorkspaceAction::OpenThread(t) => open_thread(t),
        WorkspaceAction::DeleteThread(id) => {
            let saver = saver_store.get_value();
            spawn_local(async move {
                let _ = session::delete_thread(&saver, &id).await;
                refresh_threads();
            });
        }
    };
    let on_workspace = move |a: WorkspaceAction| {
        touched.set(true);
        workspace_action(a)
    };
    let approve = move || {
        if let Some(h) = hist.get_untracked() {
            let f = fingerprint(&h.doc);
            approved.set(f.clone());
            review.set(false);
            let now = js_sys::Date::now();
            entries.update(|es| {
                if let Some(e) = es.iter_mut().find(|e| Some(&e.id) == open_id.get_untracked().as_ref()) {
                    e.approved = f.clone();
                    e.updated = now;
                }
            });
            schedule_save();
            open_session(&h.doc, true);
            status.set("Code approved for this version of the graph. Run it with F5.".into());
        }
    };
    // Opens the graph of subgraph node `id` (of the document on the canvas) in its place.
    let open_subgraph = move |id: String| open_in_place(crumbs, selection, shown_doc.get_untracked(), id);
    // The input as a form: one field per input key (values typed as text, numbers or JSON).
    let form_keys = Signal::derive(move || doc.with(|d| d.as_ref().map(input_keys).unwrap_or_default()));

    view! {
        <header class="topbar">
            <h1>"Superstep"</h1>
            <span class="doc-name" aria-label="open graph">{move || doc_name.get()}</span>
            <div class="controls" role="toolbar" aria-label="run controls">
                <button aria-label="Run to end (F5)" on:click=move |_| run_all(0)>"▶▶ Run"</button>
                <button aria-label="Step one superstep (Space)" on:click=move |_| step_once()>"Step"</button>
                <button aria-label="Step back (Shift+Space)" on:click=move |_| step_back()>"Back"</button>
                <button aria-label="Play" on:click=move |_| run_all(speed.get_untracked()) disabled=move || playing.get()>"Play"</button>
                <button aria-label="Pause" on:click=move |_| playing.set(false) disabled=move || !playing.get()>"Pause"</button>
                <button aria-label="Stop (Esc)" on:click=move |_| stop()>"Stop"</button>
                <label class="speed">"speed "
                    <input type="range" min="50" max="1500" step="50" aria-label="play speed (ms per superstep)"
                        prop:value=move || speed.get().to_string()
                        on:input=move |e| speed.set(event_target_value(&e).parse().unwrap_or(400)) />
                </label>
                <span class="counter" aria-label="step counter">
                    {move || format!("step {} / limit {}", current.get().map_or("—".into(), |s| s.step.to_string()), limit.get())}
                </span>
            </div>
            <span class="version">{format!("engine {}", superstep::VERSION)}</span>
        </header>
        <main class="workspace" data-ready=move || ready.get().to_string()>
            <WorkspacePanel entries=entries.into() open_id=open_id.into() examples=examples threads=threads.into() thread=thread.into()
                busy=Signal::derive(move || busy.get() || playing.get()) usage=usage.into() import_problems=import_problems on=on_workspace />
            <section class="center">
                <InputForm keys=form_keys input_text=input_text input_error=input_error />
                <Crumbs root=doc_name crumbs=crumbs selection=selection inside=Signal::derive(move || inner.with(Option::is_some)) />
                <Canvas layout=graph_layout step=canvas_step carried=edges_lit selection=selection problems=doc_problems doc=shown_doc
                    on_edit=move |c: EditorChange| apply_edit(c) on_open=open_subgraph />
                <p class="status" role="status">{move || status.get()}</p>
                <Timeline steps=steps selected=selected compare=compare history=history picked=picked fork_text=fork_text />
            </section>
            <aside class="inspector">
                <Show when=move || review.get()>
                    <ReviewPanel hist=hist on_approve=move |_| approve() on_dismiss=move |_| review.set(false) />
                </Show>
                <WaitingPanel pending=pending resume_text=resume_text on_resume=move |_| resume() on_continue=move |_| continue_run() />
                {move || {
                    let ids = selection.get();
                    let d = shown_doc.get()?;
                    Some(match ids.as_slice() {
                        [] => ().into_any(),
                        [id] => view! { <NodePanel doc=d id=id.clone() breaks=breaks nested=nested()
                            on_edit=move |c: EditorChange| apply_edit(c) on_rename=rename_node on_open=open_subgraph /> }.into_any(),
                        _ => view! { <SelectionPanel doc=d ids=ids on_edit=move |c: EditorChange| apply_edit(c) /> }.into_any(),
                    })
                }}
                <StepPanel doc=top_doc step=current before=before picked=picked_state history=history.into() />
                <label class="compare">"Compare state with step "
                    <select aria-label="compare with step" on:change=move |e| compare.set(event_target_value(&e).parse().ok())>
                        <option value="">"—"</option>
                        <For each=move || steps.with(|all| all.iter().map(|s| s.step).enumerate().collect::<Vec<_>>()) key=|o| *o children=|(i, step)| view! { <option value=i.to_string()>{step.to_string()}</option> } />
                    </select>
                </label>
                <StatePanel doc=Signal::derive(move || if nested() && inner.with(Option::is_some) { shown_doc.get() } else { top_doc.get() }) values=values changed=changed compare=compare_values />
                <Show when=move || picked.get().is_some()>
                    <section class="panel fork-panel" aria-label="fork">
                        <h2>"Edit state and fork"</h2>
                        <textarea aria-label="edited state (JSON)" rows="6" prop:value=move || fork_text.get() on:input=move |e| fork_text.set(event_target_value(&e))></textarea>
                        <button aria-label="Fork and continue" on:click=move |_| fork()>"Fork and continue"</button>
                    </section>
                </Show>
                <BuildPanel history=hist doc=shown_doc problems=doc_problems selection=selection on_edit=move |c: EditorChange| apply_edit(c) on_undo=move |u: bool| undo_redo(u) />
            </aside>
        </main>
    }
}
