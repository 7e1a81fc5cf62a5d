//! Compiling a graph from the glue's spec, and the compiled graph's methods.
use crate::convert::{from_js, object, output_to_js, strings, to_js, to_js_any, view_to_js};
use crate::{errors, functions, registry};
use futures::{FutureExt, StreamExt};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use superstep::checkpoint::{Checkpointing, ListFilter, StateSnapshot, StateUpdate};
use superstep::graph::node::{BranchSpec, CachePolicy, NodeSpec, RetryPolicy};
use superstep::pregel::{Outcome, RunStream, SharedStep, Stepper, StreamMode};
use superstep::reducers::Fold;
use superstep::{Channel, CompileOptions, CompiledGraph, Input, Reducer, RunConfig, StateGraph};
use wasm_bindgen::prelude::*;

fn function(fns: &js_sys::Array, i: usize) -> Result<js_sys::Function, JsValue> {
    fns.get(i as u32).dyn_into::<js_sys::Function>().map_err(|_| JsValue::from_str("spec refers to a missing function"))
}

/// The object at `config[key]`, a part of a call's config the engine carries
/// without reading (not enumerable, so not in its JSON), to hand back to nodes.
pub(crate) fn handed_back_object(config: &JsValue, key: &str) -> Option<Rc<dyn std::any::Any>> {
    js_sys::Reflect::get(config, &key.into()).ok().filter(|v| v.is_object()).map(|v| Rc::new(v) as Rc<dyn std::any::Any>)
}

/// Builds and compiles a graph; functions are passed by index into `fns`.
#[wasm_bindgen(js_name = compileGraph)]
pub fn compile_graph(data: JsValue, fns: js_sys::Array) -> Result<JsGraph, JsValue> {
    let spec = crate::spec::read_spec(&crate::convert::from_js_as_json(data, "GraphValidationError", "bad graph spec")?)
        .map_err(|e| errors::named("GraphValidationError", &format!("bad graph spec: {e}")))?;
    let mut g = StateGraph::new();
    for ch in &spec.channels {
        let reducer = match (ch.reducer.as_str(), ch.reducer_fn) {
            ("custom", Some(i)) => {
                let fold = match ch.fold.as_deref() {
                    Some("concat") => Some(Fold::Concat),
                    Some("spread") => Some(Fold::Spread),
                    Some("push") => Some(Fold::Push),
                    _ => None,
                };
                Reducer::Custom { name: "custom".into(), reduce: functions::reducer(function(&fns, i)?), fold }
            }
            (name, _) => Reducer::builtin(name).ok_or_else(|| errors::named("GraphValidationError", &format!("unknown reducer {name}")))?,
        };
        let channel = Channel { reducer, default: ch.default.clone(), untracked: ch.untracked };
        g = if spec.state_keys.contains(&ch.name) {
            g.channel(ch.name.clone(), channel)
        } else {
            g.private_channel(ch.name.clone(), channel)
        };
    }
    if let Some(keys) = &spec.input {
        g = g.input_keys(keys.clone());
    }
    if let Some(keys) = &spec.output {
        g = g.output_keys(keys.clone());
    }
    for n in spec.nodes {
        let mut node = match (n.fn_index, n.subgraph) {
            (_, Some(id)) => {
                let graph = registry::graph(id).ok_or_else(|| JsValue::from_str("unknown subgraph"))?;
                let graph_name = graph.name().to_string();
                let routed = spec.branches.iter().any(|b| b.source == n.name);
                crate::subgraph_runs::node(crate::subgraph_messages::node(n.name.clone(), graph), graph_name, routed)
            }
            (Some(i), None) => NodeSpec::new(n.name.clone(), functions::node(function(&fns, i)?)),
            (None, None) => return Err(errors::named("GraphValidationError", &format!("node {} has no function", n.name))),
        };
        node.input = n.input;
        node.ends = n.ends;
        node.defer = n.defer;
        node.metadata = n.metadata;
        node.error_handler = n.error_handler;
        if let Some(c) = n.cache {
            node.cache = Some(CachePolicy { ttl: c.ttl, key: c.key_fn.map(|i| function(&fns, i)).transpose()?.map(functions::cache_key) });
        }
        if let Some(r) = n.retry {
            let d = RetryPolicy::default();
            node.retry = Some(RetryPolicy {
                max_attempts: r.max_attempts.unwrap_or(d.max_attempts),
                initial_interval: r.initial_interval.unwrap_or(d.initial_interval),
                backoff_factor: r.backoff_factor.unwrap_or(d.backoff_factor),
                max_interval: r.max_interval.unwrap_or(d.max_interval),
                retry_on: r.retry_on,
            });
        }
        g = g.add_node(node);
    }
    for (from, to) in spec.edges {
        g = g.edge(from, to);
    }
    for (from, to) in spec.joins {
        g = g.join(from, to);
    }
    for b in spec.branches {
        g = g.branch(BranchSpec {
            source: b.source,
            router: functions::router(function(&fns, b.fn_index)?),
            path_map: b.path_map,
            metadata: Value::Null,
        });
    }
    let o = spec.options;
    let checkpointer = match (o.saver.and_then(registry::saver), o.checkpointing.as_deref()) {
        (Some(s), _) => Checkpointing::Saver(s),
        (None, Some("perThread")) => Checkpointing::PerThread,
        (None, Some("disabled")) => Checkpointing::Disabled,
        _ => Checkpointing::Inherit,
    };
    let options = CompileOptions {
        interrupt_before: o.interrupt_before,
        interrupt_after: o.interrupt_after,
        cache: o.cache.and_then(registry::cache),
        checkpointer,
        env: registry::env(),
        name: o.name.or(spec.name),
        version: None,
        inline_start: o.inline_start,
        step_timeout: None,
    };
    let graph = g.compile_with(options).map_err(|e| errors::to_js(&e))?;
    Ok(JsGraph::new(graph))
}

