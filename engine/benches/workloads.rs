//! Native benchmarks W1–W6, and W3p (W3 paused and resumed): µs per superstep or per task.
//! Prints a table and writes `target/bench/native.json` (medians).
//! Run with `cargo xtask bench` (or `cargo run --profile bench -p superstep --example workloads`):
//! the bench profile's speed with the release profile's panic = abort, as the engine ships.
use serde_json::{json, Value};
use std::time::Instant;
use superstep::checkpoint::{Checkpointer as _, Checkpointing, MemorySaver};
use superstep::*;

/// Median of `runs` timings of `f`, divided by `units`, in µs.
fn measure(runs: usize, units: usize, mut f: impl FnMut()) -> f64 {
    measure_part(runs, units, || {
        let t = Instant::now();
        f();
        t.elapsed()
    })
}

/// Like `measure`, but `f` times the part it wants measured itself.
fn measure_part(runs: usize, units: usize, mut f: impl FnMut() -> std::time::Duration) -> f64 {
    f(); // warm-up
    let mut times: Vec<f64> = (0..runs).map(|_| f().as_secs_f64() * 1e6 / units as f64).collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[times.len() / 2]
}

fn inc() -> graph::node::NodeFn {
    node(|s| Ok::<_, NodeError>(json!({"count": s.i64("count").unwrap_or(0) + 1})))
}

/// `n` nodes in a line, each `count += 1`.
fn chain(n: usize) -> StateGraph {
    let mut g = StateGraph::new().channel("count", Channel::last_value()).edge(START, "n0");
    for i in 0..n {
        g = g.node(format!("n{i}"), inc());
        if i > 0 {
            g = g.edge(format!("n{}", i - 1), format!("n{i}"));
        }
    }
    g
}

/// W1: 100 nodes in a line (W1x4000: 4000, to show a superstep's cost does not grow with the graph).
fn w1(n: usize, runs: usize) -> f64 {
    let g = chain(n).compile().unwrap();
    let cfg = RunConfig::default().recursion_limit(2 * n);
    measure(runs, n, || {
        let out = g.invoke_blocking(json!({"count": 0}), cfg.clone()).unwrap();
        assert_eq!(out["count"], n);
    })
}

/// Compiling a 4000-node line and drawing its Mermaid, in ms.
fn compile_and_draw(n: usize) -> f64 {
    measure_part(11, 1, || {
        let g = chain(n);
        let started = Instant::now();
        let drawn = g.compile().unwrap().draw_mermaid();
        let elapsed = started.elapsed();
        assert!(drawn.len() > n);
        elapsed
    }) / 1000.0
}

/// W2: one node looping through a conditional edge 1000 times.
fn w2() -> f64 {
    let g = StateGraph::new()
        .channel("count", Channel::last_value())
        .node("tick", inc())
        .edge(START, "tick")
        .conditional("tick", router(|s| Ok::<_, NodeError>(if s.i64("count").unwrap() >= 1000 { END } else { "tick" })), None)
        .compile()
        .unwrap();
    let cfg = RunConfig::default().recursion_limit(2000);
    measure(21, 1000, || {
        let out = g.invoke_blocking(json!({"count": 0}), cfg.clone()).unwrap();
        assert_eq!(out["count"], 1000);
    })
}

/// W3's graph: `Send` × n to workers appending to a list, then a reduce step.
/// With `pausing`, the first worker asks with `interrupt()`.
fn w3_graph(options: CompileOptions, pausing: bool) -> CompiledGraph {
    StateGraph::new()
        .channel("n", Channel::last_value())
        .channel("results", Channel::append())
        .channel("total", Channel::last_value())
        .node("split", node(|_| Ok::<_, NodeError>(json!({}))))
        .node(
            "work",
            node_rt(move |s, rt| {
                if pausing && s.i64("i") == Some(0) {
                    rt.interrupt(json!("ask"))?;
                }
                Ok::<_, NodeError>(json!({"results": [s.i64("i").unwrap() * 2]}))
            }),
        )
        .node("reduce", node(|s| Ok::<_, NodeError>(json!({"total": s.get("results").unwrap().as_array().unwrap().len()}))))
        .edge(START, "split")
        .conditional(
            "split",
            router(|s| Ok::<_, NodeError>((0..s.i64("n").unwrap()).map(|i| Send::new("work", json!({ "i": i }))).collect::<Vec<_>>())),
            None,
        )
        .edge("work", "reduce")
        .compile_with(options)
        .unwrap()
}

