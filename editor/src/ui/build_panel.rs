//! Building graphs: a palette of node kinds, undo/redo, export (JSON,
//! Mermaid, a snippet for JS apps) and live problems. Edits are
//! `EditorChange`s applied by the model; this only renders and dispatches.
use crate::model::edit::{add_fresh_node, literal, shown, EditorChange, History};
use crate::model::problems::Problem;
use leptos::prelude::*;
use superstep::doc::GraphDoc;
use wasm_bindgen::JsCast;

pub const KINDS: &[&str] = &["set", "update", "interrupt", "send", "subgraph", "code"];

/// A JS snippet that runs this document with the package (with a cache when a
/// node has a cache policy: without one, the policy does nothing).
pub fn snippet(doc: &GraphDoc) -> String {
    let (import, cache) = if uses_cache(doc) { (", InMemoryCache", ", cache: new InMemoryCache()") } else { ("", "") };
    format!(
        "import {{ init, StateGraph, MemorySaver{import} }} from \"superstep\";\n\nawait init();\nconst doc = {};\nconst graph = StateGraph.fromJSON(doc, {{ functions: {{}} }}).compile({{ checkpointer: new MemorySaver(){cache} }});\nconst result = await graph.invoke({}, {{ configurable: {{ thread_id: \"1\" }} }});\nconsole.log(result);\n",
        doc.to_json(),
        doc.examples.first().map(|e| e.input.to_string()).unwrap_or_else(|| "{}".into())
    )
}

