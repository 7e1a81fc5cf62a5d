//! The subgraph seeds (004_*): shared keys, different schemas, nesting,
//! namespaced streams, interrupts, persistence modes, Command.PARENT.
mod common;
use common::*;
use futures::executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;
use superstep::checkpoint::{Checkpointer, Checkpointing, MemorySaver};
use superstep::*;

fn shared_keys() -> CompiledGraph {
    let sub = last(&["foo", "bar"])
        .node("subgraph_node_1", node(|_| Ok::<_, NodeError>(json!({"bar": "bar"}))))
        .node(
            "subgraph_node_2",
            node(|s| Ok::<_, NodeError>(json!({"foo": format!("{}{}", s.str("foo").unwrap(), s.str("bar").unwrap())}))),
        )
        .edge(START, "subgraph_node_1")
        .edge("subgraph_node_1", "subgraph_node_2")
        .compile()
        .unwrap();
    last(&["foo"])
        .node("node_1", node(|s| Ok::<_, NodeError>(json!({"foo": format!("hi! {}", s.str("foo").unwrap())}))))
        .subgraph("node_2", sub)
        .edge(START, "node_1")
        .edge("node_1", "node_2")
        .compile()
        .unwrap()
}

#[test]
fn subgraph_as_a_node_with_shared_keys_gives_hi_foobar() {
    let g = shared_keys();
    assert_eq!(run(&g, json!({"foo": "foo"})), json!({"foo": "hi! foobar"}));
    assert_eq!(updates(&g, json!({"foo": "foo"})), vec![json!({"node_1": {"foo": "hi! foo"}}), json!({"node_2": {"foo": "hi! foobar"}})]);
    let s = |x: &str| vec![x.to_string()];
    assert_eq!(
        ns_updates(&g, json!({"foo": "foo"})),
        vec![
            (vec![], json!({"node_1": {"foo": "hi! foo"}})),
            (s("node_2"), json!({"subgraph_node_1": {"bar": "bar"}})),
            (s("node_2"), json!({"subgraph_node_2": {"foo": "hi! foobar"}})),
            (vec![], json!({"node_2": {"foo": "hi! foobar"}})),
        ]
    );
}

#[test]
fn subgraph_called_inside_a_node_with_a_different_schema_gives_hi_foobaz() {
    let sub = last(&["bar", "baz"])
        .node("subgraph_node_1", node(|_| Ok::<_, NodeError>(json!({"baz": "baz"}))))
        .node(
            "subgraph_node_2",
            node(|s| Ok::<_, NodeError>(json!({"bar": format!("{}{}", s.str("bar").unwrap(), s.str("baz").unwrap())}))),
        )
        .edge(START, "subgraph_node_1")
        .edge("subgraph_node_1", "subgraph_node_2")
        .compile()
        .unwrap();
    let g = last(&["foo"])
        .node("node_1", node(|s| Ok::<_, NodeError>(json!({"foo": format!("hi! {}", s.str("foo").unwrap())}))))
        .node(
            "node_2",
            async_node(move |s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let response = rt.invoke_graph(&sub, json!({"bar": s.str("foo").unwrap()})).await?;
                    Ok::<_, NodeError>(json!({"foo": response["bar"]}))
                }
            }),
        )
        .edge(START, "node_1")
        .edge("node_1", "node_2")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"foo": "foo"})), json!({"foo": "hi! foobaz"}));
    let s = |x: &str| vec![x.to_string()];
    assert_eq!(
        ns_updates(&g, json!({"foo": "foo"})),
        vec![
            (vec![], json!({"node_1": {"foo": "hi! foo"}})),
            (s("node_2"), json!({"subgraph_node_1": {"baz": "baz"}})),
            (s("node_2"), json!({"subgraph_node_2": {"bar": "hi! foobaz"}})),
            (vec![], json!({"node_2": {"foo": "hi! foobaz"}})),
        ]
    );
}

