//! Reducers: how the writes of one superstep fold into a channel's value.
//!
//! `reduce` takes all writes a channel received in one superstep, in task
//! order, and returns what changed as a [`Delta`], so that checkpoints can store
//! appended items instead of whole lists.
mod builtin;
mod message_index;
mod messages;

use crate::types::{as_overwrite, is_unset};
use serde_json::Value;
use std::fmt;
use std::rc::Rc;

pub use messages::{add_messages, MessageIds};

/// A batch reducer: `(current value, writes in task order) -> new value`.
pub type BatchFn = Rc<dyn Fn(Option<&Value>, Vec<Value>) -> Result<Value, String>>;

/// How a channel combines writes with its value.
#[derive(Clone)]
pub enum Reducer {
    /// Keep the last value; two writes in one superstep are an error.
    LastValue,
    /// List concatenation; a non-list write is appended as one item.
    Append,
    /// `operator.add`: numbers sum, strings and lists concatenate.
    Add,
    /// Shallow object merge, right wins.
    Merge,
    /// LangGraph's `add_messages`: ids, replacement by id, removal markers.
    Messages,
    /// LangGraph.js's `messagesDeltaReducer`: as `Messages`, but removing an id
    /// that is not there does nothing, and a removed id may come back in the same write.
    MessagesDelta,
    /// A user function, given all writes of a superstep at once.
    /// `fold`: what the function is known to do to a list, done in place when the
    /// state and the writes are lists (else the function is called).
    Custom { name: String, reduce: BatchFn, fold: Option<Fold> },
}

impl Reducer {
    /// A custom binary reducer `(left, right) -> new`, folded over a superstep's writes.
    pub fn custom(name: impl Into<String>, f: impl Fn(Value, Value) -> Result<Value, String> + 'static) -> Self {
        let reduce: BatchFn = Rc::new(move |current, writes| {
            let mut it = writes.into_iter();
            let mut acc = match current {
                Some(v) => v.clone(),
                None => it.next().unwrap_or(Value::Null),
            };
            for w in it {
                acc = f(acc, w)?;
            }
            Ok(acc)
        });
        Reducer::Custom { name: name.into(), reduce, fold: None }
    }

    /// The reducer's name as used in graph documents (`custom` ones keep theirs).
    pub fn name(&self) -> &str {
        match self {
            Reducer::LastValue => "overwrite",
            Reducer::Append => "append",
            Reducer::Add => "add",
            Reducer::Merge => "merge",
            Reducer::Messages => "messages",
            Reducer::MessagesDelta => "messages_delta",
            Reducer::Custom { name, .. } => name,
        }
    }

    /// A built-in reducer by its document name.
    pub fn builtin(name: &str) -> Option<Self> {
        Some(match name {
            "overwrite" | "last_value" => Reducer::LastValue,
            "append" => Reducer::Append,
            "add" => Reducer::Add,
            "merge" => Reducer::Merge,
            "messages" | "add_messages" => Reducer::Messages,
            "messages_delta" => Reducer::MessagesDelta,
            _ => return None,
        })
    }

    pub fn is_last_value(&self) -> bool {
        matches!(self, Reducer::LastValue)
    }
}

impl fmt::Debug for Reducer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reducer({})", self.name())
    }
}

/// What a superstep did to one channel.
/// A JS reducer's known effect on lists: `(a, b) => a.concat(b)` (each write
/// appended, a list write item by item), `(a, b) => [...a, ...b]` (list writes
/// only, item by item) or `(a, b) => [...a, b]` (each write one item). Folded
/// in place, it costs a step its writes, not the list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fold {
    Concat,
    Spread,
    Push,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Delta {
    /// The channel now holds this value.
    Replace,
    /// These items were appended to the list the channel held.
    Append(usize),
}

/// Why a reduction failed: the message, and whether it is a conflict (InvalidUpdate).
#[derive(Debug, Clone, PartialEq)]
pub struct ReduceError {
    pub message: String,
    pub conflict: bool,
}

impl ReduceError {
    fn conflict(message: impl Into<String>) -> Self {
        ReduceError { message: message.into(), conflict: true }
    }
    fn failed(message: impl Into<String>) -> Self {
        ReduceError { message: message.into(), conflict: false }
    }
}

