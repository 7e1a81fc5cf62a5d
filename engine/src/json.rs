//! Typed reads of JSON. `read` goes through derived `Deserialize`, for
//! native callers. What the wasm package reads (the glue's specs, stored
//! checkpoints) is read by hand through `Fields` and `FromJson`: derived
//! visitors cost the package more than these few readers.
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// `T` from JSON text, through a parsed `Value`, so each derived
/// `Deserialize` is instantiated for one simple deserializer only.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    serde_json::from_value(serde_json::from_str(text)?)
}

/// How deep a value in state may nest, in lists and objects: what comes in as
/// JSON text meets serde_json's limit of 127 levels, and a value comes in inside
/// an update or an input, one level up.
pub const VALUE_DEPTH: usize = 126;

/// Whether `v` nests more than `levels` lists or objects deep. The walk stops
/// at `levels`, so it never recurses deeper than that.
pub fn nests_deeper_than(v: &Value, levels: usize) -> bool {
    match v {
        Value::Array(items) => levels == 0 || items.iter().any(|c| nests_deeper_than(c, levels - 1)),
        Value::Object(m) => levels == 0 || m.values().any(|c| nests_deeper_than(c, levels - 1)),
        _ => false,
    }
}

/// How deep stored text may nest. What comes in as JSON text is read with
/// serde_json's limit of 127 levels, and the record a saver wraps around a value
/// adds a few more; deeper stored text is damaged, and reading it would
/// overflow the stack.
pub const STORED_DEPTH: usize = 192;

/// serde_json's error as a user reads it: its depth limit is worded for parsers.
pub fn error_text(e: serde_json::Error) -> String {
    let text = e.to_string();
    if text.starts_with("recursion limit exceeded") {
        return format!("it nests more than {VALUE_DEPTH} levels deep, the most a value in state can");
    }
    text
}

/// Stored JSON text (a checkpoint, its writes, a blob) as a `Value`. Without
/// lifting serde_json's limit here, a value near it was saved but its record
/// could not be read back, and the thread was lost.
pub fn read_stored(text: &str) -> Result<Value, String> {
    if nesting(text) > STORED_DEPTH {
        return Err(format!("nested more than {STORED_DEPTH} levels deep"));
    }
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let v = serde::Deserialize::deserialize(&mut de).map_err(|e: serde_json::Error| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(v)
}

/// The deepest nesting of brackets in JSON text, outside strings.
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0, false, false);
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// An update's JSON text as its key/value pairs in order (`None` for null),
/// read straight into the pairs: a node's update is read on every task, and a
/// map built only to be taken apart costs an index and a hash of every key.
pub fn update_pairs(text: &str) -> Result<Option<Vec<(String, Value)>>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let pairs = serde::Deserializer::deserialize_any(&mut de, Pairs)?;
    de.end()?;
    Ok(pairs)
}

/// Reads an object into pairs. Every other kind of value is refused here by
/// name: serde's default refusal prints the value, and printing a float
/// compiles std's float formatter (17 KB) into the package.
struct Pairs;

impl<'de> serde::de::Visitor<'de> for Pairs {
    type Value = Option<Vec<(String, Value)>>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an object of state keys")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(pair) = map.next_entry()? {
            pairs.push(pair);
        }
        Ok(Some(pairs))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
        refuse("a boolean")
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
        refuse("a number")
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
        refuse("a number")
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
        refuse("a number")
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
        refuse("a string")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
        refuse("a list")
    }
}

fn refuse<T, E: serde::de::Error>(got: &str) -> Result<T, E> {
    Err(E::custom(format_args!("expected an object of state keys, got {got}")))
}

/// `text` with each `\uD800`–`\uDFFF` escape that is not half of an escaped
/// pair written as `\uFFFD`; `None` if it has none. JS strings may hold a
/// lone surrogate (a string cut inside an emoji), which `JSON.stringify`
/// escapes and Rust strings cannot hold: read as the replacement character,
/// such text is still read, not refused. Only text that failed to parse is
/// checked, so valid text costs nothing.
pub fn without_lone_surrogates(text: &str) -> Option<String> {
    let surrogate = |hex: &[u8]| -> Option<u16> {
        let v = u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
        (0xD800..=0xDFFF).contains(&v).then_some(v)
    };
    let bytes = text.as_bytes();
    let (mut out, mut copied, mut i, mut changed) = (String::with_capacity(text.len()), 0, 0, false);
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        // An escape: `\uXXXX` is six bytes, any other two.
        let unit = (bytes.get(i + 1) == Some(&b'u')).then(|| bytes.get(i + 2..i + 6)).flatten().and_then(surrogate);
        let Some(unit) = unit else {
            i += 2;
            continue;
        };
        let low = bytes.get(i + 6..i + 8) == Some(b"\\u") && bytes.get(i + 8..i + 12).and_then(surrogate).is_some_and(|l| l >= 0xDC00);
        if unit < 0xDC00 && low {
            i += 12;
            continue;
        }
        out.push_str(&text[copied..i]);
        out.push_str("\\ufffd");
        i += 6;
        copied = i;
        changed = true;
    }
    changed.then(|| out + &text[copied..])
}