#[test]
fn three_levels_give_hi_bob_how_are_you_today_bye() {
    let grandchild = last(&["my_grandchild_key"])
        .node(
            "grandchild_1",
            node(|s| Ok::<_, NodeError>(json!({"my_grandchild_key": format!("{}, how are you", s.str("my_grandchild_key").unwrap())}))),
        )
        .edge(START, "grandchild_1")
        .edge("grandchild_1", END)
        .compile()
        .unwrap();
    let child = last(&["my_child_key"])
        .node(
            "child_1",
            async_node(move |s: State, rt: Runtime| {
                let g = grandchild.clone();
                async move {
                    let out = rt.invoke_graph(&g, json!({"my_grandchild_key": s.str("my_child_key").unwrap()})).await?;
                    Ok::<_, NodeError>(json!({"my_child_key": format!("{} today?", out["my_grandchild_key"].as_str().unwrap())}))
                }
            }),
        )
        .edge(START, "child_1")
        .edge("child_1", END)
        .compile()
        .unwrap();
    let parent = last(&["my_key"])
        .node("parent_1", node(|s| Ok::<_, NodeError>(json!({"my_key": format!("hi {}", s.str("my_key").unwrap())}))))
        .node(
            "child",
            async_node(move |s: State, rt: Runtime| {
                let c = child.clone();
                async move {
                    let out = rt.invoke_graph(&c, json!({"my_child_key": s.str("my_key").unwrap()})).await?;
                    Ok::<_, NodeError>(json!({"my_key": out["my_child_key"]}))
                }
            }),
        )
        .node("parent_2", node(|s| Ok::<_, NodeError>(json!({"my_key": format!("{} bye!", s.str("my_key").unwrap())}))))
        .edge(START, "parent_1")
        .edge("parent_1", "child")
        .edge("child", "parent_2")
        .edge("parent_2", END)
        .compile()
        .unwrap();
    assert_eq!(run(&parent, json!({"my_key": "Bob"})), json!({"my_key": "hi Bob, how are you today? bye!"}));
    let ns: Vec<Vec<String>> = ns_updates(&parent, json!({"my_key": "Bob"})).into_iter().map(|(n, _)| n).collect();
    let v = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(ns, vec![v(&[]), v(&["child", "child_1"]), v(&["child"]), v(&[]), v(&[])]);
}

fn interrupting_subgraph(mode: Checkpointing) -> CompiledGraph {
    last(&["foo"])
        .node(
            "subgraph_node_1",
            node_rt(|s, rt| {
                let value = rt.interrupt(json!("Provide value:"))?;
                Ok::<_, NodeError>(json!({"foo": format!("{}{}", s.str("foo").unwrap(), value.as_str().unwrap())}))
            }),
        )
        .edge(START, "subgraph_node_1")
        .compile_with(CompileOptions { checkpointer: mode, ..Default::default() })
        .unwrap()
}

/// A checkpointed parent whose one node is `interrupting_subgraph`, and thread "1"'s config.
fn parent_of_an_interrupting_subgraph() -> (CompiledGraph, RunConfig) {
    let s = Rc::new(MemorySaver::new());
    let g = last(&["foo"])
        .subgraph("node_1", interrupting_subgraph(Checkpointing::Inherit))
        .edge(START, "node_1")
        .compile_with(storing_in(&s))
        .unwrap();
    (g, RunConfig::thread("1"))
}

#[test]
fn an_interrupt_inside_a_subgraph_pauses_the_parent_and_get_state_shows_the_subgraph() {
    let (g, cfg) = parent_of_an_interrupting_subgraph();
    let paused = g.invoke_blocking(json!({"foo": ""}), cfg.clone()).unwrap();
    assert_eq!(paused["__interrupt__"][0]["value"], "Provide value:");
    let state = block_on(g.get_state(&cfg, true)).unwrap();
    let sub = state.tasks[0].state.as_ref().expect("subgraph state");
    assert_eq!(sub.values, json!({"foo": ""}));
    assert_eq!(sub.next, vec!["subgraph_node_1"]);
    assert_eq!(sub.tasks[0].interrupts[0].value, "Provide value:");
    assert_eq!(g.invoke_blocking(Command::resume(json!("bar")), cfg).unwrap(), json!({"foo": "bar"}));
}

#[test]
fn without_subgraphs_a_subgraph_task_shows_the_config_that_reads_its_state() {
    // As LangGraph: the task's `state` is then `{configurable: {thread_id, checkpoint_ns}}`.
    let (g, cfg) = parent_of_an_interrupting_subgraph();
    g.invoke_blocking(json!({"foo": ""}), cfg.clone()).unwrap();
    let state = block_on(g.get_state(&cfg, false)).unwrap();
    let task = &state.tasks[0];
    assert!(task.state.is_none());
    let config = task.subgraph_config.clone().expect("the subgraph task's config");
    assert_eq!(config, json!({"configurable": {"thread_id": "1", "checkpoint_ns": format!("node_1:{}", task.id)}}));
    let mut sub_cfg = cfg.clone();
    sub_cfg.configurable = config["configurable"].as_object().unwrap().clone();
    assert_eq!(g.get_state_blocking(&sub_cfg).unwrap().next, vec!["subgraph_node_1"], "the config reads the subgraph's state");
    // A subgraph that keeps no checkpoints has no state to read.
    let none = last(&["foo"]).subgraph("node_1", interrupting_subgraph(Checkpointing::Disabled)).edge(START, "node_1");
    let none = none.compile_with(storing_in(&Rc::new(MemorySaver::new()))).unwrap();
    let _ = none.invoke_blocking(json!({"foo": ""}), cfg.clone());
    let tasks = block_on(none.get_state(&cfg, false)).unwrap().tasks;
    assert_eq!((tasks.len(), tasks[0].subgraph_config.is_none()), (1, true));
}

