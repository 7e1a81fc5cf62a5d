//! The left side: the person's graphs (new, duplicate, rename, delete),
//! the bundled examples, importing a document (file or paste), and the
//! threads kept in IndexedDB.
use crate::model::workspace::{listed_status, Entry};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use superstep::doc::GraphDoc;
use wasm_bindgen::JsCast;

/// What the panel asks the app to do.
#[derive(Clone, Debug)]
pub enum WorkspaceAction {
    OpenEntry(String),
    OpenExample(String),
    New,
    Duplicate(String),
    Rename(String, String),
    Delete(String),
    /// A document's JSON text, from a file or pasted.
    Import(String),
    OpenThread(String),
    DeleteThread(String),
}

#[component]
pub fn WorkspacePanel(
    entries: Signal<Vec<Entry>>,
    open_id: Signal<Option<String>>,
    examples: Vec<(String, GraphDoc)>,
    threads: Signal<Vec<Value>>,
    thread: Signal<String>,
    /// This page is running (or playing) the current thread.
    busy: Signal<bool>,
    usage: Signal<String>,
    import_problems: RwSignal<Vec<String>>,
    #[prop(into)] on: Callback<WorkspaceAction>,
) -> impl IntoView {
    let import_open = RwSignal::new(false);
    let import_text = RwSignal::new(String::new());
    let renaming = RwSignal::new(None::<(String, String)>);
    let read_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(t) => on.run(WorkspaceAction::Import(t.as_string().unwrap_or_default())),
                Err(_) => import_problems.set(vec!["the file could not be read".into()]),
            }
        });
        input.set_value("");
    };
    view! {
        <aside class="sidebar" aria-label="graphs, examples and threads">
            <h2>"Your graphs"</h2>
            <div class="row-buttons">
                <button aria-label="New graph" on:click=move |_| on.run(WorkspaceAction::New)>"New"</button>
                <label class="file-button">"Import file…"<input type="file" accept=".json,application/json" aria-label="import a graph file" on:change=read_file /></label>
                <button aria-label="Import a graph document" on:click=move |_| import_open.update(|o| *o = !*o)>"Paste…"</button>
            </div>
            <Show when=move || import_open.get()>
                <div class="import">
                    <textarea aria-label="graph document (JSON)" rows="6" placeholder="Paste a superstep.graph document"
                        prop:value=move || import_text.get() on:input=move |e| import_text.set(event_target_value(&e))></textarea>
                    <button aria-label="Load document" on:click=move |_| {
                        import_open.set(false);
                        on.run(WorkspaceAction::Import(import_text.get_untracked()));
                    }>"Load"</button>
                </div>
            </Show>
            <ul class="problems" aria-label="import problems">
                {move || import_problems.get().into_iter().map(|p| view! { <li class="error">{p}</li> }).collect_view()}
            </ul>
            <ul class="graph-list" aria-label="your graphs">
                {move || {
                    let list = entries.get();
                    if list.is_empty() {
                        return view! { <li class="muted">"Nothing yet: start a new graph or edit an example."</li> }.into_any();
                    }
                    list.into_iter().map(|e| {
                        let (open, dup, del, ren, cur) = (e.id.clone(), e.id.clone(), e.id.clone(), e.id.clone(), e.id.clone());
                        let name = e.doc.name.clone();
                        let editing = { let id = e.id.clone(); move || renaming.get().is_some_and(|(r, _)| r == id) };
                        let editing2 = editing.clone();
                        view! {
                            <li class="graph-entry" class:current=move || open_id.get().as_deref() == Some(cur.as_str())>
                                <Show when=move || !editing()>
                                    <button class="entry-open" on:click={let id = open.clone(); move |_| on.run(WorkspaceAction::OpenEntry(id.clone()))}>{name.clone()}</button>
                                </Show>
                                <Show when=editing2.clone()>
                                    <input aria-label="graph name" prop:value=move || renaming.get().map(|r| r.1).unwrap_or_default()
                                        on:input=move |e| renaming.update(|r| if let Some(r) = r { r.1 = event_target_value(&e) })
                                        on:keydown=move |e: web_sys::KeyboardEvent| if e.key() == "Enter" {
                                            if let Some((id, n)) = renaming.get_untracked() { on.run(WorkspaceAction::Rename(id, n)); }
                                            renaming.set(None);
                                        } />
                                </Show>
                                <span class="entry-actions">
                                    <button aria-label=format!("rename {}", e.doc.name) title="Rename" on:click={let n = e.doc.name.clone(); move |_| renaming.set(Some((ren.clone(), n.clone())))}>"✎"</button>
                                    <button aria-label=format!("duplicate {}", e.doc.name) title="Duplicate" on:click=move |_| on.run(WorkspaceAction::Duplicate(dup.clone()))>"❏"</button>
                                    <button aria-label=format!("delete {}", e.doc.name) title="Delete" on:click=move |_| on.run(WorkspaceAction::Delete(del.clone()))>"✕"</button>
                                </span>
                            </li>
                        }
                    }).collect_view().into_any()
                }}
            </ul>
            <h2>"Examples"</h2>
            <ul class="gallery">
                {examples.into_iter().map(|(name, d)| {
                    let n = name.clone();
                    view! {
                        <li>
                            <button class="example" data-name=name.clone() on:click=move |_| on.run(WorkspaceAction::OpenExample(n.clone()))>
                                <b>{d.name.clone()}</b>
                                <span class="muted">{d.description.clone()}</span>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <h2>"Threads"</h2>
            <p class="muted" aria-label="storage used">{move || usage.get()}</p>
            <ul class="threads">
                {move || threads.get().into_iter().map(|t| {
                    let id = t["thread_id"].as_str().unwrap_or_default().to_string();
                    let (open_id, del_id) = (id.clone(), id.clone());
                    let when = js_sys::Date::new(&t["updated_at"].as_f64().unwrap_or(0.0).into()).to_locale_time_string("en-GB");
                    let status = listed_status(t["status"].as_str(), busy.get() && thread.get_untracked() == id).to_string();
                    view! {
                        <li class="thread" class:current=move || thread.get() == id>
                            <button class="thread-open" on:click=move |_| on.run(WorkspaceAction::OpenThread(open_id.clone()))>
                                {t["thread_id"].as_str().unwrap_or_default().to_string()}
                            </button>
                            <span class="muted">
                                <span class=format!("thread-status {status}")>{status.clone()}</span>
                                {format!(" · {} · step {} · {}", t["graph"].as_str().unwrap_or_default(), t["step"], String::from(when))}
                            </span>
                            <button class="thread-delete" aria-label="Delete thread" on:click=move |_| on.run(WorkspaceAction::DeleteThread(del_id.clone()))>"✕"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </aside>
    }
}
