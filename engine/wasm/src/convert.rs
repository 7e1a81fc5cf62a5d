//! Conversions between JS values and the engine's JSON values, as JSON text:
//! `JSON.parse` and `JSON.stringify` are native and fast, and going through
//! text keeps the package small (one serde_json path, no second serializer).
//! Only values of a dozen parts or fewer (a stream chunk, a small update) are
//! built directly, where the text's round trip costs more than the calls.
//! The JS glue has already turned class instances (Overwrite, Send, Command)
//! into plain marker objects and rejected values JSON cannot hold.
use hashbrown::HashMap;
use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;
use std::rc::Weak;
use superstep::State;
use wasm_bindgen::prelude::*;

/// A run's output: `undefined` when the run showed no state (the engine's `Null`),
/// as LangGraph.js's invoke returns then.
pub fn output_to_js(v: &Value) -> JsValue {
    if v.is_null() {
        JsValue::UNDEFINED
    } else {
        to_js(v)
    }
}

/// A JSON value as a plain JS value (objects, arrays, primitives). The marker
/// of a key set to `undefined` (`superstep::is_unset`) is `undefined` again.
pub fn to_js(v: &Value) -> JsValue {
    // Primitives directly; only big lists and objects go through text.
    match v {
        Value::Array(_) | Value::Object(_) => {
            if superstep::is_unset(v) {
                return JsValue::UNDEFINED;
            }
            let js = small_to_js(v).unwrap_or_else(|| through_text(v));
            crate::message_mark::mark_messages(v, &js);
            js
        }
        _ => direct(v),
    }
}

/// `v` through its JSON text; the rare text with an `undefined` marker is walked for it.
fn through_text(v: &Value) -> JsValue {
    let Ok(text) = serde_json::to_string(v) else { return JsValue::NULL };
    let js = js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL);
    if text.contains(superstep::UNSET_KEY) {
        unmark(v, &js);
    }
    js
}

/// Sets to `undefined` each member of `js` whose value in `v` is the marker.
fn unmark(v: &Value, js: &JsValue) {
    let fix = |item: &Value, key: JsValue| {
        if superstep::is_unset(item) {
            set_field(js, &key, &JsValue::UNDEFINED);
        } else if item.is_array() || item.is_object() {
            unmark(item, &field(js, &key));
        }
    };
    match v {
        Value::Array(items) => items.iter().enumerate().for_each(|(i, item)| fix(item, JsValue::from_f64(i as f64))),
        Value::Object(m) => m.iter().for_each(|(k, item)| fix(item, JsValue::from_str(k))),
        _ => {}
    }
}

/// Lists and objects of at most this many values in all are built directly:
/// for so few, the JS calls cost less than writing and parsing their text.
const DIRECT_LIMIT: usize = 12;

/// `v` built value by value, if it is small (see `DIRECT_LIMIT`) and has no
/// `__proto__` key (an own property only `JSON.parse` makes).
fn small_to_js(v: &Value) -> Option<JsValue> {
    let mut budget = DIRECT_LIMIT;
    fits(v, &mut budget).then(|| direct(v))
}

fn fits(v: &Value, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    match v {
        Value::Array(items) => items.iter().all(|i| fits(i, budget)),
        Value::Object(m) => m.iter().all(|(k, i)| k != "__proto__" && fits(i, budget)),
        _ => true,
    }
}

fn direct(v: &Value) -> JsValue {
    match v {
        Value::Null => JsValue::NULL,
        Value::Bool(b) => JsValue::from_bool(*b),
        Value::Number(n) => JsValue::from_f64(n.as_f64().unwrap_or(f64::NAN)),
        Value::String(s) => JsValue::from_str(s),
        Value::Array(items) => items.iter().map(direct).collect::<js_sys::Array>().into(),
        Value::Object(_) if superstep::is_unset(v) => JsValue::UNDEFINED,
        Value::Object(m) => {
            let obj = js_sys::Object::new();
            for (k, i) in m {
                // Not `js_key`: data keys are not a fixed set to keep.
                set_field(&obj, &JsValue::from_str(k), &direct(i));
            }
            obj.into()
        }
    }
}

