//! Building graphs: the `StateGraph` builder, node and router specs, and `compile()`.
pub mod builder;
pub mod compile;
mod flow;
pub mod node;
