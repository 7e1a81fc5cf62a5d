//! Where the canvas is: the open graph, then each subgraph opened in its
//! place. Each level but the last is a button back to it.
use leptos::prelude::*;

/// The subgraph names along `crumbs` (pairs of node and graph name), outermost first.
pub fn names(crumbs: &[(String, String)]) -> Vec<String> {
    crumbs.iter().map(|(_, name)| name.clone()).collect()
}

#[component]
pub fn Crumbs(
    #[prop(into)] root: Signal<String>,
    crumbs: RwSignal<Vec<(String, String)>>,
    selection: RwSignal<Vec<String>>,
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
                let note = (last > 0).then(|| view! { <span class="muted">" · runs show on the top-level graph"</span> });
                view! { {top}{inner}{note} }
            }}
        </nav>
    }
}