#[test]
fn a_checkpoint_event_shows_a_subgraph_tasks_config_as_its_state() {
    let (g, cfg) = parent_of_an_interrupting_subgraph();
    let parts = g.stream_blocking(json!({"foo": ""}), cfg.modes(&[StreamMode::Checkpoints])).unwrap();
    let task = parts
        .iter()
        .filter(|p| p.namespace.is_empty())
        .find_map(|p| p.data["tasks"].as_array()?.iter().find(|t| t["name"] == "node_1").cloned());
    let task = task.expect("a checkpoint event lists node_1's task");
    let ns = format!("node_1:{}", task["id"].as_str().unwrap());
    assert_eq!(task["state"], json!({"configurable": {"thread_id": "1", "checkpoint_ns": ns}}));
}

#[test]
fn a_subgraphs_checkpoints_name_the_parent_checkpoint_they_ran_under() {
    let (g, cfg) = parent_of_an_interrupting_subgraph();
    g.invoke_blocking(json!({"foo": ""}), cfg.clone()).unwrap();
    let state = block_on(g.get_state(&cfg, true)).unwrap();
    let root = state.metadata.as_ref().unwrap();
    assert!(root.parents.is_empty());
    assert!(serde_json::to_value(root).unwrap().get("parents").is_none(), "a root checkpoint stores no parents");
    // As LangGraph: the subgraph's metadata names the root checkpoint its task ran from, and
    // its config maps that and its own namespace to checkpoints (`checkpoint_map`).
    let root_id = state.config["configurable"]["checkpoint_id"].clone();
    let sub = state.tasks[0].state.as_ref().unwrap();
    let parents: Vec<(String, Value)> = sub.metadata.as_ref().unwrap().parents.iter().map(|(k, v)| (k.to_string(), json!(&**v))).collect();
    assert_eq!(parents, [(String::new(), root_id.clone())]);
    let own = &sub.config["configurable"];
    let ns = own["checkpoint_ns"].as_str().unwrap();
    assert_eq!(own["checkpoint_map"], json!({"": root_id, ns: own["checkpoint_id"]}));
    // The history read through the subgraph's config keeps them.
    let mut at_sub = cfg.clone();
    at_sub.configurable.insert("checkpoint_ns".into(), json!(ns));
    let history = g.get_state_history_blocking(&at_sub).unwrap();
    assert!(!history.is_empty() && history.iter().all(|h| h.metadata.as_ref().unwrap().parents.len() == 1));
    // An edit of the subgraph's checkpoint names the same parents, and its config says so.
    let edited = g.update_state_blocking(&at_sub, json!({"foo": "edited"}), None).unwrap();
    assert_eq!(edited["configurable"]["checkpoint_map"][""], root_id);
    let newest = &g.get_state_history_blocking(&at_sub).unwrap()[0];
    let md = newest.metadata.as_ref().unwrap();
    assert_eq!((md.source.as_str(), md.parents.len()), ("update", 1));
}

fn counter_subgraph(mode: Checkpointing) -> CompiledGraph {
    counted_subgraph(mode, &Env::default()).0
}

fn calling_parent(sub: CompiledGraph, s: &Rc<MemorySaver>, calls: usize) -> CompiledGraph {
    StateGraph::new()
        .channel("counts", Channel::append())
        .node(
            "ask",
            async_node(move |_s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let mut counts = vec![];
                    for _ in 0..calls {
                        let out = rt.invoke_graph(&sub, json!({"messages": ["q"]})).await?;
                        counts.push(out["messages"].as_array().unwrap().len());
                    }
                    Ok::<_, NodeError>(json!({ "counts": counts }))
                }
            }),
        )
        .edge(START, "ask")
        .compile_with(storing_in(s))
        .unwrap()
}

