//! The editor's keyboard shortcuts, mapped to commands. Keys typed into a
//! text field are left alone.
use leptos::ev;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    Undo,
    Redo,
    Copy,
    Paste,
    Delete,
    Step,
    StepBack,
    Run,
    Stop,
}

/// What a key press means, if anything.
pub fn command(key: &str, ctrl: bool, shift: bool) -> Option<Command> {
    if ctrl {
        return match (key.to_lowercase().as_str(), shift) {
            ("z", false) => Some(Command::Undo),
            ("z", true) | ("y", _) => Some(Command::Redo),
            ("c", _) => Some(Command::Copy),
            ("v", _) => Some(Command::Paste),
            _ => None,
        };
    }
    match (key, shift) {
        ("Delete" | "Backspace", _) => Some(Command::Delete),
        (" ", false) => Some(Command::Step),
        (" ", true) => Some(Command::StepBack),
        ("F5", _) => Some(Command::Run),
        ("Escape", _) => Some(Command::Stop),
        _ => None,
    }
}

/// Whether the key went to a text field (and so is not a shortcut).
pub fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "TEXTAREA" | "INPUT" | "SELECT"))
}

/// Listens on the window for the whole life of the app.
pub fn install(on: impl Fn(Command) + 'static) {
    let handle = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        if typing(&e) {
            return;
        }
        if let Some(c) = command(&e.key(), e.ctrl_key() || e.meta_key(), e.shift_key()) {
            if !matches!(c, Command::Delete | Command::Stop) {
                e.prevent_default();
            }
            on(c);
        }
    });
    // The app lives as long as the page.
    std::mem::forget(handle);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_commands() {
        assert_eq!(command("z", true, false), Some(Command::Undo));
        assert_eq!(command("Z", true, true), Some(Command::Redo));
        assert_eq!(command("y", true, false), Some(Command::Redo));
        assert_eq!(command(" ", false, true), Some(Command::StepBack));
        assert_eq!(command("x", false, false), None);
    }
}
