//! `State`: the read-only view of channel values a node or router receives.
use crate::reducers::{reduce, Reducer};
use serde_json::{Map, Value};
use std::cell::OnceCell;
use std::rc::Rc;
use std::rc::Weak;

/// A cheap-to-clone snapshot of some channel values, keyed by name.
/// Cloning shares the values; nothing is deep-copied until `to_value`.
#[derive(Clone)]
pub struct State {
    entries: Rc<[(Rc<str>, Entry)]>,
    /// How the lists the last superstep appended to came to be.
    growth: Option<Rc<[Growth]>>,
}

/// A list value that is an earlier list with items appended, so a binding can
/// extend its conversion of the earlier list instead of converting it all.
/// Both ends are `Weak`s: they pin the two allocations, so an address names
/// one value for as long as the `Growth` lives (an `Rc` with weak references
/// is never changed in place: `Rc::make_mut` moves it).
#[derive(Clone, Debug)]
pub struct Growth {
    pub from: Weak<Value>,
    pub to: Weak<Value>,
    pub appended: usize,
}

impl PartialEq for Growth {
    fn eq(&self, other: &Self) -> bool {
        Weak::ptr_eq(&self.from, &other.from) && Weak::ptr_eq(&self.to, &other.to) && self.appended == other.appended
    }
}

thread_local! {
    /// One shared empty view: an empty `Rc<[_]>` still allocates its counts.
    static EMPTY: Rc<[(Rc<str>, Entry)]> = Rc::new([]);
}

impl Default for State {
    fn default() -> Self {
        State { entries: EMPTY.with(Rc::clone), growth: None }
    }
}

/// A value, or one computed on first read: a channel's value with a task's own
/// writes reduced in (what a router sees), so unread channels cost nothing.
#[derive(Clone)]
pub(crate) enum Entry {
    Ready(Rc<Value>),
    Pending(Rc<Pending>),
}

pub(crate) struct Pending {
    base: Option<Rc<Value>>,
    reducer: Reducer,
    writes: Vec<Value>,
    cell: OnceCell<Rc<Value>>,
}

impl Entry {
    fn get(&self) -> &Value {
        match self {
            Entry::Ready(v) => v,
            Entry::Pending(p) => p.cell.get_or_init(|| {
                let mut slot = p.base.clone();
                let mut no_ids = || String::new();
                match reduce(&p.reducer, &mut slot, p.writes.clone(), &mut no_ids) {
                    Ok(_) => slot.unwrap_or_else(|| Rc::new(Value::Null)),
                    // The real reduction at the barrier reports the error; routers see the old value.
                    Err(_) => p.base.clone().unwrap_or_else(|| Rc::new(Value::Null)),
                }
            }),
        }
    }
    fn shared(&self) -> Rc<Value> {
        match self {
            Entry::Ready(v) => v.clone(),
            Entry::Pending(_) => Rc::new(self.get().clone()),
        }
    }
}

impl State {
    pub(crate) fn from_entries(entries: impl IntoIterator<Item = (Rc<str>, Rc<Value>)>) -> Self {
        State { entries: entries.into_iter().map(|(k, v)| (k, Entry::Ready(v))).collect(), growth: None }
    }

    /// This view, knowing how its lists grew (see `Growth`).
    pub(crate) fn with_growth(mut self, growth: &Rc<[Growth]>) -> Self {
        self.growth = (!growth.is_empty()).then(|| growth.clone());
        self
    }

    /// How `value`, one of this view's values, grew from an earlier list, if it did.
    pub fn growth_of(&self, value: &Rc<Value>) -> Option<&Growth> {
        self.growth.as_ref()?.iter().find(|g| std::ptr::eq(g.to.as_ptr(), Rc::as_ptr(value)))
    }

    /// A state holding the keys of a JSON object, taking their values over; a
    /// value that is not an object reads as `of_value` has it.
    pub fn from_value(value: Value) -> Self {
        match value {
            Value::Object(m) => Self::from_entries(m.into_iter().map(|(k, v)| (Rc::from(k), Rc::new(v)))),
            other => Self::of_value(&other),
        }
    }