/// Any serializable Rust value as a plain JS value.
pub fn to_js_any<T: Serialize + ?Sized>(v: &T) -> JsValue {
    match serde_json::to_string(v) {
        Ok(text) => js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL),
        Err(_) => JsValue::NULL,
    }
}

/// A plain JS value as JSON; `undefined` becomes null.
pub fn from_js(v: JsValue) -> Result<Value, JsValue> {
    if v.is_null() || v.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Some(s) = v.as_string() {
        return Ok(Value::String(s));
    }
    if let Some(f) = v.as_f64() {
        return Ok(number(f));
    }
    from_js_as_json(v, "InvalidUpdateError", "value cannot be stored in state")
}

/// A JS number as JSON reads it back from `JSON.stringify`: whole numbers as integers.
fn number(f: f64) -> Value {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    match f {
        f if f.fract() == 0.0 && (0.0..=SAFE).contains(&f) => Value::from(f as u64),
        f if f.fract() == 0.0 && (-SAFE..0.0).contains(&f) => Value::from(f as i64),
        // Non-finite numbers become null, as in JSON.
        f => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
    }
}

/// A plain JS value as JSON, through its JSON text (`undefined`, functions and
/// symbols as null; a lone surrogate as U+FFFD); errors are of class `class`
/// and start with `what`.
pub fn from_js_as_json(v: JsValue, class: &str, what: &str) -> Result<Value, JsValue> {
    let error = |e: String| crate::errors::named(class, &format!("{what}: {e}"));
    let text = if v.is_undefined() {
        None
    } else {
        // Throws on BigInt and cycles; gives undefined for functions and symbols.
        js_sys::JSON::stringify(&v).map_err(|e| error(js_text(&e)))?.as_string()
    };
    superstep::json::parse_lone_surrogates_replaced(text.as_deref().unwrap_or("null"), |t| serde_json::from_str(t))
        .map_err(|e| error(superstep::json::error_text(e)))
}

#[wasm_bindgen]
extern "C" {
    /// Any JS object, read and written by key with plain `o[k]`: `Reflect`'s
    /// bindings catch exceptions, and their wrapper costs more than the access.
    #[wasm_bindgen(js_name = Object)]
    type Fields;
    #[wasm_bindgen(method, indexing_getter)]
    fn field(this: &Fields, key: &JsValue) -> JsValue;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Fields, key: &JsValue, value: &JsValue);
}

/// `obj[key]` (for objects the glue made, whose getters cannot throw).
pub fn field(obj: &JsValue, key: &JsValue) -> JsValue {
    obj.unchecked_ref::<Fields>().field(key)
}

/// `obj[key] = value` (for plain objects made here).
pub fn set_field(obj: &JsValue, key: &JsValue, value: &JsValue) {
    obj.unchecked_ref::<Fields>().set(key, value)
}

/// `key` as a JS string, made once per distinct key: making one per read (a
/// result's field names, a state's channel names) was a tenth of a task's cost.
pub fn js_key(key: &str) -> JsValue {
    KEYS.with(|keys| {
        if let Some(k) = keys.borrow().get(key) {
            return k.clone();
        }
        let k = JsValue::from_str(key);
        keys.borrow_mut().insert(key.to_string(), k.clone());
        k
    })
}

thread_local! {
    static KEYS: RefCell<HashMap<String, JsValue>> = RefCell::new(HashMap::new());
}

/// A string argument; anything else is a TypeError naming `what`. (wasm-bindgen
/// would read a non-string passed as `&str` as garbage, out of bounds.)
pub fn string_arg(v: &JsValue, what: &str) -> Result<String, JsValue> {
    v.as_string().ok_or_else(|| crate::errors::named("TypeError", &format!("{what} must be a string, got {}", js_type(v))))
}

/// As `string_arg`, with `undefined` and `null` as none.
pub fn opt_string_arg(v: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    string_arg(v, what).map(Some)
}

fn js_type(v: &JsValue) -> String {
    if js_sys::Array::is_array(v) {
        return "an array".into();
    }
    v.js_typeof().as_string().unwrap_or_default()
}

/// A thrown JS value as text: a string as is, an Error's message, else its JSON.
pub fn js_text(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::Reflect::get(e, &JsValue::from_str("message")).ok().and_then(|m| m.as_string()))
        .or_else(|| js_sys::JSON::stringify(e).ok().and_then(|s| s.as_string()))
        .unwrap_or_else(|| "a JS value that is not an Error".into())
}

