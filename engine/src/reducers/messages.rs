//! `add_messages`: LangGraph's message-list reducer.
//!
//! Messages are objects `{type, content, id, ...}`. New messages get ids,
//! a message whose id is already present replaces it, `{type: "remove", id}`
//! deletes it, and a remove marker with id `__remove_all__` clears the list.
use super::message_index;
use super::Delta;
use hashbrown::{HashMap, HashSet};
use serde_json::{Map, Value};
use std::rc::Rc;

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

/// Folds one superstep's writes into the message list in `slot`.
///
/// The usual step only adds messages, or replaces some by id: that is done in
/// place, after one pass over the list that reads each message's few keys
/// without hashing, and a step that only appended says so (`Delta::Append`),
/// so its checkpoint stores just the new messages. Removals, or a list not
/// yet in message form (an `Overwrite` or a default of raw values), take
/// `add_messages` and rebuild the list, write by write.
///
/// `lenient` (`messagesDeltaReducer`): removing an unknown id does nothing.
pub fn reduce_messages(slot: &mut Option<Rc<Value>>, writes: Vec<Value>, ids: &mut dyn MessageIds, lenient: bool) -> Result<Delta, String> {
    let rebuild = |slot: &mut Option<Rc<Value>>, writes: Vec<Value>, ids: &mut dyn MessageIds| {
        let mut acc = slot.as_deref().cloned().unwrap_or(Value::Array(vec![]));
        for w in writes {
            acc = Value::Array(merge_messages(acc, w, ids, lenient)?);
        }
        *slot = Some(Rc::new(acc));
        Ok(Delta::Replace)
    };
    // Read before the writes are coerced: `add_messages` gives the list's
    // messages their ids first, and the order ids are handed out in must not change.
    // A long list indexed when last folded into is in form, and its index says so.
    let index = slot.as_ref().and_then(message_index::take);
    let known = match (&index, slot.as_deref()) {
        (Some(_), _) | (_, None) => Some(vec![]),
        (None, Some(Value::Array(list))) => ids_in_form(list),
        (None, Some(_)) => None,
    };
    let Some(known) = known else { return rebuild(slot, writes, ids) };
    // Plain loops here and below: iterator adapters over `Result`s and nested
    // lists each add code to the wasm package.
    let mut coerced = Vec::with_capacity(writes.len());
    for w in writes {
        coerced.push(coerce_list(w, ids)?);
    }
    if coerced.iter().any(|w| w.iter().any(is_remove)) {
        // Coerced messages coerce to themselves: no id is handed out twice.
        return rebuild(slot, coerced.into_iter().map(Value::Array).collect(), ids);
    }
    let mut incoming = Vec::new();
    for w in coerced {
        incoming.extend(w);
    }
    let indexed = index.is_some() || known.len() >= message_index::INDEXED_FROM;
    let mut at = match index {
        Some(index) => index,
        None if indexed => message_index::of(&known),
        None => positions_of(&known, &incoming),
    };
    let arc = slot.get_or_insert_with(|| Rc::new(Value::Array(vec![])));
    let list = Rc::make_mut(arc).as_array_mut().expect("read as a list above");
    let before = list.len();
    let mut replaced = false;
    for m in incoming {
        let id = id_of(&m).unwrap_or_default().to_string();
        match at.get(&id) {
            Some(&i) => {
                list[i] = m;
                replaced = true;
            }
            None => {
                at.insert(id, list.len());
                list.push(m);
            }
        }
    }
    let delta = if replaced { Delta::Replace } else { Delta::Append(list.len() - before) };
    // Every id of the list is in `at` when it is indexed: it is the list's index now.
    if indexed {
        message_index::keep(arc, at);
    }
    Ok(delta)
}

/// The ids of `list`'s messages in order, if `coerce` would leave every one as it is.
fn ids_in_form(list: &[Value]) -> Option<Vec<&str>> {
    let mut ids = Vec::with_capacity(list.len());
    for m in list {
        let (mut typed, mut id) = (false, None);
        for (k, v) in m.as_object()? {
            match (k.as_str(), v) {
                ("type", Value::String(t)) => typed = !matches!(t.as_str(), "user" | "assistant" | "developer"),
                ("type", _) => typed = true,
                ("id", Value::String(s)) => id = Some(s.as_str()),
                _ => {}
            }
        }
        ids.push(id.filter(|_| typed)?);
    }
    Some(ids)
}

/// Where the first message with each incoming id sits, given the list's ids.
fn positions_of(known: &[&str], incoming: &[Value]) -> HashMap<String, usize> {
    let wanted: Vec<&str> = incoming.iter().filter_map(id_of).collect();
    // A step adds a message or two: comparing against each beats hashing every id in the list.
    let many: Option<HashSet<&str>> = (wanted.len() > 8).then(|| wanted.iter().copied().collect());
    let mut at = HashMap::new();
    for (i, &id) in known.iter().enumerate() {
        let hit = match &many {
            Some(set) => set.contains(id),
            None => wanted.contains(&id),
        };
        if hit && !at.contains_key(id) {
            at.insert(id.to_string(), i);
        }
    }
    at
}

