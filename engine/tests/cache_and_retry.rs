//! Node caching (the seeds' expensive_node) and retry policies.
mod common;
use common::*;
use serde_json::json;
use std::cell::Cell;
use std::rc::Rc;
use superstep::*;

fn expensive(calls: Rc<Cell<u32>>, ttl: Option<f64>, env: Env) -> CompiledGraph {
    last(&["x", "result"])
        .add_node(
            NodeSpec::new(
                "expensive_node",
                node(move |s| {
                    calls.set(calls.get() + 1);
                    Ok::<_, NodeError>(json!({"result": s.i64("x").unwrap() * 2}))
                }),
            )
            .cache(CachePolicy { key: None, ttl }),
        )
        .entry_point("expensive_node")
        .finish_point("expensive_node")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), env, ..Default::default() })
        .unwrap()
}

#[test]
fn second_run_uses_the_cache_and_flags_it() {
    let calls = Rc::new(Cell::new(0));
    let g = expensive(calls.clone(), Some(3.0), Env::default());
    assert_eq!(updates(&g, json!({"x": 5})), vec![json!({"expensive_node": {"result": 10}})]);
    assert_eq!(updates(&g, json!({"x": 5})), vec![json!({"expensive_node": {"result": 10}, "__metadata__": {"cached": true}})]);
    assert_eq!(calls.get(), 1);
    // As LangGraph.js: a cache hit starts its task but reports no task result.
    let parts = g.stream_blocking(json!({"x": 5}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    let results = parts.iter().filter(|p| p.data.get("result").is_some()).count();
    assert_eq!((parts.len(), results), (1, 0));
    assert_eq!(run(&g, json!({"x": 6}))["result"], json!(12));
    assert_eq!(calls.get(), 2);
}

#[test]
fn cache_entries_expire_after_ttl_by_the_injected_clock() {
    let clock = Rc::new(env::LogicalClock::default());
    let env = Env { clock: clock.clone(), ..Env::default() };
    let calls = Rc::new(Cell::new(0));
    let g = expensive(calls.clone(), Some(3.0), env);
    run(&g, json!({"x": 5}));
    run(&g, json!({"x": 5}));
    assert_eq!(calls.get(), 1);
    // The ttl is in seconds: two of them later the entry still serves.
    clock.advance(2_000.0);
    run(&g, json!({"x": 5}));
    assert_eq!(calls.get(), 1);
    clock.advance(1_500.0);
    run(&g, json!({"x": 5}));
    assert_eq!(calls.get(), 2);
}

#[test]
fn custom_cache_key_ignores_other_input() {
    let calls = Rc::new(Cell::new(0));
    let c = calls.clone();
    let key: graph::node::CacheKeyFn = Rc::new(|input| input["x"].to_string());
    let g = last(&["x", "noise", "y"])
        .add_node(
            NodeSpec::new(
                "n",
                node(move |s| {
                    c.set(c.get() + 1);
                    Ok::<_, NodeError>(json!({"y": format!("{}/{}", s.i64("x").unwrap(), s.str("noise").unwrap())}))
                }),
            )
            .cache(CachePolicy { key: Some(key), ttl: None }),
        )
        .edge(START, "n")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    assert_eq!(run(&g, json!({"x": 1, "noise": "first"}))["y"], "1/first");
    assert_eq!(run(&g, json!({"x": 1, "noise": "second"}))["y"], "1/first");
    assert_eq!(calls.get(), 1);
}

fn flaky(fail_times: u32, policy: RetryPolicy, calls: Rc<Cell<u32>>) -> CompiledGraph {
    last(&["ok"])
        .add_node(
            NodeSpec::new(
                "flaky",
                node(move |_| {
                    calls.set(calls.get() + 1);
                    if calls.get() <= fail_times {
                        Err(NodeError::Failed {
                            message: "timeout".into(),
                            kind: Some("Timeout".into()),
                            class: Some("TimeoutError".into()),
                        })
                    } else {
                        Ok(json!({"ok": true}))
                    }
                }),
            )
            .retry(policy),
        )
        .edge(START, "flaky")
        .compile()
        .unwrap()
}

#[test]
fn retry_policy_retries_up_to_max_attempts() {
    let calls = Rc::new(Cell::new(0));
    assert_eq!(run(&flaky(2, RetryPolicy::default(), calls.clone()), json!({}))["ok"], json!(true));
    assert_eq!(calls.get(), 3);
    let calls = Rc::new(Cell::new(0));
    let err = flaky(5, RetryPolicy::default(), calls.clone()).invoke_blocking(json!({}), RunConfig::default()).unwrap_err();
    assert_eq!(err, Error::Node { node: "flaky".into(), message: "timeout".into(), class: Some("TimeoutError".into()) });
    assert_eq!(calls.get(), 3);
}

#[test]
fn retry_only_on_listed_error_kinds_with_backoff() {
    let calls = Rc::new(Cell::new(0));
    let policy = RetryPolicy { retry_on: Some(vec!["RateLimit".into()]), ..Default::default() };
    assert!(flaky(1, policy, calls.clone()).invoke_blocking(json!({}), RunConfig::default()).is_err());
    assert_eq!(calls.get(), 1);
    let p = RetryPolicy::default();
    assert_eq!((p.interval(1), p.interval(2), p.interval(3)), (0.5, 1.0, 2.0));
}

#[test]
fn a_cached_command_still_dispatches_its_sends() {
    let calls = Rc::new(Cell::new(0));
    let c = calls.clone();
    let g = StateGraph::new()
        .channel("out", Channel::append())
        .add_node(
            NodeSpec::new(
                "fan",
                node(move |_| {
                    c.set(c.get() + 1);
                    let sends = [1, 2].map(|x| Goto::Send(Send::new("work", json!({ "x": x }))));
                    Ok::<_, NodeError>(Command { goto: sends.to_vec(), ..Default::default() })
                }),
            )
            .ends(["work"])
            .cache(CachePolicy { key: None, ttl: None }),
        )
        .node("work", node(|s| Ok::<_, NodeError>(json!({"out": [s.i64("x").unwrap() * 10]}))))
        .edge(START, "fan")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    assert_eq!(run(&g, json!({}))["out"], json!([10, 20]));
    assert_eq!(run(&g, json!({}))["out"], json!([10, 20]));
    assert_eq!(calls.get(), 1);
}

#[test]
fn cache_hits_are_served_before_any_task_of_the_superstep_runs() {
    // As LangGraph.js: a step's hits stream their updates first (in task order), then
    // the tasks that run; before, a hit came out where the poll reached it.
    let g = last(&["a", "n", "z"])
        .node("a", node(|_| Ok::<_, NodeError>(json!({"a": 1}))))
        .add_node(NodeSpec::new("n", node(|_| Ok::<_, NodeError>(json!({"n": 1})))).cache(CachePolicy { key: None, ttl: None }))
        .add_node(NodeSpec::new("z", node(|_| Ok::<_, NodeError>(json!({"z": 1})))).cache(CachePolicy { key: None, ttl: None }))
        .edge(START, "a")
        .edge(START, "n")
        .edge(START, "z")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    let names = |chunks: Vec<serde_json::Value>| -> Vec<String> {
        chunks.iter().map(|c| c.as_object().unwrap().keys().find(|k| *k != "__metadata__").unwrap().clone()).collect()
    };
    assert_eq!(names(updates(&g, json!({}))), ["a", "n", "z"]);
    assert_eq!(names(updates(&g, json!({}))), ["n", "z", "a"]);
}

#[test]
fn equal_calls_in_one_superstep_all_run_as_the_cache_is_read_once_before_it() {
    // As LangGraph.js: the superstep reads the cache once, before any task runs,
    // so two Sends with equal input both run although the first fills the cache.
    let calls = Rc::new(Cell::new(0));
    let c = calls.clone();
    let g = StateGraph::new()
        .channel("out", Channel::append())
        .add_node(
            NodeSpec::new(
                "fan",
                node(|_| {
                    Ok::<_, NodeError>(Command { goto: vec![Goto::Send(Send::new("work", json!({"x": 1}))); 2], ..Default::default() })
                }),
            )
            .ends(["work"]),
        )
        .add_node(
            NodeSpec::new(
                "work",
                node(move |s| {
                    c.set(c.get() + 1);
                    Ok::<_, NodeError>(json!({"out": [s.i64("x").unwrap() * 10]}))
                }),
            )
            .cache(CachePolicy { key: None, ttl: None }),
        )
        .edge(START, "fan")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    assert_eq!(run(&g, json!({}))["out"], json!([10, 10]));
    assert_eq!(calls.get(), 2);
    assert_eq!(run(&g, json!({}))["out"], json!([10, 10]));
    assert_eq!(calls.get(), 2);
}

#[test]
fn a_custom_key_function_is_called_once_per_task_hit_or_miss() {
    // As LangGraph.js: one lookup per task, whose key the miss then stores under.
    let keys = Rc::new(Cell::new(0));
    let k = keys.clone();
    let key: graph::node::CacheKeyFn = Rc::new(move |input| {
        k.set(k.get() + 1);
        input["x"].to_string()
    });
    let g = last(&["x", "y"])
        .add_node(
            NodeSpec::new("n", node(|s| Ok::<_, NodeError>(json!({"y": s.i64("x").unwrap() + 1}))))
                .cache(CachePolicy { key: Some(key), ttl: None }),
        )
        .edge(START, "n")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), ..Default::default() })
        .unwrap();
    assert_eq!(run(&g, json!({"x": 1}))["y"], 2);
    assert_eq!(keys.get(), 1);
    assert_eq!(run(&g, json!({"x": 1}))["y"], 2);
    assert_eq!(keys.get(), 2);
}

