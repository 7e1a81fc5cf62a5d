//! The selected node: its kind's settings as a form (a code area with live
//! syntax errors for code nodes), its routing (static edges, and a router of
//! rules or code with path keys), rename, delete and breakpoints; a subgraph
//! node's graph (create, open, rename, delete) and its mappings. With
//! several nodes selected: delete them, or join them into one node.
use super::sandbox::syntax_error;
use crate::model::command::with_goto;
use crate::model::edit::{literal, shown, EditorChange};
use crate::model::policies;
use crate::model::router_mode::{switched, RouterMode};
use crate::model::run::Breakpoints;
use crate::model::subgraphs::{delete_subgraph, graph_of, new_subgraph, rename_subgraph};
use leptos::prelude::*;
use serde_json::{json, Map, Value};
use superstep::doc::{CompileDoc, EdgeDoc, GraphDoc, RouterDoc, RuleDoc, SendDoc};

fn targets(doc: &GraphDoc) -> Vec<String> {
    doc.nodes.iter().map(|n| n.id.clone()).chain(std::iter::once("__end__".to_string())).collect()
}

fn label(id: &str) -> String {
    if id == "__end__" {
        "END".into()
    } else {
        id.to_string()
    }
}

/// A `<select>` of `options` with `current` chosen; `on` gets the new choice.
fn pick(aria: String, options: Vec<String>, current: String, on: impl Fn(String) + 'static) -> impl IntoView {
    view! {
        <select aria-label=aria on:change=move |e| on(event_target_value(&e))>
            <option value="" selected=current.is_empty()>"—"</option>
            {options.into_iter().map(|o| { let sel = o == current; view! { <option value=o.clone() selected=sel>{label(&o)}</option> } }).collect_view()}
        </select>
    }
}

