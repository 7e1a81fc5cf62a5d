//! The editor's model: plain Rust, no Leptos, tested natively.
pub mod layout;
pub mod run;
