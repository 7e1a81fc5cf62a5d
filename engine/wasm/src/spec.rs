//! The graph spec and run config the JS glue hands over, read from JSON by
//! hand: derived `Deserialize` for these few structs cost the wasm package
//! more than the reader (every error still names its field).
use serde_json::{Map, Value};

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
    pub default: Option<Value>,
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
}

#[derive(Default)]
pub struct ConfigData {
    pub recursion_limit: Option<usize>,
    pub configurable: Map<String, Value>,
    pub context: Value,
    pub interrupt_before: Option<Vec<String>>,
    pub interrupt_after: Option<Vec<String>>,
    pub stream_mode: Vec<String>,
    pub subgraphs: bool,
}

type Read<T> = Result<T, String>;

pub fn read_spec(v: &Value) -> Read<SpecData> {
    let f = Fields::of(v, "")?;
    let options = match f.get("options") {
        Some(o) => read_options(&Fields::of(o, "options")?)?,
        None => OptionsData::default(),
    };
    Ok(SpecData {
        name: f.opt("name")?,
        channels: f.list("channels", |c| {
            Ok(ChannelData {
                name: c.req("name")?,
                reducer: c.req("reducer")?,
                reducer_fn: c.opt("reducerFn")?,
                default: c.get("default").cloned(),
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
    let cache = match n.get("cache") {
        Some(c) => {
            let c = Fields::of(c, &n.path("cache"))?;
            Some(CacheData { ttl: c.opt("ttl")?, key_fn: c.opt("keyFn")? })
        }
        None => None,
    };
    let retry = match n.get("retry") {
        Some(r) => {
            let r = Fields::of(r, &n.path("retry"))?;
            Some(RetryData {
                max_attempts: r.opt("maxAttempts")?,
                initial_interval: r.opt("initialInterval")?,
                backoff_factor: r.opt("backoffFactor")?,
                max_interval: r.opt("maxInterval")?,
                retry_on: r.opt("retryOn")?,
            })
        }
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
    })
}

pub fn read_config(v: &Value) -> Read<ConfigData> {
    if v.is_null() {
        return Ok(ConfigData::default());
    }
    let f = Fields::of(v, "")?;
    Ok(ConfigData {
        recursion_limit: f.opt("recursionLimit")?,
        configurable: match f.get("configurable") {
            Some(Value::Object(m)) => m.clone(),
            Some(_) => return Err("configurable: expected an object".into()),
            None => Map::new(),
        },
        context: f.get("context").cloned().unwrap_or(Value::Null),
        interrupt_before: f.opt("interruptBefore")?,
        interrupt_after: f.opt("interruptAfter")?,
        stream_mode: f.opt("streamMode")?.unwrap_or_default(),
        subgraphs: f.opt("subgraphs")?.unwrap_or(false),
    })
}

/// An object's fields; null counts as absent.
struct Fields<'a> {
    map: &'a Map<String, Value>,
    at: String,
}

impl<'a> Fields<'a> {
    fn of(v: &'a Value, at: &str) -> Read<Self> {
        let whole = if at.is_empty() { "the whole" } else { at };
        v.as_object().map(|map| Fields { map, at: at.to_string() }).ok_or_else(|| format!("{whole}: expected an object"))
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// Where `key` is, for an error.
    fn path(&self, key: &str) -> String {
        if self.at.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.at)
        }
    }

    fn opt<T: FromJson>(&self, key: &str) -> Read<Option<T>> {
        self.get(key).map(|v| T::from_json(v).ok_or_else(|| format!("{}: expected {}", self.path(key), T::WHAT))).transpose()
    }

    fn req<T: FromJson>(&self, key: &str) -> Read<T> {
        self.opt(key)?.ok_or_else(|| format!("{}: missing", self.path(key)))
    }

    /// A list of objects, each read by `read` with its own path.
    fn list<T>(&self, key: &str, read: impl Fn(&Fields) -> Read<T>) -> Read<Vec<T>> {
        let items = self.get(key).and_then(Value::as_array).ok_or_else(|| format!("{}: expected a list", self.path(key)))?;
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            out.push(read(&Fields::of(item, &format!("{}[{i}]", self.path(key)))?)?);
        }
        Ok(out)
    }
}

/// A plain value read from JSON, and how to name it in an error.
trait FromJson: Sized {
    const WHAT: &'static str;
    fn from_json(v: &Value) -> Option<Self>;
}

impl FromJson for String {
    const WHAT: &'static str = "a string";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_str().map(str::to_string)
    }
}

impl FromJson for bool {
    const WHAT: &'static str = "true or false";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_bool()
    }
}

impl FromJson for f64 {
    const WHAT: &'static str = "a number";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_f64()
    }
}

impl FromJson for usize {
    const WHAT: &'static str = "a whole number, 0 or more";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_u64().and_then(|n| usize::try_from(n).ok())
    }
}

impl FromJson for u32 {
    const WHAT: &'static str = "a whole number, 0 or more";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_u64().and_then(|n| u32::try_from(n).ok())
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    const WHAT: &'static str = "a list";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_array()?.iter().map(T::from_json).collect()
    }
}

impl FromJson for (String, String) {
    const WHAT: &'static str = "a [string, string] pair";
    fn from_json(v: &Value) -> Option<Self> {
        match v.as_array()?.as_slice() {
            [a, b] => Some((String::from_json(a)?, String::from_json(b)?)),
            _ => None,
        }
    }
}

impl FromJson for (Vec<String>, String) {
    const WHAT: &'static str = "a [sources, target] pair";
    fn from_json(v: &Value) -> Option<Self> {
        match v.as_array()?.as_slice() {
            [a, b] => Some((Vec::from_json(a)?, String::from_json(b)?)),
            _ => None,
        }
    }
}
