//! Components: thin views over the model and the session.
pub mod app;
pub mod build_panel;
pub mod canvas;
pub mod examples;
pub mod json_tree;
pub mod panels;
pub mod session;
