//! Panels that ask the person something: the graph's input as a form, the
//! code review before an imported graph may run, and what a paused or
//! failed run waits for (a resume value, continue, or retry).
use crate::model::edit::{literal, shown, History};
use crate::model::trust::code_parts;
use leptos::prelude::*;
use serde_json::Value;
use superstep::pregel::Outcome;

/// One field per input key (values typed as text, numbers or JSON); the JSON itself behind "as JSON".
#[component]
pub fn InputForm(keys: Signal<Vec<String>>, input_text: RwSignal<String>, input_error: RwSignal<Option<String>>) -> impl IntoView {
    let set_input = move |key: String, text: String| {
        let mut v: serde_json::Map<String, Value> = serde_json::from_str(&input_text.get_untracked()).unwrap_or_default();
        if text.is_empty() {
            v.remove(&key);
        } else {
            v.insert(key, literal(&text));
        }
        input_text.set(serde_json::to_string_pretty(&Value::Object(v)).unwrap_or_default());
    };
    view! {
        <div class="input-row">
            <span class="label">"Input"</span>
            <div class="input-fields">
                {move || keys.get().into_iter().map(|k| {
                    let current = serde_json::from_str::<Value>(&input_text.get()).ok().and_then(|v| v.get(&k).map(shown)).unwrap_or_default();
                    let key = k.clone();
                    view! { <label class="input-field"><span class="input-key" title=k.clone()>{k.clone()}</span><input aria-label=format!("input {k}") prop:value=current on:change=move |e| set_input(key.clone(), event_target_value(&e)) /></label> }
                }).collect_view()}
            </div>
            <details class="input-json">
                <summary>"as JSON"</summary>
                <textarea id="input" aria-label="graph input (JSON)" rows="3"
                    prop:value=move || input_text.get()
                    on:input=move |e| input_text.set(event_target_value(&e))></textarea>
            </details>
            {move || input_error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
        </div>
    }
}

#[component]
pub fn ReviewPanel(
    hist: RwSignal<Option<History>>,
    #[prop(into)] on_approve: Callback<()>,
    #[prop(into)] on_dismiss: Callback<()>,
) -> impl IntoView {
    view! {
        <section class="panel review-panel" aria-label="review code">
            <h2>"Review this graph's code"</h2>
            <p>"This graph came from outside the editor and contains JavaScript. It runs only after you approve it, in a sandbox with no access to your saved graphs and threads, and at most "{super::sandbox::TIME_LIMIT_MS}" ms per call."</p>
            {move || hist.get().map(|h| code_parts(&h.doc).into_iter().map(|(at, code)| view! {
                <h3>{at}</h3><pre class="code-out">{code}</pre>
            }).collect_view())}
            <button aria-label="Approve code" on:click=move |_| on_approve.run(())>"Approve and allow runs"</button>
            <button aria-label="Not now" on:click=move |_| on_dismiss.run(())>"Not now"</button>
        </section>
    }
}

#[component]
pub fn WaitingPanel(
    pending: RwSignal<Option<Outcome>>,
    resume_text: RwSignal<String>,
    #[prop(into)] on_resume: Callback<()>,
    #[prop(into)] on_continue: Callback<()>,
) -> impl IntoView {
    view! {
        <Show when=move || pending.get().is_some()>
            <section class="panel interrupt-panel" aria-label="interrupt">
                {move || match pending.get() {
                    Some(Outcome::Interrupted(i)) if !i.is_empty() => view! {
                        <h2>"Waiting"</h2>
                        <p>"The run asks:"</p>
                        {i.iter().map(|x| view! { <pre class="interrupt-value">{x.value.to_string()}</pre> }).collect_view()}
                        <label for="resume">"Resume value (JSON)"</label>
                        <textarea id="resume" aria-label="resume value (JSON)" rows="2" prop:value=move || resume_text.get() on:input=move |e| resume_text.set(event_target_value(&e))></textarea>
                        <button aria-label="Resume" on:click=move |_| on_resume.run(())>"Resume"</button>
                    }.into_any(),
                    Some(Outcome::Error(superstep::Error::Cancelled)) => view! {
                        <h2>"Stopped"</h2>
                        <p>"You stopped the run in the middle of a superstep."</p>
                        <p class="muted">"Retry runs it again from the last checkpoint: nodes that already finished in it are not run again."</p>
                        <button aria-label="Retry" on:click=move |_| on_continue.run(())>"Retry"</button>
                    }.into_any(),
                    Some(Outcome::Error(e)) => view! {
                        <h2>"Failed"</h2>
                        <p class="error">{format!("The run failed: {e}")}</p>
                        <p class="muted">"Fix the graph, then retry: nodes that already finished in that superstep are not run again."</p>
                        <button aria-label="Retry" on:click=move |_| on_continue.run(())>"Retry"</button>
                    }.into_any(),
                    _ => view! {
                        <h2>"Waiting"</h2>
                        <p>"Paused before the next superstep."</p>
                        <button aria-label="Continue" on:click=move |_| on_continue.run(())>"Continue"</button>
                    }.into_any(),
                }}
            </section>
        </Show>
    }
}
