//! Documents to graphs: the built-in node kinds and rule routers, in Rust, so
//! they run natively too. `code` nodes and routers come from a `CodeHost`
//! (the JS runtime in the wasm build); without one they fail with a clear error.
use super::expr::{eval, parse, Expr, Template};
use super::{ExampleDoc, GraphDoc, NodeDoc, RouterDoc, SendDoc};
use crate::checkpoint::{Checkpointing, MemorySaver};
use crate::error::Error;
use crate::graph::node::{node_rt, router, BranchSpec, CachePolicy, NodeFn, NodeSpec, RetryPolicy, RouterFn};
use crate::pregel::subgraph_node;
use crate::{Channel, Command, CompileOptions, CompiledGraph, Goto, NodeError, NodeOutput, Reducer, RunConfig, Send, State, StateGraph};
use futures::FutureExt;
use serde_json::{Map, Value};
use std::rc::Rc;

/// Supplies `code` nodes and routers (JS function bodies or named functions).
pub trait CodeHost {
    fn node(&self, id: &str, code: Option<&str>, function: Option<&str>) -> Option<NodeFn>;
    fn router(&self, from: &str, code: Option<&str>, function: Option<&str>) -> Option<RouterFn>;
}

/// No JS runtime: code runs nowhere.
pub struct NoCode;

impl CodeHost for NoCode {
    fn node(&self, _: &str, _: Option<&str>, _: Option<&str>) -> Option<NodeFn> {
        None
    }
    fn router(&self, _: &str, _: Option<&str>, _: Option<&str>) -> Option<RouterFn> {
        None
    }
}

fn lookup(s: &State) -> impl Fn(&str) -> Option<Value> + '_ {
    move |k| s.get(k).cloned()
}

fn doc_err(path: String, message: String) -> Error {
    Error::Document { problems: vec![format!("{path}: {message}")] }
}

fn expr_at(path: &str, src: &Value) -> Result<Expr, Error> {
    let s = src.as_str().ok_or_else(|| doc_err(path.into(), "expected an expression".into()))?;
    parse(s).map_err(|e| doc_err(path.into(), e.to_string()))
}

/// A setting value: a template when it is a string with `{{`, else a literal.
enum Setting {
    Literal(Value),
    Template(Template),
}

impl Setting {
    fn new(path: &str, v: &Value) -> Result<Setting, Error> {
        match v.as_str() {
            Some(s) if s.contains("{{") => Template::parse(s).map(Setting::Template).map_err(|e| doc_err(path.into(), e.to_string())),
            _ => Ok(Setting::Literal(v.clone())),
        }
    }
    fn value(&self, s: &State) -> Result<Value, NodeError> {
        match self {
            Setting::Literal(v) => Ok(v.clone()),
            Setting::Template(t) => t.render(&lookup(s)).map_err(NodeError::msg),
        }
    }
}

fn targets_of(v: &Value) -> Vec<String> {
    targets(v.clone())
        .into_iter()
        .filter_map(|g| match g {
            Goto::Node(n) => Some(n),
            Goto::Send(_) => None,
        })
        .collect()
}

fn targets(v: Value) -> Vec<Goto> {
    match v {
        Value::String(s) => vec![Goto::Node(s)],
        Value::Array(a) => a.into_iter().flat_map(targets).collect(),
        Value::Null => vec![],
        other => vec![Goto::Node(super::expr::text(&other))],
    }
}

/// Wraps an update: with a `goto` expression the node returns a Command. The
/// goto reads what the update sets (an interrupt node's answer, say) over the
/// state, as code deciding its Command after computing its update would.
fn output(update: Map<String, Value>, goto: &Option<Expr>, s: &State) -> Result<NodeOutput, NodeError> {
    match goto {
        None => Ok(NodeOutput::Update(Value::Object(update))),
        Some(g) => {
            let read = |k: &str| update.get(k).cloned().or_else(|| s.get(k).cloned());
            let goto = targets(eval(g, &read).map_err(NodeError::msg)?);
            Ok(NodeOutput::Command(Command { update: Some(Value::Object(update)), goto, ..Default::default() }))
        }
    }
}

