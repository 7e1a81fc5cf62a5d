//! Node error handlers (LangGraph.js's `errorHandler`): when a node fails after
//! its retries, its handler node runs as a task of the same superstep, on the
//! failed task's input. The handler's writes take the failed task's place in
//! the apply order; a handler that fails fails the superstep. A paused
//! superstep saves the failure (`HandledFailure`); on resume the handler runs
//! again and the node does not, as in LangGraph.js.
use super::apply::TaskWrites;
use super::execute::{finish, from_node_error, run_with_retry, runtime_for, with_managed, StepCtx, TaskResult, TaskStatus};
use super::plan::{Task, TaskPath};
use super::runtime::{ResumeCursor, Runtime};
use super::task_events::{emit_task_result, emit_task_start};
use crate::checkpoint::HandledFailure;
use crate::env::stable_hash;
use crate::error::Error;
use crate::graph::compile::GraphSpec;
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// A failure an error handler took over: the handler's task and the error.
#[derive(Clone, Debug)]
pub struct Handled {
    pub task: Rc<Task>,
    pub error: Error,
    /// Resume values the node took before it failed (the handler's come after).
    pub node_answers: usize,
}

impl Handled {
    /// A saved handled failure of task `task_id` (node `node`), for a resumed run;
    /// `None` if the node has no handler now. A restored failure is handled again
    /// (`resume`), so its task here only names the handler.
    pub(crate) fn restore(spec: &GraphSpec, task_id: &str, node: &str, saved: &HandledFailure) -> Option<Box<Handled>> {
        let failed = spec.node(node)?;
        let handler = spec.node(spec.nodes[failed].spec.error_handler.as_deref()?)?;
        let name = spec.nodes[handler].name.clone();
        let task = Rc::new(Task {
            id: handler_task_id(task_id),
            node: handler,
            path: TaskPath::Pull(name.clone()),
            name,
            triggers: vec![],
            input: Default::default(),
            timeout: None,
        });
        let error = Error::Node { node: node.to_string(), message: saved.error.clone(), class: saved.class.clone() };
        Some(Box::new(Handled { task, error, node_answers: saved.node_answers }))
    }
}

/// The task of `failed`'s error handler, if its node has one.
pub(super) fn handler_task(spec: &GraphSpec, failed: &Rc<Task>) -> Option<Rc<Task>> {
    let handler = spec.node(spec.nodes[failed.node].spec.error_handler.as_deref()?)?;
    Some(handler_task_of(spec, failed, handler))
}

/// A task a sibling's failure stopped, when its node has an error handler: as in
/// LangGraph.js, which saves the abort as the task's error, the handler takes it
/// over on resume (with an `AbortError`), and the node does not run again.
pub(super) fn take_over_stopped(spec: &GraphSpec, stopped: &Rc<Task>) -> Option<Box<Handled>> {
    let task = handler_task(spec, stopped)?;
    Some(Box::new(Handled { task, error: Error::Aborted { node: stopped.name.to_string() }, node_answers: 0 }))
}

/// Node `handler`'s task for `failed`: its input, and its place in the apply order.
fn handler_task_of(spec: &GraphSpec, failed: &Rc<Task>, handler: usize) -> Rc<Task> {
    Rc::new(Task {
        id: handler_task_id(&failed.id),
        node: handler,
        name: spec.nodes[handler].name.clone(),
        path: failed.path.clone(),
        triggers: vec![],
        input: RefCell::new(failed.input()),
        timeout: None,
    })
}

fn handler_task_id(failed: &str) -> String {
    stable_hash(&[failed, "node_error_handler"])
}

/// Runs node `handler` for `failed`, whose node failed with `error`; `rt` is the
/// failed task's runtime (the handler goes on with its resume values).
pub(super) async fn run(ctx: &StepCtx<'_>, failed: &Rc<Task>, rt: &Runtime, handler: &str, error: Error) -> TaskResult {
    // Answers by id answer the node's questions, not the handler's (in LangGraph.js the
    // handler is a task of its own, whose interrupts have ids of their own): it keeps
    // only those the node took. One value for all (the null resume) may reach it.
    let cursor = {
        let c = rt.0.resume.borrow();
        let kept = if ctx.run.has_null_resume() { c.values.len() } else { c.next.min(c.values.len()) };
        ResumeCursor { values: c.values[..kept].to_vec(), next: c.next }
    };
    run_handler(ctx, failed, cursor, handler, error, true).await
}

/// Runs again the error handler of `failed`, whose node failed in an earlier run
/// of this superstep (`error`, saved), with the answers its pause got. The node
/// itself does not run again, as in LangGraph.js.
pub(super) async fn resume(ctx: &StepCtx<'_>, failed: &Rc<Task>, answers: Vec<Value>, handled: &Handled) -> TaskResult {
    let error = handled.error.clone();
    let Some(handler) = ctx.spec.nodes[failed.node].spec.error_handler.clone() else {
        return TaskResult { writes: TaskWrites::default(), status: TaskStatus::Failed(error), cached: false, handled: None };
    };
    let cursor = ResumeCursor { values: answers, next: handled.node_answers };
    run_handler(ctx, failed, cursor, &handler, error, false).await
}

async fn run_handler(ctx: &StepCtx<'_>, failed: &Rc<Task>, cursor: ResumeCursor, handler: &str, error: Error, first: bool) -> TaskResult {
    let spec = ctx.spec;
    let failure = TaskResult { writes: TaskWrites::default(), status: TaskStatus::Failed(error.clone()), cached: false, handled: None };
    let Some(node) = spec.node(handler) else { return failure };
    let task = handler_task_of(spec, failed, node);
    // As LangGraph.js streams them: the handler starts, then the failure shows (once).
    let (sink, ns, run) = (&ctx.run.sink, &ctx.run.namespace, &*ctx.run);
    emit_task_start(sink, ns, spec, &task, ctx.step, run);
    if first {
        emit_task_result(sink, ns, spec, failed, &failure, ctx.step, run);
        // A handler that starts after the null resume was used gets none (see `NullResume`).
        let mut null = run.null_resume.borrow_mut();
        if null.consumed {
            null.given.push(task.id.clone());
        }
    }
    // As in LangGraph.js, where the handler is a task of its own: the superstep's
    // other tasks that are ready run first.
    super::subgraph::yield_now().await;
    let node_answers = cursor.next;
    let handler_rt = runtime_for(ctx, &task, cursor, Some((failed.clone(), error.clone())));
    let outcome = run_with_retry(&handler_rt, &spec.nodes[node], with_managed(ctx, task.input())).await;
    handler_rt.flush_calls();
    let mut result = match outcome {
        Ok(output) => finish(ctx, &task, &handler_rt, output, false).await,
        Err(e) => from_node_error(&task.name, e),
    };
    result.handled = Some(Box::new(Handled { task, error, node_answers }));
    result
}