    /// `from_value` of a borrowed value: clones each key's value, not the object
    /// around them (a `Send`'s argument stays pending while its task runs).
    pub fn of_value(value: &Value) -> Self {
        match value {
            Value::Object(m) => Self::from_entries(m.iter().map(|(k, v)| (Rc::from(k.as_str()), Rc::new(v.clone())))),
            Value::Null => State::default(),
            other => Self::from_entries(vec![(Rc::from("__root__"), Rc::new(other.clone()))]),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.iter().find(|(k, _)| &**k == key).map(|(_, v)| v.get())
    }

    /// The value of `key`, or JSON null when absent.
    pub fn value(&self, key: &str) -> Value {
        self.get(key).cloned().unwrap_or(Value::Null)
    }

    pub fn i64(&self, key: &str) -> Option<i64> {
        self.get(key).and_then(Value::as_i64)
    }

    pub fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| &**k)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(k, v)| (&**k, v.get()))
    }

    /// Each key with its value if already computed; `None` for values a
    /// router's view would compute on first read (so callers can defer them).
    /// Values are shared, so bindings can cache their conversions.
    pub fn iter_ready(&self) -> impl Iterator<Item = (&str, Option<&Rc<Value>>)> {
        self.entries.iter().map(|(k, v)| {
            let ready = match v {
                Entry::Ready(v) => Some(v),
                Entry::Pending(p) => p.cell.get(),
            };
            (&**k, ready)
        })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The whole view as a JSON object (deep copy).
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        for (k, v) in self.iter() {
            m.insert(k.to_string(), v.clone());
        }
        Value::Object(m)
    }

    /// This view with `writes` reduced into `key`, computed only if read (a router's local view).
    pub(crate) fn with_writes<'v>(&self, key: &Rc<str>, reducer: &Reducer, writes: impl Iterator<Item = &'v Value> + Clone) -> State {
        if reducer.is_last_value() {
            // One write to a plain channel, the common case: its value, with no list of one to hold it.
            let mut first_two = writes.clone();
            if let (Some(v), None) = (first_two.next(), first_two.next()) {
                return self.with_value(key, crate::types::as_overwrite(v).unwrap_or(v).clone());
            }
        }
        let base = self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.shared());
        let writes = writes.cloned().collect();
        self.with_entry(key, Entry::Pending(Rc::new(Pending { base, reducer: reducer.clone(), writes, cell: OnceCell::new() })))
    }

    /// This view with `key` set to `value`.
    pub(crate) fn with_value(&self, key: &Rc<str>, value: Value) -> State {
        self.with_entry(key, Entry::Ready(Rc::new(value)))
    }

    /// This view with `key`'s entry replaced in place (or added last), in one allocation.
    fn with_entry(&self, key: &Rc<str>, entry: Entry) -> State {
        let entries = match self.entries.iter().position(|(k, _)| k == key) {
            Some(at) => {
                self.entries.iter().enumerate().map(|(i, e)| if i == at { (key.clone(), entry.clone()) } else { e.clone() }).collect()
            }
            None => self.entries.iter().cloned().chain(std::iter::once((key.clone(), entry))).collect(),
        };
        State { entries, growth: self.growth.clone() }
    }

    /// The shared value of `key` (no copy), for bindings that cache conversions.
    pub fn shared(&self, key: &str) -> Option<Rc<Value>> {
        self.entries.iter().find(|(k, _)| &**k == key).map(|(_, v)| v.shared())
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "State({})", crate::json::text(&self.to_value()))
    }
}

impl PartialEq<Value> for State {
    fn eq(&self, other: &Value) -> bool {
        &self.to_value() == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_routers_view_is_ready_where_written_plainly_and_pending_where_a_reducer_must_run_until_read() {
        let base = State::of_value(&json!({"n": 1, "log": ["a"]}));
        assert_eq!((base.len(), base.is_empty(), State::default().is_empty()), (2, false, true));
        let view = base.with_writes(&Rc::from("log"), &Reducer::Append, [json!(["b"])].iter());
        let ready = |s: &State| s.iter_ready().map(|(k, v)| (k.to_string(), v.map(|v| (**v).clone()))).collect::<Vec<_>>();
        // The appended list waits for its first read (bindings defer it), then stays computed.
        assert_eq!(ready(&view), [("n".to_string(), Some(json!(1))), ("log".to_string(), None)]);
        assert_eq!(view.get("log"), Some(&json!(["a", "b"])));
        assert_eq!(ready(&view)[1], ("log".to_string(), Some(json!(["a", "b"]))));
        assert_eq!(view.len(), 2);
    }
}
