//! Where each id sits in the long message lists `add_messages` folded into
//! lately. A step adds a message or two to a list of thousands: with the list's
//! index at hand, finding their ids costs the list nothing, where a scan of its
//! ids cost every step the whole list.
//!
//! An index is kept with a `Weak` of its list. While one is held, a change to
//! the list moves it to a new address (`Rc::make_mut`), so a list still at its
//! address is the one indexed; a list changed anywhere else is indexed afresh.
use hashbrown::HashMap;
use serde_json::Value;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// Lists shorter than this are scanned: a scan costs them less than an index.
pub(super) const INDEXED_FROM: usize = 64;
/// Lists indexed at once (a graph's and its subgraphs' message channels).
const KEPT: usize = 8;

/// Each id's first position in a list.
pub(super) type Positions = HashMap<String, usize>;

struct Indexed {
    list: Weak<Value>,
    at: Positions,
}

thread_local! {
    static INDEXED: RefCell<Vec<Indexed>> = const { RefCell::new(Vec::new()) };
}

/// The index of `list`, taken out of the kept ones, if it was kept.
pub(super) fn take(list: &Rc<Value>) -> Option<Positions> {
    INDEXED.with(|kept| {
        let mut kept = kept.borrow_mut();
        // A dead list's index goes at the next look, not when its slot is needed.
        kept.retain(|k| k.list.strong_count() > 0);
        let i = kept.iter().position(|k| std::ptr::eq(k.list.as_ptr(), Rc::as_ptr(list)))?;
        Some(kept.swap_remove(i).at)
    })
}

/// Keeps `at`, the index of `list`, in place of the oldest kept one.
pub(super) fn keep(list: &Rc<Value>, at: Positions) {
    INDEXED.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push(Indexed { list: Rc::downgrade(list), at });
    })
}

/// The index of a list whose ids are `ids`.
pub(super) fn of(ids: &[&str]) -> Positions {
    let mut at = Positions::with_capacity(ids.len());
    for (i, &id) in ids.iter().enumerate() {
        at.entry_ref(id).or_insert(i);
    }
    at
}
