//! Superstep: a LangGraph-style state-graph engine.
//!
//! State is a set of channels, each with a reducer. A run proceeds in Pregel
//! supersteps: plan the triggered tasks, execute them concurrently against
//! one snapshot, apply all writes at the barrier, repeat until nothing is
//! triggered. See `ARCHITECTURE.md` for how the layers fit together.
//!
//! A map-reduce over `Send`, then a human review that pauses the run until
//! it is resumed on its thread:
//!
//! ```
//! use serde_json::json;
//! use std::rc::Rc;
//! use superstep::checkpoint::{Checkpointing, MemorySaver};
//! use superstep::*;
//!
//! let graph = StateGraph::new()
//!     .channel("subjects", Channel::last_value())
//!     .channel("jokes", Channel::reducer(Reducer::Add).default(json!([])))
//!     .channel("verdict", Channel::last_value())
//!     .node("joke", node(|s| Ok::<_, NodeError>(json!({ "jokes": [format!("about {}", s.str("subject").unwrap_or("?"))] }))))
//!     .node("review", node_rt(|_, rt| Ok::<_, NodeError>(json!({ "verdict": rt.interrupt(json!("Approve the jokes?"))? }))))
//!     // One `joke` task per subject, each with its own input.
//!     .conditional(
//!         START,
//!         router(|s| {
//!             let subjects = s.get("subjects").and_then(|v| v.as_array()).cloned().unwrap_or_default();
//!             Ok::<_, NodeError>(subjects.into_iter().map(|subject| Send::new("joke", json!({ "subject": subject }))).collect::<Vec<_>>())
//!         }),
//!         None,
//!     )
//!     .edge("joke", "review")
//!     .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(Rc::new(MemorySaver::new())), ..Default::default() })
//!     .expect("a valid graph");
//!
//! let thread = RunConfig::thread("t1");
//! let paused = graph.invoke_blocking(json!({ "subjects": ["cats", "dogs"] }), thread.clone()).unwrap();
//! assert_eq!(paused["__interrupt__"][0]["value"], json!("Approve the jokes?"));
//! assert_eq!(graph.get_state_blocking(&thread).unwrap().next, vec!["review"]);
//!
//! let done = graph.invoke_blocking(Command::resume(json!("yes")), thread).unwrap();
//! assert_eq!(done["jokes"], json!(["about cats", "about dogs"]));
//! assert_eq!(done["verdict"], json!("yes"));
//! ```
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
    CompileOptions, CompiledGraph, GraphEvent, Input, LateWriter, LifecycleHook, Outcome, OutputKeys, RunConfig, RunStream, Runtime,
    StepSnapshot, Stepper, StreamMode, StreamPart, DEFAULT_RECURSION_LIMIT,
};
pub use reducers::Reducer;
pub use state::{Growth, State};
pub use types::{is_unset, overwrite, Command, CommandGraph, Goto, Interrupt, NodeError, NodeOutput, Send, END, START, UNSET_KEY};

pub const VERSION: &str = env!("CARGO_PKG_VERSION");
