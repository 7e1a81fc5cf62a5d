//! Components: thin views over the model and the session.
pub mod app;
pub mod build_panel;
pub mod canvas;
pub mod crumbs;
pub mod examples;
pub mod inside;
pub mod json_tree;
pub mod node_panel;
pub mod panels;
pub mod prefs;
pub mod prompts;
pub mod sandbox;
pub mod session;
pub mod shortcuts;
pub mod timeline;
pub mod workspace_panel;
pub mod workspace_store;