fn uses_cache(doc: &GraphDoc) -> bool {
    doc.nodes.iter().any(|n| n.settings.contains_key("cache")) || doc.subgraphs.values().any(uses_cache)
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
    /// The document on the canvas (a subgraph opened in place, or the whole graph):
    /// new nodes, the schema and problems are its; undo and export are the whole graph's.
    #[prop(into)]
    doc: Signal<Option<GraphDoc>>,
    /// That document's problems (the canvas marks the same list on its nodes).
    #[prop(into)]
    problems: Signal<Vec<Problem>>,
    selection: RwSignal<Vec<String>>,
    #[prop(into)] on_edit: Callback<EditorChange>,
    #[prop(into)] on_undo: Callback<bool>,
) -> impl IntoView {
    let mermaid = RwSignal::new(None::<String>);
    let show_snippet = RwSignal::new(false);
    let add = move |kind: &'static str| {
        let Some(d) = doc.get_untracked() else { return };
        let (id, changes) = add_fresh_node(&d, kind);
        on_edit.run(EditorChange::Batch(changes));
        selection.set(vec![id]);
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
    <button aria-label="Auto-layout" on:click=move |_| {
                       let Some(d) = doc.get_untracked() else { return };
                       let moves: Vec<EditorChange> = d.layout.keys().map(|id| EditorChange::Move { id: id.clone(), to: None }).collect();
                       if !moves.is_empty() { on_edit.run(EditorChange::Batch(moves)) }
                   }>"Auto-layout"</button>
                   <button aria-label="Export JSON" on:click=move |_| if let Some(h) = history.get_untracked() { download(&format!("{}.json", h.doc.name), &h.doc.to_json(), "application/json") }>"Export JSON"</button>
                   <button aria-label="Export Mermaid" on:click=move |_| {
                       let text = history.get_untracked().and_then(|h| superstep::doc::build::build(&h.doc, &superstep::doc::build::NoCode, Default::default()).ok()).map(|g| g.draw_mermaid());
                       mermaid.set(text);
                   }>"Mermaid"</button>
                   <button aria-label="Use in your app" on:click=move |_| show_snippet.update(|s| *s = !*s)>"Use in your app"</button>
               </div>
               <SchemaEditor doc=doc on_edit=on_edit />
               <h3>"Problems"</h3>
               <ul class="problems" aria-label="problems">
                   {move || {
                       let list = problems.get();
                       if list.is_empty() {
                           view! { <li class="muted">"none"</li> }.into_any()
                       } else {
                           list.into_iter().map(|p| view! {
                               <li class=if p.warning { "warning" } else { "error" }>{p.node.map(|n| view! { <b>{n}</b>": " })}{p.text}</li>
                           }).collect_view().into_any()
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
    use crate::model::problems::problems;

    #[test]
    fn the_snippet_embeds_the_document_and_the_example_input() {
        let doc = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        let s = snippet(&doc);
        assert!(s.contains("StateGraph.fromJSON(doc"));
        assert!(s.contains(r#"await graph.invoke({"user_input":"My"}"#));
        assert!(problems(&doc).is_empty());
        assert!(s.contains("\"graph_output\""));
    }
}

/// State keys: add, rename or remove one; its reducer, default, and whether
/// it is private, an input or an output of the graph.
#[component]
fn SchemaEditor(doc: Signal<Option<GraphDoc>>, on_edit: Callback<EditorChange>) -> impl IntoView {
    let key = RwSignal::new(String::new());
    let reducer = RwSignal::new("overwrite".to_string());
    let io = move |key: String, output: bool, on: bool| {
        let Some(d) = doc.get_untracked() else { return };
        let (mut input, mut out) = (d.input.clone(), d.output.clone());
        let list = if output { &mut out } else { &mut input };
        let mut keys = list.clone().unwrap_or_default();
        keys.retain(|k| *k != key);
        if on {
            keys.push(key);
        }
        *list = (!keys.is_empty()).then_some(keys);
        on_edit.run(EditorChange::SetIo { input, output: out });
    };
    view! {
        <h3>"State schema"</h3>
        <table class="schema" aria-label="state schema">
            <tr class="muted"><th>"key"</th><th>"reducer"</th><th>"default"</th><th title="input key">"in"</th><th title="output key">"out"</th><th title="private: not in the input or output schema">"priv"</th><th></th></tr>
            {move || doc.get().map(|d| d.channels.iter().map(|c| {
                let k = c.key.clone();
                let (c1, c2, c3, c4) = (c.clone(), c.clone(), c.clone(), c.clone());
                let is_in = d.input.as_ref().is_some_and(|l| l.contains(&k));
                let is_out = d.output.as_ref().is_some_and(|l| l.contains(&k));
                let (k1, k2, k3, k4, k5, k6) = (k.clone(), k.clone(), k.clone(), k.clone(), k.clone(), k.clone());
                view! {
                    <tr>
                        <td><input aria-label=format!("state key {k}") prop:value=k.clone() on:change=move |e| {
                            let mut c = c1.clone(); c.key = event_target_value(&e); on_edit.run(EditorChange::SetChannel { key: k1.clone(), channel: c });
                        } /></td>
                        <td><select aria-label=format!("reducer of {k}") on:change=move |e| {
                            let mut c = c2.clone(); c.reducer = event_target_value(&e); on_edit.run(EditorChange::SetChannel { key: k2.clone(), channel: c });
                        }>{REDUCERS.map(|r| view! { <option value=r selected=r == c.reducer>{r}</option> }).collect_view()}</select></td>
                        <td><input aria-label=format!("default of {k}") placeholder="none" prop:value=c.default.as_ref().map(shown).unwrap_or_default() on:change=move |e| {
                            let t = event_target_value(&e);
                            let mut c = c3.clone(); c.default = (!t.is_empty()).then(|| literal(&t)); on_edit.run(EditorChange::SetChannel { key: k3.clone(), channel: c });
                        } /></td>
                        <td><input type="checkbox" aria-label=format!("{k} is an input") prop:checked=is_in on:change=move |e| io(k4.clone(), false, event_target_checked(&e)) /></td>
                        <td><input type="checkbox" aria-label=format!("{k} is an output") prop:checked=is_out on:change=move |e| io(k5.clone(), true, event_target_checked(&e)) /></td>
                        <td><input type="checkbox" aria-label=format!("{k} is private") prop:checked=c.role == "private" on:change=move |e| {
                            let mut c = c4.clone(); c.role = if event_target_checked(&e) { "private" } else { "state" }.into(); on_edit.run(EditorChange::SetChannel { key: k6.clone(), channel: c });
                        } /></td>
                        <td><button aria-label=format!("remove key {k}") on:click=move |_| on_edit.run(EditorChange::RemoveChannel { key: k.clone() })>"✕"</button></td>
                    </tr>
                }
            }).collect_view())}
        </table>
        <div class="node-edit">
            <input aria-label="new state key" placeholder="new key" prop:value=move || key.get() on:input=move |e| key.set(event_target_value(&e))
                on:keydown=move |e: web_sys::KeyboardEvent| if e.key() == "Enter" { add_key(doc, on_edit, key, reducer) } />
            <select aria-label="reducer" on:change=move |e| reducer.set(event_target_value(&e))>
                {REDUCERS.map(|r| view! { <option value=r>{r}</option> }).collect_view()}
            </select>
            <button aria-label="Add state key" on:click=move |_| add_key(doc, on_edit, key, reducer)>"Add"</button>
        </div>
    }
}

const REDUCERS: [&str; 6] = ["overwrite", "append", "add", "merge", "messages", "messages_delta"];

fn add_key(doc: Signal<Option<GraphDoc>>, on_edit: Callback<EditorChange>, key: RwSignal<String>, reducer: RwSignal<String>) {
    let at = doc.get_untracked().map(|d| d.channels.len()).unwrap_or(0);
    on_edit.run(EditorChange::AddChannel {
        channel: superstep::doc::ChannelDoc {
            key: key.get_untracked().trim().to_string(),
            reducer: reducer.get_untracked(),
            default: None,
            role: "state".into(),
            untracked: false,
        },
        at,
    });
    key.set(String::new());
}
