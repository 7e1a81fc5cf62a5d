//! Graph documents from JS: validate, build (code nodes run as JS functions),
//! and draw. The JS glue supplies `makeCode(kind, id, code, fn)`, which returns a
//! wrapped node or router function, or null.
use crate::{errors, functions, graph::JsGraph, registry};
use superstep::doc::build::{build, CodeHost};
use superstep::doc::GraphDoc;
use superstep::graph::node::{NodeFn, RouterFn};
use superstep::CompileOptions;
use wasm_bindgen::prelude::*;

struct JsCode {
    make: js_sys::Function,
}

impl JsCode {
    fn make(&self, kind: &str, id: &str, code: Option<&str>, function: Option<&str>) -> Option<js_sys::Function> {
        let args = js_sys::Array::of4(
            &kind.into(),
            &id.into(),
            &code.map(JsValue::from).unwrap_or(JsValue::NULL),
            &function.map(JsValue::from).unwrap_or(JsValue::NULL),
        );
        let f = self.make.apply(&JsValue::NULL, &args).ok()?;
        f.dyn_into::<js_sys::Function>().ok()
    }
}

impl CodeHost for JsCode {
    fn node(&self, id: &str, code: Option<&str>, function: Option<&str>) -> Option<NodeFn> {
        self.make("node", id, code, function).map(functions::node)
    }
    fn router(&self, from: &str, code: Option<&str>, function: Option<&str>) -> Option<RouterFn> {
        self.make("router", from, code, function).map(functions::router)
    }
}

fn problems_error(problems: &[superstep::doc::Problem]) -> JsValue {
    let e =
        errors::to_js(&superstep::Error::Document { problems: problems.iter().map(|p| format!("{}: {}", p.path, p.message)).collect() });
    let _ = js_sys::Reflect::set(&e, &"problems".into(), &crate::convert::to_js_any(&problems));
    e
}

/// Validates a document (JSON text): `[]` or every problem `{path, message}`.
#[wasm_bindgen(js_name = checkDocument)]
pub fn check_document(text: JsValue) -> Result<JsValue, JsValue> {
    let text = crate::convert::string_arg(&text, "a graph document")?;
    Ok(match GraphDoc::from_json(&text) {
        Ok(_) => js_sys::Array::new().into(),
        Err(p) => crate::convert::to_js_any(&p),
    })
}

/// Builds and compiles a document. `options` as for `compileGraph`'s spec options.
#[wasm_bindgen(js_name = compileDocument)]
pub fn compile_document(text: JsValue, make_code: js_sys::Function, saver: Option<u32>, cache: Option<u32>) -> Result<JsGraph, JsValue> {
    let doc = GraphDoc::from_json(&crate::convert::string_arg(&text, "a graph document")?).map_err(|p| problems_error(&p))?;
    let checkpointer = match saver.and_then(registry::saver) {
        Some(s) => superstep::checkpoint::Checkpointing::Saver(s),
        None => Default::default(),
    };
    let options = CompileOptions { checkpointer, cache: cache.and_then(registry::cache), env: registry::env(), ..Default::default() };
    let graph = build(&doc, &JsCode { make: make_code }, options).map_err(|e| errors::to_js(&e))?;
    Ok(JsGraph::new(graph))
}

/// The document in its canonical form (what saving writes), as a JS object:
/// the glue wants the object, and compact JSON spares the package the pretty
/// printer's instances for every document type.
#[wasm_bindgen(js_name = normalizeDocument)]
pub fn normalize_document(text: JsValue) -> Result<JsValue, JsValue> {
    GraphDoc::from_json(&crate::convert::string_arg(&text, "a graph document")?)
        .map(|d| crate::convert::to_js_any(&d))
        .map_err(|p| problems_error(&p))
}