/// `parse(text)`; if that fails and `text` has lone surrogate escapes, `parse`
/// of the text with them replaced (see `without_lone_surrogates`).
pub fn parse_lone_surrogates_replaced<T, E>(text: &str, parse: impl Fn(&str) -> Result<T, E>) -> Result<T, E> {
    parse(text).or_else(|e| match without_lone_surrogates(text) {
        Some(fixed) => parse(&fixed),
        None => Err(e),
    })
}

/// `v` as compact JSON text. Stands in for `Value`'s `Display`, which also
/// compiles a pretty printer into the package for `{:#}`.
pub fn text(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// `v` as `JSON.stringify` writes it, where JSON text keys a value (a cache key):
/// a property that is `undefined` (the `UNSET_KEY` marker) is left out, an
/// `undefined` item reads null.
pub fn text_as_js(v: &Value) -> String {
    fn has_unset(v: &Value) -> bool {
        match v {
            Value::Array(items) => items.iter().any(has_unset),
            Value::Object(m) => crate::is_unset(v) || m.values().any(has_unset),
            _ => false,
        }
    }
    fn defined(v: &Value) -> Value {
        match v {
            _ if crate::is_unset(v) => Value::Null,
            Value::Array(items) => Value::Array(items.iter().map(defined).collect()),
            Value::Object(m) => {
                Value::Object(m.iter().filter(|(_, v)| !crate::is_unset(v)).map(|(k, v)| (k.clone(), defined(v))).collect())
            }
            other => other.clone(),
        }
    }
    if has_unset(v) {
        text(&defined(v))
    } else {
        text(v)
    }
}

/// A typed read, or what is wrong and where.
pub type Read<T> = Result<T, String>;

/// An object's fields; null counts as absent.
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
    at: String,
}

impl<'a> Fields<'a> {
    pub fn of(v: &'a Value, at: &str) -> Read<Self> {
        let whole = if at.is_empty() { "the whole" } else { at };
        v.as_object().map(|map| Fields { map, at: at.to_string() }).ok_or_else(|| format!("{whole}: expected an object"))
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// Where `key` is, for an error.
    pub fn path(&self, key: &str) -> String {
        if self.at.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.at)
        }
    }

    pub fn opt<T: FromJson>(&self, key: &str) -> Read<Option<T>> {
        self.get(key).map(|v| T::from_json(v).ok_or_else(|| format!("{}: expected {}", self.path(key), T::WHAT))).transpose()
    }

    /// Field `key` as an object's fields, with their own paths, if present.
    pub fn fields(&self, key: &str) -> Read<Option<Fields<'a>>> {
        self.get(key).map(|v| Fields::of(v, &self.path(key))).transpose()
    }

    pub fn req<T: FromJson>(&self, key: &str) -> Read<T> {
        self.opt(key)?.ok_or_else(|| format!("{}: missing", self.path(key)))
    }

    /// A list of objects, each read by `read` with its own path.
    pub fn list<T>(&self, key: &str, read: impl Fn(&Fields) -> Read<T>) -> Read<Vec<T>> {
        let items = self.get(key).and_then(Value::as_array).ok_or_else(|| format!("{}: expected a list", self.path(key)))?;
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            out.push(read(&Fields::of(item, &format!("{}[{i}]", self.path(key)))?)?);
        }
        Ok(out)
    }
}

/// A plain value read from JSON, and how to name it in an error.
pub trait FromJson: Sized {
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

impl<A: FromJson, B: FromJson> FromJson for (A, B) {
    const WHAT: &'static str = "a pair";
    fn from_json(v: &Value) -> Option<Self> {
        match v.as_array()?.as_slice() {
            [a, b] => Some((A::from_json(a)?, B::from_json(b)?)),
            _ => None,
        }
    }
}

impl FromJson for u64 {
    const WHAT: &'static str = "a whole number, 0 or more";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_u64()
    }
}

impl FromJson for i64 {
    const WHAT: &'static str = "a whole number";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_i64()
    }
}

impl FromJson for Value {
    const WHAT: &'static str = "any value";
    fn from_json(v: &Value) -> Option<Self> {
        Some(v.clone())
    }
}

impl FromJson for std::rc::Rc<str> {
    const WHAT: &'static str = "a string";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_str().map(Into::into)
    }
}

