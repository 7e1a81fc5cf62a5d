//! Building graphs: the `StateGraph` builder, node and router specs, and `compile()`.
pub mod builder;
pub mod compile;
pub mod node;
