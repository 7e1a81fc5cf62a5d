//! One-line previews of values for the step panel's tables. A long list shows
//! its last items, not its first: an append reducer's new items are at the
//! end, and a preview that stops at the start would hide what a step added.
use super::routes::short;

/// How many characters a preview takes, about.
const FITS: usize = 80;

/// `v` as JSON text of about `FITS` characters: whole if it fits; a long list
/// as its last items that fit, after how many earlier ones are left out;
/// anything else cut off with an ellipsis.
pub fn preview(v: &serde_json::Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= FITS {
        return text;
    }
    match v.as_array() {
        Some(items) if items.len() > 1 => tail(items),
        // `short` keeps one character fewer than it is given, for its ellipsis.
        _ => short(&text, FITS + 1),
    }
}

/// `[… N earlier, a, b]`: the last items whose text fits (at least one, cut if need be).
fn tail(items: &[serde_json::Value]) -> String {
    let mut shown: Vec<String> = Vec::new();
    let mut used = 0;
    for item in items.iter().rev() {
        let text = item.to_string();
        let len = text.chars().count() + 2;
        if !shown.is_empty() && used + len > FITS - 20 {
            break;
        }
        used += len;
        shown.push(text);
    }
    if let [only] = shown.as_mut_slice() {
        *only = short(only, FITS - 19);
    }
    shown.reverse();
    format!("[… {} earlier, {}]", items.len() - shown.len(), shown.join(","))
}

#[cfg(test)]
mod tests {
    use super::preview;
    use serde_json::json;

    #[test]
    fn short_values_show_whole_and_long_lists_their_last_items_after_a_count_of_the_rest() {
        assert_eq!(preview(&json!(["a", "b"])), r#"["a","b"]"#);
        let mut jokes: Vec<String> = (0..5000).map(|i| format!("joke {i}")).collect();
        jokes.extend(["Joke about animals", "Joke about lions"].map(String::from));
        let shown = preview(&json!(jokes));
        assert_eq!(shown, r#"[… 4999 earlier, "joke 4999","Joke about animals","Joke about lions"]"#);
    }

    #[test]
    fn a_long_last_item_is_cut_and_other_long_values_are_cut_at_their_start() {
        let long = "x".repeat(200);
        let shown = preview(&json!(["a", long]));
        assert!(shown.starts_with(r#"[… 1 earlier, "xxx"#) && shown.ends_with("…]"), "{shown}");
        assert_eq!(preview(&json!({ "text": long })), format!(r#"{{"text":"{}…"#, "x".repeat(71)));
        assert_eq!(preview(&json!(long)).chars().count(), 81);
    }
}
