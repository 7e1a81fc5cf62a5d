//! Superstep: a LangGraph-style state-graph engine.
//!
//! State is a set of channels, each with a reducer. A run proceeds in Pregel
//! supersteps: plan the triggered tasks, execute them concurrently against
//! one snapshot, apply all writes at the barrier, repeat until nothing is
//! triggered. See `ARCHITECTURE.md` for how the layers fit together.
pub mod cache;
pub mod checkpoint;
pub mod doc;
pub mod env;
pub mod error;
pub mod graph;
pub mod json;
pub mod order;
pub mod pregel;
pub mod reducers;
pub mod sorted_map;
pub mod state;
pub mod types;

pub use cache::{Cache, InMemoryCache};
pub use env::Env;
pub use error::{Error, Result, ValidationError};
pub use graph::builder::{Channel, StateGraph};
pub use graph::node::{async_node, node, node_rt, router, router_rt, BranchSpec, CachePolicy, NodeSpec, RetryPolicy};
pub use pregel::{
    CompileOptions, CompiledGraph, Input, Outcome, OutputKeys, RunConfig, RunStream, Runtime, StepSnapshot, Stepper, StreamMode,
    StreamPart, DEFAULT_RECURSION_LIMIT,
};
pub use reducers::Reducer;
pub use state::{Growth, State};
pub use types::{is_unset, overwrite, Command, CommandGraph, Goto, Interrupt, NodeError, NodeOutput, Send, END, START, UNSET_KEY};

pub const VERSION: &str = env!("CARGO_PKG_VERSION");