fn kind_node(doc: &GraphDoc, n: &NodeDoc, p: &str, host: &dyn CodeHost) -> Result<NodeSpec, Error> {
    let get = |k: &str| n.settings.get(k);
    let goto = get("goto").map(|g| expr_at(&format!("{p}.goto"), g)).transpose()?;
    let action: NodeFn = match n.kind.as_str() {
        "set" => {
            let values: Vec<(String, Setting)> = get("values")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(k, v)| Ok((k.clone(), Setting::new(&format!("{p}.values.{k}"), v)?)))
                .collect::<Result<_, Error>>()?;
            node_rt(move |s, _| {
                let mut m = Map::new();
                for (k, v) in &values {
                    m.insert(k.clone(), v.value(s)?);
                }
                output(m, &goto, s)
            })
        }
        "update" => {
            let exprs: Vec<(String, Expr)> = get("exprs")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(k, v)| Ok((k.clone(), expr_at(&format!("{p}.exprs.{k}"), v)?)))
                .collect::<Result<_, Error>>()?;
            node_rt(move |s, _| {
                let mut m = Map::new();
                for (k, e) in &exprs {
                    m.insert(k.clone(), eval(e, &lookup(s)).map_err(NodeError::msg)?);
                }
                output(m, &goto, s)
            })
        }
        "interrupt" => {
            let key = get("key").and_then(Value::as_str).unwrap_or("answer").to_string();
            let prompt = Setting::new(&format!("{p}.prompt"), get("prompt").unwrap_or(&Value::Null))?;
            node_rt(move |s, rt| {
                let answer = rt.interrupt(prompt.value(s)?)?;
                let mut m = Map::new();
                m.insert(key.clone(), answer);
                output(m, &goto, s)
            })
        }
        "send" => {
            let fan_out = FanOut {
                over: expr_at(&format!("{p}.over"), get("over").unwrap_or(&Value::Null))?,
                node: get("node").and_then(Value::as_str).unwrap_or_default().to_string(),
                item: get("as").and_then(Value::as_str).unwrap_or("item").to_string(),
            };
            node_rt(move |s, _| Ok::<_, NodeError>(NodeOutput::Command(Command { goto: fan_out.sends(s)?, ..Default::default() })))
        }
        "subgraph" => return subgraph_kind(doc, n, p, host),
        "code" => {
            let code = get("code").and_then(Value::as_str);
            let function = get("fn").and_then(Value::as_str);
            match host.node(&n.id, code, function) {
                Some(f) => f,
                None => {
                    let id = n.id.clone();
                    node_rt(move |_, _| -> Result<NodeOutput, NodeError> {
                        Err(NodeError::msg(format!(
                            "code node `{id}` needs a JS runtime (run this graph through the JS package or the editor)"
                        )))
                    })
                }
            }
        }
        other => return Err(doc_err(format!("{p}.kind"), format!("unknown node kind {}", super::quoted(other)))),
    };
    Ok(NodeSpec::new(n.id.clone(), action))
}

