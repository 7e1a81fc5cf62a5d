//! Handles JS holds to engine objects it passes back later (savers, caches,
//! compiled graphs): small integer ids into per-thread tables.
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use superstep::checkpoint::Checkpointer;
use superstep::{Cache, CompiledGraph, Env};

thread_local! {
    static SAVERS: RefCell<HashMap<u32, Rc<dyn Checkpointer>>> = RefCell::default();
    static CACHES: RefCell<HashMap<u32, Rc<dyn Cache>>> = RefCell::default();
    static GRAPHS: RefCell<HashMap<u32, CompiledGraph>> = RefCell::default();
    static NEXT: RefCell<u32> = const { RefCell::new(1) };
    static ENV: Env = {
        // Engine bugs (panics) show their message in the console, not just `unreachable`.
        console_error_panic_hook::set_once();
        crate::env::browser_env()
    };
}

fn next_id() -> u32 {
    NEXT.with(|n| {
        let mut n = n.borrow_mut();
        *n += 1;
        *n
    })
}

pub fn add_saver(s: Rc<dyn Checkpointer>) -> u32 {
    let id = next_id();
    SAVERS.with(|m| m.borrow_mut().insert(id, s));
    id
}

pub fn saver(id: u32) -> Option<Rc<dyn Checkpointer>> {
    SAVERS.with(|m| m.borrow().get(&id).cloned())
}

pub fn add_cache(c: Rc<dyn Cache>) -> u32 {
    let id = next_id();
    CACHES.with(|m| m.borrow_mut().insert(id, c));
    id
}

pub fn cache(id: u32) -> Option<Rc<dyn Cache>> {
    CACHES.with(|m| m.borrow().get(&id).cloned())
}

pub fn add_graph(g: CompiledGraph) -> u32 {
    let id = next_id();
    GRAPHS.with(|m| m.borrow_mut().insert(id, g));
    id
}

pub fn graph(id: u32) -> Option<CompiledGraph> {
    GRAPHS.with(|m| m.borrow().get(&id).cloned())
}

/// One environment for the whole page, so checkpoint ids sort across graphs.
pub fn env() -> Env {
    ENV.with(Env::clone)
}

/// Forgets a handle JS no longer holds (called from a FinalizationRegistry).
#[wasm_bindgen::prelude::wasm_bindgen(js_name = releaseHandle)]
pub fn release(id: u32) {
    SAVERS.with(|m| m.borrow_mut().remove(&id));
    CACHES.with(|m| m.borrow_mut().remove(&id));
    GRAPHS.with(|m| m.borrow_mut().remove(&id));
}
