//! The editor's model: plain Rust, no Leptos, tested natively.
pub mod edit;
pub mod history;
pub mod layout;
pub mod run;
