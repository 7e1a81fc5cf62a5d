//! Subgraphs over several runs and through their callers' settings: resuming
//! from the newest checkpoint, snapshots of tasks not started, a call's own
//! configurable and recursion limit, and a subgraph streamed by its node.
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::checkpoint::{Checkpointing, MemorySaver};
use superstep::*;

#[test]
fn resuming_through_the_newest_checkpoints_config_resumes_the_subgraph_where_it_paused() {
    // A UI resumes with the config `get_state` gave, which names the newest checkpoint:
    // that is no time travel, so the subgraph goes on from its pause (as LangGraph.js 1.7.3).
    let first_runs = Rc::new(std::cell::Cell::new(0));
    let counted = first_runs.clone();
    let sub = StateGraph::new()
        .channel("path", Channel::append())
        .node(
            "first",
            node(move |_| {
                counted.set(counted.get() + 1);
                Ok::<_, NodeError>(json!({"path": ["first"]}))
            }),
        )
        .node("ask", node_rt(|_, rt| Ok::<_, NodeError>(json!({"path": [rt.interrupt(json!("v?"))?]}))))
        .edge(START, "first")
        .edge("first", "ask")
        .compile()
        .unwrap();
    let s = Rc::new(MemorySaver::new());
    let g =
        StateGraph::new().channel("path", Channel::append()).subgraph("sub", sub).edge(START, "sub").compile_with(storing_in(&s)).unwrap();
    let cfg = RunConfig::thread("t");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let mut newest = cfg.clone();
    let id = g.get_state_blocking(&cfg).unwrap().config["configurable"]["checkpoint_id"].clone();
    newest.configurable.insert("checkpoint_id".into(), id);
    let out = g.invoke_blocking(Command::resume(json!("yes")), newest).unwrap();
    assert_eq!((out["path"].clone(), first_runs.get()), (json!(["first", "yes"]), 1));
}

#[test]
fn a_subgraph_task_not_started_shows_an_empty_state_unless_its_graph_keeps_no_checkpoints() {
    // Paused before the subgraph node runs: LangGraph.js shows its state empty, or
    // none at all for a subgraph compiled with `checkpointer: false`.
    let shown = |checkpointer: Checkpointing| {
        let sub = last(&["foo"])
            .node("inner", node(|_| Ok::<_, NodeError>(json!({"foo": "x"}))))
            .edge(START, "inner")
            .compile_with(CompileOptions { checkpointer, ..Default::default() })
            .unwrap();
        let g = last(&["foo"])
            .subgraph("sub", sub)
            .edge(START, "sub")
            .compile_with(CompileOptions { interrupt_before: vec!["sub".into()], ..with_saver() })
            .unwrap();
        let cfg = RunConfig::thread("t");
        g.invoke_blocking(json!({"foo": "a"}), cfg.clone()).unwrap();
        let state = block_on(g.get_state(&cfg, true)).unwrap();
        assert_eq!(state.next, ["sub"]);
        state.tasks[0].state.as_ref().map(|s| (s.values.clone(), s.next.clone()))
    };
    assert_eq!(shown(Checkpointing::Inherit), Some((json!({}), vec![])));
    assert_eq!(shown(Checkpointing::Disabled), None);
}

#[test]
fn a_subgraph_invoked_with_a_configurable_of_its_own_shows_it_to_its_nodes_over_the_runs() {
    // The child's node reports what it sees; the parent's run has `user` and `tier`.
    let sub = last(&["seen"])
        .node("look", node_rt(|_s, rt| Ok::<_, NodeError>(json!({"seen": Value::Object(rt.configurable().clone())}))))
        .edge(START, "look")
        .compile()
        .unwrap();
    let g = last(&["seen"])
        .node(
            "call",
            async_node(move |_s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let own = json!({"tier": "gold", "bonus": 1, "checkpoint_ns": "not the child's"});
                    let call = superstep::pregel::GraphCall { configurable: own.as_object().unwrap().clone(), ..Default::default() };
                    let out = rt.invoke_graph_with(&sub, json!({}), call).await?;
                    Ok::<_, NodeError>(json!({"seen": out["seen"]}))
                }
            }),
        )
        .edge(START, "call")
        .compile()
        .unwrap();
    let config = RunConfig { configurable: json!({"user": "u", "tier": "basic"}).as_object().unwrap().clone(), ..Default::default() };
    let out = g.invoke_blocking(json!({}), config).unwrap();
    // The call's keys win; the parent's checkpoint_ns is never the child's.
    assert_eq!(out["seen"], json!({"user": "u", "tier": "gold", "bonus": 1}));
}

