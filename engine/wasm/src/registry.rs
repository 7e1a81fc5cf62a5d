//! Handles JS holds to engine objects it passes back later (savers, caches,
//! compiled graphs): small integer ids into per-thread tables.
use std::cell::RefCell;
use std::rc::Rc;
use superstep::checkpoint::Checkpointer;
use superstep::sorted_map::SortedMap;
use superstep::{Cache, CompiledGraph, Env};

/// What an id names. One table for all three kinds: ids are unique across them.
enum Handle {
    Saver(Rc<dyn Checkpointer>),
    Cache(Rc<dyn Cache>),
    Graph(CompiledGraph),
    /// A `RunControl`'s drain request, which runs read each superstep without calling into JS.
    Drain(superstep::pregel::Drain),
}

thread_local! {
    static HANDLES: RefCell<SortedMap<u32, Handle>> = RefCell::default();
    static NEXT: RefCell<u32> = const { RefCell::new(1) };
    static ENV: Env = {
        // Engine bugs (panics) show their message in the console, not just `unreachable`.
        console_error_panic_hook::set_once();
        crate::env::browser_env()
    };
}

fn add(handle: Handle) -> u32 {
    let id = NEXT.with(|n| {
        let mut n = n.borrow_mut();
        *n += 1;
        *n
    });
    HANDLES.with(|m| m.borrow_mut().insert(id, handle));
    id
}

fn get<T>(id: u32, pick: impl FnOnce(&Handle) -> Option<T>) -> Option<T> {
    HANDLES.with(|m| m.borrow().get(&id).and_then(pick))
}

pub fn add_saver(s: Rc<dyn Checkpointer>) -> u32 {
    add(Handle::Saver(s))
}

pub fn saver(id: u32) -> Option<Rc<dyn Checkpointer>> {
    get(id, |h| match h {
        Handle::Saver(s) => Some(s.clone()),
        _ => None,
    })
}

pub fn add_cache(c: Rc<dyn Cache>) -> u32 {
    add(Handle::Cache(c))
}

pub fn cache(id: u32) -> Option<Rc<dyn Cache>> {
    get(id, |h| match h {
        Handle::Cache(c) => Some(c.clone()),
        _ => None,
    })
}

pub fn add_graph(g: CompiledGraph) -> u32 {
    add(Handle::Graph(g))
}

pub fn graph(id: u32) -> Option<CompiledGraph> {
    get(id, |h| match h {
        Handle::Graph(g) => Some(g.clone()),
        _ => None,
    })
}

/// A new `RunControl`'s drain request, not yet asked for.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = drainFlag)]
pub fn add_drain() -> u32 {
    add(Handle::Drain(Default::default()))
}

/// Asks the runs under drain request `id` to stop at their next superstep boundary.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = requestDrain)]
pub fn request_drain(id: u32, reason: String) {
    if let Some(drain) = drain(id) {
        drain.request(reason);
    }
}

pub fn drain(id: u32) -> Option<superstep::pregel::Drain> {
    get(id, |h| match h {
        Handle::Drain(d) => Some(d.clone()),
        _ => None,
    })
}

/// One environment for the whole page, so checkpoint ids sort across graphs.
pub fn env() -> Env {
    ENV.with(Env::clone)
}

/// Forgets a handle JS no longer holds (called from a FinalizationRegistry).
#[wasm_bindgen::prelude::wasm_bindgen(js_name = releaseHandle)]
pub fn release(id: u32) {
    // Dropped after the table's borrow ends, so nothing a drop does can find it borrowed.
    let handle = HANDLES.with(|m| m.borrow_mut().remove(&id));
    drop(handle);
}
