//! The engine's one error enum. Every variant names the culprit (key, node, edge).
use std::fmt;

/// The `key` of an `InvalidUpdate` that was not an object of state keys at all.
pub const NOT_AN_UPDATE: &str = "<update>";

/// What went wrong while building, compiling or running a graph.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// A graph failed validation at `compile()`.
    Validation(ValidationError),
    /// Two or more writes to an overwrite (last-value) key in one superstep,
    /// or a write the channel cannot take.
    InvalidUpdate { key: String, nodes: Vec<String>, message: String },
    /// An `update_state` LangGraph refuses (an unknown `as_node`, an ambiguous update...).
    InvalidStateUpdate { message: String },
    /// The run needed more supersteps than the recursion limit allows.
    GraphRecursion { limit: usize },
    /// A router, `goto` or `Send` named a node that does not exist.
    UnknownTarget { source: String, target: String },
    /// A router returned a key that its path map does not contain.
    UnknownRoute { source: String, key: String },
    /// A node (or its router) failed; `message` is the node's own error and
    /// `class` its error class name (a JS error's `name`), when known.
    Node { node: String, message: String, class: Option<String> },
    /// A reducer failed on the values it was given.
    Reducer { key: String, message: String },
    /// An operation needs a checkpointer and the graph has none.
    NoCheckpointer { operation: String },
    /// A thread or checkpoint that does not exist.
    NotFound { what: String },
    /// The checkpointer failed (storage full, closed, locked...).
    Storage { message: String },
    /// A checkpoint names a node the current graph no longer has.
    MissingNode { node: String },
    /// Invalid input to invoke/stream/update_state.
    InvalidInput { message: String },
    /// A null input with nothing to continue: no checkpointer, or an empty thread.
    EmptyInput { message: String },
    /// A graph document or expression could not be loaded.
    Document { problems: Vec<String> },
    /// A task stopped unfinished because another task of its superstep failed
    /// first (LangGraph's abort); it runs again when the thread resumes.
    Aborted { node: String },
    /// Several tasks of one superstep failed before any could stop the others.
    Multiple { errors: Vec<Error> },
    /// The run was cancelled from outside (an `AbortSignal`); what it committed stays.
    Cancelled,
    /// A superstep ran past the graph's step timeout. It stopped as a cancelled
    /// run does: what it committed stays, and its unfinished tasks run again on resume.
    StepTimeout { step: i64, seconds: f64 },
    /// The run stopped at a superstep boundary because a drain was asked for
    /// (LangGraph's `GraphDrained`); a null input resumes it.
    Drained { reason: String },
}

impl Error {
    /// The error class LangGraph.js throws for it (its own name where it has one).
    pub fn class_name(&self) -> &'static str {
        match self {
            Error::GraphRecursion { .. } => "GraphRecursionError",
            // A route to a node the graph lacks: LangGraph.js's class for a `Send` there
            // (it ignores a router's or a goto's), and LangGraph's for a router's.
            Error::InvalidUpdate { .. } | Error::InvalidStateUpdate { .. } | Error::Reducer { .. } | Error::UnknownTarget { .. } => {
                "InvalidUpdateError"
            }
            Error::Validation(_) => "GraphValidationError",
            Error::Node { .. } => "NodeError",
            Error::NoCheckpointer { .. } => "GraphValueError",
            Error::MissingNode { .. } => "MissingNodeError",
            Error::EmptyInput { .. } => "EmptyInputError",
            Error::Storage { message } if message.contains("QuotaExceeded") => "StorageQuotaError",
            Error::Storage { .. } => "CheckpointStorageError",
            Error::Document { .. } => "GraphDocumentError",
            Error::Aborted { .. } | Error::Cancelled => "AbortError",
            Error::Drained { .. } => "GraphDrained",
            // LangGraph's (Python's asyncio) class; LangGraph.js throws a bare `Error("Abort")`.
            Error::StepTimeout { .. } => "TimeoutError",
            Error::Multiple { .. } => "AggregateError",
            Error::UnknownRoute { .. } | Error::NotFound { .. } | Error::InvalidInput { .. } => "Error",
        }
    }

    /// A subgraph's drain passing up: no failure of its node's, it stops no sibling
    /// and is not recorded (LangGraph's bubble-up); the task runs again on resume.
    pub fn is_drain(&self) -> bool {
        matches!(self, Error::Drained { .. })
    }

    /// The message a failed task records: the node's own, else the engine's.
    pub fn task_message(&self) -> String {
        match self {
            Error::Node { message, .. } => message.clone(),
            // The message of the AbortSignal's error LangGraph.js records for a stopped task.
            Error::Aborted { .. } => "This operation was aborted".into(),
            other => other.to_string(),
        }
    }

    /// The class a failed task records: what the node threw, else the engine's class.
    pub fn task_error_class(&self) -> &str {
        match self {
            Error::Node { class: Some(c), .. } => c,
            Error::Node { .. } => "Error",
            other => other.class_name(),
        }
    }
}

