//! The graph spec and run config the JS glue hands over, read from JSON by
//! hand: derived `Deserialize` for these few structs cost the wasm package
//! more than the reader (every error still names its field).
use serde_json::{Map, Value};
use superstep::json::{Fields, Read};

pub struct SpecData {
    pub name: Option<String>,
    pub channels: Vec<ChannelData>,
    pub state_keys: Vec<String>,
    pub input: Option<Vec<String>>,
    pub output: Option<Vec<String>>,
    pub nodes: Vec<NodeData>,
    pub edges: Vec<(String, String)>,
    pub joins: Vec<(Vec<String>, String)>,
    pub branches: Vec<BranchData>,
    pub options: OptionsData,
}

pub struct ChannelData {
    pub name: String,
    pub reducer: String,
    pub reducer_fn: Option<usize>,
    /// The reducer function's known effect on lists ("concat", "spread" or "push").
    pub fold: Option<String>,
    pub default: Option<Value>,
    pub untracked: bool,
}

pub struct NodeData {
    pub name: String,
    pub fn_index: Option<usize>,
    pub subgraph: Option<u32>,
    pub input: Option<Vec<String>>,
    pub ends: Vec<String>,
    pub cache: Option<CacheData>,
    pub retry: Option<RetryData>,
    pub defer: bool,
    pub metadata: Value,
    pub error_handler: Option<String>,
}

pub struct CacheData {
    pub ttl: Option<f64>,
    pub key_fn: Option<usize>,
}

pub struct RetryData {
    pub max_attempts: Option<u32>,
    pub initial_interval: Option<f64>,
    pub backoff_factor: Option<f64>,
    pub max_interval: Option<f64>,
    pub retry_on: Option<Vec<String>>,
}

pub struct BranchData {
    pub source: String,
    pub fn_index: usize,
    pub path_map: Option<Vec<(String, String)>>,
}

#[derive(Default)]
pub struct OptionsData {
    pub saver: Option<u32>,
    pub cache: Option<u32>,
    pub interrupt_before: Vec<String>,
    pub interrupt_after: Vec<String>,
    /// "perThread" or "disabled" (a subgraph's `checkpointer: true | false`).
    pub checkpointing: Option<String>,
    pub name: Option<String>,
    /// The functional API's graph: the input is START's update at once.
    pub inline_start: bool,
}

#[derive(Default)]
pub struct ConfigData {
    pub recursion_limit: Option<usize>,
    pub max_concurrency: Option<usize>,
    pub configurable: Map<String, Value>,
    pub context: Value,
    pub interrupt_before: Option<Vec<String>>,
    pub interrupt_after: Option<Vec<String>>,
    pub stream_mode: Vec<String>,
    pub subgraphs: bool,
    /// LangGraph's `durability`: "sync" or "async" (every superstep stored), "exit".
    pub durability: Option<String>,
    /// LangGraph's `outputKeys`: a list of keys, or one key alone.
    pub output_keys: Option<superstep::OutputKeys>,
    /// See `RunConfig::task_metadata` and `task_tags`.
    pub task_metadata: Option<Map<String, Value>>,
    pub task_tags: Vec<String>,
}

pub fn read_spec(v: &Value) -> Read<SpecData> {
    let f = Fields::of(v, "")?;
    let options = match f.fields("options")? {
        Some(o) => read_options(&o)?,
        None => OptionsData::default(),
    };
    Ok(SpecData {
        name: f.opt("name")?,
        channels: f.list("channels", |c| {
            Ok(ChannelData {
                name: c.req("name")?,
                reducer: c.req("reducer")?,
                reducer_fn: c.opt("reducerFn")?,
                fold: c.opt("fold")?,
                default: c.get("default").cloned(),
                untracked: c.opt("untracked")?.unwrap_or(false),
            })
        })?,
        state_keys: f.req("stateKeys")?,
        input: f.opt("input")?,
        output: f.opt("output")?,
        nodes: f.list("nodes", read_node)?,
        edges: f.req("edges")?,
        joins: f.req("joins")?,
        branches: f
            .list("branches", |b| Ok(BranchData { source: b.req("source")?, fn_index: b.req("fnIndex")?, path_map: b.opt("pathMap")? }))?,
        options,
    })
}

fn read_node(n: &Fields) -> Read<NodeData> {
    let cache = match n.fields("cache")? {
        Some(c) => Some(CacheData { ttl: c.opt("ttl")?, key_fn: c.opt("keyFn")? }),
        None => None,
    };
    let retry = match n.fields("retry")? {
        Some(r) => Some(RetryData {
            max_attempts: r.opt("maxAttempts")?,
            initial_interval: r.opt("initialInterval")?,
            backoff_factor: r.opt("backoffFactor")?,
            max_interval: r.opt("maxInterval")?,
            retry_on: r.opt("retryOn")?,
        }),
        None => None,
    };
    Ok(NodeData {
        name: n.req("name")?,
        fn_index: n.opt("fnIndex")?,
        subgraph: n.opt("subgraph")?,
        input: n.opt("input")?,
        ends: n.opt("ends")?.unwrap_or_default(),
        cache,
        retry,
        defer: n.opt("defer")?.unwrap_or(false),
        metadata: n.get("metadata").cloned().unwrap_or(Value::Null),
        error_handler: n.opt("errorHandler")?,
    })
}

fn read_options(o: &Fields) -> Read<OptionsData> {
    Ok(OptionsData {
        saver: o.opt("saver")?,
        cache: o.opt("cache")?,
        interrupt_before: o.opt("interruptBefore")?.unwrap_or_default(),
        interrupt_after: o.opt("interruptAfter")?.unwrap_or_default(),
        checkpointing: o.opt("checkpointing")?,
        name: o.opt("name")?,
        inline_start: o.opt("inlineStart")?.unwrap_or(false),
    })
}

pub fn read_config(v: &Value) -> Read<ConfigData> {
    if v.is_null() {
        return Ok(ConfigData::default());
    }
    let f = Fields::of(v, "")?;
    Ok(ConfigData {
        recursion_limit: f.opt("recursionLimit")?,
        max_concurrency: f.opt("maxConcurrency")?,
        configurable: f.opt("configurable")?.unwrap_or_default(),
        context: f.get("context").cloned().unwrap_or(Value::Null),
        interrupt_before: f.opt("interruptBefore")?,
        interrupt_after: f.opt("interruptAfter")?,
        stream_mode: f.opt("streamMode")?.unwrap_or_default(),
        subgraphs: f.opt("subgraphs")?.unwrap_or(false),
        durability: f.opt("durability")?,
        output_keys: f.opt("outputKeys")?,
        task_metadata: f.opt("taskMetadata")?,
        task_tags: f.opt("taskTags")?.unwrap_or_default(),
    })
}
