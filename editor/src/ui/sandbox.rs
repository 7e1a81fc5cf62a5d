//! Code nodes and routers in the editor run in a sandbox: a dedicated worker
//! started from a `data:` URL, so it has an opaque origin (no access to the
//! editor's IndexedDB or storage) and its own thread; each call has a time
//! limit, after which the worker is terminated and the node fails.
use serde_json::Value;
use std::rc::Rc;
use superstep::doc::build::CodeHost;
use superstep::graph::node::{Call, NodeFn, RouterFn};
use superstep::{Goto, NodeError, NodeOutput, Runtime, State};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// How long one call of a code node or router may take.
pub const TIME_LIMIT_MS: u32 = 2000;

#[wasm_bindgen(inline_js = r#"
const SOURCE = `self.onmessage = async (e) => {
  try {
    const { state, config } = JSON.parse(e.data.input);
    const fn = new Function("state", "config", e.data.code);
    const value = await fn(state, config);
    self.postMessage({ ok: true, json: JSON.stringify(value === undefined ? null : value) });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
};`;
const idle = [];
export function runSandboxed(code, input, timeoutMs) {
  return new Promise((resolve, reject) => {
    const worker = idle.pop() || new Worker("data:text/javascript;charset=utf-8," + encodeURIComponent(SOURCE));
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error("timed out after " + timeoutMs + " ms: the code was stopped"));
    }, timeoutMs);
    worker.onmessage = (e) => {
      clearTimeout(timer);
      idle.push(worker);
      if (e.data.ok) resolve(e.data.json); else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      e.preventDefault();
      reject(new Error(e.message || "the code failed"));
    };
    worker.postMessage({ code, input });
  });
}
export function checkSyntax(code) {
  try { new Function("state", "config", code); return ""; } catch (e) { return String(e.message); }
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = runSandboxed)]
    fn run_sandboxed(code: &str, input: &str, timeout_ms: u32) -> js_sys::Promise;
    #[wasm_bindgen(js_name = checkSyntax)]
    fn check_syntax_js(code: &str) -> String;
}

/// A JS syntax error in a code body, found without running it.
pub fn syntax_error(code: &str) -> Option<String> {
    Some(check_syntax_js(code)).filter(|e| !e.is_empty())
}

/// Runs `code` with the state in the sandbox; its result as JSON.
async fn call(code: Rc<str>, state: State, rt: Runtime) -> Result<Value, NodeError> {
    let config =
        serde_json::json!({ "configurable": rt.configurable(), "metadata": { "langgraph_node": rt.node(), "langgraph_step": rt.step() } });
    let input = serde_json::json!({ "state": state.to_value(), "config": config }).to_string();
    let out = JsFuture::from(run_sandboxed(&code, &input, TIME_LIMIT_MS)).await.map_err(|e| {
        let text = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string()).unwrap_or_else(|| format!("{e:?}"));
        NodeError::msg(text)
    })?;
    serde_json::from_str(&out.as_string().unwrap_or_default()).map_err(|e| NodeError::msg(e.to_string()))
}

fn code_node(code: Rc<str>) -> NodeFn {
    Rc::new(move |state, rt| {
        let code = code.clone();
        Call::Later(Box::pin(async move {
            match call(code, state, rt).await? {
                v @ (Value::Object(_) | Value::Null) => Ok(NodeOutput::from(v)),
                other => Err(NodeError::msg(format!("a code node returns an object of state updates, not {other}"))),
            }
        }))
    })
}

fn code_router(code: Rc<str>) -> RouterFn {
    Rc::new(move |state, rt| {
        let code = code.clone();
        Call::Later(Box::pin(async move {
            match call(code, state, rt).await? {
                Value::String(s) => Ok(vec![Goto::from(s)]),
                Value::Array(a) if a.iter().all(Value::is_string) => Ok(a.into_iter().filter_map(|v| v.as_str().map(Goto::from)).collect()),
                other => Err(NodeError::msg(format!("a code router returns a node name or a list of them, not {other}"))),
            }
        }))
    })
}

/// Code for the editor's graphs: sandboxed once approved, refused before.
pub struct EditorCode {
    pub approved: bool,
}

impl CodeHost for EditorCode {
    fn node(&self, id: &str, code: Option<&str>, _function: Option<&str>) -> Option<NodeFn> {
        let id = id.to_string();
        Some(match (self.approved, code) {
            (true, Some(c)) => code_node(c.into()),
            (true, None) => Rc::new(move |_, _| {
                Call::Ready(Err(NodeError::msg(format!("code node `{id}` names a JS function; the editor runs only code bodies"))))
            }),
            (false, _) => Rc::new(move |_, _| {
                Call::Ready(Err(NodeError::msg(format!("node `{id}` has code that was not approved: review it first"))))
            }),
        })
    }
    fn router(&self, from: &str, code: Option<&str>, _function: Option<&str>) -> Option<RouterFn> {
        let from = from.to_string();
        Some(match (self.approved, code) {
            (true, Some(c)) => code_router(c.into()),
            _ => Rc::new(move |_, _| {
                Call::Ready(Err(NodeError::msg(format!(
                    "the router from `{from}` has code that was not approved (or names a JS function)"
                ))))
            }),
        })
    }
}