/// A `subgraph` node: shared keys (no mappings), or mapped input and output.
fn subgraph_kind(doc: &GraphDoc, n: &NodeDoc, p: &str, host: &dyn CodeHost) -> Result<NodeSpec, Error> {
    let name = n.settings.get("graph").and_then(Value::as_str).unwrap_or_default();
    let sub_doc = doc.subgraphs.get(name).ok_or_else(|| doc_err(format!("{p}.graph"), format!("no subgraph {}", super::quoted(name))))?;
    let sub = build(sub_doc, host, CompileOptions::default())?;
    let mapping = |k: &str| -> Result<Option<Vec<(String, Expr)>>, Error> {
        n.settings
            .get(k)
            .and_then(Value::as_object)
            .map(|m| m.iter().map(|(key, e)| Ok((key.clone(), expr_at(&format!("{p}.{k}.{key}"), e)?))).collect())
            .transpose()
    };
    let (input, out) = (mapping("input")?, mapping("output")?);
    if input.is_none() && out.is_none() {
        return Ok(subgraph_node(n.id.clone(), sub));
    }
    let child = sub.clone();
    let action: NodeFn = Rc::new(move |s: State, rt: crate::Runtime| {
        let (sub, input, out) = (child.clone(), input.clone(), out.clone());
        crate::graph::node::Call::Later(
            async move {
                let sub_input = match &input {
                    Some(m) => {
                        let mut obj = Map::new();
                        for (k, e) in m {
                            obj.insert(k.clone(), eval(e, &lookup(&s)).map_err(NodeError::msg)?);
                        }
                        Value::Object(obj)
                    }
                    None => s.to_value(),
                };
                let result = rt.invoke_graph(&sub, sub_input).await?;
                let update = match &out {
                    Some(m) => {
                        let view = State::from_value(result);
                        let mut obj = Map::new();
                        for (k, e) in m {
                            obj.insert(k.clone(), eval(e, &lookup(&view)).map_err(NodeError::msg)?);
                        }
                        Value::Object(obj)
                    }
                    // A subgraph that showed no state returns nothing: no update.
                    None if result.is_null() => Value::Object(Map::new()),
                    None => result,
                };
                Ok(NodeOutput::Update(update))
            }
            .boxed_local(),
        )
    });
    let mut spec = NodeSpec::new(n.id.clone(), action);
    spec.subgraph = Some(sub);
    Ok(spec)
}

/// One `Send` to `node` per item of the list `over` gives, the item under `item`.
struct FanOut {
    over: Expr,
    node: String,
    item: String,
}

impl FanOut {
    fn sends(&self, s: &State) -> Result<Vec<Goto>, NodeError> {
        let items = match eval(&self.over, &lookup(s)).map_err(NodeError::msg)? {
            Value::Array(a) => a,
            Value::Null => vec![],
            other => vec![other],
        };
        let send = |x| Goto::Send(Send::new(self.node.clone(), Value::Object(Map::from_iter([(self.item.clone(), x)]))));
        Ok(items.into_iter().map(send).collect())
    }
}

fn send_router(send: &SendDoc, p: &str) -> Result<RouterFn, Error> {
    let fan_out = FanOut {
        over: expr_at(&format!("{p}.send.over"), &Value::String(send.over.clone()))?,
        node: send.node.clone(),
        item: send.item.clone(),
    };
    Ok(router(move |s| fan_out.sends(s)))
}

fn rule_router(r: &RouterDoc, p: &str) -> Result<RouterFn, Error> {
    let rules: Vec<(Expr, Value)> = r
        .rules
        .iter()
        .enumerate()
        .map(|(i, rule)| Ok((expr_at(&format!("{p}.rules[{i}].when"), &Value::String(rule.when.clone()))?, rule.to.clone())))
        .collect::<Result<_, Error>>()?;
    let otherwise = r.otherwise.clone().unwrap_or(Value::String(crate::END.into()));
    Ok(router(move |s| {
        for (when, to) in &rules {
            if super::expr::truthy(&eval(when, &lookup(s)).map_err(NodeError::msg)?) {
                return Ok::<_, NodeError>(targets(to.clone()));
            }
        }
        Ok(targets(otherwise.clone()))
    }))
}