#[test]
fn a_subgraph_runs_under_its_parents_recursion_limit_unless_its_call_sets_one() {
    // A loop of 40 supersteps: over the default limit of 25.
    let looping = || {
        last(&["x"])
            .node("i", node(|s| Ok::<_, NodeError>(json!({"x": s.i64("x").unwrap_or(0) + 1}))))
            .edge(START, "i")
            .conditional("i", router(|s| Ok::<_, NodeError>(if s.i64("x").unwrap() >= 40 { END } else { "i" })), None)
            .compile()
            .unwrap()
    };
    let as_node = last(&["x"]).subgraph("loop", looping()).edge(START, "loop").compile().unwrap();
    let calling = |limit: Option<usize>| {
        let sub = looping();
        last(&["x"])
            .node(
                "call",
                async_node(move |_s: State, rt: Runtime| {
                    let sub = sub.clone();
                    async move {
                        let call = superstep::pregel::GraphCall { recursion_limit: limit, ..Default::default() };
                        Ok::<_, NodeError>(json!({"x": rt.invoke_graph_with(&sub, json!({"x": 0}), call).await?["x"]}))
                    }
                }),
            )
            .edge(START, "call")
            .compile()
            .unwrap()
    };
    let with_limit = |g: &CompiledGraph, l: usize| g.invoke_blocking(json!({"x": 0}), RunConfig::default().recursion_limit(l));
    for g in [&as_node, &calling(None)] {
        assert_eq!(with_limit(g, 100).unwrap(), json!({"x": 40}));
        assert!(matches!(g.invoke_blocking(json!({"x": 0}), RunConfig::default()), Err(Error::GraphRecursion { limit: 25 })));
    }
    assert_eq!(with_limit(&calling(Some(60)), 5).unwrap(), json!({"x": 40}));
    assert!(matches!(with_limit(&calling(Some(10)), 100), Err(Error::GraphRecursion { limit: 10 })));
}

#[test]
fn a_node_streams_a_subgraph_it_runs_and_the_parents_stream_gets_its_parts_too() {
    let sub = last(&["x"])
        .node("i1", node(|s| Ok::<_, NodeError>(json!({"x": s.i64("x").unwrap() + 1}))))
        .node("i2", node(|s| Ok::<_, NodeError>(json!({"x": s.i64("x").unwrap() * 10}))))
        .edge(START, "i1")
        .edge("i1", "i2")
        .compile()
        .unwrap();
    let g = last(&["x", "seen"])
        .node(
            "outer",
            async_node(move |s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let mut run = rt
                        .stream_graph(&sub, json!({"x": s.i64("x").unwrap()}), Default::default(), vec![StreamMode::Values], false)
                        .await?;
                    let mut seen = vec![];
                    while let Some(part) = run.next().await {
                        let part = part?;
                        assert_eq!(part.namespace.len(), 1, "the node reads its run's parts under their whole namespace");
                        seen.push(part.data["x"].clone());
                    }
                    Ok::<_, NodeError>(json!({"x": seen.last().cloned().unwrap_or_default(), "seen": seen}))
                }
            }),
        )
        .edge(START, "outer")
        .compile()
        .unwrap();
    let s = |x: &str| vec![x.to_string()];
    // The node saw each of the child's states; the parent's stream has the child's updates under the node.
    assert_eq!(
        ns_updates(&g, json!({"x": 1})),
        vec![
            (s("outer"), json!({"i1": {"x": 2}})),
            (s("outer"), json!({"i2": {"x": 20}})),
            (vec![], json!({"outer": {"x": 20, "seen": [1, 2, 20]}})),
        ]
    );
}

