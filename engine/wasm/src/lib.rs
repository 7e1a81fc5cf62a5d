//! wasm-bindgen bindings of the `superstep` engine: conversion, error mapping,
//! JS functions as nodes, and browser storage. The semantics live in the core crate.
use wasm_bindgen::prelude::*;

mod chunks;
mod convert;
mod document;
mod env;
mod errors;
mod functions;
mod graph;
mod handles;
pub mod idb;
mod idb_read;
mod idb_saver;
mod js_saver;
mod lifecycle;
mod message_mark;
mod registry;
mod savers;
mod spec;
mod subgraph_calls;
mod subgraph_messages;
mod subgraph_runs;

pub use graph::{compile_graph, JsGraph, JsRunStream, JsStepper};
pub use idb_saver::{IndexedDbSaver, JsIndexedDbSaver};
pub use js_saver::JsBridgeSaver;
pub use savers::{JsInMemoryCache, JsMemorySaver};

/// The page-wide environment (clock, ids, timers) for Rust callers such as the editor.
pub fn page_env() -> superstep::Env {
    registry::env()
}

/// The engine's version, e.g. `"0.1.0"`.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    superstep::VERSION.to_string()
}
