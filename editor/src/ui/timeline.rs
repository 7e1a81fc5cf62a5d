//! Below the canvas: the supersteps of this run as chips, the thread's
//! checkpoints as a tree of branches (pick one to inspect, go back or fork),
//! and the stream log.
use crate::model::checkpoint_row::CheckpointRow;
use crate::model::history::tree;
use crate::model::run::log;
use leptos::prelude::*;
use superstep::pregel::{Outcome, StepSnapshot};

#[component]
pub fn Timeline(
    steps: RwSignal<Vec<StepSnapshot>>,
    selected: RwSignal<Option<usize>>,
    compare: RwSignal<Option<usize>>,
    history: RwSignal<Vec<CheckpointRow>>,
    picked: RwSignal<Option<String>>,
    fork_text: RwSignal<String>,
) -> impl IntoView {
    let log_open = RwSignal::new(false);
    view! {
        <section class="timeline" aria-label="timeline">
            <h2>"Timeline"</h2>
            <div class="steps">
                // Keyed: a run's next superstep adds its chip instead of redrawing every chip.
                <For each=move || steps.with(|all| all.iter().enumerate().map(chip).collect::<Vec<_>>()) key=|c| c.clone() children=move |(i, label, cls)| view! {
                    <button class=format!("step-chip {cls}") class:selected=move || selected.get() == Some(i) && picked.get().is_none()
                        aria-label=format!("superstep {label}")
                        on:click=move |_| { selected.set(Some(i)); picked.set(None); }
                        on:contextmenu=move |e| { e.prevent_default(); compare.set(Some(i)); }>{label.clone()}</button>
                } />
            </div>
            <h3>"Checkpoints of this thread"</h3>
            <ol class="checkpoints">
                {move || {
                    let all = history.get();
                    tree(&all, |c| c.id.as_str(), |c| c.parent.as_deref()).into_iter().map(|row| {
                        let c = row.item;
                        let id = c.id.clone();
                        let pick = c.clone();
                        let deep = row.depth > 0;
                        let indent = format!("margin-left: {}px", row.depth * 14);
                        view! {
                            <li class="checkpoint" class:picked=move || picked.get().as_deref() == Some(id.as_str()) class:branch=deep style=indent>
                                <button on:click=move |_| {
                                    fork_text.set(serde_json::to_string_pretty(&pick.values).unwrap_or_default());
                                    picked.set(Some(pick.id.clone()));
                                }>{format!("step {} · {} · next: {}", c.step, c.source, if c.next.is_empty() { "—".into() } else { c.next.join(", ") })}</button>
                            </li>
                        }
                    }).collect_view()
                }}
            </ol>
            // Written out only while open: a long run would otherwise redraw it every superstep.
            <details class="log" on:toggle=move |e| log_open.set(event_target::<web_sys::Element>(&e).has_attribute("open"))>
                <summary>"Stream log (updates and values)"</summary>
                <ol>
                    {move || log_open.get().then(|| steps.with(|all| log(all)).into_iter().map(|l| view! {
                        <li><span class="muted">{format!("{} {} ", l.step, l.mode)}</span><code>{l.text}</code></li>
                    }).collect_view())}
                </ol>
            </details>
        </section>
    }
}

/// A superstep's chip: its index, its label and its outcome's class (also its key).
fn chip((i, s): (usize, &StepSnapshot)) -> (usize, String, &'static str) {
    let cls = match s.outcome {
        Outcome::Error(_) => "error",
        Outcome::Interrupted(_) => "interrupted",
        _ => "",
    };
    (i, s.step.to_string(), cls)
}
