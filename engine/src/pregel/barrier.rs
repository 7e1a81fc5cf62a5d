//! The barrier, the "apply" of plan → execute → apply: a superstep whose
//! tasks all finished has its writes applied and a new checkpoint made; one
//! that paused, failed or commanded its parent keeps what finished pending.
use super::apply::{apply_writes, TaskWrites};
use super::execute::{TaskResult, TaskStatus};
use super::plan::{Task, TaskPath};
use super::stepper::{Outcome, Stepper};
use super::stream::StreamMode;
use super::task_events::stream_stop;
use crate::error::Error;
use crate::types::Interrupt;
use std::rc::Rc;

impl Stepper {
    /// Applies the writes if every task finished; otherwise keeps them pending.
    pub(super) fn conclude(
        &mut self,
        tasks: &[Rc<Task>],
        results: &mut [TaskResult],
        finish_order: &[usize],
        step: i64,
    ) -> (Outcome, Vec<super::Change>, bool) {
        let graph = self.graph.clone();
        let spec = graph.spec();
        // The first task to fail (or to command its parent) in time decides, as in LangGraph.
        let first = |f: &dyn Fn(&TaskStatus) -> bool| finish_order.iter().copied().find(|&i| f(&results[i].status));
        // The root graph has no parent: as in LangGraph.js, a command addressed to one
        // is dropped (the task is saved as failed with `ParentCommand`) and the superstep goes on.
        let root = self.run.namespace.is_empty();
        let unfinished = first(&|s| *s != TaskStatus::Done && !(root && matches!(s, TaskStatus::Parent(_)))).is_some();
        let cancelled = |r: &TaskResult| matches!(r.status, TaskStatus::Failed(Error::Cancelled));
        if unfinished {
            // A task the cancel stopped, or whose subgraph drained, leaves nothing behind:
            // it runs again on resume.
            self.pending = tasks
                .iter()
                .zip(results.iter())
                .filter(|(_, r)| !cancelled(r) && r.status.drain().is_none())
                .map(|(t, r)| (t.id.clone(), t.name.to_string(), r.clone()))
                .collect();
        }
        if results.iter().any(cancelled) {
            return (Outcome::Error(Error::Cancelled), vec![], false);
        }
        // Failures in the order they happened; stopped siblings are not failures of their own.
        let mut paused_before = false;
        let failures: Vec<Error> = finish_order
            .iter()
            .filter_map(|&i| match &results[i].status {
                TaskStatus::Failed(Error::Aborted { .. }) => None,
                TaskStatus::Failed(e) if fails(&results[i].status, paused_before) => Some(e.clone()),
                TaskStatus::Interrupted(_) => {
                    paused_before = true;
                    None
                }
                _ => None,
            })
            .collect();
        if !failures.is_empty() {
            let error = if failures.len() == 1 { failures[0].clone() } else { Error::Multiple { errors: failures } };
            return (Outcome::Error(error), vec![], false);
        }
        if let Some(i) = first(&|s| matches!(s, TaskStatus::Parent(_))).filter(|_| !root) {
            let TaskStatus::Parent(c) = &results[i].status else { unreachable!() };
            return (Outcome::ParentCommand(Box::new(c.clone())), vec![], false);
        }
        // In the order the tasks paused, as LangGraph streams each task's interrupt when it happens.
        let raised: Vec<&[Interrupt]> = finish_order
            .iter()
            .filter_map(|&i| match &results[i].status {
                TaskStatus::Interrupted(raised) => Some(&raised[..]),
                _ => None,
            })
            .collect();
        let interrupts: Vec<Interrupt> = raised.iter().flat_map(|r| r.iter().cloned()).collect();
        // A subgraph's drain ends the superstep drained unless a task paused after it (one
        // that paused before it made it a failure above), as in LangGraph.js.
        if let Some(e) = finish_order.iter().find_map(|&i| results[i].status.drain()).filter(|_| raised.is_empty()) {
            return (Outcome::Error(e.clone()), vec![], false);
        }
        if unfinished {
            // Each paused task streamed its stop when it paused (emit_task_result). The
            // root graph then applies the finished tasks' writes to a copy of its state
            // and streams that, as LangGraph does when it stops on an interrupt (its
            // invoke output). Writes that conflict fail the run here, as in LangGraph,
            // not only once it resumes; they stay saved, and a resume meets them again.
            let shown_writes = || results.iter().filter(|r| shown_at_pause(r)).flat_map(|r| &r.writes.writes);
            if root && shown_writes().next().is_some() {
                let mut shown = self.rs.clone();
                let mut ids = || self.run.env.next_id();
                if let Err(e) = super::apply::apply_saved_writes(spec, &mut shown, tasks, &self.pending, shown_at_pause, &mut ids) {
                    return (Outcome::Error(e), vec![], false);
                }
                if shown_writes().any(|(c, _)| self.run.output_channels(spec).contains(c)) {
                    self.run.values_shown.set(true);
                    let keys = self.run.output_keys.as_ref();
                    self.run.sink.push(&self.run.namespace, StreamMode::Values, || super::output_keys::values_chunk(keys, spec, &shown));
                }
                self.paused_view = Some(shown);
            }
            return (Outcome::Interrupted(interrupts), vec![], false);
        }
        let task_refs: Vec<&Task> = tasks.iter().map(|t| &**t).collect();
        let kept = self.keep_input.take().map(|mut keep| tasks.iter().for_each(|t| keep(&t.input()))).is_some();
        if !self.record || kept {
            // Inputs share channel values; dropping them lets reducers append in place.
            tasks.iter().for_each(|t| t.release_input());
        }
        if let Some(hooks) = self.hooks.clone() {
            hooks.before_apply(self, tasks, results);
        }
        // Kept, should the barrier refuse them, as the tasks' saved results (as in LangGraph),
        // when a checkpointer stores them and a conflict is possible (two writers at least).
        let keep = self.record || (self.hooks.is_some() && results.len() > 1);
        let writes: Vec<TaskWrites> = if keep {
            results.iter().map(|r| r.writes.clone()).collect()
        } else {
            results.iter_mut().map(|r| std::mem::take(&mut r.writes)).collect()
        };
        let env = self.run.env.clone();
        let mut ids = || env.next_id();
        // A run that stores only its end state needs a whole one should the barrier fail
        // part-way; one storing every superstep has it stored already.
        let before = self.run.save_on_exit.then(|| super::rollback::Rollback::take(spec, &self.rs, &writes));
        let changed = match apply_writes(spec, &mut self.rs, &task_refs, writes, &mut ids) {
            Ok(c) => c,
            Err(e) => {
                // Saved without its writes, a lone task would count as run with nothing written: it runs again.
                let saved = tasks.iter().zip(results.iter()).filter(|_| keep);
                self.pending = saved.map(|(t, r)| (t.id.clone(), t.name.to_string(), r.clone())).collect();
                if let Some(before) = before {
                    before.restore(&mut self.rs);
                }
                return (Outcome::Error(e), vec![], false);
            }
        };
        super::finish_deferred(spec, &mut self.rs);
        self.rs.step = step;
        self.answered.clear();
        self.run.calls.borrow_mut().clear();
        // LangGraph keeps Sends in a channel of their own: a superstep that ran or
        // wrote Sends updates it, so a breakpoint may fire again though no state changed.
        if !self.rs.sends.is_empty() || tasks.iter().any(|t| matches!(t.path, TaskPath::Push(_))) {
            self.rs.breakpoint_seen = None;
        }
        if self.run.persistence.is_some() {
            self.checkpoint_id = self.run.env.next_id().into();
        }
        // A run with output keys of its own streams only the steps that wrote one.
        if changed.iter().any(|c| self.run.streams(c.channel)) {
            // invoke's values are the output keys': a step that wrote none shows it nothing.
            if changed.iter().any(|c| self.run.output_channels(spec).contains(&c.channel)) {
                self.run.values_shown.set(true);
            }
            self.run.sink.push_values(&self.run.namespace, spec, &self.rs, self.run.output_keys.as_ref());
        }
        if self.breakpoint(tasks, &self.interrupt_after.clone()) {
            return (Outcome::Interrupted(vec![]), changed, true);
        }
        (Outcome::Continue, changed, true)
    }

