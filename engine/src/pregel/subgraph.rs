//! Subgraphs: a compiled graph run as a node, or invoked from inside a node.
//! The child streams into the parent's sink under the task's namespace, and
//! its interrupts and `Command(graph=PARENT)` travel up as node errors.
use super::runtime::Runtime;
use super::stepper::Outcome;
use super::{Input, RunConfig};
use crate::graph::node::{Call, NodeSpec};
use crate::types::{NodeError, NodeOutput};
use crate::CompiledGraph;
use futures::FutureExt;
use serde_json::Value;
use std::rc::Rc;

/// A node that runs `graph` on the parent's state; its output is the update.
pub fn subgraph_node(name: String, graph: CompiledGraph) -> NodeSpec {
    let g = graph.clone();
    let action = Rc::new(move |state: crate::State, rt: Runtime| {
        let g = g.clone();
        Call::Later(async move { rt.invoke_graph(&g, state.to_value()).await.map(NodeOutput::Update) }.boxed_local())
    });
    let mut spec = NodeSpec::new(name, action);
    spec.subgraph = Some(graph);
    spec
}

impl Runtime {
    /// Runs `graph` as a subgraph of this task and returns its output.
    pub async fn invoke_graph(&self, graph: &CompiledGraph, input: Value) -> Result<Value, NodeError> {
        let run = self.run_ctx();
        let config = RunConfig { context: run.context.clone(), configurable: run.configurable.clone(), ..RunConfig::default() };
        let mut stepper =
            graph.start(Input::Values(input), config, self.namespace(), Some(self.sink().clone())).await.map_err(NodeError::from)?;
        loop {
            match stepper.tick().await.outcome {
                Outcome::Continue => continue,
                Outcome::Done => return Ok(stepper.output()),
                Outcome::Interrupted(i) => return Err(NodeError::Interrupted(i)),
                Outcome::Error(e) => return Err(NodeError::Graph(Box::new(e))),
                Outcome::ParentCommand(c) => return Err(NodeError::ParentCommand(Box::new(c))),
            }
        }
    }
}
