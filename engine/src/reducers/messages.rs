//! `add_messages`: LangGraph's message-list reducer.
//!
//! Messages are objects `{type, content, id, ...}`. New messages get ids,
//! a message whose id is already present replaces it, `{type: "remove", id}`
//! deletes it, and a remove marker with id `__remove_all__` clears the list.
use serde_json::{Map, Value};

/// Id of the remove marker that clears every earlier message.
pub const REMOVE_ALL: &str = "__remove_all__";

/// Supplies ids for messages that arrive without one.
pub trait MessageIds {
    fn next_message_id(&mut self) -> String;
}

impl<F: FnMut() -> String> MessageIds for F {
    fn next_message_id(&mut self) -> String {
        self()
    }
}

/// Merges `right` (one message or a list) into the message list `left`.
pub fn add_messages(left: Value, right: Value, ids: &mut dyn MessageIds) -> Result<Vec<Value>, String> {
    let left = coerce_list(left, ids)?;
    let mut right = coerce_list(right, ids)?;
    if let Some(pos) = right.iter().rposition(|m| is_remove(m) && id_of(m) == Some(REMOVE_ALL)) {
        return Ok(right.split_off(pos + 1));
    }
    let mut merged = left;
    let mut removed = vec![false; merged.len()];
    for m in right {
        let id = id_of(&m).map(str::to_string);
        let existing = id.as_deref().and_then(|id| merged.iter().position(|x| id_of(x) == Some(id)));
        match (existing, is_remove(&m)) {
            (Some(i), true) => removed[i] = true,
            (Some(i), false) => merged[i] = m,
            (None, true) => {
                return Err(format!("attempting to delete a message with an id that doesn't exist ({})", id.unwrap_or_default()))
            }
            (None, false) => {
                merged.push(m);
                removed.push(false);
            }
        }
    }
    Ok(merged.into_iter().zip(removed).filter(|(_, r)| !r).map(|(m, _)| m).collect())
}

fn coerce_list(v: Value, ids: &mut dyn MessageIds) -> Result<Vec<Value>, String> {
    let items = match v {
        Value::Null => vec![],
        Value::Array(items) => items,
        other => vec![other],
    };
    items.into_iter().map(|m| coerce(m, ids)).collect()
}

/// One message-like value → a message object with a type and an id.
fn coerce(m: Value, ids: &mut dyn MessageIds) -> Result<Value, String> {
    let mut obj = match m {
        Value::String(s) => {
            let mut o = Map::new();
            o.insert("type".into(), "human".into());
            o.insert("content".into(), s.into());
            o
        }
        Value::Array(pair) if pair.len() == 2 && pair[0].is_string() => {
            let mut o = Map::new();
            o.insert("type".into(), normalize_type(pair[0].as_str().unwrap_or("")).into());
            o.insert("content".into(), pair[1].clone());
            o
        }
        Value::Object(o) => o,
        other => return Err(format!("cannot turn {other} into a message")),
    };
    if !obj.contains_key("type") {
        let role = obj.remove("role").and_then(|r| r.as_str().map(normalize_type));
        match role {
            Some(t) => obj.insert("type".into(), t.into()),
            None => return Err("a message needs a `type` or a `role`".into()),
        };
    } else if let Some(Value::String(t)) = obj.get("type") {
        let t = normalize_type(t);
        obj.insert("type".into(), t.into());
    }
    if !obj.get("id").is_some_and(Value::is_string) {
        obj.insert("id".into(), ids.next_message_id().into());
    }
    Ok(Value::Object(obj))
}

fn normalize_type(t: &str) -> String {
    match t {
        "user" => "human",
        "assistant" => "ai",
        "developer" => "system",
        other => other,
    }
    .to_string()
}

fn id_of(m: &Value) -> Option<&str> {
    m.get("id").and_then(Value::as_str)
}

fn is_remove(m: &Value) -> bool {
    m.get("type").and_then(Value::as_str) == Some("remove")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn counter() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("gen-{n}")
        }
    }

    #[test]
    fn appends_new_messages_with_ids_and_replaces_by_id() {
        let mut ids = counter();
        let left = json!([{"type": "human", "content": "hi", "id": "m1"}]);
        let out = add_messages(
            left,
            json!([{"role": "assistant", "content": "yo"}, {"type": "human", "content": "edited", "id": "m1"}]),
            &mut ids,
        )
        .unwrap();
        assert_eq!(
            out,
            vec![json!({"type": "human", "content": "edited", "id": "m1"}), json!({"type": "ai", "content": "yo", "id": "gen-1"})]
        );
    }

    #[test]
    fn removes_by_id_and_remove_all() {
        let mut ids = counter();
        let left = json!([{"type": "human", "content": "a", "id": "m1"}, {"type": "ai", "content": "b", "id": "m2"}]);
        let out = add_messages(left.clone(), json!({"type": "remove", "id": "m1"}), &mut ids).unwrap();
        assert_eq!(out, vec![json!({"type": "ai", "content": "b", "id": "m2"})]);
        let cleared = add_messages(left.clone(), json!([{"type": "remove", "id": REMOVE_ALL}, "fresh"]), &mut ids).unwrap();
        assert_eq!(cleared, vec![json!({"type": "human", "content": "fresh", "id": "gen-1"})]);
        assert!(add_messages(left, json!({"type": "remove", "id": "nope"}), &mut ids).is_err());
    }
}