#[test]
fn per_invocation_subgraphs_start_fresh_and_per_thread_ones_accumulate() {
    let s = Rc::new(MemorySaver::new());
    let cfg = RunConfig::thread("1");
    let fresh = calling_parent(counter_subgraph(Checkpointing::Inherit), &s, 1);
    fresh.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(fresh.invoke_blocking(json!({}), cfg).unwrap()["counts"], json!([2, 2]));

    let s2 = Rc::new(MemorySaver::new());
    let cfg = RunConfig::thread("1");
    let kept = calling_parent(counter_subgraph(Checkpointing::PerThread), &s2, 1);
    kept.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(kept.invoke_blocking(json!({}), cfg).unwrap()["counts"], json!([2, 4]));

    let s3 = Rc::new(MemorySaver::new());
    let stateless = calling_parent(counter_subgraph(Checkpointing::Disabled), &s3, 2);
    assert_eq!(stateless.invoke_blocking(json!({}), RunConfig::thread("1")).unwrap()["counts"], json!([2, 2]));

    // A subgraph compiled with a saver of its own runs per invocation under the parent's,
    // and its own saver stays empty: LangGraph.js 1.7.3 ignores it too (checked).
    let (s4, own) = (Rc::new(MemorySaver::new()), Rc::new(MemorySaver::new()));
    let cfg = RunConfig::thread("1");
    let owning = calling_parent(counter_subgraph(Checkpointing::Saver(own.clone())), &s4, 1);
    owning.invoke_blocking(json!({}), cfg.clone()).unwrap();
    assert_eq!(owning.invoke_blocking(json!({}), cfg).unwrap()["counts"], json!([2, 2]));
    assert!(block_on(own.list("1", "", Default::default())).unwrap().is_empty());
}

#[test]
fn a_nodes_calls_get_namespaces_by_call_order_so_one_per_thread_subgraph_can_be_called_twice() {
    // As LangGraph.js: the n-th call of a node keeps its checkpoints under `node|n`,
    // whichever graph it calls, so two calls of one per-thread subgraph accumulate apart.
    let s = Rc::new(MemorySaver::new());
    let g = calling_parent(counter_subgraph(Checkpointing::PerThread), &s, 2);
    let cfg = RunConfig::thread("1");
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap()["counts"], json!([2, 2]));
    assert_eq!(g.invoke_blocking(json!({}), cfg.clone()).unwrap()["counts"], json!([2, 2, 4, 4]));
    let namespaces = [String::new(), "ask".into(), "ask|1".into()];
    for ns in namespaces {
        assert!(block_on(s.get("1", &ns, None)).unwrap().is_some(), "checkpoints under `{ns}`");
    }
}

/// `counter_subgraph` that counts its runs, under `env` (whose ids sort with its parent's).
fn counted_subgraph(mode: Checkpointing, env: &Env) -> (CompiledGraph, Rc<std::cell::Cell<usize>>) {
    let runs = Rc::new(std::cell::Cell::new(0));
    let counted = runs.clone();
    let sub = StateGraph::new()
        .channel("messages", Channel::append())
        .node(
            "agent",
            node(move |s| {
                counted.set(counted.get() + 1);
                Ok::<_, NodeError>(json!({"messages": [format!("seen {}", s.get("messages").unwrap().as_array().unwrap().len())]}))
            }),
        )
        .edge(START, "agent")
        .compile_with(CompileOptions { checkpointer: mode, env: env.clone(), ..Default::default() })
        .unwrap();
    (sub, runs)
}

/// A parent whose node `ask` calls a counted subgraph, then asks for approval.
fn approving_parent(mode: Checkpointing, s: &Rc<MemorySaver>) -> (CompiledGraph, Rc<std::cell::Cell<usize>>) {
    let (sub, runs) = counted_subgraph(mode, &Env::default());
    let g = StateGraph::new()
        .channel("counts", Channel::append())
        .node(
            "ask",
            async_node(move |_s: State, rt: Runtime| {
                let sub = sub.clone();
                async move {
                    let out = rt.invoke_graph(&sub, json!({"messages": ["q"]})).await?;
                    let answer = rt.interrupt(json!("approve?"))?;
                    Ok::<_, NodeError>(json!({ "counts": [out["messages"].as_array().unwrap().len(), answer] }))
                }
            }),
        )
        .edge(START, "ask")
        .compile_with(storing_in(s))
        .unwrap();
    (g, runs)
}

#[test]
fn a_subgraph_that_finished_before_its_node_paused_is_not_run_again_on_resume() {
    // As LangGraph.js: the resumed node's call continues the subgraph's finished run,
    // which hands back its result, and the resume value stays the node's own.
    for per_thread in [false, true] {
        let mode = if per_thread { Checkpointing::PerThread } else { Checkpointing::Inherit };
        let s = Rc::new(MemorySaver::new());
        let (g, runs) = approving_parent(mode, &s);
        let cfg = RunConfig::thread("1");
        assert!(g.invoke_blocking(json!({}), cfg.clone()).unwrap().get("__interrupt__").is_some());
        assert_eq!(g.invoke_blocking(Command::resume(json!("yes")), cfg.clone()).unwrap()["counts"], json!([2, "yes"]));
        assert_eq!(runs.get(), 1, "per thread: {per_thread}");
        // A new turn: a per-thread subgraph goes on from its state, a per-invocation one starts afresh.
        g.invoke_blocking(json!({}), cfg.clone()).unwrap();
        let second = g.invoke_blocking(Command::resume(json!("no")), cfg).unwrap()["counts"].clone();
        let seen = if per_thread { 4 } else { 2 };
        assert_eq!(second, json!([2, "yes", seen, "no"]), "per thread: {per_thread}");
        assert_eq!(runs.get(), 2, "per thread: {per_thread}");
    }
}

