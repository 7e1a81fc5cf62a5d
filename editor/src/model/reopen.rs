//! A thread opened again (after a reload, or from the thread list): where its
//! newest snapshot leaves it, and so what the run controls offer — answers to
//! its interrupts, a retry of the superstep that failed, a continue of one left
//! between supersteps, or nothing once it is done.
use superstep::checkpoint::StateSnapshot;
use superstep::pregel::Outcome;
use superstep::Error;

/// Where a thread stands, as its newest snapshot shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    /// Paused on `interrupt()`: it waits for answers.
    Interrupted,
    /// A task failed: the superstep can run again.
    Failed,
    /// Left between supersteps (a breakpoint, or a run stepped by hand and left).
    Paused,
    Done,
}

impl Standing {
    /// `refused`: the newest superstep's finished writes conflict (`get_state` fails on
    /// them as the run did), so it failed at the barrier, asking or not.
    pub fn of(s: &StateSnapshot, refused: bool) -> Standing {
        if refused {
            Standing::Failed
        } else if !s.interrupts.is_empty() || (!s.next.is_empty() && s.tasks.iter().any(|t| !t.interrupts.is_empty())) {
            Standing::Interrupted
        } else if s.tasks.iter().any(|t| t.error.is_some()) {
            Standing::Failed
        } else if s.next.is_empty() {
            Standing::Done
        } else {
            Standing::Paused
        }
    }

    /// The word the thread list shows.
    pub fn label(&self) -> &'static str {
        match self {
            Standing::Interrupted => "interrupted",
            Standing::Failed => "error",
            Standing::Paused => "paused",
            Standing::Done => "done",
        }
    }
}

/// What the reopened thread `s` waits for, as the run that left it would have
/// reported it: the panel then offers Resume, Retry or Continue. `refused` is the
/// error `get_state` gives when the newest superstep's finished writes conflict.
pub fn waiting_on(s: &StateSnapshot, refused: Option<&Error>) -> Option<Outcome> {
    if let Some(e) = refused {
        return Some(Outcome::Error(e.clone()));
    }
    match Standing::of(s, false) {
        Standing::Interrupted => Some(Outcome::Interrupted(s.interrupts.clone())),
        Standing::Failed => {
            let t = s.tasks.iter().find(|t| t.error.is_some())?;
            let message = t.error.clone().unwrap_or_default();
            Some(Outcome::Error(Error::Node { node: t.name.clone(), message, class: t.error_class.clone() }))
        }
        Standing::Paused => Some(Outcome::Interrupted(vec![])),
        Standing::Done => None,
    }
}

/// Whether a Step or Run, with no run in flight, goes on with the thread from its last
/// checkpoint (`pending`: it stopped between supersteps, or failed) rather than starting anew.
pub fn goes_on(pending: Option<&Outcome>) -> bool {
    matches!(pending, Some(Outcome::Interrupted(i)) if i.is_empty()) || matches!(pending, Some(Outcome::Error(_)))
}

