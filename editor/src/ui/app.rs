//! The editor: gallery and threads on the left, canvas in the centre, run
//! controls on top, superstep and state panels on the right, timeline below.
use super::build_panel::BuildPanel;
use super::canvas::Canvas;
use super::panels::{StatePanel, StepPanel};
use super::session::{self, CheckpointRow, Session, Shared};
use crate::model::edit::{EditorChange, History};
use crate::model::history::tree;
use crate::model::layout::{layout, Layout};
use crate::model::run::{carried, log, Breakpoints};
use leptos::ev;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use std::rc::Rc;
use superstep::doc::GraphDoc;
use superstep::pregel::{Input, Outcome, StepSnapshot};
use superstep_wasm::IndexedDbSaver;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn remember(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

fn recall(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

#[component]
pub fn App() -> impl IntoView {
    let examples = super::examples::all();
    let saver = Rc::new(IndexedDbSaver::new(session::DB.into(), "strict".into()));
    let session: StoredValue<Option<Shared>, LocalStorage> = StoredValue::new_local(None);
    let saver_store: StoredValue<Rc<IndexedDbSaver>, LocalStorage> = StoredValue::new_local(saver);

    let doc_name = RwSignal::new(String::new());
    let doc = RwSignal::new(None::<GraphDoc>);
    let crumbs = RwSignal::new(Vec::<(String, GraphDoc)>::new());
    let input_text = RwSignal::new("{}".to_string());
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
    let rename_text = RwSignal::new(String::new());
    let node_picked = RwSignal::new(None::<String>);

    let shown_doc = Signal::derive(move || crumbs.get().last().map(|(_, d)| d.clone()).or_else(|| doc.get()));
    let graph_layout: Signal<Layout> = Signal::derive(move || shown_doc.get().map(|d| layout(&d)).unwrap_or_default());
    let current = Signal::derive(move || selected.get().and_then(|i| steps.get().get(i).cloned()));
    let before = Signal::derive(move || {
        selected.get().and_then(|i| i.checked_sub(1)).and_then(|i| steps.get().get(i).map(|s| s.state.clone())).unwrap_or(Value::Null)
    });
    let edges_lit = Signal::derive(move || match selected.get() {
        Some(i) => {
            let all = steps.get();
            carried(i.checked_sub(1).and_then(|p| all.get(p)), &all[i])
        }
        None => vec![],
    });
    let picked_state = Signal::derive(move || picked.get().and_then(|id| history.get().into_iter().find(|c| c.id == id)));
    let values = Signal::derive(move || match (picked_state.get(), current.get()) {
        (Some(c), _) => c.values,
        (None, Some(s)) => s.state,
        _ => Value::Object(Default::default()),
    });
    let changed = Signal::derive(move || current.get().map(|s| s.changed).unwrap_or_default());
    // The canvas shows the picked checkpoint (its next nodes) or the selected superstep.
    let canvas_step = Signal::derive(move || match picked_state.get() {
        Some(c) => {
            Some(StepSnapshot { step: c.step, tasks: vec![], state: c.values, changed: vec![], next: c.next, outcome: Outcome::Continue })
        }
        None => current.get(),
    });
    let compare_values = Signal::derive(move || compare.get().and_then(|i| steps.get().get(i).map(|s| s.state.clone())));

    let refresh_threads = move || {
        let saver = saver_store.get_value();
        spawn_local(async move { threads.set(session::threads(&saver).await) });
    };
    let refresh_history = move || {
        let (Some(s), t) = (session.get_value(), thread.get_untracked()) else { return };
        spawn_local(async move {
            if let Ok(h) = s.history(&t).await {
                history.set(h.iter().map(CheckpointRow::of).collect());
            }
        });
    };

    let open_doc = move |name: String, d: GraphDoc| {
        let saver = saver_store.get_value();
        match Session::open(&d, saver) {
            Ok(s) => session.set_value(Some(s)),
            Err(e) => status.set(format!("cannot open {name}: {e}")),
        }
        let ex = d.examples.first();
        input_text.set(ex.map(|e| serde_json::to_string_pretty(&e.input).unwrap_or_default()).unwrap_or_else(|| "{}".into()));
        if let Some(r) = ex.and_then(|e| e.resume.first()) {
            resume_text.set(r.to_string());
        }
        limit.set(ex.and_then(|e| e.recursion_limit).or(d.compile.recursion_limit).unwrap_or(25));
        remember("superstep.open", &name);
        remember("superstep.doc", &d.to_json());
        doc_name.set(name.clone());
        hist.set(Some(History::new(d.clone())));
        doc.set(Some(d));
        crumbs.set(vec![]);
        steps.set(vec![]);
        selected.set(None);
        node_picked.set(None);
        breaks.set(Breakpoints::default());
        history.set(vec![]);
        picked.set(None);
        pending.set(None);
        status.set(format!("Opened {name}. Step with Space, run with F5."));
    };

    // Apply one superstep's snapshot to the view.
    let record = move |snap: StepSnapshot| {
        let outcome = snap.outcome.clone();
        steps.update(|s| s.push(snap));
        selected.set(Some(steps.get_untracked().len() - 1));
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
                let saver = saver_store.get_value();
                let t = thread.get_untracked();
                spawn_local(async move {
                    let _ = saver.mark(&t, "done").await;
                    refresh_threads();
                });
            }
            Outcome::Error(e) => {
                playing.set(false);
                status.set(format!("Error: {e}"));
            }
            _ => {}
        }
        if outcome != Outcome::Continue {
            refresh_history();
            refresh_threads();
        }
    };

    // Validates the input and names a new thread; returns what `begin` needs.
    let start = move || -> Option<(Input, superstep::RunConfig)> {
        let parsed: Result<Value, String> = serde_json::from_str(&input_text.get_untracked()).map_err(|e| e.to_string());
        let value = match parsed {
            Ok(v @ Value::Object(_)) => v,
            Ok(_) => {
                input_error.set(Some("the input must be a JSON object".into()));
                return None;
            }
            Err(e) => {
                input_error.set(Some(e));
                return None;
            }
        };
        if let Some(d) = doc.get_untracked() {
            let allowed: Vec<String> = d.input.clone().unwrap_or_else(|| d.channels.iter().map(|c| c.key.clone()).collect());
            if let Some(bad) = value.as_object().and_then(|m| m.keys().find(|k| !allowed.contains(k)).cloned()) {
                input_error.set(Some(format!("`{bad}` is not an input key ({})", allowed.join(", "))));
                return None;
            }
        }
        input_error.set(None);
        let t = format!("{}-{}", doc_name.get_untracked(), js_sys::Date::now() as u64);
        thread.set(t.clone());
        remember("superstep.thread", &t);
        steps.set(vec![]);
        selected.set(None);
        pending.set(None);
        Some((Input::Values(value), Session::config(&t, limit.get_untracked(), None, &breaks.get_untracked())))
    };

    let step_once = move || {
        let Some(s) = session.get_value() else { return };
        if busy.get_untracked() {
            return;
        }
        let fresh = if !s.running() && pending.get_untracked().is_none() {
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
        let Some(s) = session.get_value() else { return };
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

    let continue_run = move || {
        let Some(s) = session.get_value() else { return };
        let config = Session::config(&thread.get_untracked(), limit.get_untracked(), None, &breaks.get_untracked());
        pending.set(None);
        spawn_local(async move {
            match s.begin(Input::Continue, config).await {
                Ok(()) => run_all(0),
                Err(e) => status.set(format!("Error: {e}")),
            }
        });
    };

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

    // After an edit: the document, and a session compiled from it (if it compiles).
    let edited = move |d: GraphDoc| {
        remember("superstep.doc", &d.to_json());
        if let Ok(s) = Session::open(&d, saver_store.get_value()) {
            session.set_value(Some(s));
        }
        steps.set(vec![]);
        selected.set(None);
        doc.set(Some(d));
    };
    let apply_edit = move |change: EditorChange| {
        let mut result = Ok(());
        hist.update(|h| {
            if let Some(h) = h {
                result = h.edit(change);
            }
        });
        match result {
            Ok(()) => {
                if let Some(h) = hist.get_untracked() {
                    edited(h.doc);
                }
            }
            Err(e) => status.set(format!("Refused: {}", e.0)),
        }
    };
    let undo_redo = move |undo: bool| {
        let mut changed = false;
        hist.update(|h| {
            if let Some(h) = h {
                changed = if undo { h.undo() } else { h.redo() };
            }
        });
        if changed {
            if let Some(h) = hist.get_untracked() {
                edited(h.doc);
            }
        }
    };

    // Step Back: to the parent of the checkpoint in view (the newest one if none is picked).
    let step_back = move || {
        let all = history.get_untracked();
        let from = picked.get_untracked().or_else(|| all.first().map(|c| c.id.clone()));
        let parent = from.and_then(|id| all.iter().find(|c| c.id == id).and_then(|c| c.parent.clone()));
        match parent.and_then(|p| all.into_iter().find(|c| c.id == p)) {
            Some(c) => {
                fork_text.set(serde_json::to_string_pretty(&c.values).unwrap_or_default());
                picked.set(Some(c.id));
            }
            None => selected.update(|s| *s = s.and_then(|i| i.checked_sub(1))),
        }
    };

    // One listener for the keyboard shortcuts.
    let _keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        let typing = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "TEXTAREA" | "INPUT"));
        if typing {
            return;
        }
        if e.ctrl_key() || e.meta_key() {
            match (e.key().to_lowercase().as_str(), e.shift_key()) {
                ("z", false) => undo_redo(true),
                ("z", true) | ("y", _) => undo_redo(false),
                _ => return,
            }
            e.prevent_default();
            return;
        }
        match (e.key().as_str(), e.shift_key()) {
            ("Delete", _) => {
                if let Some(id) = node_picked.get_untracked() {
                    node_picked.set(None);
                    apply_edit(EditorChange::RemoveNode { id });
                }
            }
            (" ", false) => {
                e.prevent_default();
                step_once();
            }
            (" ", true) => {
                e.prevent_default();
                step_back();
            }
            ("F5", _) => {
                e.prevent_default();
                run_all(0);
            }
            ("Escape", _) => stop(),
            _ => {}
        }
    });

    // Start-up (once): storage persistence, threads, and the last open graph and thread.
    {
        let examples = examples.clone();
        // The graph open before the reload, edits and imports included.
        let saved = recall("superstep.doc")
            .and_then(|t| GraphDoc::from_json(&t).ok())
            .map(|d| (recall("superstep.open").unwrap_or_else(|| d.name.clone()), d));
        let last = saved.or_else(|| recall("superstep.open").and_then(|n| examples.iter().find(|(name, _)| *name == n).cloned()));
        if let Some((n, d)) = last.or_else(|| examples.first().cloned()) {
            open_doc(n, d);
        }
        if let Some(t) = recall("superstep.thread") {
            thread.set(t);
            refresh_history();
        }
        refresh_threads();
        spawn_local(async move {
            if let Some(sm) = web_sys::window().map(|w| w.navigator().storage()) {
                let _ = sm.persist().map(wasm_bindgen_futures::JsFuture::from);
                if let Ok(p) = sm.estimate() {
                    if let Ok(est) = wasm_bindgen_futures::JsFuture::from(p).await {
                        let used = js_sys::Reflect::get(&est, &"usage".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
                        usage.set(format!("{:.1} KB stored", used / 1024.0));
                    }
                }
            }
        });
    }

    let open_thread = move |t: String| {
        thread.set(t.clone());
        remember("superstep.thread", &t);
        steps.set(vec![]);
        selected.set(None);
        picked.set(None);
        let Some(s) = session.get_value() else { return };
        spawn_local(async move {
            if let Ok(h) = s.history(&t).await {
                if let Some(latest) = h.first() {
                    let interrupted =
                        !latest.interrupts.is_empty() || (!latest.next.is_empty() && latest.tasks.iter().any(|x| !x.interrupts.is_empty()));
                    pending.set(interrupted.then(|| Outcome::Interrupted(latest.interrupts.clone())));
                    status.set(format!("Thread {t}: {}", session::thread_status(latest)));
                }
            }
            refresh_history();
        });
    };

    let import_open = RwSignal::new(false);
    let import_text = RwSignal::new(String::new());
    let import_problems = RwSignal::new(Vec::<String>::new());
    let import_doc = move || match GraphDoc::from_json(&import_text.get_untracked()) {
        Ok(d) => {
            import_problems.set(vec![]);
            import_open.set(false);
            open_doc(d.name.clone(), d);
        }
        Err(problems) => import_problems.set(problems.into_iter().map(|p| format!("{}: {}", p.path, p.message)).collect()),
    };

    let gallery = examples.clone();
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
                    {move || format!("step {} / limit {}", current.get().map(|s| s.step).unwrap_or(-1), limit.get())}
                </span>
            </div>
            <span class="version">{format!("engine {}", superstep::VERSION)}</span>
        </header>
        <main class="workspace">
            <aside class="sidebar" aria-label="examples and threads">
                <h2>"Examples"</h2>
                <ul class="gallery">
                    {gallery.into_iter().map(|(name, d)| {
                        let n = name.clone();
                        let dd = d.clone();
                        view! {
                            <li>
                                <button class="example" class:open=move || doc_name.get() == n on:click=move |_| open_doc(name.clone(), dd.clone())>
                                    <b>{d.name.clone()}</b>
                                    <span class="muted">{d.description.clone()}</span>
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
                <button class="import-toggle" aria-label="New empty graph" on:click=move |_| {
                    let d = GraphDoc::from_value(serde_json::json!({"format": "superstep.graph", "version": 1, "name": "untitled", "channels": [], "nodes": []}));
                    if let Ok(d) = d {
                        open_doc("untitled".into(), d);
                    }
                }>"New graph"</button>
                <button class="import-toggle" aria-label="Import a graph document" on:click=move |_| import_open.update(|o| *o = !*o)>"Import JSON…"</button>
                <Show when=move || import_open.get()>
                    <div class="import">
                        <textarea aria-label="graph document (JSON)" rows="6" placeholder="Paste a superstep.graph document"
                            prop:value=move || import_text.get() on:input=move |e| import_text.set(event_target_value(&e))></textarea>
                        <button aria-label="Load document" on:click=move |_| import_doc()>"Load"</button>
                        <ul class="problems">
                            {move || import_problems.get().into_iter().map(|p| view! { <li class="error">{p}</li> }).collect_view()}
                        </ul>
                    </div>
                </Show>
                <h2>"Threads"</h2>
                <p class="muted">{move || usage.get()}</p>
                <ul class="threads">
                    {move || threads.get().into_iter().map(|t| {
                        let id = t["thread_id"].as_str().unwrap_or_default().to_string();
                        let (open_id, del_id) = (id.clone(), id.clone());
                        let when = js_sys::Date::new(&t["updated_at"].as_f64().unwrap_or(0.0).into()).to_locale_time_string("en-GB");
                        view! {
                            <li class="thread" class:current=move || thread.get() == id>
                                <button class="thread-open" on:click=move |_| open_thread(open_id.clone())>
                                    {t["thread_id"].as_str().unwrap_or_default().to_string()}
                                </button>
                                <span class="muted">
                                    <span class=format!("thread-status {}", t["status"].as_str().unwrap_or("running"))>{t["status"].as_str().unwrap_or("running").to_string()}</span>
                                    {format!(" · {} · step {} · {}", t["graph"].as_str().unwrap_or_default(), t["step"], String::from(when))}
                                </span>
                                <button class="thread-delete" aria-label="Delete thread" on:click=move |_| {
                                    let saver = saver_store.get_value();
                                    let id = del_id.clone();
                                    spawn_local(async move {
                                        let _ = session::delete_thread(&saver, &id).await;
                                        refresh_threads();
                                    });
                                }>"✕"</button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </aside>
            <section class="center">
                <div class="input-row">
                    <label for="input">"Input"</label>
                    <textarea id="input" aria-label="graph input (JSON)" rows="3"
                        prop:value=move || input_text.get()
                        on:input=move |e| input_text.set(event_target_value(&e))></textarea>
                    {move || input_error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
                </div>
                <nav class="crumbs" aria-label="breadcrumb">
                    <button on:click=move |_| crumbs.set(vec![])>{move || doc_name.get()}</button>
                    {move || crumbs.get().into_iter().map(|(n, _)| view! { <span>" › "{n}</span> }).collect_view()}
                </nav>
                <Canvas layout=graph_layout step=canvas_step carried=edges_lit selected=node_picked.into()
                    on_select=move |id: String| node_picked.set(Some(id))
                    on_open=move |id: String| {
                    let d = shown_doc.get_untracked();
                    let sub = d.as_ref().and_then(|d| d.nodes.iter().find(|n| n.id == id).and_then(|n| n.settings.get("graph").and_then(|g| g.as_str())).and_then(|g| d.subgraphs.get(g).cloned()));
                    if let Some(sub) = sub {
                        crumbs.update(|c| c.push((id, sub)));
                    }
                } />
                <p class="status" role="status">{move || status.get()}</p>
                <section class="timeline" aria-label="timeline">
                    <h2>"Timeline"</h2>
                    <div class="steps">
                        {move || steps.get().iter().enumerate().map(|(i, s)| {
                            let label = format!("{}", s.step);
                            let cls = match s.outcome { Outcome::Error(_) => "error", Outcome::Interrupted(_) => "interrupted", _ => "" };
                            view! {
                                <button class=format!("step-chip {cls}") class:selected=move || selected.get() == Some(i)
                                    aria-label=format!("superstep {label}")
                                    on:click=move |_| { selected.set(Some(i)); picked.set(None); }
                                    on:contextmenu=move |e| { e.prevent_default(); compare.set(Some(i)); }>{label.clone()}</button>
                            }
                        }).collect_view()}
                    </div>
                    <h3>"Checkpoints of this thread"</h3>
                    <ol class="checkpoints">
                        {move || {
                            let all = history.get();
                            tree(&all, |c| c.id.as_str(), |c| c.parent.as_deref()).into_iter().map(|row| {
                                let c = row.item;
                                let id = c.id.clone();
                                let pick = c.clone();
                                let deep = row.depth > 0;
                                let indent = format!("margin-left: {}px", row.depth * 14);
                                view! {
                                    <li class="checkpoint" class:picked=move || picked.get().as_deref() == Some(id.as_str()) class:branch=deep style=indent>
                                        <button on:click=move |_| {
                                            fork_text.set(serde_json::to_string_pretty(&pick.values).unwrap_or_default());
                                            picked.set(Some(pick.id.clone()));
                                        }>{format!("step {} · {} · next: {}", c.step, c.source, if c.next.is_empty() { "—".into() } else { c.next.join(", ") })}</button>
                                    </li>
                                }
                            }).collect_view()
                        }}
                    </ol>
                    <details class="log">
                        <summary>"Stream log (updates and values)"</summary>
                        <ol>
                            {move || log(&steps.get()).into_iter().map(|l| view! {
                                <li><span class="muted">{format!("{} {} ", l.step, l.mode)}</span><code>{l.text}</code></li>
                            }).collect_view()}
                        </ol>
                    </details>
                </section>
            </section>
            <aside class="inspector">
                <Show when=move || pending.get().is_some()>
                    <section class="panel interrupt-panel" aria-label="interrupt">
                        <h2>"Waiting"</h2>
                        {move || match pending.get() {
                            Some(Outcome::Interrupted(i)) if !i.is_empty() => view! {
                                <p>"The run asks:"</p>
                                {i.iter().map(|x| view! { <pre class="interrupt-value">{x.value.to_string()}</pre> }).collect_view()}
                                <label for="resume">"Resume value (JSON)"</label>
                                <textarea id="resume" aria-label="resume value (JSON)" rows="2" prop:value=move || resume_text.get() on:input=move |e| resume_text.set(event_target_value(&e))></textarea>
                                <button aria-label="Resume" on:click=move |_| resume()>"Resume"</button>
                            }.into_any(),
                            _ => view! {
                                <p>"Paused at a breakpoint."</p>
                                <button aria-label="Continue" on:click=move |_| continue_run()>"Continue"</button>
                            }.into_any(),
                        }}
                    </section>
                </Show>
                {move || node_picked.get().and_then(|id| shown_doc.get().map(|d| (id, d))).map(|(id, d)| {
                    let node = d.nodes.iter().find(|n| n.id == id).cloned();
                    let (b_id, a_id) = (id.clone(), id.clone());
                    view! {
                        <section class="panel node-panel" aria-label="node">
                            <h2>{format!("Node {id}")}</h2>
                            {node.map(|n| {
                                let settings = RwSignal::new(serde_json::to_string_pretty(&n.settings).unwrap_or_default());
                                let nid = n.id.clone();
                                view! {
                                    <p><b>{n.kind.clone()}</b></p>
                                    <textarea class="settings" aria-label="node settings (JSON)" rows="5" prop:value=move || settings.get()
                                        on:input=move |e| settings.set(event_target_value(&e))></textarea>
                                    <button aria-label="Apply settings" on:click=move |_| {
                                        match serde_json::from_str::<Value>(&settings.get_untracked()) {
                                            Ok(Value::Object(m)) => apply_edit(EditorChange::SetSettings { id: nid.clone(), settings: m }),
                                            _ => status.set("settings must be a JSON object".into()),
                                        }
                                    }>"Apply settings"</button>
                                }
                            })}
                            <div class="node-edit">
                                <input aria-label="node name" prop:value=id.clone() on:input=move |e| rename_text.set(event_target_value(&e)) />
                                <button aria-label="Rename node" on:click={let id = id.clone(); move |_| {
                                    let to = rename_text.get_untracked();
                                    if !to.is_empty() && to != id {
                                        node_picked.set(Some(to.clone()));
                                        apply_edit(EditorChange::RenameNode { from: id.clone(), to });
                                    }
                                }}>"Rename"</button>
                                <button aria-label="Delete node" on:click={let id = id.clone(); move |_| { node_picked.set(None); apply_edit(EditorChange::RemoveNode { id: id.clone() }); }}>"Delete"</button>
                            </div>
                            <label class="connect">"Connect to "
                                <select aria-label="connect to node" on:change={let id = id.clone(); move |e| {
                                    let to = event_target_value(&e);
                                    if !to.is_empty() {
                                        let at = hist.get_untracked().map(|h| h.doc.edges.len()).unwrap_or(0);
                                        apply_edit(EditorChange::AddEdge { edge: superstep::doc::EdgeDoc { from: Value::String(id.clone()), to }, at });
                                    }
                                }}>
                                    <option value="">"—"</option>
                                    <option value="__end__">"END"</option>
                                    {d.nodes.iter().map(|n| view! { <option value=n.id.clone()>{n.id.clone()}</option> }).collect_view()}
                                </select>
                            </label>
                            <label><input type="checkbox" aria-label="break before this node" prop:checked=move || breaks.get().has(&b_id, false)
                                on:change={let id = id.clone(); move |_| breaks.update(|b| b.toggle(&id, false))} />" break before"</label>
                            <label><input type="checkbox" aria-label="break after this node" prop:checked=move || breaks.get().has(&a_id, true)
                                on:change={let id = id.clone(); move |_| breaks.update(|b| b.toggle(&id, true))} />" break after"</label>
                        </section>
                    }
                })}
                <StepPanel doc=shown_doc step=current before=before />
                <label class="compare">"Compare state with step "
                    <select aria-label="compare with step" on:change=move |e| compare.set(event_target_value(&e).parse().ok())>
                        <option value="">"—"</option>
                        {move || steps.get().iter().enumerate().map(|(i, s)| view! { <option value=i.to_string()>{s.step.to_string()}</option> }).collect_view()}
                    </select>
                </label>
                <StatePanel doc=shown_doc values=values changed=changed compare=compare_values />
                <Show when=move || picked.get().is_some()>
                    <section class="panel fork-panel" aria-label="fork">
                        <h2>"Edit state and fork"</h2>
                        <textarea aria-label="edited state (JSON)" rows="6" prop:value=move || fork_text.get() on:input=move |e| fork_text.set(event_target_value(&e))></textarea>
                        <button aria-label="Fork and continue" on:click=move |_| fork()>"Fork and continue"</button>
                    </section>
                </Show>
                <BuildPanel history=hist on_edit=move |c: EditorChange| apply_edit(c) on_undo=move |u: bool| undo_redo(u) />
            </aside>
        </main>
    }
}