#[component]
pub fn NodePanel(
    doc: GraphDoc,
    id: String,
    breaks: RwSignal<Breakpoints>,
    /// Shown inside a subgraph, whose breakpoints are saved in its document.
    #[prop(optional)]
    nested: bool,
    #[prop(into)] on_edit: Callback<EditorChange>,
    #[prop(into)] on_rename: Callback<(String, String)>,
    /// Opens a subgraph node's graph in place.
    #[prop(into)]
    on_open: Callback<String>,
) -> impl IntoView {
    let Some(node) = doc.nodes.iter().find(|n| n.id == id).cloned() else {
        // START routes like a node; nothing leaves END.
        let body = match id.as_str() {
            "__end__" => {
                view! { <p class="muted">"The run finishes here. No edge leaves END; connect nodes to it from their own panels."</p> }
                    .into_any()
            }
            _ => view! { <Routing doc=doc id=id.clone() on_edit=on_edit /> }.into_any(),
        };
        return view! { <section class="panel node-panel" aria-label="node"><h2>{label(&id)}</h2>{body}</section> }.into_any();
    };
    let keys: Vec<String> = doc.channels.iter().map(|c| c.key.clone()).collect();
    let settings = node.settings.clone();
    let set = {
        let (id, settings) = (id.clone(), settings.clone());
        move |key: &str, v: Value| {
            let mut s = settings.clone();
            if v.is_null() {
                s.remove(key);
            } else {
                s.insert(key.to_string(), v);
            }
            on_edit.run(EditorChange::SetSettings { id: id.clone(), settings: s });
        }
    };
    let set_reads = set.clone();
    let set_defer = set.clone();
    let set_policies = set.clone();
    let deferred = settings.get("defer").and_then(Value::as_bool).unwrap_or(false);
    let form = match node.kind.as_str() {
        "set" | "update" => {
            let field = if node.kind == "set" { "values" } else { "exprs" };
            let map = settings.get(field).and_then(Value::as_object).cloned().unwrap_or_default();
            view! { <MapRows field=field map=map keys=keys.clone() on_change=Callback::new({ let set = set.clone(); move |m: Map<String, Value>| set(field, Value::Object(m)) }) /> }.into_any()
        }
        "interrupt" => {
            let (s1, s2) = (set.clone(), set.clone());
            let prompt = settings.get("prompt").map(shown).unwrap_or_default();
            let key = settings.get("key").and_then(Value::as_str).unwrap_or_default().to_string();
            view! {
                <label>"Ask " <input aria-label="interrupt prompt" prop:value=prompt on:change=move |e| s1("prompt", literal(&event_target_value(&e))) /></label>
                <label>"Answer goes to " {pick("interrupt key".into(), keys.clone(), key, move |k| s2("key", json!(k)))}</label>
            }.into_any()
        }
        "send" => {
            let (s1, s2, s3) = (set.clone(), set.clone(), set.clone());
            let over = settings.get("over").and_then(Value::as_str).unwrap_or_default().to_string();
            let to = settings.get("node").and_then(Value::as_str).unwrap_or_default().to_string();
            let name = settings.get("as").and_then(Value::as_str).unwrap_or("item").to_string();
            view! {
                <label>"For each item of " <input aria-label="send over (expression)" prop:value=over on:change=move |e| s1("over", json!(event_target_value(&e))) /></label>
                <label>"send to " {pick("send to node".into(), doc.nodes.iter().map(|n| n.id.clone()).collect(), to, move |k| s2("node", json!(k)))}</label>
                <label>"as " <input aria-label="send item name" prop:value=name on:change=move |e| s3("as", json!(event_target_value(&e))) /></label>
                <p class="muted">"A node that returns Command(goto=[Send…]): the fan-out runs a superstep after this one. To send straight from the node before it, give that node a conditional edge with Send instead."</p>
            }.into_any()
        }
        "subgraph" => {
            let g = settings.get("graph").and_then(Value::as_str).unwrap_or_default().to_string();
            let sub_keys: Option<Vec<String>> = doc.subgraphs.get(g.as_str()).map(|d| d.channels.iter().map(|c| c.key.clone()).collect());
            let has_graph = sub_keys.is_some();
            // Mappings make it a node that calls the subgraph on a state of its own; none, one that shares keys.
            let mapping = |field: &'static str, keys: Vec<String>| {
                let map = settings.get(field).and_then(Value::as_object).cloned().unwrap_or_default();
                let set = set.clone();
                let on_change =
                    Callback::new(move |m: Map<String, Value>| set(field, if m.is_empty() { Value::Null } else { Value::Object(m) }));
                let title = if field == "input" { "Passes in" } else { "Takes back" };
                view! { <div class="muted">{title}</div><MapRows field=field map=map keys=keys on_change=on_change /> }
            };
            let mappings = sub_keys.map(|sub| view! { {mapping("input", sub)}{mapping("output", keys.clone())} });
            let (new_doc, new_id, open_id) = (doc.clone(), id.clone(), id.clone());
            let create = move |_| {
                if let Some((change, _)) = new_subgraph(&new_doc, &new_id) {
                    on_edit.run(change);
                    on_open.run(new_id.clone());
                }
            };
            let manage = has_graph.then(|| view! { <ManageGraph doc=doc.clone() graph=g.clone() on_edit=on_edit /> });
            view! {
                <label>"Graph " {pick("subgraph".into(), doc.subgraphs.keys().cloned().collect(), g, move |k| set("graph", json!(k)))}</label>
                <div class="node-edit">
                    <button aria-label="Create a graph for this node" title="A new graph with these state keys, opened for editing" on:click=create>"Create graph"</button>
                    <button aria-label="Open this node's graph" disabled=!has_graph on:click=move |_| on_open.run(open_id.clone())>"Open"</button>
                </div>
                {manage}
                {mappings}
            }.into_any()
        }
        "code" => {
            let code = settings.get("code").and_then(Value::as_str).unwrap_or_default().to_string();
            view! { <CodeArea aria="node code" code=code hint="function (state, config) { … } — return the state update" on_apply=Callback::new(move |c: String| set("code", json!(c))) /> }.into_any()
        }
        _ => ().into_any(),
    };
    // The node's input schema: which keys it reads (none ticked: the graph's state schema). A
    // subgraph node's input mapping takes the same setting, so the two are not offered together.
    let mapped_input = settings.get("input").is_some_and(Value::is_object);
    let reads: Vec<String> = settings
        .get("input")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let reads_view = keys
        .iter()
        .map(|k| {
            let (k1, on) = (k.clone(), reads.contains(k));
            let (reads, set) = (reads.clone(), set_reads.clone());
            view! {
                <label class="read-key"><input type="checkbox" aria-label=format!("reads {k}") prop:checked=on on:change=move |e| {
                    let mut r: Vec<String> = reads.iter().filter(|x| **x != k1).cloned().collect();
                    if event_target_checked(&e) {
                        r.push(k1.clone());
                    }
                    set("input", if r.is_empty() { Value::Null } else { json!(r) });
                } />{format!(" {k}")}</label>
            }
        })
        .collect_view();
    let raw = RwSignal::new(serde_json::to_string_pretty(&settings).unwrap_or_default());
    let raw_error = RwSignal::new(None::<String>);
    let rename_text = RwSignal::new(id.clone());
    let (b_id, a_id, r_id, d_id, raw_id) = (id.clone(), id.clone(), id.clone(), id.clone(), id.clone());
    let apply_raw = move |id: &str| match serde_json::from_str::<Value>(&raw.get_untracked()) {
        Ok(Value::Object(m)) => on_edit.run(EditorChange::SetSettings { id: id.to_string(), settings: m }),
        _ => raw_error.set(Some("settings must be a JSON object".into())),
    };
    view! {
        <section class="panel node-panel" aria-label="node">
            <h2>{format!("Node {id}")}<span class="muted">{format!(" · {}", node.kind)}</span></h2>
            <div class="node-form">{form}</div>
            {superstep::doc::validate::takes_goto(&node.kind).then(|| view! { <CommandGoto doc=doc.clone() id=id.clone() settings=settings.clone() on_edit=on_edit /> })}
            {(!mapped_input).then(|| view! {
                <div class="reads" title="The node's input schema: tick keys to read only those (private keys included); none ticked reads the graph's state.">
                    <span class="muted">"Reads: "</span>{reads_view}
                </div>
            })}
            <label title="Runs once nothing else is left to run, however many branches lead to it (LangGraph's defer).">
                <input type="checkbox" aria-label="defer this node" prop:checked=deferred
                    on:change=move |e| set_defer("defer", if event_target_checked(&e) { Value::Bool(true) } else { Value::Null }) />
                " run last (defer)"
            </label>
            <Policies settings=settings.clone() set=set_policies />
            <details class="raw">
                <summary>"Settings as JSON"</summary>
                <textarea class="settings" aria-label="node settings (JSON)" rows="5" prop:value=move || raw.get() on:input=move |e| raw.set(event_target_value(&e))></textarea>
                <button aria-label="Apply settings" on:click=move |_| apply_raw(&raw_id)>"Apply settings"</button>
                {move || raw_error.get().map(|e| view! { <p class="error">{e}</p> })}
            </details>
            <div class="node-edit">
                <input aria-label="node name" prop:value=id.clone() on:input=move |e| rename_text.set(event_target_value(&e))
                    on:keydown={let r_id = r_id.clone(); move |e: web_sys::KeyboardEvent| if e.key() == "Enter" { on_rename.run((r_id.clone(), rename_text.get_untracked())) }} />
                <button aria-label="Rename node" on:click=move |_| on_rename.run((r_id.clone(), rename_text.get_untracked()))>"Rename"</button>
                <button aria-label="Delete node" on:click=move |_| on_edit.run(EditorChange::RemoveNode { id: d_id.clone() })>"Delete"</button>
            </div>
            <Routing doc=doc.clone() id=id.clone() on_edit=on_edit />
            {if nested { view! { <SavedBreakpoints doc=doc.clone() id=id.clone() on_edit=on_edit /> }.into_any() } else { view! {
                <label><input type="checkbox" aria-label="break before this node" prop:checked=move || breaks.get().has(&b_id, false)
                    on:change={let id = id.clone(); move |_| breaks.update(|b| b.toggle(&id, false))} />" break before"</label>
                <label><input type="checkbox" aria-label="break after this node" prop:checked=move || breaks.get().has(&a_id, true)
                    on:change={let id = id.clone(); move |_| breaks.update(|b| b.toggle(&id, true))} />" break after"</label>
            }.into_any() }}
        </section>
    }
    .into_any()
}