/// Why thread `thread` cannot go on: it stopped before nodes (`gone`) this graph no longer has.
pub fn cannot_resume(thread: &str, gone: &[String]) -> String {
    format!(
        "Thread {thread} stopped before `{}`, which is no longer in this graph: its history stays readable, but it cannot resume. Fork an earlier checkpoint or restore the node.",
        gone.join("`, `")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::rc::Rc;
    use superstep::checkpoint::{Checkpointing, MemorySaver};
    use superstep::{node, node_rt, CompileOptions, CompiledGraph, NodeError, RunConfig, StateGraph, START};

    /// a → b, where b asks (`interrupt`) or fails, as `b_does` says.
    fn graph(b_does: &'static str) -> CompiledGraph {
        let saver = Rc::new(MemorySaver::new()) as Rc<dyn superstep::checkpoint::Checkpointer>;
        StateGraph::new()
            .channel("log", superstep::Channel::append())
            .node("a", node(|_s| Ok::<_, NodeError>(json!({"log": ["a"]}))))
            .node(
                "b",
                node_rt(move |_s, rt| match b_does {
                    "ask" => Ok(json!({"log": [rt.interrupt(json!("ok?"))?]})),
                    "fail" => Err(NodeError::from("boom")),
                    _ => Ok(json!({"log": ["b"]})),
                }),
            )
            .edge(START, "a")
            .edge("a", "b")
            .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })
            .unwrap()
    }

    fn newest(g: &CompiledGraph) -> StateSnapshot {
        g.get_state_blocking(&RunConfig::thread("t")).unwrap()
    }

    #[test]
    fn an_interrupted_thread_waits_for_its_answers() {
        let g = graph("ask");
        g.invoke_blocking(json!({"log": []}), RunConfig::thread("t")).unwrap();
        let s = newest(&g);
        assert_eq!(Standing::of(&s, false).label(), "interrupted");
        assert!(matches!(waiting_on(&s, None), Some(Outcome::Interrupted(i)) if i.len() == 1 && i[0].value == json!("ok?")));
    }

    #[test]
    fn a_failed_thread_offers_a_retry_with_the_nodes_own_message() {
        let g = graph("fail");
        assert!(g.invoke_blocking(json!({"log": []}), RunConfig::thread("t")).is_err());
        let s = newest(&g);
        assert_eq!(Standing::of(&s, false).label(), "error");
        let Some(Outcome::Error(e)) = waiting_on(&s, None) else { panic!("expected a failure") };
        assert_eq!(e.to_string(), "node `b` failed: boom");
    }

    #[test]
    fn a_thread_whose_superstep_was_refused_offers_a_retry_with_the_conflict() {
        // a and b write one key beside b's question: the run fails as it pauses, and
        // get_state fails the same way; the stored checkpoint still lists the question.
        let saver = Rc::new(MemorySaver::new()) as Rc<dyn superstep::checkpoint::Checkpointer>;
        let g = StateGraph::new()
            .channel("v", superstep::Channel::last_value())
            .node("a", node(|_s| Ok::<_, NodeError>(json!({"v": 1}))))
            .node("b", node_rt(|_s, rt| Ok::<_, NodeError>(json!({"v": rt.interrupt(json!("ok?"))?}))))
            .node("c", node(|_s| Ok::<_, NodeError>(json!({"v": 2}))))
            .edge(START, "a")
            .edge(START, "b")
            .edge(START, "c")
            .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })
            .unwrap();
        let config = RunConfig::thread("t");
        assert!(g.invoke_blocking(json!({}), config.clone()).is_err());
        let refused = g.get_state_blocking(&config).unwrap_err();
        let stored = g.get_state_history_blocking(&config).unwrap().remove(0);
        assert_eq!(Standing::of(&stored, false), Standing::Interrupted);
        assert_eq!(Standing::of(&stored, true).label(), "error");
        let Some(Outcome::Error(e)) = waiting_on(&stored, Some(&refused)) else { panic!("expected a failure") };
        assert!(matches!(e, Error::InvalidUpdate { .. }), "{e}");
        assert!(goes_on(Some(&Outcome::Error(e))));
    }

    #[test]
    fn a_thread_left_between_supersteps_continues_and_a_finished_one_waits_for_nothing() {
        let g = graph("write");
        let mut stepper = g.stepper_blocking(json!({"log": []}), RunConfig::thread("t")).unwrap();
        futures::executor::block_on(stepper.step());
        drop(stepper);
        let s = newest(&g);
        assert_eq!((Standing::of(&s, false), waiting_on(&s, None)), (Standing::Paused, Some(Outcome::Interrupted(vec![]))));
        g.invoke_blocking(superstep::Input::Continue, RunConfig::thread("t")).unwrap();
        let s = newest(&g);
        assert_eq!((Standing::of(&s, false), waiting_on(&s, None)), (Standing::Done, None));
    }

    #[test]
    fn step_and_run_go_on_with_a_thread_left_between_supersteps_or_failed_but_not_one_that_asks() {
        let asks = Outcome::Interrupted(vec![superstep::Interrupt { value: json!("ok?"), id: "i".into(), response_schema: None }]);
        let failed = Outcome::Error(Error::Node { node: "b".into(), message: "boom".into(), class: None });
        assert!(goes_on(Some(&Outcome::Interrupted(vec![]))) && goes_on(Some(&failed)) && goes_on(Some(&Outcome::Error(Error::Cancelled))));
        assert!(!goes_on(Some(&asks)) && !goes_on(None) && !goes_on(Some(&Outcome::Done)));
    }
}
