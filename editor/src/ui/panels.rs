//! The side panels: the selected superstep (tasks, writes, merges), the state
//! with changed keys, an interrupt's resume form, and the timeline.
use super::json_tree::JsonTree;
use crate::model::checkpoint_row::CheckpointRow;
use crate::model::origin::{origin, Parent};
use crate::model::preview::preview;
use crate::model::run::{diff, merges, outcome_text, trigger_text, Merge};
use leptos::prelude::*;
use serde_json::Value;
use superstep::doc::GraphDoc;
use superstep::pregel::StepSnapshot;

/// Each key's value before, its writes and its value after (a checkpoint whose
/// writes were not stored has no such column).
fn merge_table(rows: Vec<Merge>) -> impl IntoView {
    let with_writes = rows.iter().any(|m| !m.writes.is_empty());
    view! {
        <table class="merges">
            <colgroup><col class="key"/><col class:before=with_writes/>{with_writes.then(|| view! { <col class="writes"/> })}<col/></colgroup>
            <thead><tr><th>"key · reducer"</th><th>"before"</th>{with_writes.then(|| view! { <th>"writes"</th> })}<th>"after"</th></tr></thead>
            <tbody>
                {rows.into_iter().map(|m| view! {
                    <tr>
                        // The reducer as the state panel tags it: a column of its own left the values too narrow.
                        <td>{m.key}" "<span class="reducer-tag">{m.reducer}</span></td><td>{preview(&m.before)}</td>
                        {with_writes.then(|| view! {
                            <td>{m.writes.iter().map(|(t, v)| view! { <div><span class="writer">{t.clone()}</span>{format!(" {}", preview(v))}</div> }).collect_view()}</td>
                        })}
                        <td>{preview(&m.after)}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}

#[component]
pub fn StepPanel(
    /// The top-level graph's document: supersteps and checkpoints are its own,
    /// even while a subgraph is open on the canvas.
    doc: Signal<Option<GraphDoc>>,
    step: Signal<Option<StepSnapshot>>,
    before: Signal<Value>,
    picked: Signal<Option<CheckpointRow>>,
    history: Signal<Vec<CheckpointRow>>,
) -> impl IntoView {
    view! {
        <section class="panel step-panel" aria-label="superstep">
            <h2>"Superstep"</h2>
            {move || match (step.get(), doc.get(), picked.get()) {
                // The state beside it is the picked checkpoint's, so the run's superstep would mislead.
                (_, Some(d), Some(c)) => {
                    let made = history.with(|rows| {
                        let parent = c.parent_in(rows).map(|p| Parent { values: &p.values, next: &p.next, results: &p.results });
                        origin(&d, &c.source, &c.writes, parent, &c.values)
                    });
                    view! {
                        <p class="step-title">{format!("checkpoint · step {} · {}", c.step, c.source)}</p>
                        <p class="made-by">{format!("Made by: {}", made.by)}</p>
                        <p>{if c.next.is_empty() { "Next: nothing; the run ended here.".to_string() } else { format!("Next: {}", c.next.join(", ")) }}</p>
                        // The superstep after it failed at these nodes (Retry runs it again).
                        {c.failed.iter().map(|(node, e)| view! { <p class="error">{format!("{node} failed: {e}")}</p> }).collect_view()}
                        <h3>"Changes"</h3>
                        {made.changes.is_empty().then(|| view! { <p class="muted">"No key changed."</p> })}
                        {(!made.changes.is_empty()).then(|| merge_table(made.changes))}
                    }.into_any()
                }
                (None, _, _) | (_, None, _) => view! { <p class="muted">"Run or step the graph to see its supersteps."</p> }.into_any(),
                (Some(s), Some(d), None) => {
                    let rows = merges(&d, &before.get(), &s);
                    view! {
                        <p class="step-title">{format!("step {} · {}", s.step, outcome_text(&s.outcome))}</p>
                        <h3>"Tasks"</h3>
                        {s.tasks.is_empty().then(|| view! { <p class="muted">"None: no node was triggered."</p> })}
                        <ul class="tasks">
                            {s.tasks.iter().map(|t| view! {
                                <li class="task" class:failed=t.error.is_some()>
                                    <b>{t.name.clone()}</b>
                                    <span class="muted" title=t.triggers.join(", ")>{format!(" ← {}", t.triggers.iter().map(|x| trigger_text(x)).collect::<Vec<_>>().join(", "))}</span>
                                    {t.cached.then(|| view! { <span class="tag">"cached"</span> })}
                                    <ul>
                                        {t.writes.iter().map(|(k, v)| view! { <li class="write">{format!("{k} = {}", preview(v))}</li> }).collect_view()}
                                    </ul>
                                    {t.error.clone().map(|e| view! { <p class="error">{e}</p> })}
                                    {t.interrupts.iter().map(|i| view! { <p class="interrupt-note">{format!("interrupt: {}", preview(&i.value))}</p> }).collect_view()}
                                </li>
                            }).collect_view()}
                        </ul>
                        <h3>"Reducers"</h3>
                        {rows.is_empty().then(|| view! { <p class="muted">"No channel was written."</p> })}
                        {(!rows.is_empty()).then(|| merge_table(rows))}
                    }.into_any()
                }
            }}
        </section>
    }
}

#[component]
pub fn StatePanel(
    doc: Signal<Option<GraphDoc>>,
    values: Signal<Value>,
    changed: Signal<Vec<String>>,
    compare: Signal<Option<Value>>,
) -> impl IntoView {
    view! {
        <section class="panel state-panel" aria-label="state" data-state=move || values.get().to_string()>
            <h2>"State"</h2>
            {move || {
                let reducers = doc.get().map(|d| d.channels.iter().map(|c| (c.key.clone(), c.reducer.clone())).collect()).unwrap_or_default();
                view! { <JsonTree value=values.get() highlight=changed.get() reducers=reducers /> }
            }}
            {move || compare.get().map(|other| {
                let rows = diff(&other, &values.get());
                view! {
                    <h3>"Diff with the compared step"</h3>
                    <table class="diff">
                        <tbody>
                            {rows.into_iter().map(|(k, a, b)| view! { <tr><td>{k}</td><td class="old">{preview(&a)}</td><td class="new">{preview(&b)}</td></tr> }).collect_view()}
                        </tbody>
                    </table>
                }
            })}
        </section>
    }
}
