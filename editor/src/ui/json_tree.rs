//! A collapsible JSON tree. Values are always rendered as text, never HTML.
use leptos::prelude::*;
use serde_json::Value;
use std::sync::Arc;

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        other => other.to_string(),
    }
}

/// A value's one-line summary: a scalar as JSON, a list or an object by its
/// size ("[3 items]"; "[0]" read as a list holding 0), an empty one as `[]` or `{}`.
fn summary(v: &Value) -> String {
    let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match v {
        Value::Array(a) if a.is_empty() => "[]".into(),
        Value::Object(m) if m.is_empty() => "{}".into(),
        Value::Array(a) => format!("[{}]", count(a.len(), "item", "items")),
        Value::Object(m) => format!("{{{}}}", count(m.len(), "key", "keys")),
        other => scalar(other),
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

/// How many of a long list's (or object's) entries a row shows at first: its newest.
const SHOWN: usize = 100;

/// How many entries of `len` a row leaves out (the oldest), unless all are asked for:
/// a state panel redrawn every superstep stays fast when a message list grows long.
fn left_out(len: usize, all: bool) -> usize {
    if all {
        0
    } else {
        len.saturating_sub(SHOWN)
    }
}

/// A list's or an object's entries after its first `skip`, as rows show them: `(index or key, value)`.
fn entries(value: &Value, skip: usize) -> Vec<(String, Value)> {
    match value {
        Value::Array(a) => a.iter().enumerate().skip(skip).map(|(i, v)| (i.to_string(), v.clone())).collect(),
        Value::Object(m) => m.iter().skip(skip).map(|(k, v)| (k.clone(), v.clone())).collect(),
        _ => vec![],
    }
}

#[component]
fn JsonRow(key: String, value: Value, changed: bool, reducer: Option<String>) -> impl IntoView {
    let open = RwSignal::new(true);
    let show_all = RwSignal::new(false);
    let noun = if value.is_array() { "items" } else { "keys" };
    let nested = matches!(&value, Value::Object(m) if !m.is_empty()) || matches!(&value, Value::Array(a) if !a.is_empty());
    let summary = summary(&value);
    let len = match &value {
        Value::Array(a) => a.len(),
        Value::Object(m) => m.len(),
        _ => 0,
    };
    // Shared, not copied: only the entries on show are (a long list's newest hundred).
    let value = Arc::new(value);
    view! {
        <li class="json-row" class:changed=changed role="treeitem">
            <span class="json-key" on:click=move |_| open.update(|o| *o = !*o)>
                {if nested { "▾ " } else { "" }}{key}
            </span>
            {reducer.map(|r| view! { <span class="reducer-tag">{r}</span> })}
            <span class="json-value">{summary}</span>
            <Show when=move || nested && open.get()>
                <ul class="json-tree">
                    {let value = value.clone(); move || {
                        let hidden = left_out(len, show_all.get());
                        let more = (hidden > 0).then(|| view! {
                            <li class="json-more">
                                <button on:click=move |_| show_all.set(true)>{format!("… {hidden} earlier {noun}: show all")}</button>
                            </li>
                        });
                        let rows = entries(&value, hidden).into_iter();
                        (more, rows.map(|(k, v)| view! { <JsonRow key=k value=v changed=false reducer=None /> }.into_any()).collect_view())
                    }}
                </ul>
            </Show>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::{entries, left_out, summary, SHOWN};
    use serde_json::json;

    #[test]
    fn entries_after_the_left_out_keep_their_indices_and_keys() {
        let e = |k: &str, v| (k.to_string(), v);
        assert_eq!(entries(&json!(["a", "b", "c"]), 1), vec![e("1", json!("b")), e("2", json!("c"))]);
        assert_eq!(entries(&json!({"x": 1, "y": 2}), 0), vec![e("x", json!(1)), e("y", json!(2))]);
        assert_eq!(entries(&json!(3), 0), vec![]);
    }

    #[test]
    fn a_long_list_shows_its_newest_entries_until_all_are_asked_for() {
        assert_eq!(left_out(3, false), 0);
        assert_eq!(left_out(SHOWN, false), 0);
        assert_eq!(left_out(SHOWN + 1950, false), 1950);
        assert_eq!(left_out(SHOWN + 1950, true), 0);
    }

    #[test]
    fn summaries_name_sizes_in_words_and_show_empty_values_as_they_are() {
        let cases = [
            (json!([]), "[]"),
            (json!({}), "{}"),
            (json!([0]), "[1 item]"),
            (json!([1, 2]), "[2 items]"),
            (json!({"a": 1}), "{1 key}"),
            (json!("hi"), "\"hi\""),
            (json!(3), "3"),
        ];
        for (v, text) in cases {
            assert_eq!(summary(&v), text);
        }
    }
}
