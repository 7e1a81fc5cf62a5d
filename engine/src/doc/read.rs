//! Reading a document's JSON into its types. Every field's type is checked and
//! every problem gets its JSON path (serde would stop at the first, at `$`).
//! An item that cannot be read is left out, so that validation still reports
//! what refers to it. Hand-read rather than a derived `Deserialize`: one walk,
//! and the wasm package carries no visitor code for the document types.
use super::{
    ChannelDoc, CompileDoc, EdgeDoc, ExampleDoc, GraphDoc, NodeDoc, Position, Problem, RouterDoc, RuleDoc, SendDoc, DOC_FORMAT, DOC_VERSION,
};
use crate::sorted_map::SortedMap;
use serde_json::{Map, Value};

type Object = Map<String, Value>;

/// The document in `value` and the problems met reading it (empty when it reads cleanly).
pub fn read(value: &Value) -> (GraphDoc, Vec<Problem>) {
    let mut r = Reader { problems: vec![] };
    let doc = r.document(value, "$");
    (doc, r.problems)
}

struct Reader {
    problems: Vec<Problem>,
}

/// An object's field at `path.key`. `null` reads as absent, as for serde's optional fields.
struct Field<'v> {
    value: Option<&'v Value>,
    path: String,
}

fn field<'v>(obj: &'v Object, key: &str, path: &str) -> Field<'v> {
    Field { value: obj.get(key).filter(|v| !v.is_null()), path: format!("{path}.{key}") }
}

impl Reader {
    fn add(&mut self, path: &str, message: impl Into<String>) {
        self.problems.push(Problem { path: path.to_string(), message: message.into() });
    }

    /// `f` read by `read`, or a problem saying what was expected.
    fn typed<'v, T>(&mut self, f: &Field<'v>, expected: &str, read: impl FnOnce(&'v Value) -> Option<T>) -> Option<T> {
        let v = f.value?;
        let out = read(v);
        if out.is_none() {
            self.add(&f.path, format!("expected {expected}"));
        }
        out
    }

    fn required<T>(&mut self, f: &Field, out: Option<T>) -> Option<T> {
        if f.value.is_none() {
            let key = f.path.rsplit('.').next().unwrap_or_default();
            self.add(&f.path, format!("missing field `{key}`"));
        }
        out
    }

    fn string(&mut self, f: &Field) -> Option<String> {
        self.typed(f, "a string", |v| v.as_str().map(str::to_string))
    }

    fn required_string(&mut self, obj: &Object, key: &str, path: &str) -> Option<String> {
        let f = field(obj, key, path);
        let s = self.string(&f);
        self.required(&f, s)
    }

    fn strings(&mut self, f: &Field) -> Option<Vec<String>> {
        self.typed(f, "a list of strings", |v| v.as_array()?.iter().map(|s| s.as_str().map(str::to_string)).collect())
    }

    fn count(&mut self, f: &Field) -> Option<usize> {
        self.typed(f, "a whole number, 0 or more", |v| v.as_u64().and_then(|n| usize::try_from(n).ok()))
    }

