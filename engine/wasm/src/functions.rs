//! JS functions as engine nodes, routers, reducers and cache keys.
//!
//! The glue wraps every user function so that it never throws and returns a
//! tagged result: `{t: "c", ...}` command, `{t: "r", routes}`, `{t: "i", interrupts}`,
//! `{t: "p", command}` (for the parent), `{t: "e", message, kind}`. The common
//! results cross untagged, as one string: a node's plain update as JSON text,
//! a router's single route as its name.
use crate::convert::{from_js, js_text, to_js};
use crate::handles;
use futures::FutureExt;
use js_sys::{Function, Promise};
use serde_json::Value;
use std::rc::Rc;
use superstep::graph::node::{CacheKeyFn, Call, NodeFn, RouterFn};
use superstep::reducers::BatchFn;
use superstep::{Command, CommandGraph, Goto, Interrupt, NodeError, NodeOutput, Send};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

fn get(obj: &JsValue, key: &str) -> JsValue {
    crate::convert::field(obj, &crate::convert::js_key(key))
}

fn failed(message: String) -> NodeError {
    NodeError::Failed { message, kind: None, class: None }
}

/// Calls `f(task, input)` (the task's id, and its input state as `handles::input`
/// makes it), and a third argument, the task's own timeout, when its Send gave
/// it one; a returned Promise becomes a pending call.
fn call<T: 'static>(f: &Function, state: superstep::State, rt: superstep::Runtime, parse: fn(JsValue) -> Result<T, NodeError>) -> Call<T> {
    let input = handles::input(&state);
    let timeout = rt.task_timeout().map(crate::convert::to_js);
    let id = handles::open(rt, state);
    let result = match timeout {
        Some(t) => f.call3(&JsValue::NULL, &JsValue::from_f64(id), &input, &t),
        None => f.call2(&JsValue::NULL, &JsValue::from_f64(id), &input),
    };
    match result {
        Err(e) => Call::Ready(Err(js_err(e))),
        Ok(v) if v.is_instance_of::<Promise>() => {
            let waiting = Waiting(Some(id));
            Call::Later(
                async move {
                    let settled = JsFuture::from(Promise::from(v)).await;
                    waiting.settled();
                    match settled {
                        Ok(v) => parse(v),
                        Err(e) => Err(js_err(e)),
                    }
                }
                .boxed_local(),
            )
        }
        Ok(v) => Call::Ready(parse(v)),
    }
}

/// A pending JS call the engine still waits for. Dropped while waiting, the
/// engine has stopped the task (a sibling failed, the run was cancelled or
/// drained it), so the call's `config.signal` aborts: its `fetch` stops too.
struct Waiting(Option<f64>);

impl Waiting {
    fn settled(mut self) {
        self.0 = None;
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(id) = self.0 {
            ON_STOP.with(|f| {
                if let Some(f) = &*f.borrow() {
                    // It only queues the abort (never calls back in here); nothing to report.
                    let _ = f.call1(&JsValue::NULL, &JsValue::from_f64(id));
                }
            });
        }
    }
}

thread_local! {
    static ON_STOP: std::cell::RefCell<Option<Function>> = const { std::cell::RefCell::new(None) };
}

/// Sets the function told the id of each task the engine stops waiting for (the package's `taskStopped`), at init.
#[wasm_bindgen(js_name = setStopHook)]
pub fn set_stop_hook(f: Function) {
    ON_STOP.with(|s| *s.borrow_mut() = Some(f));
}

pub fn node(f: Function) -> NodeFn {
    Rc::new(move |state, rt| call(&f, state, rt, parse_node))
}

pub fn router(f: Function) -> RouterFn {
    Rc::new(move |state, rt| call(&f, state, rt, parse_routes))
}

fn js_err(e: JsValue) -> NodeError {
    failed(js_text(&e))
}

fn parse_common(t: &str, v: &JsValue) -> Option<NodeError> {
    match t {
        "i" => Some(NodeError::Interrupted(parse_interrupts(&get(v, "interrupts")))),
        "p" => Some(match parse_command(&get(v, "command")) {
            Ok(c) => NodeError::ParentCommand(Box::new(c)),
            Err(e) => e,
        }),
        "d" => Some(NodeError::Graph(Box::new(superstep::Error::Drained { reason: get(v, "reason").as_string().unwrap_or_default() }))),
        "e" => Some(NodeError::Failed {
            message: get(v, "message").as_string().unwrap_or_default(),
            kind: get(v, "kind").as_string(),
            class: get(v, "name").as_string(),
        }),
        _ => None,
    }
}