#[test]
fn a_task_calls_cached_result_serves_other_runs_until_its_ttl_and_apart_from_other_calls() {
    // What the JS package's `task()` with a cache policy does through the runtime.
    let clock = Rc::new(env::LogicalClock::default());
    let env = Env { clock: clock.clone(), ..Env::default() };
    let calls = Rc::new(Cell::new(0));
    let counted = calls.clone();
    let g = last(&["x", "result"])
        .node(
            "n",
            node_rt(move |s, rt| {
                let x = s.i64("x").unwrap();
                let key = x.to_string();
                let mut out = vec![];
                for name in ["double", "triple"] {
                    let (index, kept) = rt.begin_call(name, json!(x));
                    assert!(kept.is_none(), "a fresh run keeps nothing");
                    let v = match rt.cached_call(name, &key) {
                        Some(v) => {
                            rt.finish_call_cached(index, name, v.clone());
                            v
                        }
                        None => {
                            counted.set(counted.get() + 1);
                            let v = json!(x * if name == "double" { 2 } else { 3 });
                            rt.cache_call(name, &key, v.clone(), Some(60.0));
                            rt.finish_call(index, name, v.clone());
                            v
                        }
                    };
                    out.push(v);
                }
                Ok::<_, NodeError>(json!({ "result": out }))
            }),
        )
        .edge(START, "n")
        .compile_with(CompileOptions { cache: Some(Rc::new(InMemoryCache::new())), env, ..Default::default() })
        .unwrap();
    let updates = |x: i64| g.stream_blocking(json!({ "x": x }), RunConfig::default().modes(&[StreamMode::Updates])).unwrap();
    let cached = |parts: &[StreamPart]| parts.iter().filter(|p| p.data["__metadata__"]["cached"] == json!(true)).count();
    assert_eq!(cached(&updates(5)), 0);
    assert_eq!(calls.get(), 2);
    // Each call keeps its own result: a second run gets both from the cache.
    assert_eq!(run(&g, json!({"x": 5}))["result"], json!([10, 15]));
    assert_eq!(calls.get(), 2);
    clock.advance(59_000.0);
    assert_eq!(cached(&updates(5)), 2, "both calls stream as cached updates");
    assert_eq!(calls.get(), 2);
    clock.advance(2_000.0);
    assert_eq!(run(&g, json!({"x": 5}))["result"], json!([10, 15]));
    assert_eq!(calls.get(), 4, "expired after its 60 seconds");
    assert_eq!(run(&g, json!({"x": 6}))["result"], json!([12, 18]));
    assert_eq!(calls.get(), 6);
    // Each call is a task of its own in the tasks stream, with an id of its own.
    let parts = g.stream_blocking(json!({"x": 7}), RunConfig::default().modes(&[StreamMode::Tasks])).unwrap();
    let mut ids: Vec<String> =
        parts.iter().filter(|p| p.data.get("input").is_some()).map(|p| p.data["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(ids.len(), 3, "the node and its two calls");
    assert!(ids.iter().all(|id| !id.is_empty()));
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3);
}

#[test]
fn a_node_sees_its_attempt_and_its_first_attempts_time_across_retries() {
    // (attempt, first attempt's time, checkpoint id) as each attempt saw them.
    type Seen = (u32, Option<f64>, String);
    let seen: Rc<std::cell::RefCell<Vec<Seen>>> = Rc::default();
    let log = seen.clone();
    let g = last(&["ok"])
        .add_node(
            NodeSpec::new(
                "flaky",
                node_rt(move |_s, rt| {
                    log.borrow_mut().push((rt.attempt(), rt.first_attempt_ms(), rt.checkpoint_id().to_string()));
                    if log.borrow().len() < 3 {
                        return Err(NodeError::Failed { message: "timeout".into(), kind: Some("Timeout".into()), class: None });
                    }
                    Ok(json!({"ok": true}))
                }),
            )
            .retry(RetryPolicy::default()),
        )
        .node("plain", node_rt(|_s, rt| Ok::<_, NodeError>(json!({"ok": [rt.attempt(), rt.first_attempt_ms()]}))))
        .edge(START, "flaky")
        .edge("flaky", "plain")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({}))["ok"], json!([1, null]), "a node without a retry policy reads no clock");
    let seen = seen.borrow();
    assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(seen[0].1.is_some() && seen.iter().all(|s| s.1 == seen[0].1 && s.2 == seen[0].2));
}