#[test]
fn a_retried_node_calls_its_subgraph_under_the_next_number() {
    // As LangGraph.js: a retry numbers its subgraph calls on from the failed attempt's,
    // so the retry's call is a fresh run in a namespace of its own.
    let s = Rc::new(MemorySaver::new());
    let (sub, runs) = counted_subgraph(Checkpointing::Inherit, &Env::default());
    let failed = Rc::new(std::cell::Cell::new(false));
    let action = async_node(move |_s: State, rt: Runtime| {
        let (sub, failed) = (sub.clone(), failed.clone());
        async move {
            let out = rt.invoke_graph(&sub, json!({"messages": ["q"]})).await?;
            if !failed.replace(true) {
                return Err(NodeError::msg("flaky"));
            }
            Ok::<_, NodeError>(json!({ "counts": [out["messages"].as_array().unwrap().len()] }))
        }
    });
    let retry = RetryPolicy { max_attempts: 2, initial_interval: 0.0, ..RetryPolicy::default() };
    let g = StateGraph::new()
        .channel("counts", Channel::append())
        .add_node(NodeSpec::new("ask", action).retry(retry))
        .edge(START, "ask")
        .compile_with(storing_in(&s))
        .unwrap();
    assert_eq!(g.invoke_blocking(json!({}), RunConfig::thread("1")).unwrap()["counts"], json!([2]));
    assert_eq!(runs.get(), 2);
}

#[test]
fn an_interrupt_in_a_stateless_subgraph_is_an_error() {
    let s = Rc::new(MemorySaver::new());
    let g = last(&["foo"])
        .subgraph("node_1", interrupting_subgraph(Checkpointing::Disabled))
        .edge(START, "node_1")
        .compile_with(storing_in(&s))
        .unwrap();
    assert!(matches!(g.invoke_blocking(json!({"foo": ""}), RunConfig::thread("1")), Err(Error::NoCheckpointer { .. })));
}

#[test]
fn command_parent_jumps_to_a_node_of_the_parent() {
    // Per thread too, where LangGraph.js 1.7.3 drops the command without a word (its child
    // addresses the parent task's namespace without the task id): a bug not to copy.
    for mode in [Checkpointing::Inherit, Checkpointing::PerThread] {
        let sub = StateGraph::new()
            .channel("path", Channel::append())
            .node("handoff", node(|_| Ok::<_, NodeError>(Command::goto("billing").with_update(json!({"path": ["handoff"]})).to_parent())))
            .edge(START, "handoff")
            .compile_with(CompileOptions { checkpointer: mode, ..Default::default() })
            .unwrap();
        let g = StateGraph::new()
            .channel("path", Channel::append())
            .add_node(graph::node::NodeSpec { ends: vec!["billing".into()], ..pregel::subgraph_node("triage".into(), sub) })
            .node("billing", mark("billing"))
            .edge(START, "triage")
            .compile_with(storing_in(&Rc::new(MemorySaver::new())))
            .unwrap();
        assert_eq!(g.invoke_blocking(json!({}), RunConfig::thread("1")).unwrap()["path"], json!(["handoff", "billing"]));
    }
}