/// The node's `Command` goto: an expression naming where its update goes next,
/// in the same step. The lines it draws (`ends`) follow the names it quotes.
#[component]
fn CommandGoto(doc: GraphDoc, id: String, settings: Map<String, Value>, on_edit: Callback<EditorChange>) -> impl IntoView {
    let goto = settings.get("goto").and_then(Value::as_str).unwrap_or_default().to_string();
    let ends: Vec<String> = settings.get("ends").map(superstep::doc::names).unwrap_or_default().into_iter().map(label).collect();
    let apply = move |e: leptos::ev::Event| {
        let settings = with_goto(&doc, &settings, &event_target_value(&e));
        on_edit.run(EditorChange::SetSettings { id: id.clone(), settings });
    };
    view! {
        <label class="goto" title="LangGraph's Command(goto): the update and the route in one step. A node name in quotes, a list of them, or an expression such as if(n > 2, 'a', 'b'), which reads the values this node sets (an interrupt's answer) over the state; blank for none.">
            "Then go to " <input aria-label="command goto (expression)" placeholder="no Command — e.g. 'node'" prop:value=goto on:change=apply />
        </label>
        {(!ends.is_empty()).then(|| view! { <p class="muted goto-ends">{format!("Command may go to: {}", ends.join(", "))}</p> })}
    }
}