/// Why `compile()` rejected a graph.
#[derive(Debug, Clone, PartialEq)]
pub enum ValidationError {
    UnknownNode {
        node: String,
        context: String,
    },
    Unreachable {
        node: String,
    },
    NoEntryPoint,
    UnknownPathTarget {
        source: String,
        target: String,
    },
    DuplicateNode {
        node: String,
    },
    ReservedName {
        name: String,
    },
    /// START or END (`endpoint`) where it cannot be: `problem` says how (as LangGraph's messages), `context` where.
    MisplacedEndpoint {
        endpoint: String,
        problem: &'static str,
        context: String,
    },
    ReservedKey {
        key: String,
    },
    UnknownKey {
        key: String,
        context: String,
    },
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownNode { node, context } => {
                write!(f, "{context} names unknown node `{node}`")
            }
            Self::Unreachable { node } => write!(f, "node `{node}` is not reachable: no edge, path map or `ends` leads to it"),
            Self::NoEntryPoint => write!(f, "graph has no entry point: add an edge from START"),
            Self::UnknownPathTarget { source, target } => {
                write!(f, "path map of the router on `{source}` names unknown node `{target}`")
            }
            Self::DuplicateNode { node } => write!(f, "node `{node}` is already present"),
            Self::ReservedName { name } => match name.chars().find(|c| matches!(c, '|' | ':')) {
                // As LangGraph: they separate a subgraph's namespace into its parts.
                Some(c) => write!(f, "\"{c}\" is a reserved character and is not allowed in node names (`{name}`)"),
                None => write!(f, "`{name}` is a reserved name"),
            },
            Self::MisplacedEndpoint { problem, context, .. } => write!(f, "{problem} ({context})"),
            Self::ReservedKey { key } => {
                write!(f, "state key `{key}` is reserved: `__start__`, `branch:to:…` and `join:…` name the graph's own channels")
            }
            Self::UnknownKey { key, context } => {
                write!(f, "{context} names unknown state key `{key}`")
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Validation(v) => write!(f, "invalid graph: {v}"),
            Self::InvalidUpdate { key, nodes, message } if key == NOT_AN_UPDATE => {
                write!(f, "invalid update from [{}]: {message}", writers(nodes))
            }
            Self::InvalidUpdate { key, nodes, message } => {
                write!(f, "invalid update for channel `{key}` from [{}]: {message}", writers(nodes))
            }
            Self::InvalidStateUpdate { message } => f.write_str(message),
            Self::GraphRecursion { limit } => {
                write!(f, "recursion limit of {limit} reached without hitting a stop condition; raise it with recursion_limit")
            }
            Self::UnknownTarget { source, target } => write!(f, "`{source}` routed to unknown node `{target}`"),
            Self::UnknownRoute { source, key } => {
                write!(f, "router on `{source}` returned `{key}`, which its path map does not contain")
            }
            Self::Node { node, message, .. } => write!(f, "node `{node}` failed: {message}"),
            Self::Reducer { key, message } => write!(f, "reducer of `{key}` failed: {message}"),
            Self::NoCheckpointer { operation } => write!(f, "{operation} needs a checkpointer; compile with one"),
            Self::NotFound { what } => write!(f, "{what} not found"),
            Self::Storage { message } => write!(f, "checkpoint storage failed: {message}"),
            Self::MissingNode { node } => {
                write!(f, "the thread is about to run node `{node}`, which this graph no longer has")
            }
            Self::InvalidInput { message } => write!(f, "invalid input: {message}"),
            Self::EmptyInput { message } => write!(f, "no input: {message}"),
            Self::Document { problems } => write!(f, "invalid graph document: {}", problems.join("; ")),
            Self::Cancelled => write!(f, "the run was cancelled"),
            Self::StepTimeout { step, seconds } => {
                write!(f, "superstep {step} ran past the graph's step timeout of {} ms", (seconds * 1000.0).round() as u64)
            }
            Self::Drained { reason } => write!(f, "the run was drained at a superstep boundary: {reason}"),
            Self::Aborted { node } => write!(f, "node `{node}` was stopped: another task of its superstep failed"),
            Self::Multiple { errors } => {
                write!(f, "{} tasks failed in one superstep: ", errors.len())?;
                for (i, e) in errors.iter().enumerate() {
                    write!(f, "{}{e}", if i > 0 { "; " } else { "" })?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

/// The nodes that wrote, each once, in order, with a count when it wrote more
/// than once: a fan-out of thousands of `Send`s is `work ×3000`, not the name 3,000 times.
fn writers(nodes: &[String]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for n in nodes {
        match seen.iter_mut().find(|(m, _)| *m == n) {
            Some((_, count)) => *count += 1,
            None => seen.push((n, 1)),
        }
    }
    let shown: Vec<String> = seen.iter().map(|&(n, c)| if c > 1 { format!("{n} ×{c}") } else { n.to_string() }).collect();
    shown.join(", ")
}

impl From<ValidationError> for Error {
    fn from(v: ValidationError) -> Self {
        Error::Validation(v)
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
