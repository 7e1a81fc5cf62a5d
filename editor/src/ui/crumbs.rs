//! Where the canvas is: the open graph, then each subgraph opened in its
//! place. Each level but the last is a button back to it.
use crate::model::subgraphs::subgraph_name;
use leptos::prelude::*;
use superstep::doc::GraphDoc;

/// The subgraph names along `crumbs` (pairs of node and graph name), outermost first.
pub fn names(crumbs: &[(String, String)]) -> Vec<String> {
    crumbs.iter().map(|(_, name)| name.clone()).collect()
}

/// Opens the graph of subgraph node `id` of `shown` (the document on the canvas) in its place.
pub fn open_in_place(crumbs: RwSignal<Vec<(String, String)>>, selection: RwSignal<Vec<String>>, shown: Option<GraphDoc>, id: String) {
    if let Some(name) = shown.and_then(|d| subgraph_name(&d, &id)) {
        crumbs.update(|c| c.push((id, name)));
        selection.set(vec![]);
    }
}

#[component]
pub fn Crumbs(
    #[prop(into)] root: Signal<String>,
    crumbs: RwSignal<Vec<(String, String)>>,
    selection: RwSignal<Vec<String>>,
    /// The subgraph shows the state an unfinished superstep saved inside it.
    #[prop(into)]
    inside: Signal<bool>,
) -> impl IntoView {
    // Leaving a level clears the selection: its nodes are not on the canvas any more.
    let back_to = move |depth: usize| {
        crumbs.update(|c| c.truncate(depth));
        selection.set(vec![]);
    };
    view! {
        <nav class="crumbs" aria-label="breadcrumb">
            {move || {
                let levels = crumbs.get();
                let last = levels.len();
                let top = if last == 0 { view! { <span class="here">{root.get()}</span> }.into_any() }
                    else { view! { <button on:click=move |_| back_to(0)>{root.get()}</button> }.into_any() };
                let inner = levels.into_iter().enumerate().map(|(i, (node, graph))| {
                    let text = if node == graph { node } else { format!("{node} ({graph})") };
                    let level = if i + 1 == last { view! { <span class="here">{text}</span> }.into_any() }
                        else { view! { <button on:click=move |_| back_to(i + 1)>{text}</button> }.into_any() };
                    view! { <span>" › "</span>{level} }
                }).collect_view();
                let note = match (last, inside.get()) {
                    (0, _) => "",
                    (_, true) => " · as the unfinished superstep left it",
                    (_, false) => " · runs show on the top-level graph",
                };
                let note = view! { <span class="muted">{note}</span> };
                view! { {top}{inner}{note} }
            }}
        </nav>
    }
}
