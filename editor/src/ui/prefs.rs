//! Small preferences kept in localStorage (the last open graph and thread, the input typed for each graph):
//! best effort, so a browser without storage just starts fresh.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

pub fn remember(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

pub fn recall(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// The graph input last typed for the graph open from `place` (`entry:<id>` or
/// `example:<name>`, as `superstep.open` names it), so that a reload shows it again.
pub fn typed_input(place: &str) -> Option<String> {
    recall(&input_key(place))
}

pub fn keep_typed_input(place: &str, text: &str) {
    if !place.is_empty() {
        remember(&input_key(place), text);
    }
}

/// Forgets the input typed for a graph that is gone.
pub fn forget_typed_input(place: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&input_key(place));
    }
}

fn input_key(place: &str) -> String {
    format!("superstep.input:{place}")
}
