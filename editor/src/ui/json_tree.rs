//! A collapsible JSON tree. Values are always rendered as text, never HTML.
use leptos::prelude::*;
use serde_json::Value;

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        other => other.to_string(),
    }
}

#[component]
pub fn JsonTree(
    value: Value,
    #[prop(optional)] highlight: Vec<String>,
    #[prop(optional)] reducers: Vec<(String, String)>,
) -> impl IntoView {
    let entries: Vec<(String, Value)> = match &value {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        other => vec![("value".into(), other.clone())],
    };
    view! {
        <ul class="json-tree" role="tree">
            {entries
                .into_iter()
                .map(|(k, v)| {
                    let changed = highlight.contains(&k);
                    let reducer = reducers.iter().find(|(key, _)| *key == k).map(|(_, r)| r.clone());
                    view! { <JsonRow key=k value=v changed=changed reducer=reducer /> }
                })
                .collect_view()}
        </ul>
    }
}

#[component]
fn JsonRow(key: String, value: Value, changed: bool, reducer: Option<String>) -> impl IntoView {
    let open = RwSignal::new(true);
    let nested = matches!(&value, Value::Object(m) if !m.is_empty()) || matches!(&value, Value::Array(a) if !a.is_empty());
    let summary = match &value {
        Value::Array(a) => format!("[{}]", a.len()),
        Value::Object(m) => format!("{{{}}}", m.len()),
        other => scalar(other),
    };
    let children: Vec<(String, Value)> = match &value {
        Value::Array(a) => a.iter().enumerate().map(|(i, v)| (i.to_string(), v.clone())).collect(),
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        _ => vec![],
    };
    view! {
        <li class="json-row" class:changed=changed role="treeitem">
            <span class="json-key" on:click=move |_| open.update(|o| *o = !*o)>
                {if nested { "▾ " } else { "" }}{key}
            </span>
            {reducer.map(|r| view! { <span class="reducer-tag">{r}</span> })}
            <span class="json-value">{summary}</span>
            <Show when=move || nested && open.get()>
                <ul class="json-tree">
                    {children
                        .clone()
                        .into_iter()
                        .map(|(k, v)| view! { <JsonRow key=k value=v changed=false reducer=None /> }.into_any())
                        .collect_view()}
                </ul>
            </Show>
        </li>
    }
}
