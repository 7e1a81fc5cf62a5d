//! Node, router, retry and cache specifications, and helpers to build them
//! from plain closures.
use crate::pregel::Runtime;
use crate::state::State;
use crate::types::{Goto, NodeError, NodeOutput, Send};
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use serde_json::Value;
use std::future::Future;
use std::rc::Rc;

/// The result of calling a node or router: ready now (synchronous bodies,
/// no allocation) or later (async bodies).
pub enum Call<T> {
    Ready(Result<T, NodeError>),
    Later(LocalBoxFuture<'static, Result<T, NodeError>>),
}

/// A node body: `(state, runtime) -> output, now or later`.
pub type NodeFn = Rc<dyn Fn(State, Runtime) -> Call<NodeOutput>>;
/// A router: `(state, runtime) -> destinations (names, END or Sends), now or later`.
pub type RouterFn = Rc<dyn Fn(State, Runtime) -> Call<Vec<Goto>>>;

/// A synchronous node from `Fn(&State) -> Result<impl Into<NodeOutput>, E>`.
pub fn node<F, O, E>(f: F) -> NodeFn
where
    F: Fn(&State) -> Result<O, E> + 'static,
    O: Into<NodeOutput>,
    E: Into<NodeError>,
{
    Rc::new(move |s, _rt| Call::Ready(f(&s).map(Into::into).map_err(Into::into)))
}

/// A synchronous node that also takes the runtime (step, context, interrupt, writer).
pub fn node_rt<F, O, E>(f: F) -> NodeFn
where
    F: Fn(&State, &Runtime) -> Result<O, E> + 'static,
    O: Into<NodeOutput>,
    E: Into<NodeError>,
{
    Rc::new(move |s, rt| Call::Ready(f(&s, &rt).map(Into::into).map_err(Into::into)))
}

/// An async node from `Fn(State, Runtime) -> impl Future<Output = Result<..>>`.
pub fn async_node<F, Fut, O, E>(f: F) -> NodeFn
where
    F: Fn(State, Runtime) -> Fut + 'static,
    Fut: Future<Output = Result<O, E>> + 'static,
    O: Into<NodeOutput>,
    E: Into<NodeError>,
{
    Rc::new(move |s, rt| Call::Later(f(s, rt).map(|r| r.map(Into::into).map_err(Into::into)).boxed_local()))
}

/// Anything a router may return: a name, several names, or `Send`s.
pub trait IntoRoutes {
    fn into_routes(self) -> Vec<Goto>;
}

impl IntoRoutes for &str {
    fn into_routes(self) -> Vec<Goto> {
        vec![Goto::Node(self.to_string())]
    }
}
impl IntoRoutes for String {
    fn into_routes(self) -> Vec<Goto> {
        vec![Goto::Node(self)]
    }
}
impl IntoRoutes for bool {
    fn into_routes(self) -> Vec<Goto> {
        vec![Goto::Node(self.to_string())]
    }
}
impl IntoRoutes for Goto {
    fn into_routes(self) -> Vec<Goto> {
        vec![self]
    }
}
impl IntoRoutes for Send {
    fn into_routes(self) -> Vec<Goto> {
        vec![Goto::Send(self)]
    }
}
impl<T: Into<Goto>> IntoRoutes for Vec<T> {
    fn into_routes(self) -> Vec<Goto> {
        self.into_iter().map(Into::into).collect()
    }
}

/// A synchronous router from `Fn(&State) -> Result<impl IntoRoutes, E>`.
pub fn router<F, R, E>(f: F) -> RouterFn
where
    F: Fn(&State) -> Result<R, E> + 'static,
    R: IntoRoutes,
    E: Into<NodeError>,
{
    Rc::new(move |s, _rt| Call::Ready(f(&s).map(IntoRoutes::into_routes).map_err(Into::into)))
}

/// A synchronous router that also takes the runtime.
pub fn router_rt<F, R, E>(f: F) -> RouterFn
where
    F: Fn(&State, &Runtime) -> Result<R, E> + 'static,
    R: IntoRoutes,
    E: Into<NodeError>,
{
    Rc::new(move |s, rt| Call::Ready(f(&s, &rt).map(IntoRoutes::into_routes).map_err(Into::into)))
}

/// When and how often a failing node is retried.
#[derive(Clone)]
pub struct RetryPolicy {
    /// Total attempts, the first included.
    pub max_attempts: u32,
    /// Seconds before the first retry.
    pub initial_interval: f64,
    pub backoff_factor: f64,
    pub max_interval: f64,
    /// Which failures to retry: `None` retries all; otherwise only these error kinds.
    pub retry_on: Option<Vec<String>>,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy { max_attempts: 3, initial_interval: 0.5, backoff_factor: 2.0, max_interval: 128.0, retry_on: None }
    }
}