/// Builds a document's graph. `options` adds savers, cache and environment.
pub fn build(doc: &GraphDoc, host: &dyn CodeHost, mut options: CompileOptions) -> Result<CompiledGraph, Error> {
    let mut g = StateGraph::new().name(doc.name.clone());
    for ch in &doc.channels {
        let reducer = Reducer::builtin(&ch.reducer)
            .ok_or_else(|| doc_err(format!("channel {}", ch.key), format!("unknown reducer {}", ch.reducer)))?;
        let c = Channel { reducer, default: ch.default.clone(), untracked: ch.untracked };
        g = if ch.role == "private" { g.private_channel(ch.key.clone(), c) } else { g.channel(ch.key.clone(), c) };
    }
    if let Some(i) = &doc.input {
        g = g.input_keys(i.clone());
    }
    if let Some(o) = &doc.output {
        g = g.output_keys(o.clone());
    }
    if let Some(k) = &doc.remaining_steps {
        g = g.remaining_steps(k.clone());
    }
    for (i, n) in doc.nodes.iter().enumerate() {
        let p = format!("$.nodes[{i}]");
        let mut spec = kind_node(doc, n, &p, host)?;
        let strings = |k: &str| {
            n.settings.get(k).and_then(Value::as_array).map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect::<Vec<_>>())
        };
        spec.input = strings("input");
        spec.ends = strings("ends").unwrap_or_default();
        if n.kind == "send" {
            spec.ends.extend(n.settings.get("node").and_then(Value::as_str).map(str::to_string));
        }
        if let Some(c) = n.settings.get("cache") {
            spec.cache = Some(CachePolicy { key: None, ttl: c.get("ttl").and_then(Value::as_f64) });
        }
        if let Some(r) = n.settings.get("retry") {
            let d = RetryPolicy::default();
            spec.retry = Some(RetryPolicy {
                max_attempts: r.get("maxAttempts").and_then(Value::as_u64).map(|x| x as u32).unwrap_or(d.max_attempts),
                initial_interval: r.get("initialInterval").and_then(Value::as_f64).unwrap_or(d.initial_interval),
                ..d
            });
        }
        spec.defer = n.settings.get("defer").and_then(Value::as_bool).unwrap_or(false);
        spec.metadata = serde_json::json!({ "kind": n.kind });
        g = g.add_node(spec);
    }
    for e in &doc.edges {
        g = match &e.from {
            Value::Array(froms) => g.join(froms.iter().filter_map(|f| f.as_str().map(str::to_string)), e.to.clone()),
            other => g.edge(other.as_str().unwrap_or_default().to_string(), e.to.clone()),
        };
    }
    for (i, r) in doc.routers.iter().enumerate() {
        let p = format!("$.routers[{i}]");
        let f = if let Some(send) = &r.send {
            send_router(send, &p)?
        } else if r.code.is_some() || r.function.is_some() {
            host.router(&r.from, r.code.as_deref(), r.function.as_deref())
                .ok_or_else(|| doc_err(p.clone(), "code routers need a JS runtime".into()))?
        } else {
            rule_router(r, &p)?
        };
        // Rule routers know every target they can return: drawing and checks use them as the path map.
        let path_map = match (&r.paths, &r.send) {
            (Some(m), _) => Some(m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            (None, Some(send)) => Some(vec![(send.node.clone(), send.node.clone())]),
            (None, None) if r.code.is_none() && r.function.is_none() => {
                let mut targets: Vec<String> =
                    r.rules.iter().map(|x| x.to.clone()).chain(r.otherwise.clone()).flat_map(|t| targets_of(&t)).collect();
                if r.otherwise.is_none() {
                    targets.push(crate::END.to_string());
                }
                crate::order::sort_by(&mut targets, &|a, b| a.cmp(b));
                targets.dedup();
                Some(targets.into_iter().map(|t| (t.clone(), t)).collect())
            }
            (None, None) => None,
        };
        g = g.branch(BranchSpec { source: r.from.clone(), router: f, path_map, metadata: serde_json::to_value(r).unwrap_or_default() });
    }
    options.interrupt_before.extend(doc.compile.interrupt_before.iter().cloned());
    options.interrupt_after.extend(doc.compile.interrupt_after.iter().cloned());
    options.name.get_or_insert_with(|| doc.name.clone());
    g.compile_with(options)
}

/// Runs a documented example: its input, then each resume value; returns the final output.
pub async fn run_example(doc: &GraphDoc, example: &ExampleDoc, host: &dyn CodeHost) -> Result<Value, Error> {
    let saver = Rc::new(MemorySaver::new());
    let graph = build(doc, host, CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })?;
    let mut config = RunConfig::thread("example");
    if let Some(l) = example.recursion_limit.or(doc.compile.recursion_limit) {
        config.recursion_limit = l;
    }
    let mut out = graph.invoke(example.input.clone(), config.clone()).await?;
    for r in &example.resume {
        out = graph.invoke(Command::resume(r.clone()), config.clone()).await?;
    }
    Ok(out)
}
