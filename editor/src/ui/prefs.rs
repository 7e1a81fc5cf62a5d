//! Small preferences kept in localStorage (the last open graph and thread):
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