/// A plain object of these fields (fixed names, made JS strings once), in this order.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in fields {
        set_field(&obj, &js_key(k), v);
    }
    obj.into()
}

/// Strings as a JS array, built directly.
pub fn strings(xs: &[String]) -> JsValue {
    xs.iter().map(|x| JsValue::from_str(x)).collect::<js_sys::Array>().into()
}

/// A view's values as one JS object, each converted with `to_js_in` (so from
/// the cache where it can be). A value a router's view has not computed yet
/// is computed now.
pub fn view_to_js(state: &State) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in state.iter_ready() {
        let js = match v {
            Some(v) => to_js_in(state, v),
            None => to_js(&state.value(k)),
        };
        set_field(&obj, &js_key(k), &js);
    }
    obj.into()
}

/// Converted lists and objects, keyed by the engine's shared value. A channel
/// keeps its `Rc` until it is written, so an unchanged channel is converted
/// once, not every superstep. The `Weak` pins the address (it cannot be
/// reused while the entry lives) and tells when the value is gone; a write
/// through `Rc::make_mut` moves the value to a new address, so a stale entry
/// is never returned. A list's length is kept for `to_js_in`.
struct Converted {
    entries: HashMap<usize, (Weak<Value>, JsValue, usize)>,
    prune_at: usize,
}

thread_local! {
    static CONVERTED: RefCell<Converted> = RefCell::new(Converted { entries: HashMap::new(), prune_at: 64 });
}

/// `v`, one of `state`'s values, as JS, reusing the conversion of this very
/// value if it was made before. A list that grew from one converted before
/// (the state knows) is that array copied (its items are shared, not
/// converted again) with the new items converted, so a growing list costs
/// what it gained, not its length.
pub fn to_js_in(state: &State, v: &Rc<Value>) -> JsValue {
    if !matches!(**v, Value::Array(_) | Value::Object(_)) || superstep::is_unset(v) {
        return to_js(v);
    }
    let cached = CONVERTED.with(|c| {
        let c = c.borrow();
        let (weak, js, _) = c.entries.get(&(Rc::as_ptr(v) as usize))?;
        weak.upgrade().is_some_and(|live| Rc::ptr_eq(&live, v)).then(|| js.clone())
    });
    if let Some(js) = cached {
        return js;
    }
    let js = extended(state, v).unwrap_or_else(|| to_js(v));
    remember(v, &js);
    js
}

/// `v` as the conversion of the list it grew from, extended with its new items,
/// if that list was converted.
fn extended(state: &State, v: &Rc<Value>) -> Option<JsValue> {
    // The growth's ends are pinned, so their addresses name these very values
    // (`growth_of` found it by `v`'s).
    let (g, items) = (state.growth_of(v)?, v.as_array()?);
    CONVERTED.with(|c| {
        let c = c.borrow();
        let (weak, js, len) = c.entries.get(&(g.from.as_ptr() as usize))?;
        let fits = Weak::ptr_eq(weak, &g.from) && len + g.appended == items.len();
        fits.then(|| {
            let added: js_sys::Array = items[*len..].iter().map(to_js).collect();
            let before = js.unchecked_ref::<js_sys::Array>();
            // One copy into an array of the right size; `slice` then `push` copies twice.
            // (The cached array is longer only if someone pushed to it: its first `len` items count.)
            let before = if before.length() as usize == *len { before.clone() } else { before.slice(0, *len as u32) };
            before.concat(&added).into()
        })
    })
}

/// Keeps `js` as the conversion of `v`.
fn remember(v: &Rc<Value>, js: &JsValue) {
    CONVERTED.with(|c| {
        let mut c = c.borrow_mut();
        let len = v.as_array().map_or(0, Vec::len);
        c.entries.insert(Rc::as_ptr(v) as usize, (Rc::downgrade(v), js.clone(), len));
        if c.entries.len() >= c.prune_at {
            // Values no channel holds any more free their JS copies.
            c.entries.retain(|_, (weak, _, _)| weak.strong_count() > 0);
            c.prune_at = (c.entries.len() * 2).max(64);
        }
    })
}