#[test]
fn a_command_to_the_parent_of_the_root_graph_is_dropped_as_in_langgraph_js() {
    // LangGraph.js ends the task with no writes and goes on; invoke and stream agree.
    let s = Rc::new(MemorySaver::new());
    let g = StateGraph::new()
        .channel("path", Channel::append())
        .add_node(
            graph::node::NodeSpec::new(
                "a",
                node(|_| Ok::<_, NodeError>(Command::goto("b").with_update(json!({"path": ["up"]})).to_parent())),
            )
            .ends(["b"]),
        )
        .node("b", mark("b"))
        .node("c", mark("c"))
        .node("d", mark("d"))
        .edge(START, "a")
        .edge(START, "d")
        .edge("a", "c")
        .compile_with(storing_in(&s))
        .unwrap();
    assert_eq!(g.invoke_blocking(json!({"path": ["in"]}), RunConfig::thread("1")).unwrap()["path"], json!(["in", "d"]));
    let snap = block_on(g.get_state(&RunConfig::thread("1"), false)).unwrap();
    assert!(snap.next.is_empty() && snap.tasks.is_empty());
    // The superstep's checkpoint keeps the dropped command as the task's error.
    let ran = &g.get_state_history_blocking(&RunConfig::thread("1")).unwrap()[1];
    let errors: Vec<_> = ran.tasks.iter().map(|t| (t.name.as_str(), t.error_class.as_deref())).collect();
    assert_eq!(errors, [("a", Some("ParentCommand")), ("d", None)]);
    assert!(g.stream_blocking(json!({"path": ["in"]}), RunConfig::thread("2")).is_ok());
    // Stepping shows why the task wrote nothing.
    let mut stepper = g.stepper_blocking(json!({"path": ["in"]}), RunConfig::thread("3")).unwrap();
    block_on(stepper.step()); // the input
    let ran = block_on(stepper.step());
    let a = ran.tasks.iter().find(|t| t.name == "a").unwrap();
    assert!(a.error.as_deref().is_some_and(|e| e.starts_with("ParentCommand")), "{:?}", a.error);
}

#[test]
fn a_failed_subgraph_task_records_the_class_of_what_its_node_threw_and_keeps_it_saved() {
    let s = Rc::new(MemorySaver::new());
    let child = last(&["foo"])
        .node("boom", node(|_| Err::<Value, _>(NodeError::Failed { message: "no".into(), kind: None, class: Some("QuotaError".into()) })))
        .edge(START, "boom")
        .compile()
        .unwrap();
    let g = last(&["foo"]).subgraph("sub", child).edge(START, "sub").compile_with(storing_in(&s)).unwrap();
    let cfg = RunConfig::thread("1");
    let err = g.invoke_blocking(json!({"foo": ""}), cfg.clone()).unwrap_err();
    assert_eq!(err.task_error_class(), "QuotaError");
    let task = &block_on(g.get_state(&cfg, false)).unwrap().tasks[0];
    assert_eq!((task.name.as_str(), task.error_class.as_deref()), ("sub", Some("QuotaError")));
    // The class survives the saver's JSON form.
    let reloaded = Rc::new(MemorySaver::from_json(&s.to_json()).unwrap());
    let again = last(&["foo"]).subgraph("sub", last(&["foo"]).node("boom", mark("x")).edge(START, "boom").compile().unwrap());
    let again = again.edge(START, "sub").compile_with(storing_in(&reloaded)).unwrap();
    assert_eq!(block_on(again.get_state(&cfg, false)).unwrap().tasks[0].error_class.as_deref(), Some("QuotaError"));
}

#[test]
fn parallel_subgraphs_alternate_their_supersteps_as_in_langgraph() {
    let chain = |tag: &str| {
        // Each writes its own key, so the parent takes both without a conflict.
        let mut b = last(&[tag]);
        for i in 1..=3 {
            let name = format!("{tag}{i}");
            let out = json!({ tag: name.clone() });
            b = b.node(name.as_str(), node(move |_| Ok::<_, NodeError>(out.clone())));
        }
        b.edge(START, format!("{tag}1").as_str())
            .edge(format!("{tag}1").as_str(), format!("{tag}2").as_str())
            .edge(format!("{tag}2").as_str(), format!("{tag}3").as_str())
            .compile()
            .unwrap()
    };
    let g = last(&["a", "b"]).subgraph("a", chain("a")).subgraph("b", chain("b")).edge(START, "a").edge(START, "b").compile().unwrap();
    let inner: Vec<String> = ns_updates(&g, json!({})).into_iter().filter(|(ns, _)| !ns.is_empty()).map(|(ns, _)| ns.join("/")).collect();
    assert_eq!(inner, ["a", "b", "a", "b", "a", "b"]);
}

#[test]
fn a_command_to_the_parent_streams_as_its_tasks_parent_command_error() {
    // As LangGraph.js streams it: the subgraph task that leaves for its parent ends
    // with the error `{message: "", name: "ParentCommand"}`; the parent goes on.
    let child = last(&["x"])
        .node("c1", node(|_| Ok::<_, NodeError>(NodeOutput::Command(Command::goto("b").to_parent()))))
        .edge(START, "c1")
        .compile()
        .unwrap();
    let g = last(&["x"])
        .add_node(superstep::pregel::subgraph_node("sub".into(), child).ends(["b"]))
        .node("b", node(|_| Ok::<_, NodeError>(json!({"x": "b"}))))
        .edge(START, "sub")
        .compile()
        .unwrap();
    let parts = g.stream_blocking(json!({}), RunConfig::default().modes(&[StreamMode::Tasks]).subgraphs(true)).unwrap();
    let c1 = parts.iter().find(|p| p.data["name"] == json!("c1") && p.data.get("result").is_some()).unwrap();
    assert_eq!(c1.data["error"], json!({"message": "", "name": "ParentCommand"}));
    let b = parts.iter().find(|p| p.data["name"] == json!("b") && p.data.get("result").is_some()).unwrap();
    assert_eq!(b.data["error"], serde_json::Value::Null);
}