/// A message's field by a scan of its few keys: hashing the key costs more.
fn field<'a>(m: &'a Value, key: &str) -> Option<&'a Value> {
    m.as_object()?.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// Merges `right` (one message or a list) into the message list `left`.
pub fn add_messages(left: Value, right: Value, ids: &mut dyn MessageIds) -> Result<Vec<Value>, String> {
    merge_messages(left, right, ids, false)
}

/// `add_messages`, or with `lenient` LangGraph.js's `messagesDeltaReducer`: an
/// unknown id's removal is ignored, and a removed message's id is free again.
fn merge_messages(left: Value, right: Value, ids: &mut dyn MessageIds, lenient: bool) -> Result<Vec<Value>, String> {
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
            (Some(i), true) => {
                removed[i] = true;
                if lenient {
                    merged[i] = Value::Null;
                }
            }
            (Some(i), false) => merged[i] = m,
            (None, true) if lenient => {}
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
        other => return Err(format!("cannot turn {} into a message", crate::json::text(&other))),
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
    // As LangChain coerces messages: a misspelt role is refused, not kept as a type of its own.
    let known = match obj.get("type").and_then(Value::as_str) {
        Some("tool") => obj.contains_key("tool_call_id"),
        Some(t) => matches!(t, "human" | "ai" | "system" | "remove" | "function" | "generic"),
        None => false,
    };
    if !known {
        return Err(format!(
            "cannot turn {} into a message: its type or role must be human (user), ai (assistant), system (developer), tool (with a tool_call_id), function, generic or remove",
            crate::json::text(&Value::Object(obj))
        ));
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
    field(m, "id").and_then(Value::as_str)
}

fn is_remove(m: &Value) -> bool {
    field(m, "type").and_then(Value::as_str) == Some("remove")
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
    fn the_delta_reducer_ignores_unknown_removals_and_frees_removed_ids() {
        let left = Some(Rc::new(json!([{"type": "human", "content": "hi", "id": "m1"}])));
        let write =
            json!([{"type": "remove", "id": "nope"}, {"type": "remove", "id": "m1"}, {"type": "ai", "content": "back", "id": "m1"}]);
        let mut strict = left.clone();
        assert!(reduce_messages(&mut strict, vec![write.clone()], &mut counter(), false).is_err());
        let mut slot = left;
        reduce_messages(&mut slot, vec![write], &mut counter(), true).unwrap();
        assert_eq!(slot.as_deref(), Some(&json!([{"type": "ai", "content": "back", "id": "m1"}])));
    }

    #[test]
    fn a_type_content_pair_is_a_message_and_other_lists_are_not() {
        // LangChain's tuple form, as LangGraph's add_messages takes it.
        let out = add_messages(json!([]), json!([["user", "hi"], ["assistant", "yo"]]), &mut counter()).unwrap();
        assert_eq!(out, [json!({"type": "human", "content": "hi", "id": "gen-1"}), json!({"type": "ai", "content": "yo", "id": "gen-2"})]);
        for bad in [json!([["user"]]), json!([[1, "hi"]]), json!([["user", "hi", "extra"]])] {
            assert!(add_messages(json!([]), bad.clone(), &mut counter()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_message_of_no_known_type_is_refused_as_langchain_refuses_it() {
        for bad in [
            json!({"role": "wizard", "content": "x"}),
            json!(["assitant", "x"]),
            json!({"type": 5, "content": "x"}),
            json!({"role": "tool", "content": "x"}),
        ] {
            let err = add_messages(json!([]), json!([bad]), &mut counter()).expect_err(&bad.to_string());
            assert!(err.contains("its type or role must be"), "{err}");
        }
        let fine = json!([{"role": "developer", "content": "a"}, {"role": "tool", "content": "b", "tool_call_id": "c"}, {"type": "function", "content": "c", "name": "f"}, {"type": "generic", "role": "narrator", "content": "d"}]);
        let types: Vec<_> = add_messages(json!([]), fine, &mut counter()).unwrap().iter().map(|m| m["type"].clone()).collect();
        assert_eq!(types, [json!("system"), json!("tool"), json!("function"), json!("generic")]);
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

#[cfg(test)]
mod in_place {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// A message-like write: new, with an id from a small pool (so ids repeat),
    /// a removal of a pooled id, a raw string, or a remove-all.
    fn message() -> impl Strategy<Value = Value> {
        prop_oneof![
            4 => "[a-z]{1,3}".prop_map(|c| json!({"role": "assistant", "content": c})),
            4 => ("[a-d]", "[a-z]{1,3}").prop_map(|(id, c)| json!({"type": "human", "content": c, "id": id})),
            1 => "[a-d]".prop_map(|id| json!({"type": "remove", "id": id})),
            1 => "[a-z]{1,3}".prop_map(Value::from),
            1 => Just(json!({"type": "remove", "id": REMOVE_ALL})),
        ]
    }

    fn write() -> impl Strategy<Value = Value> {
        prop_oneof![message(), proptest::collection::vec(message(), 0..4).prop_map(Value::Array)]
    }

    fn counter() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("gen-{n}")
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// In place or not, a step gives what folding `add_messages` over its
        /// writes gives, ids included; a step said to append only appended.
        #[test]
        fn reducing_in_place_matches_add_messages(
            left in proptest::option::of(proptest::collection::vec(write(), 0..4)),
            form in 0u8..3,
            writes in proptest::collection::vec(write(), 0..4),
        ) {
            // A list in message form (as the reducer leaves it), raw, or in form
            // with ids repeated (both as an Overwrite may leave it).
            let left = left.map(|ws| {
                let ws = Value::Array(ws.into_iter().filter(|w| !w.is_array()).collect());
                let formed = add_messages(Value::Null, ws.clone(), &mut counter()).unwrap_or_default();
                match form {
                    0 => ws,
                    1 => Value::Array(formed),
                    _ => Value::Array([formed.clone(), formed].concat()),
                }
            });
            let mut expected_ids = counter();
            let mut acc = left.clone().unwrap_or(json!([]));
            let expected = writes.iter().try_fold((), |_, w| {
                acc = Value::Array(add_messages(acc.clone(), w.clone(), &mut expected_ids)?);
                Ok::<_, String>(())
            }).map(|_| acc.clone());
            let mut slot = left.clone().map(Rc::new);
            let got = reduce_messages(&mut slot, writes, &mut counter(), false);
            match (got, expected) {
                (Ok(delta), Ok(expected)) => {
                    prop_assert_eq!(slot.as_deref(), Some(&expected));
                    if let Delta::Append(n) = delta {
                        let before = left.and_then(|l| l.as_array().cloned()).unwrap_or_default();
                        let after = expected.as_array().unwrap();
                        prop_assert_eq!(&after[..after.len() - n], &before[..]);
                    }
                }
                (Err(got), Err(expected)) => prop_assert_eq!(got, expected),
                (got, expected) => prop_assert!(false, "got {got:?}, expected {expected:?}"),
            }
        }

        /// A long list (kept with its index) folded into step by step gives what folding
        /// `add_messages` gives, though it is changed elsewhere between steps: a message's
        /// content or id edited in place, the list shared by a second holder or not.
        #[test]
        fn a_long_list_folded_step_by_step_matches_add_messages(
            steps in proptest::collection::vec(proptest::collection::vec(write(), 0..3), 1..6),
            elsewhere in proptest::collection::vec(0u8..5, 6),
        ) {
            // The pool's ids sit at the front, so writes replace and remove them.
            let base: Vec<Value> = (0..80)
                .map(|i| {
                    let id = ["a", "b", "c", "d"].get(i).map_or(format!("m{i}"), |s| s.to_string());
                    json!({"type": "human", "content": "x", "id": id})
                })
                .collect();
            let mut slot = Some(Rc::new(Value::Array(base.clone())));
            let mut expected = Value::Array(base);
            let (mut ids, mut expected_ids) = (counter(), counter());
            let mut shared = vec![];
            for (step, writes) in steps.into_iter().enumerate() {
                let folded = writes.iter().try_fold(expected.clone(), |acc, w| add_messages(acc, w.clone(), &mut expected_ids).map(Value::Array));
                match (reduce_messages(&mut slot, writes, &mut ids, false), folded) {
                    (Ok(_), Ok(folded)) => {
                        prop_assert_eq!(slot.as_deref(), Some(&folded));
                        expected = folded;
                    }
                    (Err(got), Err(folded)) => {
                        prop_assert_eq!(got, folded);
                        break;
                    }
                    (got, folded) => prop_assert!(false, "got {got:?}, expected {folded:?}"),
                }
                let Some(list) = slot.as_mut().filter(|l| l.as_array().is_some_and(|l| !l.is_empty())) else { continue };
                let last = expected.as_array().map_or(0, Vec::len) - 1;
                match elsewhere[step] {
                    1 => {
                        Rc::make_mut(list)[last]["content"] = json!("edited");
                        expected[last]["content"] = json!("edited");
                    }
                    2 => {
                        Rc::make_mut(list)[last]["id"] = json!("c");
                        expected[last]["id"] = json!("c");
                    }
                    share_or_not @ (3 | 4) => {
                        if share_or_not == 3 {
                            shared.push(list.clone());
                        }
                        Rc::make_mut(list)[0]["id"] = json!(format!("z{step}"));
                        expected[0]["id"] = json!(format!("z{step}"));
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn new_messages_are_appended_and_said_to_be() {
        let mut slot = Some(Rc::new(json!([{"type": "human", "content": "hi", "id": "m1"}])));
        let delta = reduce_messages(&mut slot, vec![json!({"role": "assistant", "content": "yo"}), json!(["x"])], &mut counter(), false);
        assert_eq!(delta, Ok(Delta::Append(2)));
        let replaced = reduce_messages(&mut slot, vec![json!({"type": "human", "content": "edited", "id": "m1"})], &mut counter(), false);
        assert_eq!(replaced, Ok(Delta::Replace));
        assert_eq!(slot.unwrap()[0]["content"], json!("edited"));
    }
}