    /// Whether a static breakpoint fires for these tasks (once per set of channel versions).
    pub(super) fn breakpoint(&mut self, tasks: &[Rc<Task>], nodes: &[String]) -> bool {
        if nodes.is_empty() || !tasks.iter().any(|t| t.node != 0 && nodes.iter().any(|n| n == "*" || **n == *t.name)) {
            return false;
        }
        if self.rs.breakpoint_seen.as_ref() == Some(&self.rs.versions) {
            return false;
        }
        self.rs.breakpoint_seen = Some(self.rs.versions.clone());
        // As LangGraph: the root graph streams the stop; a subgraph's stop reaches
        // the stream as its parent task's interrupt.
        if self.run.namespace.is_empty() {
            self.push_stop(&[]);
        }
        true
    }

    /// Streams a stop as LangGraph does, in "updates" and "values": `{__interrupt__: [...]}`.
    fn push_stop(&self, interrupts: &[Interrupt]) {
        stream_stop(&self.run.sink, &self.run.namespace, interrupts);
    }
}

/// Whether a task's end fails its superstep. A subgraph's drain passing up does not
/// (it is LangGraph's bubble-up), unless a pause finished before it: LangGraph.js's
/// runner then takes it for a node's failure, which ends the run as GraphDrained.
pub(super) fn fails(status: &TaskStatus, paused_before: bool) -> bool {
    matches!(status, TaskStatus::Failed(e) if !e.is_drain() || paused_before)
}

/// Whether a task's writes show in the state a paused run streams and returns:
/// a finished task's, and a task paused in its router (its node's writes, as
/// LangGraph shows them; they are not applied, the task runs again on resume).
pub(super) fn shown_at_pause(r: &TaskResult) -> bool {
    matches!(r.status, TaskStatus::Done | TaskStatus::Interrupted(_))
}