fn parse_node(v: JsValue) -> Result<NodeOutput, NodeError> {
    if let Some(text) = v.as_string() {
        use superstep::json::{parse_lone_surrogates_replaced as parse, update_pairs};
        if let Ok(pairs) = parse(&text, update_pairs) {
            return Ok(pairs.map_or(NodeOutput::Nothing, NodeOutput::Writes));
        }
        // Not an object: the engine says what is wrong with it.
        let update: Value = parse(&text, |t| serde_json::from_str(t))
            .map_err(|e| failed(format!("a node's update cannot be read: {}", superstep::json::error_text(e))))?;
        return Ok(NodeOutput::from(update));
    }
    let t = get(&v, "t").as_string().unwrap_or_default();
    if let Some(e) = parse_common(&t, &v) {
        return Err(e);
    }
    match t.as_str() {
        "c" => Ok(NodeOutput::Command(parse_command(&v)?)),
        other => Err(failed(format!("unexpected node result tag \"{other}\""))),
    }
}

fn parse_routes(v: JsValue) -> Result<Vec<Goto>, NodeError> {
    if let Some(name) = v.as_string() {
        return Ok(vec![Goto::Node(name)]);
    }
    let t = get(&v, "t").as_string().unwrap_or_default();
    if let Some(e) = parse_common(&t, &v) {
        return Err(e);
    }
    parse_gotos(&get(&v, "routes"))
}

fn parse_gotos(v: &JsValue) -> Result<Vec<Goto>, NodeError> {
    // One conversion for the whole list: a fan-out of a thousand Sends crosses once.
    let items = match from_js(v.clone()).map_err(js_err)? {
        Value::Null => vec![],
        Value::Array(items) => items,
        one => vec![one],
    };
    items.into_iter().map(|g| goto(g).ok_or_else(|| failed("a route must be a node name or a Send".into()))).collect()
}

/// A route as the glue writes it: a node name, or a Send as `[node, arg]` or `[node, arg, timeout]`.
pub(crate) fn goto(g: Value) -> Option<Goto> {
    match g {
        Value::String(name) => Some(Goto::Node(name)),
        Value::Array(send) if send.len() == 2 || send.len() == 3 => {
            let mut send = send.into_iter();
            let (Some(Value::String(node)), Some(arg)) = (send.next(), send.next()) else { return None };
            Some(Goto::Send(Send { node, arg, timeout: send.next() }))
        }
        _ => None,
    }
}

fn parse_command(v: &JsValue) -> Result<Command, NodeError> {
    let update = get(v, "update");
    let resume = get(v, "resume");
    Ok(Command {
        update: if update.is_undefined() || update.is_null() { None } else { Some(from_js(update).map_err(js_err)?) },
        goto: parse_gotos(&get(v, "goto"))?,
        graph: (get(v, "graph").as_string().as_deref() == Some("parent")).then_some(CommandGraph::Parent),
        resume: if resume.is_undefined() { None } else { Some(from_js(resume).map_err(js_err)?) },
    })
}

pub fn parse_command_input(v: &JsValue) -> Result<Command, JsValue> {
    parse_command(v).map_err(|e| match e {
        NodeError::Failed { message, .. } => crate::errors::named("InvalidUpdateError", &message),
        other => crate::errors::named("InvalidUpdateError", &other.to_string()),
    })
}

fn parse_interrupts(v: &JsValue) -> Vec<Interrupt> {
    if !js_sys::Array::is_array(v) {
        return vec![];
    }
    js_sys::Array::from(v)
        .iter()
        .map(|i| Interrupt {
            id: get(&i, "id").as_string().unwrap_or_default(),
            value: from_js(get(&i, "value")).unwrap_or(Value::Null),
            response_schema: from_js(get(&i, "response_schema")).ok().filter(|s| !s.is_null()),
        })
        .collect()
}

/// A JS reducer `(current, writes[]) => value` (the glue folds the binary reducer).
pub fn reducer(f: Function) -> BatchFn {
    Rc::new(move |current: Option<&Value>, writes: Vec<Value>| {
        let current = current.map(to_js).unwrap_or(JsValue::UNDEFINED);
        let writes = to_js(&Value::Array(writes));
        let out = f.call2(&JsValue::NULL, &current, &writes).map_err(|e| js_text(&e))?;
        from_js(out).map_err(|e| js_text(&e))
    })
}

pub fn cache_key(f: Function) -> CacheKeyFn {
    Rc::new(move |input: &Value| match f.call1(&JsValue::NULL, &to_js(input)) {
        Ok(k) => k.as_string().unwrap_or_else(|| js_text(&k)),
        Err(_) => String::new(),
    })
}