/// Folds one superstep's `writes` (in task order) into `slot`.
///
/// An `Overwrite` write replaces the value and ends reduction for this step,
/// as in LangGraph; a second `Overwrite` in the same step is a conflict.
pub fn reduce(
    reducer: &Reducer,
    slot: &mut Option<Rc<Value>>,
    mut writes: Vec<Value>,
    ids: &mut dyn MessageIds,
) -> Result<Delta, ReduceError> {
    if reducer.is_last_value() {
        if writes.len() > 1 {
            return Err(ReduceError::conflict("can receive only one value per step; use a reducer for parallel writes"));
        }
        let value = writes.into_iter().next().unwrap_or(Value::Null);
        let value = match as_overwrite(&value) {
            Some(v) => v.clone(),
            None => value,
        };
        // A key set to `undefined` keeps its marker: the run reads `undefined`, a checkpoint no value.
        *slot = Some(Rc::new(value));
        return Ok(Delta::Replace);
    }
    // A custom reducer is JS's, which gets `undefined` itself; the built-in ones read it as JSON does.
    if !matches!(reducer, Reducer::Custom { .. }) {
        for w in writes.iter_mut().filter(|w| is_unset(w)) {
            *w = Value::Null;
        }
    }
    let overwrites = writes.iter().filter(|w| as_overwrite(w).is_some()).count();
    if overwrites > 1 {
        return Err(ReduceError::conflict("can receive only one Overwrite value per step"));
    }
    if overwrites == 1 {
        // Writes before the Overwrite are discarded by it; writes after it are ignored.
        let value = writes.into_iter().find_map(|w| as_overwrite(&w).cloned()).unwrap_or(Value::Null);
        *slot = Some(Rc::new(value));
        return Ok(Delta::Replace);
    }
    match reducer {
        Reducer::Append => Ok(builtin::append(slot, writes)),
        Reducer::Add => builtin::add(slot, writes).map_err(ReduceError::failed),
        Reducer::Merge => builtin::merge(slot, writes).map_err(ReduceError::failed),
        Reducer::Messages => messages::reduce_messages(slot, writes, ids, false).map_err(ReduceError::failed),
        Reducer::MessagesDelta => messages::reduce_messages(slot, writes, ids, true).map_err(ReduceError::failed),
        Reducer::Custom { reduce, fold, .. } => {
            let writes = match fold {
                Some(fold) => match builtin::fold_in_place(*fold, slot, writes) {
                    Ok(delta) => return Ok(delta),
                    Err(writes) => writes,
                },
                None => writes,
            };
            // Lent, not given: a function that fails leaves the value as it was.
            let v = reduce(slot.as_deref(), writes).map_err(ReduceError::failed)?;
            *slot = Some(Rc::new(v));
            Ok(Delta::Replace)
        }
        Reducer::LastValue => unreachable!("handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::Reducer;

    #[test]
    fn a_known_list_reducer_is_folded_in_place_only_where_js_gives_the_same() {
        use super::{builtin::fold_in_place, Delta, Fold};
        use serde_json::{json, Value};
        use std::rc::Rc;
        let list = || Some(Rc::new(json!(["a"])));
        let mut slot = list();
        assert_eq!(fold_in_place(Fold::Concat, &mut slot, vec![json!("b"), json!(["c", ["d"]])]), Ok(Delta::Append(3)));
        assert_eq!(slot.as_deref(), Some(&json!(["a", "b", "c", ["d"]])));
        // JS takes a first write as it is; a list taken so is the same as one folded.
        let mut none = None;
        assert_eq!(fold_in_place(Fold::Spread, &mut none, vec![json!(["a"]), json!(["b"])]), Ok(Delta::Replace));
        assert_eq!(none.as_deref(), Some(&json!(["a", "b"])));
        let mut pushed = list();
        assert_eq!(fold_in_place(Fold::Push, &mut pushed, vec![json!(["b"]), json!("c")]), Ok(Delta::Append(2)));
        assert_eq!(pushed.as_deref(), Some(&json!(["a", ["b"], "c"])));
        // The rest goes to the function, untouched: a string spread, a first write not a
        // list, a state not a list, an undefined write.
        let unset = json!({ crate::types::UNSET_KEY: true });
        let cases: [(Fold, Option<Rc<Value>>, Vec<Value>); 4] = [
            (Fold::Spread, list(), vec![json!(["b"]), json!("xy")]),
            (Fold::Concat, None, vec![json!("ab"), json!(["c"])]),
            (Fold::Concat, Some(Rc::new(json!("ab"))), vec![json!(["c"])]),
            (Fold::Concat, list(), vec![unset]),
        ];
        for (fold, mut slot, writes) in cases {
            let before = slot.clone();
            assert_eq!(fold_in_place(fold, &mut slot, writes.clone()), Err(writes));
            assert_eq!(slot, before);
        }
    }

    #[test]
    fn every_builtin_reducer_is_found_by_the_name_it_gives() {
        let names = ["overwrite", "append", "add", "merge", "messages", "messages_delta"];
        for name in names {
            let reducer = Reducer::builtin(name).unwrap_or_else(|| panic!("{name} is a built-in reducer"));
            assert_eq!(reducer.name(), name);
            assert_eq!(format!("{reducer:?}"), format!("Reducer({name})"));
        }
        // LangGraph's names for two of them.
        assert_eq!(Reducer::builtin("last_value").map(|r| r.name().to_string()).as_deref(), Some("overwrite"));
        assert_eq!(Reducer::builtin("add_messages").map(|r| r.name().to_string()).as_deref(), Some("messages"));
        assert!(Reducer::builtin("sum").is_none());
    }
}