/// W3: `Send` × n to workers appending to a list, then a reduce step.
fn w3(n: usize) -> f64 {
    let g = w3_graph(CompileOptions::default(), false);
    measure(15, n, || {
        let out = g.invoke_blocking(json!({ "n": n }), RunConfig::default()).unwrap();
        assert_eq!(out["total"], n);
    })
}

/// W3 checkpointed, with one worker pausing: the run to the pause, its state,
/// and the resume, per task. Flat in n when saving and resuming a big paused
/// superstep stays linear.
fn w3_paused(n: usize) -> f64 {
    measure(7, n, || {
        let saver = std::rc::Rc::new(MemorySaver::new());
        let checkpointer = Checkpointing::Saver(saver as std::rc::Rc<dyn checkpoint::Checkpointer>);
        let g = w3_graph(CompileOptions { checkpointer, ..Default::default() }, true);
        let cfg = RunConfig::thread("w3p");
        assert!(g.invoke_blocking(json!({ "n": n }), cfg.clone()).unwrap().get("__interrupt__").is_some());
        assert_eq!(g.get_state_blocking(&cfg).unwrap().tasks.len(), n);
        assert_eq!(g.invoke_blocking(Command::resume(json!("ok")), cfg).unwrap()["total"], n);
    })
}

/// W4: 100 parallel nodes appending, joined by a waiting edge.
fn w4() -> f64 {
    let names: Vec<String> = (0..100).map(|i| format!("p{i:03}")).collect();
    let mut g = StateGraph::new()
        .channel("items", Channel::append())
        .channel("count", Channel::last_value())
        .node("fan", node(|_| Ok::<_, NodeError>(json!({}))))
        .node("join", node(|s| Ok::<_, NodeError>(json!({"count": s.get("items").unwrap().as_array().unwrap().len()}))))
        .edge(START, "fan");
    for (i, name) in names.iter().enumerate() {
        g = g.node(name.clone(), node(move |_| Ok::<_, NodeError>(json!({ "items": [i] })))).edge("fan", name.clone());
    }
    let g = g.join(names, "join").compile().unwrap();
    measure(31, 100, || {
        let out = g.invoke_blocking(json!({}), RunConfig::default()).unwrap();
        assert_eq!(out["count"], 100);
    })
}

fn main() {
    let mut results: Vec<(&str, f64, &str)> = vec![
        ("W1", w1(100, 31), "µs/superstep"),
        ("W1x4000", w1(4000, 11), "µs/superstep"),
        ("C4000", compile_and_draw(4000), "ms/graph"),
        ("W2", w2(), "µs/superstep"),
        ("W3x1000", w3(1000), "µs/task"),
        ("W3x3000", w3(3000), "µs/task"),
        ("W4", w4(), "µs/task"),
        ("W3px1000", w3_paused(1000), "µs/task"),
        ("W3px3000", w3_paused(3000), "µs/task"),
    ];
    results.extend(extra_workloads());
    println!("{:<12} {:>10}  unit", "workload", "median");
    for (name, v, unit) in &results {
        println!("{name:<12} {v:>10.3}  {unit}");
    }
    let json: serde_json::Map<String, Value> =
        results.iter().map(|(n, v, _)| (n.to_string(), json!((v * 1000.0).round() / 1000.0))).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/bench");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("native.json"), serde_json::to_string_pretty(&json).unwrap()).unwrap();
    println!("wrote target/bench/native.json");
}