#[test]
fn a_paused_per_thread_subgraph_shows_its_paused_task_in_the_parents_snapshot() {
    // Its checkpoints are per node, not per task, and its task ids come from there too,
    // so the parent's snapshot finds its state and its paused task's interrupt.
    let s = Rc::new(MemorySaver::new());
    let child = last(&["x"])
        .node("c1", node(|_| Ok::<_, NodeError>(json!({"x": "c1"}))))
        .node("c2", node_rt(|_, rt| rt.interrupt(json!("sub?")).map(|v| json!({ "x": v }))))
        .edge(START, "c1")
        .edge("c1", "c2")
        .compile_with(CompileOptions { checkpointer: Checkpointing::PerThread, ..Default::default() })
        .unwrap();
    let g = last(&["x"]).subgraph("sub", child).edge(START, "sub").compile_with(storing_in(&s)).unwrap();
    let cfg = RunConfig::thread("1");
    g.invoke_blocking(json!({}), cfg.clone()).unwrap();
    let parent = block_on(g.get_state(&cfg, true)).unwrap();
    let sub = parent.tasks[0].state.as_ref().expect("the subgraph's state");
    assert_eq!((sub.values["x"].clone(), sub.next.clone()), (json!("c1"), vec!["c2".to_string()]));
    assert_eq!(sub.tasks[0].interrupts[0].value, json!("sub?"));
    // Read (and updated) straight from its namespace, `sub` is this subgraph's state, not the parent's.
    let mut at_sub = RunConfig::thread("1");
    at_sub.configurable.insert("checkpoint_ns".into(), json!("sub"));
    let direct = block_on(g.get_state(&at_sub, false)).unwrap();
    assert_eq!((direct.next, direct.tasks[0].interrupts[0].value.clone()), (vec!["c2".to_string()], json!("sub?")));
    block_on(g.update_state(&at_sub, json!({"x": "edited"}), None)).unwrap();
    assert_eq!(block_on(g.get_state(&at_sub, false)).unwrap().next, vec!["c2".to_string()]);
}

#[test]
fn continuing_a_fork_runs_the_subgraphs_its_tasks_call() {
    // As LangGraph.js: continuing from a named update checkpoint is time travel, not a
    // resume, so a per-thread subgraph that had finished runs on its new input, from
    // its state as of the forked checkpoint (here: none yet, so afresh).
    let s = Rc::new(MemorySaver::new());
    let env = Env::default();
    let (sub, runs) = counted_subgraph(Checkpointing::PerThread, &env);
    let g = StateGraph::new()
        .channel("messages", Channel::append())
        .node("prep", node(|_| Ok::<_, NodeError>(json!({"messages": ["prep"]}))))
        .subgraph("agent", sub)
        .edge(START, "prep")
        .edge("prep", "agent")
        .compile_with(CompileOptions { env, ..storing_in(&s) })
        .unwrap();
    let cfg = RunConfig::thread("1");
    g.invoke_blocking(json!({"messages": []}), cfg.clone()).unwrap();
    assert_eq!(runs.get(), 1);
    let history = g.get_state_history_blocking(&cfg).unwrap();
    let before_agent = history.iter().find(|h| h.next == vec!["agent"]).unwrap();
    let mut at = cfg.clone();
    at.configurable.insert("checkpoint_id".into(), before_agent.config["configurable"]["checkpoint_id"].clone());
    let fork = g.update_state_blocking(&at, json!({"messages": ["edited"]}), Some("prep")).unwrap();
    let mut fork_cfg = cfg.clone();
    fork_cfg.configurable.insert("checkpoint_id".into(), fork["configurable"]["checkpoint_id"].clone());
    let out = g.invoke_blocking(Value::Null, fork_cfg).unwrap();
    assert_eq!(runs.get(), 2, "the fork's agent task ran the subgraph");
    assert_eq!(out["messages"].as_array().unwrap().last().unwrap(), "seen 2", "{out}");
    // The newest state goes on from the fork's run.
    g.invoke_blocking(json!({"messages": []}), cfg).unwrap();
    assert_eq!(runs.get(), 3);
}

