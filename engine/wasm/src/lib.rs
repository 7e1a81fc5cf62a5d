//! wasm-bindgen bindings of the `superstep` engine: conversion, error mapping and
//! browser storage only. The engine's semantics live in the core crate.
use wasm_bindgen::prelude::*;

pub mod idb;

/// The engine's version, e.g. `"0.1.0"`.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    superstep::VERSION.to_string()
}