/// W2's loop as a graph, optionally checkpointed.
fn looping(saver: Option<std::rc::Rc<MemorySaver>>, env: Env) -> CompiledGraph {
    let checkpointer = saver.map(|s| Checkpointing::Saver(s as std::rc::Rc<dyn checkpoint::Checkpointer>)).unwrap_or_default();
    StateGraph::new()
        .channel("count", Channel::last_value())
        .node("tick", inc())
        .edge(START, "tick")
        .conditional("tick", router(|s| Ok::<_, NodeError>(if s.i64("count").unwrap() >= 1000 { END } else { "tick" })), None)
        .compile_with(CompileOptions { checkpointer, env, ..Default::default() })
        .unwrap()
}

/// W5: W2 with the memory saver and a thread id.
fn w5() -> f64 {
    let env = Env::default();
    let cfg = RunConfig::thread("w5").recursion_limit(2000);
    measure_part(15, 1000, || {
        // A fresh saver per run keeps every run the same length; building and
        // dropping it (and the graph) is not part of a superstep.
        let g = looping(Some(std::rc::Rc::new(MemorySaver::new())), env.clone());
        let started = std::time::Instant::now();
        let out = g.invoke_blocking(json!({"count": 0}), cfg.clone()).unwrap();
        let elapsed = started.elapsed();
        assert_eq!(out["count"], 1000);
        elapsed
    })
}

/// W6: a `messages` list with an append reducer, starting with `n` strings;
/// 500 steps each append one string, with the saver. Returns (µs/step, bytes/checkpoint).
fn w6(n: usize) -> (f64, f64) {
    let seed: Vec<Value> = (0..n).map(|i| json!(format!("message {i}"))).collect();
    let env = Env::default();
    let build = |saver: std::rc::Rc<MemorySaver>| {
        StateGraph::new()
            .channel("messages", Channel::append())
            .channel("step", Channel::last_value())
            .node(
                "chat",
                node(|s| {
                    Ok::<_, NodeError>(
                        json!({"messages": [format!("reply {}", s.i64("step").unwrap())], "step": s.i64("step").unwrap() + 1}),
                    )
                }),
            )
            .edge(START, "chat")
            .conditional("chat", router(|s| Ok::<_, NodeError>(if s.i64("step").unwrap() >= 500 { END } else { "chat" })), None)
            .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), env: env.clone(), ..Default::default() })
            .unwrap()
    };
    let cfg = RunConfig::thread("w6").recursion_limit(1000);
    let mut bytes = 0.0;
    let per_step = measure_part(7, 500, || {
        let saver = std::rc::Rc::new(MemorySaver::new());
        let g = build(saver.clone());
        let input = json!({"messages": seed.clone(), "step": 0});
        let mut stepper = g.stepper_blocking(input, cfg.clone()).unwrap();
        // Taking in the seed list (the input checkpoint and the START superstep) is
        // set-up proportional to N, not part of the loop.
        futures::executor::block_on(stepper.tick());
        let started = Instant::now();
        loop {
            let tick = futures::executor::block_on(stepper.tick());
            if tick.outcome != Outcome::Continue {
                break;
            }
        }
        let elapsed = started.elapsed();
        let history =
            futures::executor::block_on(saver.list("w6", "", checkpoint::ListFilter { limit: Some(1), ..Default::default() })).unwrap();
        bytes = MemorySaver::stored_bytes(&history[0].checkpoint) as f64;
        assert_eq!(history[0].values.get("messages").and_then(serde_json::Value::as_array).unwrap().len(), n + 500);
        elapsed
    });
    (per_step, bytes)
}

fn extra_workloads() -> Vec<(&'static str, f64, &'static str)> {
    let (w6_0, b0) = w6(0);
    let (w6_10k, b10k) = w6(10_000);
    let (w6_100k, b100k) = w6(100_000);
    vec![
        ("W5", w5(), "µs/superstep"),
        ("W6n0", w6_0, "µs/step"),
        ("W6n10000", w6_10k, "µs/step"),
        ("W6n100000", w6_100k, "µs/step"),
        ("W6n0_bytes", b0, "bytes/checkpoint"),
        ("W6n10000_bytes", b10k, "bytes/checkpoint"),
        ("W6n100000_bytes", b100k, "bytes/checkpoint"),
    ]
}