#[test]
fn a_per_thread_subgraph_drops_every_task_id_from_its_namespace() {
    // As LangGraph.js: inside a per-invocation subgraph too, a per-thread subgraph lives and
    // streams under `outer|inner`, the same on every turn, so it keeps its state.
    let s = Rc::new(MemorySaver::new());
    let outer = StateGraph::new()
        .channel("messages", Channel::append())
        .subgraph("inner", counter_subgraph(Checkpointing::PerThread))
        .edge(START, "inner")
        .compile()
        .unwrap();
    let g = StateGraph::new()
        .channel("messages", Channel::append())
        .subgraph("outer", outer)
        .edge(START, "outer")
        .compile_with(storing_in(&s))
        .unwrap();
    let cfg = || RunConfig::thread("1").modes(&[StreamMode::Updates]).subgraphs(true);
    let inner_seen = |parts: Vec<StreamPart>| {
        let inner: Vec<_> = parts.into_iter().filter(|p| p.namespace.len() == 2).collect();
        assert_eq!(inner.len(), 1);
        assert_eq!(inner[0].namespace, vec!["outer".to_string(), "inner".to_string()]);
        inner[0].data["agent"]["messages"][0].clone()
    };
    assert_eq!(inner_seen(g.stream_blocking(json!({"messages": ["q"]}), cfg()).unwrap()), json!("seen 1"));
    // The second turn's inner run adds the 5 messages it is given to the 2 it kept (a fresh one saw 5).
    assert_eq!(inner_seen(g.stream_blocking(json!({"messages": ["q"]}), cfg()).unwrap()), json!("seen 7"));
    assert!(block_on(s.get("1", "outer|inner", None)).unwrap().is_some());
}

#[test]
fn a_router_knows_when_it_routes_a_command_the_subgraph_sent_up() {
    // The JS layer names such a router's run after the node, as LangGraph.js does.
    let seen = Rc::new(std::cell::RefCell::new(vec![]));
    let parent = |sends_up: bool| {
        let seen = seen.clone();
        let sub = StateGraph::new()
            .channel("path", Channel::append())
            .node(
                "inner",
                node(move |_| {
                    let up = json!({"path": ["inner"]});
                    Ok::<_, NodeError>(if sends_up {
                        NodeOutput::Command(Command::goto("p").with_update(up).to_parent())
                    } else {
                        NodeOutput::Update(up)
                    })
                }),
            )
            .edge(START, "inner")
            .compile()
            .unwrap();
        StateGraph::new()
            .channel("path", Channel::append())
            .add_node(graph::node::NodeSpec { ends: vec!["p".into()], ..pregel::subgraph_node("sub".into(), sub) })
            .node("p", mark("p"))
            .node("q", mark("q"))
            .edge(START, "sub")
            .conditional(
                "sub",
                graph::node::router_rt(move |_, rt: &Runtime| {
                    seen.borrow_mut().push(rt.routes_child_command());
                    Ok::<_, NodeError>("q")
                }),
                None,
            )
            .compile()
            .unwrap()
    };
    assert_eq!(parent(true).invoke_blocking(json!({}), RunConfig::default()).unwrap()["path"], json!(["inner", "p", "q"]));
    assert_eq!(parent(false).invoke_blocking(json!({}), RunConfig::default()).unwrap()["path"], json!(["inner", "q"]));
    assert_eq!(*seen.borrow(), [true, false]);
}

/// Subgraphs nest at most 64 deep: a child runs within its node's poll, so each
/// level takes stack, and past some 170 the wasm's overflowed, leaving the engine
/// unusable. 64 levels run; the 65th is its node's error.
#[test]
fn subgraphs_nest_at_most_64_deep() {
    fn nested(levels: usize) -> CompiledGraph {
        let mut g = last(&["n"]).node("leaf", node(|_| Ok::<_, NodeError>(json!({"n": 1})))).edge(START, "leaf").compile().unwrap();
        for i in 0..levels {
            let name = format!("sub{i}");
            g = last(&["n"]).subgraph(&name, g).edge(START, name.as_str()).compile().unwrap();
        }
        g
    }
    // Debug builds take far more stack a level than the wasm's release build.
    let outcome = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let ok = block_on(nested(64).invoke(json!({"n": 0}), RunConfig::default())).map_err(|e| e.to_string());
            let deep = block_on(nested(65).invoke(json!({"n": 0}), RunConfig::default())).map_err(|e| e.to_string());
            (ok, deep)
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(outcome.0, Ok(json!({"n": 1})));
    let err = outcome.1.unwrap_err();
    assert!(err.contains("subgraphs nest more than 64 deep"), "{err}");
}
