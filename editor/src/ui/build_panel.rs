//! Building graphs: a palette of node kinds, undo/redo, export (JSON,
//! Mermaid, a snippet for JS apps) and live problems. Edits are
//! `EditorChange`s applied by the model; this only renders and dispatches.
use crate::model::edit::{new_node, EditorChange, History};
use leptos::prelude::*;
use superstep::doc::GraphDoc;
use wasm_bindgen::JsCast;

pub const KINDS: &[&str] = &["set", "update", "interrupt", "send", "subgraph", "code"];

/// Problems of a document as the engine sees them (validation, then compile).
pub fn problems(doc: &GraphDoc) -> Vec<String> {
    match GraphDoc::from_value(serde_json::to_value(doc).unwrap_or_default()) {
        Err(p) => p.into_iter().map(|p| format!("{}: {}", p.path, p.message)).collect(),
        Ok(d) => match superstep::doc::build::build(&d, &superstep::doc::build::NoCode, Default::default()) {
            Err(e) => vec![e.to_string()],
            Ok(g) => g.warnings().to_vec(),
        },
    }
}

/// A JS snippet that runs this document with the package.
pub fn snippet(doc: &GraphDoc) -> String {
    format!(
        "import {{ init, StateGraph, MemorySaver }} from \"superstep\";\n\nawait init();\nconst doc = {};\nconst graph = StateGraph.fromJSON(doc, {{ functions: {{}} }}).compile({{ checkpointer: new MemorySaver() }});\nconst result = await graph.invoke({}, {{ configurable: {{ thread_id: \"1\" }} }});\nconsole.log(result);\n",
        doc.to_json(),
        doc.examples.first().map(|e| e.input.to_string()).unwrap_or_else(|| "{}".into())
    )
}

/// Offers `text` as a file download.
pub fn download(name: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Some(a) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

#[component]
pub fn BuildPanel(
    history: RwSignal<Option<History>>,
    #[prop(into)] on_edit: Callback<EditorChange>,
    #[prop(into)] on_undo: Callback<bool>,
) -> impl IntoView {
    let mermaid = RwSignal::new(None::<String>);
    let show_snippet = RwSignal::new(false);
    let add = move |kind: &'static str| {
        let Some(h) = history.get_untracked() else { return };
        let n = (1..).map(|i| format!("{kind}_{i}")).find(|id| !h.doc.nodes.iter().any(|x| &x.id == id)).unwrap_or_default();
        let key = h.doc.channels.first().map(|c| c.key.clone()).unwrap_or_else(|| "value".into());
        on_edit.run(EditorChange::AddNode { node: new_node(kind, &n, &key), at: h.doc.nodes.len() });
    };
    view! {
        <section class="panel build-panel" aria-label="build" data-doc=move || history.get().map(|h| h.doc.to_json()).unwrap_or_default()>
            <h2>"Build"</h2>
            <div class="palette" role="toolbar" aria-label="add a node">
                {KINDS.iter().map(|k| view! { <button aria-label=format!("add {k} node") on:click=move |_| add(k)>{format!("+ {k}")}</button> }).collect_view()}
            </div>
            <div class="history-buttons">
                <button aria-label="Undo (Ctrl+Z)" disabled=move || !history.get().is_some_and(|h| h.can_undo()) on:click=move |_| on_undo.run(true)>"Undo"</button>
                <button aria-label="Redo (Ctrl+Shift+Z)" disabled=move || !history.get().is_some_and(|h| h.can_redo()) on:click=move |_| on_undo.run(false)>"Redo"</button>
                <button aria-label="Export JSON" on:click=move |_| if let Some(h) = history.get_untracked() { download(&format!("{}.json", h.doc.name), &h.doc.to_json(), "application/json") }>"Export JSON"</button>
                <button aria-label="Export Mermaid" on:click=move |_| {
                    let text = history.get_untracked().and_then(|h| superstep::doc::build::build(&h.doc, &superstep::doc::build::NoCode, Default::default()).ok()).map(|g| g.draw_mermaid());
                    mermaid.set(text);
                }>"Mermaid"</button>
                <button aria-label="Use in your app" on:click=move |_| show_snippet.update(|s| *s = !*s)>"Use in your app"</button>
            </div>
            <SchemaEditor history=history on_edit=on_edit />
            <h3>"Problems"</h3>
            <ul class="problems" aria-label="problems">
                {move || {
                    let list = history.get().map(|h| problems(&h.doc)).unwrap_or_default();
                    if list.is_empty() {
                        view! { <li class="muted">"none"</li> }.into_any()
                    } else {
                        list.into_iter().map(|p| view! { <li class="error">{p}</li> }).collect_view().into_any()
                    }
                }}
            </ul>
            {move || mermaid.get().map(|m| view! { <pre class="code-out" aria-label="mermaid">{m}</pre> })}
            <Show when=move || show_snippet.get()>
                <pre class="code-out" aria-label="snippet">{move || history.get().map(|h| snippet(&h.doc)).unwrap_or_default()}</pre>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_embeds_the_document_and_the_example_input() {
        let doc = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        let s = snippet(&doc);
        assert!(s.contains("StateGraph.fromJSON(doc"));
        assert!(s.contains(r#"await graph.invoke({"user_input":"My"}"#));
        assert!(problems(&doc).is_empty());
    }
}

/// State keys: add one (with a reducer) or remove one.
#[component]
fn SchemaEditor(history: RwSignal<Option<History>>, on_edit: Callback<EditorChange>) -> impl IntoView {
    let key = RwSignal::new(String::new());
    let reducer = RwSignal::new("overwrite".to_string());
    view! {
        <h3>"State schema"</h3>
        <ul class="schema">
            {move || history.get().map(|h| h.doc.channels.iter().map(|c| {
                let k = c.key.clone();
                view! {
                    <li>{format!("{} · {}", c.key, c.reducer)}
                        <button aria-label=format!("remove key {k}") on:click=move |_| on_edit.run(EditorChange::RemoveChannel { key: k.clone() })>"✕"</button>
                    </li>
                }
            }).collect_view())}
        </ul>
        <div class="node-edit">
            <input aria-label="new state key" placeholder="key" prop:value=move || key.get() on:input=move |e| key.set(event_target_value(&e)) />
            <select aria-label="reducer" on:change=move |e| reducer.set(event_target_value(&e))>
                {["overwrite", "append", "add", "merge", "messages"].map(|r| view! { <option value=r>{r}</option> }).collect_view()}
            </select>
            <button aria-label="Add state key" on:click=move |_| {
                let at = history.get_untracked().map(|h| h.doc.channels.len()).unwrap_or(0);
                on_edit.run(EditorChange::AddChannel {
                    channel: superstep::doc::ChannelDoc { key: key.get_untracked(), reducer: reducer.get_untracked(), default: None, role: "state".into() },
                    at,
                });
                key.set(String::new());
            }>"Add"</button>
        </div>
    }
}
