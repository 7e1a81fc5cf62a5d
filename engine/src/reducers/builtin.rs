//! The list, number and object reducers: append, add (`operator.add`) and merge.
use super::{Delta, Fold};
use serde_json::{Number, Value};
use std::rc::Rc;

/// Appends list writes item by item, other writes as one item. In place when unshared.
pub fn append(slot: &mut Option<Rc<Value>>, writes: Vec<Value>) -> Delta {
    let arc = slot.get_or_insert_with(|| Rc::new(Value::Array(Vec::new())));
    let value = Rc::make_mut(arc);
    if !value.is_array() {
        let old = std::mem::take(value);
        *value = Value::Array(if old.is_null() { vec![] } else { vec![old] });
    }
    let list = value.as_array_mut().expect("made an array above");
    let before = list.len();
    for w in writes {
        match w {
            Value::Array(items) => {
                // Headroom after a bulk extend, so the next one-item append does not copy the list.
                if list.capacity() < list.len() + items.len() {
                    list.reserve(items.len() + (list.len() + items.len()) / 4);
                }
                list.extend(items)
            }
            other => list.push(other),
        }
    }
    Delta::Append(list.len() - before)
}

/// A known JS list reducer folded in place, where JS gives the same: the state is a
/// list (or there is none yet and the first write, which JS takes as it is, is a list)
/// and, for a spread, every write is a list. Otherwise the writes come back, for JS.
/// No write may be `undefined`, which JS spreads, pushes and concatenates its own way.
pub fn fold_in_place(fold: Fold, slot: &mut Option<Rc<Value>>, writes: Vec<Value>) -> Result<Delta, Vec<Value>> {
    let fits = |w: &Value| !crate::is_unset(w) && (fold != Fold::Spread || w.is_array());
    let starts = match slot.as_deref() {
        Some(v) => v.is_array(),
        None => writes.first().is_some_and(Value::is_array),
    };
    if !starts || !writes.iter().all(fits) {
        return Err(writes);
    }
    // `append` takes a list write item by item; a push takes it as one item.
    let items = |writes: Vec<Value>| if fold == Fold::Push { writes.into_iter().map(|w| Value::Array(vec![w])).collect() } else { writes };
    if slot.is_none() {
        let mut writes = writes.into_iter();
        *slot = writes.next().map(Rc::new);
        append(slot, items(writes.collect()));
        return Ok(Delta::Replace);
    }
    Ok(append(slot, items(writes)))
}

/// `operator.add`: numbers sum, strings and lists concatenate; other pairs are an error.
pub fn add(slot: &mut Option<Rc<Value>>, writes: Vec<Value>) -> Result<Delta, String> {
    let mut appended = Some(0usize);
    for w in writes {
        let Some(arc) = slot.as_mut() else {
            appended = None;
            *slot = Some(Rc::new(w));
            continue;
        };
        let value = Rc::make_mut(arc);
        match (value, w) {
            (Value::Array(list), Value::Array(items)) => {
                appended = appended.map(|n| n + items.len());
                list.extend(items);
            }
            (Value::String(s), Value::String(t)) => {
                appended = None;
                s.push_str(&t);
            }
            (Value::Number(a), Value::Number(b)) => {
                appended = None;
                *a = add_numbers(a, &b)?;
            }
            (Value::Null, w) => {
                appended = None;
                *arc = Rc::new(w);
            }
            (left, right) => return Err(format!("cannot add {} and {}", kind(left), kind(&right))),
        }
    }
    Ok(match appended {
        Some(n) => Delta::Append(n),
        None => Delta::Replace,
    })
}

fn add_numbers(a: &Number, b: &Number) -> Result<Number, String> {
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        if let Some(sum) = x.checked_add(y) {
            return Ok(sum.into());
        }
    }
    let sum = a.as_f64().unwrap_or(0.0) + b.as_f64().unwrap_or(0.0);
    Number::from_f64(sum).ok_or_else(|| "sum is not a finite number".to_string())
}

/// Shallow object merge: keys of later writes win; a null write clears nothing.
pub fn merge(slot: &mut Option<Rc<Value>>, writes: Vec<Value>) -> Result<Delta, String> {
    let arc = slot.get_or_insert_with(|| Rc::new(Value::Object(Default::default())));
    let value = Rc::make_mut(arc);
    if value.is_null() {
        *value = Value::Object(Default::default());
    }
    let Value::Object(map) = value else {
        return Err(format!("merge needs an object value, found {}", kind(value)));
    };
    for w in writes {
        match w {
            Value::Object(m) => map.extend(m),
            Value::Null => {}
            other => return Err(format!("merge needs object writes, got {}", kind(&other))),
        }
    }
    Ok(Delta::Replace)
}

pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}
