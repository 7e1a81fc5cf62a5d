//! The top-level layout of the editor.
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="topbar">
            <h1>"Superstep"</h1>
            <span class="tagline">"state graphs, one superstep at a time"</span>
            <span class="version">{format!("engine {}", superstep::VERSION)}</span>
        </header>
        <main class="workspace">
            <p class="empty">"Ready."</p>
        </main>
    }
}