fn run_config(config: JsValue) -> Result<RunConfig, JsValue> {
    // `{cancel: {signal, fired}}`: the JS AbortSignal and a promise that resolves when it aborts.
    let cancel = js_sys::Reflect::get(&config, &"cancel".into()).ok().filter(|c| c.is_object()).and_then(|c| {
        let fired = js_sys::Reflect::get(&c, &"fired".into()).ok()?.dyn_into::<js_sys::Promise>().ok()?;
        let signal = js_sys::Reflect::get(&c, &"signal".into()).ok()?;
        let fired = wasm_bindgen_futures::JsFuture::from(fired);
        Some(
            superstep::pregel::Cancel::new(async move {
                let _ = fired.await;
            })
            .with_source(Rc::new(signal)),
        )
    });
    // `{store}`: the JS store object (not enumerable, so not in the JSON), handed back to nodes (`taskStore`).
    let store = handed_back_object(&config, "store");
    // `{host}`: the call's tags, metadata, live configurable values and context (not enumerable), for nodes (`taskHost`).
    let host = handed_back_object(&config, "host");
    // `{control, drainFlag}`: the JS RunControl (not enumerable either), handed back to
    // nodes (`taskControl`), and its drain request, read once per superstep in Rust.
    let control = handed_back_object(&config, "control");
    let request =
        js_sys::Reflect::get(&config, &"drainFlag".into()).ok().and_then(|id| id.as_f64()).and_then(|id| registry::drain(id as u32));
    let drain = control.zip(request).map(|(control, drain)| drain.with_source(control));
    // `{lifecycle}`: the JS function that hears the root run's pause and each resumed run (graph callbacks).
    let lifecycle = js_sys::Reflect::get(&config, &"lifecycle".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .map(crate::lifecycle::hook);
    let c = crate::spec::read_config(&crate::convert::from_js_as_json(config, "TypeError", "bad config")?)
        .map_err(|e| errors::named("TypeError", &format!("bad config: {e}")))?;
    let save_on_exit = match c.durability.as_deref() {
        None | Some("sync" | "async") => false,
        Some("exit") => true,
        Some(other) => {
            return Err(errors::named(
                "TypeError",
                &format!("bad config: durability must be \"sync\", \"async\" or \"exit\", got \"{other}\""),
            ))
        }
    };
    let mut rc = RunConfig {
        context: c.context,
        configurable: c.configurable,
        subgraphs: c.subgraphs,
        max_concurrency: c.max_concurrency,
        save_on_exit,
        output_keys: c.output_keys,
        task_metadata: c.task_metadata,
        task_tags: c.task_tags,
        ..RunConfig::default()
    };
    if let Some(l) = c.recursion_limit {
        rc.recursion_limit = l;
    }
    rc.interrupt_before = c.interrupt_before;
    rc.interrupt_after = c.interrupt_after;
    rc.cancel = cancel;
    rc.store = store;
    rc.drain = drain;
    rc.host = host;
    rc.lifecycle = lifecycle;
    // Values chunks come as views of the run's values (`chunks::part` converts them
    // with the conversion cache), not as copies.
    rc.shared_values = true;
    for m in c.stream_mode {
        rc.stream_modes.push(StreamMode::parse(&m).ok_or_else(|| errors::named("TypeError", &format!("unknown stream mode {m}")))?);
    }
    Ok(rc)
}

/// `{kind: "values", value}`, `{kind: "command", command}` or `{kind: "continue"}`.
fn run_input(input: JsValue) -> Result<Input, JsValue> {
    let kind = js_sys::Reflect::get(&input, &"kind".into())?.as_string().unwrap_or_default();
    Ok(match kind.as_str() {
        "command" => Input::Command(functions::parse_command_input(&js_sys::Reflect::get(&input, &"command".into())?)?),
        "continue" => Input::Continue,
        _ => Input::Values(from_js(js_sys::Reflect::get(&input, &"value".into())?)?),
    })
}

pub(crate) fn promise(fut: impl std::future::Future<Output = Result<JsValue, JsValue>> + 'static) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(fut.boxed_local())
}

/// A compiled graph.
#[wasm_bindgen]
pub struct JsGraph {
    id: u32,
    graph: CompiledGraph,
}

impl JsGraph {
    pub fn new(graph: CompiledGraph) -> JsGraph {
        JsGraph { id: registry::add_graph(graph.clone()), graph }
    }
}

#[wasm_bindgen]
impl JsGraph {
    /// `{nodes, edges}`: node names (START first) and the edges a drawing shows (the JS
    /// draws them, as LangChain does), as `[source, target, conditional, label]` (a
    /// router without a path map targets `__dynamic__`).
    #[wasm_bindgen(js_name = graphShape)]
    pub fn graph_shape(&self) -> JsValue {
        let nodes: Vec<&str> = self.graph.spec().nodes.iter().map(|n| &*n.name).collect();
        let edges: Vec<Value> = self.graph.drawn_edges().into_iter().map(|e| json!([e.source, e.target, e.conditional, e.label])).collect();
        to_js(&json!({ "nodes": nodes, "edges": edges }))
    }

    /// The handle nested calls and subgraph nodes refer to.
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The longest a superstep may run, in ms (LangGraph.js's `stepTimeout`); none when unset.
    #[wasm_bindgen(getter, js_name = stepTimeout)]
    pub fn step_timeout(&self) -> Option<f64> {
        self.graph.step_timeout().map(|s| s * 1000.0)
    }

    #[wasm_bindgen(setter, js_name = stepTimeout)]
    pub fn set_step_timeout(&self, ms: Option<f64>) {
        self.graph.set_step_timeout(ms.map(|ms| ms / 1000.0));
    }

    #[wasm_bindgen(getter)]
    pub fn warnings(&self) -> Vec<String> {
        self.graph.warnings().to_vec()
    }

    pub fn invoke(&self, input: JsValue, config: JsValue) -> Result<js_sys::Promise, JsValue> {
        let (g, input, config) = (self.graph.clone(), run_input(input)?, run_config(config)?);
        Ok(promise(async move { g.invoke(input, config).await.map(|v| output_to_js(&v)).map_err(|e| errors::to_js(&e)) }))
    }

    pub fn stream(&self, input: JsValue, config: JsValue) -> Result<js_sys::Promise, JsValue> {
        let (g, input, config) = (self.graph.clone(), run_input(input)?, run_config(config)?);
        Ok(promise(async move {
            let s = g.stream(input, config).await.map_err(|e| errors::to_js(&e))?;
            Ok(JsRunStream { stream: Rc::new(RefCell::new(Some(s))) }.into())
        }))
    }

    pub fn stepper(&self, input: JsValue, config: JsValue) -> Result<js_sys::Promise, JsValue> {
        let (g, input, config) = (self.graph.clone(), run_input(input)?, run_config(config)?);
        Ok(promise(async move {
            let s = g.stepper(input, config).await.map_err(|e| errors::to_js(&e))?;
            Ok(JsStepper { stepper: Rc::new(RefCell::new(Some(s))) }.into())
        }))
    }

    #[wasm_bindgen(js_name = getState)]
    pub fn get_state(&self, config: JsValue, subgraphs: bool) -> Result<js_sys::Promise, JsValue> {
        let (g, config) = (self.graph.clone(), run_config(config)?);
        Ok(promise(async move { g.get_state(&config, subgraphs).await.map(|s| snapshot_js(&s)).map_err(|e| errors::to_js(&e)) }))
    }

    /// `filter`: only checkpoints whose metadata has these key/values (LangGraph's `filter`).
    #[wasm_bindgen(js_name = getStateHistory)]
    pub fn get_state_history(
        &self,
        config: JsValue,
        limit: Option<usize>,
        before: JsValue,
        filter: JsValue,
    ) -> Result<js_sys::Promise, JsValue> {
        let (g, config) = (self.graph.clone(), run_config(config)?);
        let before = crate::convert::opt_string_arg(&before, "before.configurable.checkpoint_id")?;
        let metadata = match from_js(filter)? {
            Value::Object(m) => Some(m),
            _ => None,
        };
        Ok(promise(async move {
            let list = g.get_state_history(&config, ListFilter { limit, before, metadata }).await.map_err(|e| errors::to_js(&e))?;
            Ok(list.iter().map(snapshot_js).collect::<js_sys::Array>().into())
        }))
    }

    /// `supersteps`: `[[{values, asNode}, ...], ...]`, each inner list one new checkpoint.
    #[wasm_bindgen(js_name = bulkUpdateState)]
    pub fn bulk_update_state(&self, config: JsValue, supersteps: JsValue) -> Result<js_sys::Promise, JsValue> {
        let (g, config) = (self.graph.clone(), run_config(config)?);
        let supersteps = state_updates(from_js(supersteps)?)
            .ok_or_else(|| errors::named("TypeError", "supersteps must be [{updates: [{values, asNode}]}]"))?;
        Ok(promise(async move { g.bulk_update_state(&config, supersteps).await.map(|c| to_js(&c)).map_err(|e| errors::to_js(&e)) }))
    }
}

fn state_updates(v: Value) -> Option<Vec<Vec<StateUpdate>>> {
    let Value::Array(steps) = v else { return None };
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        let Value::Array(updates) = step else { return None };
        let mut one = Vec::with_capacity(updates.len());
        for mut u in updates {
            let as_node = u.get("asNode").and_then(Value::as_str).map(String::from);
            // A Command given as the update: its routes, as the glue writes a node's Command's.
            let goto = match u.get_mut("goto").map(Value::take) {
                Some(Value::Array(targets)) => targets.into_iter().map(crate::functions::goto).collect::<Option<Vec<_>>>()?,
                _ => vec![],
            };
            one.push(StateUpdate { values: u.get_mut("values")?.take(), as_node, goto });
        }
        out.push(one);
    }
    Some(out)
}

pub fn snapshot_value(s: &StateSnapshot) -> Value {
    json!({
        "values": s.values,
        "next": s.next,
        "tasks": s.tasks.iter().map(|t| json!({
            "id": t.id, "name": t.name, "path": t.path, "interrupts": t.interrupts, "error": t.error, "errorClass": t.error_class,
            "state": t.state.as_ref().map(|st| snapshot_value(st)), "subgraphConfig": t.subgraph_config, "result": t.result,
        })).collect::<Vec<_>>(),
        "metadata": s.metadata,
        "config": s.config,
        "parentConfig": s.parent_config,
        "createdAt": s.created_at,
    })
}

fn snapshot_js(s: &StateSnapshot) -> JsValue {
    to_js(&snapshot_value(s))
}

/// A running stream: `next()` resolves to `{namespace, mode, data}` or null at the end.
#[wasm_bindgen]
pub struct JsRunStream {
    stream: Rc<RefCell<Option<RunStream>>>,
}

#[wasm_bindgen]
impl JsRunStream {
    /// The next part if it is ready now, `null` at the end, or `undefined` when
    /// the run waits on something (an async node): then call `next`. A
    /// synchronous superstep finishes within this one poll, and its parts cost
    /// no promise (the stream polls its tasks with a no-op waker first anyway;
    /// `next` polls them again with a real one).
    #[wasm_bindgen(js_name = nextNow)]
    pub fn next_now(&self) -> Result<JsValue, JsValue> {
        let Ok(mut cell) = self.stream.try_borrow_mut() else { return Ok(JsValue::UNDEFINED) };
        let Some(s) = cell.as_mut() else { return Ok(JsValue::UNDEFINED) };
        s.next().now_or_never().map_or(Ok(JsValue::UNDEFINED), part_or_end)
    }

    pub fn next(&self) -> js_sys::Promise {
        let cell = self.stream.clone();
        promise(async move {
            let Some(mut s) = cell.borrow_mut().take() else { return Ok(JsValue::NULL) };
            let item = s.next().await;
            *cell.borrow_mut() = Some(s);
            part_or_end(item)
        })
    }
}

/// A stream's next item as JS: the part, `null` at the end, or its error thrown.
fn part_or_end(item: Option<Result<superstep::pregel::StreamPart, superstep::Error>>) -> Result<JsValue, JsValue> {
    match item {
        None => Ok(JsValue::NULL),
        Some(Ok(p)) => Ok(crate::chunks::part(&p)),
        Some(Err(e)) => Err(errors::to_js(&e)),
    }
}

/// A run driven one superstep at a time.
#[wasm_bindgen]
pub struct JsStepper {
    stepper: Rc<RefCell<Option<Stepper>>>,
}

#[wasm_bindgen]
impl JsStepper {
    /// Runs one superstep; resolves to its snapshot.
    pub fn step(&self) -> js_sys::Promise {
        let cell = self.stepper.clone();
        promise(async move {
            let Some(mut s) = cell.borrow_mut().take() else { return Err(JsValue::from_str("stepper is busy")) };
            // Each input is converted before the barrier, while its values are the run's own.
            let inputs = Rc::new(RefCell::new(Vec::new()));
            let keep = inputs.clone();
            let snap = s.step_shared(Box::new(move |input| keep.borrow_mut().push(view_to_js(input)))).await;
            *cell.borrow_mut() = Some(s);
            let inputs = inputs.take();
            Ok(step_js(&snap, &inputs))
        })
    }

    #[wasm_bindgen(getter)]
    pub fn next(&self) -> Vec<String> {
        self.stepper.borrow().as_ref().map(Stepper::next_nodes).unwrap_or_default()
    }

    #[wasm_bindgen(getter)]
    pub fn state(&self) -> JsValue {
        self.stepper.borrow().as_ref().map(|s| view_to_js(&s.state_view())).unwrap_or(JsValue::NULL)
    }

    #[wasm_bindgen(getter, js_name = recursionLimit)]
    pub fn recursion_limit(&self) -> usize {
        self.stepper.borrow().as_ref().map(Stepper::recursion_limit).unwrap_or(0)
    }
}

/// A step's snapshot as JS, built field by field: the state and the task
/// inputs are converted from the run's shared values with the conversion
/// cache (`view_to_js`), so a step costs what changed, not the whole state.
fn step_js(shared: &SharedStep, inputs: &[JsValue]) -> JsValue {
    let s = &shared.snapshot;
    let outcome = match &s.outcome {
        Outcome::Continue => json!({"kind": "continue"}),
        // A root stepper drops a command to its (missing) parent.
        Outcome::Done | Outcome::ParentCommand(_) => json!({"kind": "done"}),
        Outcome::Interrupted(i) => json!({"kind": "interrupted", "interrupts": i}),
        Outcome::Error(e) => json!({"kind": "error", "error": {"name": e.class_name(), "message": e.to_string()}}),
    };
    let tasks: js_sys::Array = s
        .tasks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let writes: js_sys::Array = t.writes.iter().map(|(k, v)| js_sys::Array::of2(&JsValue::from_str(k), &to_js(v))).collect();
            let interrupts = if t.interrupts.is_empty() { js_sys::Array::new().into() } else { to_js_any(&t.interrupts) };
            object(&[
                ("id", JsValue::from_str(&t.id)),
                ("name", JsValue::from_str(&t.name)),
                ("path", JsValue::from_str(&t.path)),
                ("triggers", strings(&t.triggers)),
                ("input", inputs.get(i).cloned().unwrap_or(JsValue::NULL)),
                ("writes", writes.into()),
                ("error", t.error.as_deref().map_or(JsValue::NULL, JsValue::from_str)),
                ("interrupts", interrupts),
                ("cached", JsValue::from_bool(t.cached)),
            ])
        })
        .collect();
    object(&[
        ("step", JsValue::from_f64(s.step as f64)),
        ("tasks", tasks.into()),
        ("state", view_to_js(&shared.state)),
        ("changed", strings(&s.changed)),
        ("next", strings(&s.next)),
        ("outcome", to_js(&outcome)),
    ])
}