    fn object<'v>(&mut self, f: &Field<'v>) -> Option<&'v Object> {
        self.typed(f, "an object", Value::as_object)
    }

    /// Each item of the list in `f`, read by `item` with its own path.
    fn list<T>(&mut self, f: &Field, mut item: impl FnMut(&mut Self, &Value, &str) -> Option<T>) -> Option<Vec<T>> {
        let items = self.typed(f, "a list", Value::as_array)?;
        Some(items.iter().enumerate().filter_map(|(i, v)| item(self, v, &format!("{}[{i}]", f.path))).collect())
    }

    /// `value` as an object, or a problem at `path`.
    fn fields<'v>(&mut self, value: &'v Value, path: &str, what: &str) -> Option<&'v Object> {
        let obj = value.as_object();
        if obj.is_none() {
            self.add(path, format!("{what} must be a JSON object"));
        }
        obj
    }

    fn document(&mut self, value: &Value, path: &str) -> GraphDoc {
        let empty = Object::new();
        let obj = self.fields(value, path, "a graph document").unwrap_or(&empty);
        let format = self.required_string(obj, "format", path).unwrap_or_default();
        if !format.is_empty() && format != DOC_FORMAT {
            self.add(
                &format!("{path}.format"),
                format!("unknown format {}; expected {}", super::quoted(&format), super::quoted(DOC_FORMAT)),
            );
        }
        let f = field(obj, "version", path);
        let version = self.typed(&f, "a whole number", |v| v.as_u64());
        let version = self.required(&f, version).unwrap_or(u64::from(DOC_VERSION));
        if version > u64::from(DOC_VERSION) {
            self.add(&f.path, format!("format version {version} is newer than this engine reads ({DOC_VERSION})"));
        } else if version == 0 {
            self.add(&f.path, "version must be at least 1");
        }
        let name = self.required_string(obj, "name", path).unwrap_or_default();
        let description = self.string(&field(obj, "description", path)).unwrap_or_default();
        let f = field(obj, "channels", path);
        let channels = self.list(&f, Self::channel);
        let channels = self.required(&f, channels).unwrap_or_default();
        let input = self.strings(&field(obj, "input", path));
        let output = self.strings(&field(obj, "output", path));
        let remaining_steps = self.string(&field(obj, "remainingSteps", path));
        let f = field(obj, "nodes", path);
        let nodes = self.list(&f, Self::node);
        let nodes = self.required(&f, nodes).unwrap_or_default();
        GraphDoc {
            format,
            version: version.min(u64::from(u32::MAX)) as u32,
            name,
            description,
            channels,
            input,
            output,
            remaining_steps,
            nodes,
            edges: self.list(&field(obj, "edges", path), Self::edge).unwrap_or_default(),
            routers: self.list(&field(obj, "routers", path), Self::router).unwrap_or_default(),
            compile: self.compile(&field(obj, "compile", path)),
            subgraphs: self.map(&field(obj, "subgraphs", path), |r, v, p| Some(r.document(v, p))),
            layout: self.map(&field(obj, "layout", path), Self::position),
            examples: self.list(&field(obj, "examples", path), Self::example).unwrap_or_default(),
        }
    }

    /// An object's entries, each read by `item` with its own path.
    fn map<T>(&mut self, f: &Field, mut item: impl FnMut(&mut Self, &Value, &str) -> Option<T>) -> SortedMap<String, T> {
        let Some(obj) = self.object(f) else { return SortedMap::default() };
        let mut map = SortedMap::default();
        for (k, v) in obj {
            if let Some(x) = item(self, v, &format!("{}.{k}", f.path)) {
                map.insert(k.clone(), x);
            }
        }
        map
    }

    fn channel(&mut self, value: &Value, path: &str) -> Option<ChannelDoc> {
        let obj = self.fields(value, path, "a channel")?;
        let key = self.required_string(obj, "key", path)?;
        Some(ChannelDoc {
            key,
            reducer: self.string(&field(obj, "reducer", path)).unwrap_or_else(|| "overwrite".into()),
            default: field(obj, "default", path).value.cloned(),
            role: self.string(&field(obj, "role", path)).unwrap_or_else(|| "state".into()),
            untracked: self.typed(&field(obj, "untracked", path), "true or false", Value::as_bool).unwrap_or(false),
        })
    }

    fn node(&mut self, value: &Value, path: &str) -> Option<NodeDoc> {
        let obj = self.fields(value, path, "a node")?;
        let id = self.required_string(obj, "id", path);
        let kind = self.required_string(obj, "kind", path);
        let settings = obj.iter().filter(|(k, _)| *k != "id" && *k != "kind").map(|(k, v)| (k.clone(), v.clone())).collect();
        Some(NodeDoc { id: id?, kind: kind?, settings })
    }

    fn edge(&mut self, value: &Value, path: &str) -> Option<EdgeDoc> {
        let obj = self.fields(value, path, "an edge")?;
        let f = field(obj, "from", path);
        let from = self.typed(&f, "a node id or a list of them", |v| (v.is_string() || v.is_array()).then(|| v.clone()));
        let from = self.required(&f, from);
        let to = self.required_string(obj, "to", path);
        Some(EdgeDoc { from: from?, to: to? })
    }

    fn router(&mut self, value: &Value, path: &str) -> Option<RouterDoc> {
        let obj = self.fields(value, path, "a router")?;
        let from = self.required_string(obj, "from", path)?;
        let f = field(obj, "paths", path);
        let paths = self.object(&f).map(|_| self.map(&f, |r, v, p| r.string(&Field { value: Some(v), path: p.to_string() })));
        Some(RouterDoc {
            from,
            rules: self.list(&field(obj, "rules", path), Self::rule).unwrap_or_default(),
            otherwise: field(obj, "else", path).value.cloned(),
            code: self.string(&field(obj, "code", path)),
            function: self.string(&field(obj, "fn", path)),
            paths,
            send: field(obj, "send", path).value.and_then(|v| self.send(v, &format!("{path}.send"))),
        })
    }

    fn send(&mut self, value: &Value, path: &str) -> Option<SendDoc> {
        let obj = self.fields(value, path, "a fan-out")?;
        let over = self.required_string(obj, "over", path);
        let node = self.required_string(obj, "node", path);
        let item = self.string(&field(obj, "as", path)).unwrap_or_else(|| "item".into());
        Some(SendDoc { over: over?, node: node?, item })
    }

    fn rule(&mut self, value: &Value, path: &str) -> Option<RuleDoc> {
        let obj = self.fields(value, path, "a rule")?;
        let when = self.required_string(obj, "when", path);
        let f = field(obj, "to", path);
        let to = self.required(&f, f.value.cloned());
        Some(RuleDoc { when: when?, to: to? })
    }

    fn compile(&mut self, f: &Field) -> CompileDoc {
        let Some(obj) = self.object(f) else { return CompileDoc::default() };
        let path = &f.path;
        CompileDoc {
            interrupt_before: self.strings(&field(obj, "interruptBefore", path)).unwrap_or_default(),
            interrupt_after: self.strings(&field(obj, "interruptAfter", path)).unwrap_or_default(),
            recursion_limit: self.count(&field(obj, "recursionLimit", path)),
        }
    }

    fn position(&mut self, value: &Value, path: &str) -> Option<Position> {
        let obj = self.fields(value, path, "a position")?;
        let mut coordinate = |key: &str| {
            let f = field(obj, key, path);
            let n = self.typed(&f, "a number", Value::as_f64);
            self.required(&f, n)
        };
        let (x, y) = (coordinate("x"), coordinate("y"));
        Some(Position { x: x?, y: y? })
    }

    fn example(&mut self, value: &Value, path: &str) -> Option<ExampleDoc> {
        let obj = self.fields(value, path, "an example")?;
        // `input` and `output` may be any JSON, null included.
        let mut any = |key: &str| {
            let f = Field { value: obj.get(key), path: format!("{path}.{key}") };
            self.required(&f, f.value.cloned())
        };
        let (input, output) = (any("input"), any("output"));
        Some(ExampleDoc {
            name: self.string(&field(obj, "name", path)).unwrap_or_default(),
            input: input?,
            resume: self.typed(&field(obj, "resume", path), "a list", |v| v.as_array().cloned()).unwrap_or_default(),
            recursion_limit: self.count(&field(obj, "recursionLimit", path)),
            output: output?,
        })
    }
}
