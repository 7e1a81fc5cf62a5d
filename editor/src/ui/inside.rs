//! What a subgraph opened in place shows of the run: the state saved inside
//! it while the superstep that runs it is unfinished (paused on an interrupt
//! inside, say), fetched again after each superstep and each checkpoint picked.
use super::session::Shared;
use leptos::prelude::*;
use leptos::task::spawn_local;
use superstep::checkpoint::StateSnapshot;

/// The saved state inside the subgraph nodes of `crumbs` (none at the top level).
pub fn inner_state(
    session: StoredValue<Option<Shared>, LocalStorage>,
    thread: RwSignal<String>,
    crumbs: RwSignal<Vec<(String, String)>>,
    picked: RwSignal<Option<String>>,
    steps_seen: Signal<usize>,
) -> RwSignal<Option<StateSnapshot>, LocalStorage> {
    // Local: a snapshot shares the engine's `Rc` names.
    let inner = RwSignal::new_local(None::<StateSnapshot>);
    // Fetches may finish out of order: only the latest one's answer is shown.
    let latest = StoredValue::new(0u64);
    Effect::new(move |_| {
        let nodes: Vec<String> = crumbs.with(|c| c.iter().map(|(node, _)| node.clone()).collect());
        let (t, checkpoint, _) = (thread.get(), picked.get(), steps_seen.get());
        latest.update_value(|n| *n += 1);
        let this = latest.get_value();
        let session = session.get_value().filter(|_| !nodes.is_empty());
        let Some(s) = session else { return inner.set(None) };
        spawn_local(async move {
            let state = s.inner_state(&t, checkpoint.as_deref(), &nodes).await;
            if latest.get_value() == this {
                inner.set(state);
            }
        });
    });
    inner
}