/// A subgraph's breakpoints: part of its document (LangGraph's `compile({ interruptBefore })`),
/// so saved and undone with it, where the top level's belong to the run.
#[component]
fn SavedBreakpoints(doc: GraphDoc, id: String, #[prop(into)] on_edit: Callback<EditorChange>) -> impl IntoView {
    let saved = Breakpoints::of(&doc.compile);
    let boxes = [(false, "before"), (true, "after")].map(|(after, word)| {
        let checked = saved.has(&id, after);
        let (mut breaks, compile, id) = (saved.clone(), doc.compile.clone(), id.clone());
        let toggle = move |_| {
            breaks.toggle(&id, after);
            let (interrupt_before, interrupt_after) = (breaks.before.clone(), breaks.after.clone());
            on_edit.run(EditorChange::SetCompile { compile: CompileDoc { interrupt_before, interrupt_after, ..compile.clone() } });
        };
        view! {
            <label title="Saved with this subgraph: the run pauses here, inside it, whenever it runs">
                <input type="checkbox" aria-label=format!("break {word} this node") prop:checked=checked on:change=toggle />{format!(" break {word} (saved with this graph)")}
            </label>
        }
    });
    view! { {boxes.into_iter().collect_view()} }
}

/// Renames or deletes the graph a subgraph node runs (with every node that runs it).
#[component]
fn ManageGraph(doc: GraphDoc, graph: String, #[prop(into)] on_edit: Callback<EditorChange>) -> impl IntoView {
    let name = RwSignal::new(graph.clone());
    let error = RwSignal::new(None::<String>);
    let users = doc.nodes.iter().filter(|n| graph_of(n) == Some(graph.as_str())).count();
    let (rename_doc, from) = (doc.clone(), graph.clone());
    let rename = move || match rename_subgraph(&rename_doc, &from, &name.get_untracked()) {
        Ok(change) => on_edit.run(change),
        Err(e) => error.set(Some(e.0)),
    };
    let rename_on_enter = rename.clone();
    let delete = move |_| on_edit.run(delete_subgraph(&doc, &graph));
    let delete_title = if users > 1 {
        format!("Removes the graph; the {users} nodes that run it will need another")
    } else {
        "Removes the graph; this node will need another".into()
    };
    view! {
        <div class="node-edit">
            <input aria-label="graph name" placeholder="graph name" title="The name of the graph this node runs" prop:value=move || name.get() on:input=move |e| { name.set(event_target_value(&e)); error.set(None) }
                on:keydown=move |e: web_sys::KeyboardEvent| if e.key() == "Enter" { rename_on_enter() } />
            <button aria-label="Rename graph" on:click=move |_| rename()>"Rename graph"</button>
            <button aria-label="Delete graph" title=delete_title on:click=delete>"Delete graph"</button>
        </div>
        {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
    }
}

/// Key → value rows (`set`) or key → expression rows (`update`, and a subgraph
/// node's `input` and `output` mappings, whose labels say which).
#[component]
fn MapRows(field: &'static str, map: Map<String, Value>, keys: Vec<String>, on_change: Callback<Map<String, Value>>) -> impl IntoView {
    let what = if field == "values" { "value" } else { "expression" };
    let prefix = match field {
        "input" | "output" => format!("{field} "),
        _ => String::new(),
    };
    let hint = match field {
        "values" => "Text, numbers or JSON; {{key}} inserts a state value.",
        "input" => "The subgraph's input: its keys from expressions over this graph's state (none: the state as it is).",
        "output" => "Back into this graph: keys from expressions over the subgraph's result (none: the result as it is).",
        _ => "Expressions over the state, e.g. count + 1",
    };
    let rows: Vec<(String, Value)> = map.clone().into_iter().collect();
    let add = {
        let (map, keys) = (map.clone(), keys.clone());
        move |_| {
            let mut m = map.clone();
            if let Some(k) = keys.iter().find(|k| !m.contains_key(*k)) {
                m.insert(k.clone(), if field == "values" { json!("") } else { json!(k) });
                on_change.run(m);
            }
        }
    };
    view! {
        <table class="map-rows">
            {rows.into_iter().enumerate().map(|(i, (k, v))| {
                let (m1, m2, m3) = (map.clone(), map.clone(), map.clone());
                let (k1, k2, k3) = (k.clone(), k.clone(), k.clone());
                let prefix = prefix.clone();
                let text = if field == "values" { shown(&v) } else { v.as_str().unwrap_or_default().to_string() };
                view! {
                    <tr>
                        <td>{pick(format!("{prefix}key {}", i + 1), keys.clone(), k.clone(), move |new| {
                            // Keep the row's place: rebuild the map with the key swapped.
                            let m: Map<String, Value> = m1.iter().map(|(kk, vv)| (if *kk == k1 { new.clone() } else { kk.clone() }, vv.clone())).collect();
                            on_change.run(m);
                        })}</td>
                        <td><input aria-label=format!("{prefix}{what} {}", i + 1) prop:value=text on:change=move |e| {
                            let t = event_target_value(&e);
                            let mut m = m2.clone();
                            m.insert(k2.clone(), if field == "values" { literal(&t) } else { json!(t) });
                            on_change.run(m);
                        } /></td>
                        <td><button aria-label=format!("remove {prefix}{}", k3) on:click=move |_| { let mut m = m3.clone(); m.remove(&k3); on_change.run(m); }>"✕"</button></td>
                    </tr>
                }
            }).collect_view()}
        </table>
        <button aria-label=format!("add {prefix}{what}") on:click=add>{format!("+ {prefix}{what}")}</button>
        <p class="hint muted">{hint}</p>
    }
}

/// A code area with the JS syntax error (if any) shown as you type.
#[component]
pub fn CodeArea(aria: &'static str, code: String, hint: &'static str, on_apply: Callback<String>) -> impl IntoView {
    let text = RwSignal::new(code);
    let error = Memo::new(move |_| syntax_error(&text.get()));
    view! {
        <p class="hint muted">{hint}</p>
        <textarea class="code" aria-label=aria rows="6" spellcheck="false" prop:value=move || text.get() on:input=move |e| text.set(event_target_value(&e))></textarea>
        {move || error.get().map(|e| view! { <p class="error" role="alert" aria-label="syntax error">{format!("Syntax error: {e}")}</p> })}
        <button aria-label=format!("Apply {aria}") disabled=move || error.get().is_some() on:click=move |_| on_apply.run(text.get_untracked())>"Apply code"</button>
    }
}

/// Where a node goes next: static edges, and its router (rules or code).
#[component]
fn Routing(doc: GraphDoc, id: String, on_edit: Callback<EditorChange>) -> impl IntoView {
    let outgoing: Vec<(usize, String)> =
        doc.edges.iter().enumerate().filter(|(_, e)| e.from.as_str() == Some(id.as_str())).map(|(i, e)| (i, e.to.clone())).collect();
    let router = doc.routers.iter().find(|r| r.from == id).cloned();
    let all = targets(&doc);
    let n_edges = doc.edges.len();
    let make_conditional = {
        let (id, outgoing) = (id.clone(), outgoing.clone());
        move |_| {
            // The static edges become rules (edit their conditions); the last one is the fallback.
            let mut to: Vec<String> = outgoing.iter().map(|(_, t)| t.clone()).collect();
            let otherwise = to.pop().unwrap_or_else(|| "__end__".into());
            let rules = to.into_iter().map(|t| RuleDoc { when: "true".into(), to: json!(t) }).collect();
            let router = RouterDoc { from: id.clone(), rules, otherwise: Some(json!(otherwise)), ..Default::default() };
            let mut changes: Vec<EditorChange> = outgoing.iter().rev().map(|(i, _)| EditorChange::RemoveEdge { at: *i }).collect();
            changes.push(EditorChange::SetRouter { from: id.clone(), router: Some(router), at: usize::MAX });
            on_edit.run(EditorChange::Batch(changes));
        }
    };
    let connect = {
        let id = id.clone();
        move |to: String| {
            if !to.is_empty() {
                on_edit.run(EditorChange::AddEdge { edge: EdgeDoc { from: json!(id), to }, at: n_edges });
            }
        }
    };
    view! {
        <h3>"Goes to"</h3>
        <ul class="routing">
            {outgoing.into_iter().map(|(i, to)| view! {
                <li>{format!("→ {}", label(&to))}<button aria-label=format!("remove edge to {}", label(&to)) on:click=move |_| on_edit.run(EditorChange::RemoveEdge { at: i })>"✕"</button></li>
            }).collect_view()}
        </ul>
        <label class="connect">"Connect to " {pick("connect to node".into(), all.clone(), String::new(), connect)}</label>
        {match router {
            None => view! { <button aria-label="Make conditional" on:click=make_conditional>"Make conditional"</button> }.into_any(),
            Some(r) => view! { <RouterEditor doc=doc.clone() router=r targets=all on_edit=on_edit /> }.into_any(),
        }}
    }
}

/// A conditional edge: rules (first match wins) and an else, code with path
/// keys, or a `Send` per item of a list.
#[component]
fn RouterEditor(doc: GraphDoc, router: RouterDoc, targets: Vec<String>, on_edit: Callback<EditorChange>) -> impl IntoView {
    let from = router.from.clone();
    let put = {
        let from = from.clone();
        move |r: Option<RouterDoc>| on_edit.run(EditorChange::SetRouter { from: from.clone(), router: r, at: usize::MAX })
    };
    let mode = RouterMode::of(&router);
    let tab = |m: RouterMode, aria: &'static str, text: &'static str| {
        let (doc, r, put) = (doc.clone(), router.clone(), put.clone());
        view! { <button aria-label=aria class:on=mode == m on:click=move |_| if mode != m { put(Some(switched(&doc, &r, m))) }>{text}</button> }
    };
    let body = if mode == RouterMode::Send {
        send_body(router.clone(), targets.clone(), put.clone()).into_any()
    } else if mode == RouterMode::Code {
        let r = router.clone();
        let paths: Vec<(String, String)> = r.paths.clone().unwrap_or_default().into_iter().collect();
        let (p_put, a_put, code_put) = (put.clone(), put.clone(), put.clone());
        let (r1, r2, r3) = (r.clone(), r.clone(), r.clone());
        view! {
            <CodeArea aria="router code" code=r.code.clone().unwrap_or_default() hint="function (state) { … } — return a path key (or a list)"
                on_apply=Callback::new(move |c: String| { let mut r = r1.clone(); r.code = Some(c); code_put(Some(r)); }) />
            <h4>"Path keys"</h4>
            <table class="map-rows">
                {paths.into_iter().enumerate().map(|(i, (k, t))| {
                    let (ra, rb, p1, p2) = (r2.clone(), r2.clone(), p_put.clone(), p_put.clone());
                    let (k1, k2) = (k.clone(), k.clone());
                    view! { <tr>
                        <td><input aria-label=format!("path key {}", i + 1) prop:value=k.clone() on:change=move |e| {
                            let mut r = ra.clone();
                            let p = r.paths.get_or_insert_default();
                            if let Some(t) = p.remove(&k1) { p.insert(event_target_value(&e), t); }
                            p1(Some(r));
                        } /></td>
                        <td>{pick(format!("path target {}", i + 1), targets.clone(), t, move |t| { let mut r = rb.clone(); r.paths.get_or_insert_default().insert(k2.clone(), t); p2(Some(r)); })}</td>
                    </tr> }
                }).collect_view()}
            </table>
            <button aria-label="add path key" on:click=move |_| {
                let mut r = r3.clone();
                let p = r.paths.get_or_insert_default();
                let k = (1..).map(|i| format!("path{i}")).find(|k| !p.contains_key(k)).unwrap_or_default();
                p.insert(k, "__end__".into());
                a_put(Some(r));
            }>"+ path key"</button>
        }.into_any()
    } else {
        let r = router.clone();
        let (add_put, else_put) = (put.clone(), put.clone());
        let (r_add, r_else) = (r.clone(), r.clone());
        let first = targets.first().cloned().unwrap_or_else(|| "__end__".into());
        view! {
            <table class="map-rows rules">
                {r.rules.iter().enumerate().map(|(i, rule)| {
                    let (ra, rb, rc) = (r.clone(), r.clone(), r.clone());
                    let (p1, p2, p3) = (put.clone(), put.clone(), put.clone());
                    view! { <tr>
                        <td>"if "<input aria-label=format!("rule {} condition", i + 1) prop:value=rule.when.clone() on:change=move |e| { let mut r = ra.clone(); r.rules[i].when = event_target_value(&e); p1(Some(r)); } /></td>
                        <td>{pick(format!("rule {} target", i + 1), targets.clone(), rule.to.as_str().unwrap_or_default().to_string(), move |t| { let mut r = rb.clone(); r.rules[i].to = json!(t); p2(Some(r)); })}</td>
                        <td><button aria-label=format!("remove rule {}", i + 1) on:click=move |_| { let mut r = rc.clone(); r.rules.remove(i); p3(Some(r)); }>"✕"</button></td>
                    </tr> }
                }).collect_view()}
            </table>
            <button aria-label="add rule" on:click=move |_| { let mut r = r_add.clone(); r.rules.push(RuleDoc { when: "true".into(), to: json!(first.clone()) }); add_put(Some(r)); }>"+ rule"</button>
            <label>"else " {pick("else target".into(), targets.clone(), r.otherwise.as_ref().and_then(Value::as_str).unwrap_or_default().to_string(), move |t| {
                let mut r = r_else.clone();
                r.otherwise = (!t.is_empty()).then(|| json!(t));
                else_put(Some(r));
            })}</label>
        }.into_any()
    };
    view! {
        <div class="router" aria-label="router">
            <h3>"Conditional edge"</h3>
            <div class="tabs">
                {tab(RouterMode::Rules, "route by rules", "Rules")}
                {tab(RouterMode::Code, "route by code", "Code")}
                {tab(RouterMode::Send, "fan out with Send", "Send")}
                <button aria-label="Remove router" on:click=move |_| put(None)>"Remove"</button>
            </div>
            {body}
        </div>
    }
}

/// A fan-out's settings: the list, the node each item goes to, and its key there.
fn send_body(r: RouterDoc, targets: Vec<String>, put: impl Fn(Option<RouterDoc>) + Clone + 'static) -> impl IntoView {
    let send = r.send.clone().unwrap_or_else(|| SendDoc { over: String::new(), node: String::new(), item: "item".into() });
    let edit = move |change: fn(&mut SendDoc, String)| {
        let (r, put) = (r.clone(), put.clone());
        move |v: String| {
            let mut r = r.clone();
            if let Some(s) = r.send.as_mut() {
                change(s, v);
            }
            put(Some(r));
        }
    };
    let (over, node, item) = (edit(|s, v| s.over = v), edit(|s, v| s.node = v), edit(|s, v| s.item = v));
    let nodes: Vec<String> = targets.into_iter().filter(|t| t != "__end__").collect();
    view! {
        <p class="muted">"One Send per item of the list, in the next superstep: LangGraph's map-reduce edge."</p>
        <label>"for each item of " <input aria-label="fan-out list" prop:value=send.over on:change=move |e| over(event_target_value(&e)) /></label>
        <label>"send to " {pick("fan-out node".into(), nodes, send.node, node)}</label>
        <label>"as key " <input aria-label="fan-out item key" prop:value=send.item on:change=move |e| item(event_target_value(&e)) /></label>
    }
}

/// Several nodes selected: delete them together, or join them into a node.
#[component]
pub fn SelectionPanel(doc: GraphDoc, ids: Vec<String>, #[prop(into)] on_edit: Callback<EditorChange>) -> impl IntoView {
    let n = doc.edges.len();
    let (del, join) = (ids.clone(), ids.clone());
    view! {
        <section class="panel node-panel" aria-label="selection">
            <h2>{format!("{} nodes selected", ids.len())}</h2>
            <p class="muted">{ids.join(", ")}</p>
            <button aria-label="Delete selected" on:click=move |_| on_edit.run(EditorChange::Batch(del.iter().map(|id| EditorChange::RemoveNode { id: id.clone() }).collect()))>"Delete all"</button>
            <label class="connect">"Wait for all, then go to " {pick("join into".into(), targets(&doc), String::new(), move |to| {
                if !to.is_empty() {
                    on_edit.run(EditorChange::AddEdge { edge: EdgeDoc { from: json!(join), to }, at: n });
                }
            })}</label>
        </section>
    }
}

/// A node's cache and retry policies (`model::policies` turns the text into settings).
#[component]
fn Policies(settings: Map<String, Value>, set: impl Fn(&str, Value) + Clone + Send + Sync + 'static) -> impl IntoView {
    let now = policies::read(&settings);
    let error = RwSignal::new(None::<String>);
    let put = move |key: &str, v: Result<Value, String>| match v {
        Ok(v) => set(key, v),
        Err(e) => error.set(Some(e)),
    };
    let (put_on, put_ttl, put_retry) = (put.clone(), put.clone(), put);
    let ttl = now.ttl.clone();
    let retry_now = settings.get("retry").cloned();
    view! {
        <div class="policies">
            <label title="Reuses the node's result for the same input (LangGraph's CachePolicy). The editor keeps its cache until the graph is edited.">
                <input type="checkbox" aria-label="cache this node's results" prop:checked=now.cached
                    on:change=move |e| put_on("cache", policies::cache(event_target_checked(&e), &ttl)) />
                " cache results"
                {now.cached.then(|| view! {
                    " for "
                    <input class="num" aria-label="cache lifetime (seconds)" placeholder="ever" prop:value=now.ttl.clone()
                        on:change=move |e| put_ttl("cache", policies::cache(true, &event_target_value(&e))) />
                    " s"
                })}
            </label>
            <label title="Runs a failing node again, up to this many attempts in all (LangGraph's RetryPolicy).">
                "try up to "
                <input class="num" aria-label="attempts in all" placeholder="1" prop:value=now.attempts
                    on:change=move |e| put_retry("retry", policies::retry(retry_now.as_ref(), &event_target_value(&e))) />
                " times"
            </label>
            {move || error.get().map(|e| view! { <p class="error">{e}</p> })}
        </div>
    }
}