#[test]
fn a_streamed_subgraphs_pause_ends_its_stream_as_the_nodes_interrupt_and_resumes() {
    let sub = last(&["x"])
        .node(
            "ask",
            node_rt(|s, rt| Ok::<_, NodeError>(json!({"x": s.i64("x").unwrap() + rt.interrupt(json!("how much?"))?.as_i64().unwrap()}))),
        )
        .edge(START, "ask")
        .compile()
        .unwrap();
    let g = last(&["x"])
        .node(
            "outer",
            async_node(move |s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let mut run = rt
                        .stream_graph(&sub, json!({"x": s.i64("x").unwrap()}), Default::default(), vec![StreamMode::Updates], false)
                        .await?;
                    let mut last = Value::Null;
                    while let Some(part) = run.next().await {
                        last = part?.data;
                    }
                    Ok::<_, NodeError>(json!({"x": last["ask"]["x"]}))
                }
            }),
        )
        .edge(START, "outer")
        .compile_with(superstep::CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
        .unwrap();
    let cfg = RunConfig::thread("1");
    let paused = g.invoke_blocking(json!({"x": 1}), cfg.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], json!("how much?"));
    let done = g.invoke_blocking(Command::resume(json!(5)), cfg).unwrap();
    assert_eq!(done["x"], json!(6));
}

#[test]
fn a_node_reads_its_streamed_subgraphs_parts_as_they_come_not_at_each_superstep_end() {
    use futures::{executor::LocalPool, task::LocalSpawnExt};
    use std::cell::RefCell;
    // `slow` waits on the test while `fast`, in the same superstep, is done: the node reads
    // fast's update at once (LangGraph streams it as the task ends).
    let (slow, release) = gated(json!({"slow": 1}), None);
    let sub = last(&["fast", "slow"])
        .node("fast", node(|_| Ok::<_, NodeError>(json!({"fast": 1}))))
        .node("slow", slow)
        .edge(START, "fast")
        .edge(START, "slow")
        .compile()
        .unwrap();
    let read: Rc<RefCell<Vec<Value>>> = Rc::default();
    let log = read.clone();
    let g = last(&["done"])
        .node(
            "outer",
            async_node(move |_, rt: Runtime| {
                let (sub, log) = (sub.clone(), log.clone());
                async move {
                    let mut run = rt.stream_graph(&sub, json!({}), Default::default(), vec![StreamMode::Updates], false).await?;
                    while let Some(part) = run.next().await {
                        log.borrow_mut().push(part?.data);
                    }
                    Ok::<_, NodeError>(json!({"done": true}))
                }
            }),
        )
        .edge(START, "outer")
        .compile()
        .unwrap();
    let mut pool = LocalPool::new();
    let out: Rc<RefCell<Option<Value>>> = Rc::default();
    let result = out.clone();
    pool.spawner()
        .spawn_local(async move {
            *result.borrow_mut() = Some(g.invoke(json!({}), RunConfig::default()).await.unwrap());
        })
        .unwrap();
    pool.run_until_stalled();
    assert_eq!(*read.borrow(), [json!({"fast": {"fast": 1}})]);
    release.send(()).unwrap();
    pool.run_until_stalled();
    assert_eq!(*read.borrow(), [json!({"fast": {"fast": 1}}), json!({"slow": {"slow": 1}})]);
    assert_eq!(*out.borrow(), Some(json!({"done": true})));
}

#[test]
fn a_task_has_its_node_metadata_after_that_of_the_nodes_whose_subgraph_it_runs_in() {
    type Seen = Rc<std::cell::RefCell<Vec<Option<serde_json::Map<String, Value>>>>>;
    let seen: Seen = Rc::default();
    let keep = |seen: &Seen| {
        let seen = seen.clone();
        node_rt(move |_, rt| {
            seen.borrow_mut().push(rt.node_metadata());
            Ok::<_, NodeError>(json!({}))
        })
    };
    let sub = StateGraph::new()
        .channel("x", Channel::last_value())
        .add_node(NodeSpec::new("inner", keep(&seen)).metadata(json!({"depth": 2, "inner": true})))
        .edge(START, "inner")
        .compile()
        .unwrap();
    let mut outer = superstep::pregel::subgraph_node("s".into(), sub);
    outer.metadata = json!({"depth": 1, "owner": "s"});
    let g = StateGraph::new()
        .channel("x", Channel::last_value())
        .add_node(outer)
        .node("plain", keep(&seen))
        .edge(START, "s")
        .edge("s", "plain")
        .compile()
        .unwrap();
    g.invoke_blocking(json!({}), RunConfig::default()).unwrap();
    let inner = json!({"depth": 2, "owner": "s", "inner": true});
    assert_eq!(*seen.borrow(), [inner.as_object().cloned(), None]);
}