impl RetryPolicy {
    /// The wait in seconds before retry number `attempt` (1-based).
    pub fn interval(&self, attempt: u32) -> f64 {
        (self.initial_interval * self.backoff_factor.powi(attempt.saturating_sub(1) as i32)).min(self.max_interval)
    }

    pub fn retries(&self, kind: Option<&str>) -> bool {
        match &self.retry_on {
            None => true,
            Some(kinds) => kind.is_some_and(|k| kinds.iter().any(|x| x == k)),
        }
    }
}

/// A key function for the node cache: node input → cache key.
pub type CacheKeyFn = Rc<dyn Fn(&Value) -> String>;

/// Per-node caching: results are reused for equal keys until `ttl` seconds pass.
#[derive(Clone, Default)]
pub struct CachePolicy {
    pub key: Option<CacheKeyFn>,
    pub ttl: Option<f64>,
}

/// Everything `add_node` knows about a node.
#[derive(Clone)]
pub struct NodeSpec {
    pub name: String,
    pub action: NodeFn,
    /// The compiled graph this node runs, when it is a subgraph node.
    pub subgraph: Option<crate::CompiledGraph>,
    /// Keys this node reads; `None` means the graph's state keys.
    pub input: Option<Vec<String>>,
    /// Where a `Command` from this node may go (for validation and drawing).
    pub ends: Vec<String>,
    pub retry: Option<RetryPolicy>,
    pub cache: Option<CachePolicy>,
    /// Runs only once nothing else is left to run (LangGraph's `defer`): its
    /// triggers wait until a superstep triggers no other node.
    pub defer: bool,
    /// Free-form metadata (kind, settings) kept by documents and the editor.
    pub metadata: Value,
    /// The node that runs, in the same superstep, when this node fails after
    /// its retries (LangGraph.js's `errorHandler`); it gets the failed task's
    /// input and `Runtime::failure`, and its writes stand in for the failed node's.
    pub error_handler: Option<String>,
}

impl NodeSpec {
    pub fn new(name: impl Into<String>, action: NodeFn) -> Self {
        NodeSpec {
            name: name.into(),
            action,
            subgraph: None,
            input: None,
            ends: vec![],
            retry: None,
            cache: None,
            defer: false,
            metadata: Value::Null,
            error_handler: None,
        }
    }
    pub fn input<I: IntoIterator<Item = S>, S: Into<String>>(mut self, keys: I) -> Self {
        self.input = Some(keys.into_iter().map(Into::into).collect());
        self
    }
    pub fn ends<I: IntoIterator<Item = S>, S: Into<String>>(mut self, ends: I) -> Self {
        self.ends = ends.into_iter().map(Into::into).collect();
        self
    }
    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.retry = Some(policy);
        self
    }
    pub fn cache(mut self, policy: CachePolicy) -> Self {
        self.cache = Some(policy);
        self
    }
    pub fn metadata(mut self, metadata: Value) -> Self {
        self.metadata = metadata;
        self
    }
    /// Failures (after retries) run node `handler` instead of failing the run.
    pub fn on_error(mut self, handler: impl Into<String>) -> Self {
        self.error_handler = Some(handler.into());
        self
    }
    pub fn deferred(mut self) -> Self {
        self.defer = true;
        self
    }
}

/// A conditional edge: a router on `source`, with an optional path map.
#[derive(Clone)]
pub struct BranchSpec {
    pub source: String,
    pub router: RouterFn,
    /// Router result → node name. `None`: results are node names.
    pub path_map: Option<Vec<(String, String)>>,
    pub metadata: Value,
}
