//! Checkpoints: plain snapshots of a run at superstep boundaries, and the
//! savers that keep them per thread.
use crate::error::Error;
use crate::pregel::{CompiledGraph, Input, RunConfig, RunCtx, RunState, Sink, Stepper};
use std::rc::Rc;

/// Keeps checkpoints per thread (filled in by the persistence layer).
pub trait Checkpointer {}

/// Builds the stepper for a run: fresh input, or (with a checkpointer) a thread's checkpoint.
pub(crate) async fn start_run(
    graph: &CompiledGraph,
    input: Input,
    config: RunConfig,
    namespace: Vec<String>,
    sink: Option<Sink>,
) -> Result<Stepper, Error> {
    let spec = graph.spec();
    let sink = sink.unwrap_or_else(|| Sink::new(config.stream_modes.clone(), config.subgraphs));
    let run = Rc::new(RunCtx {
        context: config.context.clone(),
        configurable: config.configurable.clone(),
        sink,
        namespace,
        env: graph.env().clone(),
        checkpointed: graph.options().checkpointer.is_some(),
    });
    let mut rs = RunState::new(spec);
    match input {
        Input::Values(v @ serde_json::Value::Object(_)) => {
            rs.values[spec.start_channel] = Some(std::sync::Arc::new(v));
            rs.versions[spec.start_channel] += 1;
        }
        Input::Values(other) => {
            return Err(Error::InvalidInput { message: format!("graph input must be an object of state keys, got {other}") })
        }
        Input::Command(_) | Input::Continue => {
            return Err(Error::NoCheckpointer { operation: "resuming a run (Command or null input)".into() })
        }
    }
    let limit = config.recursion_limit;
    Ok(Stepper {
        graph: graph.clone(),
        stop: rs.step + limit as i64 + 1,
        rs,
        checkpoint_id: run.env.next_id(),
        run,
        limit,
        pending: vec![],
        resume: Default::default(),
        answered: vec![],
        interrupt_before: config.interrupt_before.unwrap_or_else(|| graph.options().interrupt_before.clone()),
        interrupt_after: config.interrupt_after.unwrap_or_else(|| graph.options().interrupt_after.clone()),
        finished: None,
        hooks: None,
        record: false,
    })
}