impl FromJson for Map<String, Value> {
    const WHAT: &'static str = "an object";
    fn from_json(v: &Value) -> Option<Self> {
        v.as_object().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nesting_is_counted_in_lists_and_objects() {
        let deep = |n: usize| (0..n).fold(json!(1), |v, i| if i % 2 == 0 { json!([v]) } else { json!({ "a": v }) });
        assert!(!nests_deeper_than(&json!(1), 0));
        assert!(nests_deeper_than(&json!([]), 0));
        assert!(!nests_deeper_than(&deep(127), 127));
        assert!(nests_deeper_than(&deep(128), 127));
        // The deep branch is found beside shallow ones, and a far deeper value stops the walk at the limit.
        assert!(nests_deeper_than(&json!([1, {"b": 2}, deep(128)]), 128));
        assert!(nests_deeper_than(&deep(1_000), 127));
        // serde_json's own limit on text agrees with the count.
        assert!(serde_json::from_str::<Value>(&deep(127).to_string()).is_ok());
        assert!(serde_json::from_str::<Value>(&deep(128).to_string()).is_err());
    }

    #[test]
    fn stored_text_reads_past_the_incoming_limit_up_to_its_own() {
        let deep = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
        // What came in at serde_json's limit, inside a saver's record, reads back.
        assert!(serde_json::from_str::<Value>(&deep(130)).is_err());
        let record = format!(r#"{{"checkpoint":{{"values":{{"x":{}}}}}}}"#, deep(127));
        assert_eq!(read_stored(&record).unwrap()["checkpoint"]["values"]["x"], serde_json::from_str::<Value>(&deep(127)).unwrap());
        assert!(read_stored(&deep(STORED_DEPTH)).is_ok());
        // Deeper is damage, refused before the parser recurses into it.
        assert_eq!(read_stored(&deep(100_000)).unwrap_err(), "nested more than 192 levels deep");
        // Brackets in strings (escaped quotes too) do not count.
        let quoted = format!(r#"{{"s":"\"{}"}}"#, "[".repeat(500));
        assert_eq!(read_stored(&quoted).unwrap()["s"].as_str().map(str::len), Some(501));
        assert!(read_stored("[1] x").is_err());
    }

    #[test]
    fn lone_surrogate_escapes_read_as_the_replacement_character() {
        // As JSON.stringify writes them: a lone half escaped, a whole pair as is.
        let fixed = without_lone_surrogates(r#"{"a":"x\ud83d","b":"\udc4b y","c":"👋","d":"\\ud800","e":"\ud83d\udc4b"}"#).unwrap();
        assert_eq!(fixed, r#"{"a":"x\ufffd","b":"\ufffd y","c":"👋","d":"\\ud800","e":"\ud83d\udc4b"}"#);
        let v: Value = serde_json::from_str(&fixed).unwrap();
        assert_eq!(v, json!({"a": "x\u{fffd}", "b": "\u{fffd} y", "c": "👋", "d": "\\ud800", "e": "👋"}));
        assert_eq!(without_lone_surrogates(r#"{"a":"\u00e9\n"}"#), None);
        assert_eq!(without_lone_surrogates(r#"["\ud800\ud800"]"#).as_deref(), Some(r#"["\ufffd\ufffd"]"#));
        let read = |text: &str| parse_lone_surrogates_replaced(text, |t| serde_json::from_str::<Value>(t));
        assert_eq!(read(r#"["x\ud83d"]"#).unwrap(), json!(["x\u{fffd}"]));
        assert!(read(r#"["x""#).is_err());
    }

    #[test]
    fn text_as_js_leaves_out_undefined_properties_and_reads_undefined_items_as_null() {
        let unset = json!({ crate::UNSET_KEY: true });
        let v = json!({"a": 1, "u": unset, "list": [unset, 2], "deep": {"u": unset, "b": [{"u": unset}]}});
        assert_eq!(text_as_js(&v), r#"{"a":1,"list":[null,2],"deep":{"b":[{}]}}"#);
        assert_eq!(text_as_js(&json!({"a": [1, {"b": null}]})), r#"{"a":[1,{"b":null}]}"#);
        assert_eq!(text_as_js(&unset), "null");
    }

    #[test]
    fn update_text_reads_into_pairs_in_order() {
        let pairs = update_pairs(r#"{"b": [1, {"z": 1}], "a": null, "c": "x"}"#).unwrap().unwrap();
        assert_eq!(pairs, vec![("b".into(), json!([1, {"z": 1}])), ("a".into(), Value::Null), ("c".into(), json!("x"))]);
        assert_eq!(update_pairs("null").unwrap(), None);
        assert_eq!(update_pairs("{}").unwrap(), Some(vec![]));
        for bad in ["5", "[1]", r#""s""#, r#"{"a": 1} x"#, r#"{"a": }"#, ""] {
            assert!(update_pairs(bad).is_err(), "{bad}");
        }
    }
}
