//! A node's cache and retry policies as the node panel edits them: form text
//! to the document's settings (`cache {ttl}`, `retry {maxAttempts, …}`) and back.
use serde_json::{json, Map, Value};

/// The form's view of a node's policies.
#[derive(Debug, PartialEq)]
pub struct Policies {
    pub cached: bool,
    /// Seconds a cached result lives; blank when it never expires.
    pub ttl: String,
    /// Attempts in all; blank when a failure is not retried.
    pub attempts: String,
}

pub fn read(settings: &Map<String, Value>) -> Policies {
    let cache = settings.get("cache");
    let ttl = cache.and_then(|c| c.get("ttl")).and_then(Value::as_f64);
    let attempts = settings.get("retry").and_then(|r| r.get("maxAttempts")).and_then(Value::as_u64);
    Policies {
        cached: cache.is_some(),
        ttl: ttl.map(|t| t.to_string()).unwrap_or_default(),
        attempts: attempts.map(|a| a.to_string()).unwrap_or_default(),
    }
}

/// The `cache` setting: none when off, `{}` (no expiry) or `{ttl}` when on.
pub fn cache(on: bool, ttl: &str) -> Result<Value, String> {
    match (on, ttl.trim()) {
        (false, _) => Ok(Value::Null),
        (true, "") => Ok(json!({})),
        (true, t) => match t.parse::<f64>() {
            Ok(s) if s > 0.0 && s.is_finite() => Ok(json!({ "ttl": s })),
            _ => Err(format!("the cache's lifetime must be a positive number of seconds, not “{t}”")),
        },
    }
}

/// The `retry` setting for `attempts` in all: none for blank or 1; otherwise
/// `current` with its other fields (the first interval) kept.
pub fn retry(current: Option<&Value>, attempts: &str) -> Result<Value, String> {
    let t = attempts.trim();
    match t.parse::<u64>() {
        _ if t.is_empty() => Ok(Value::Null),
        Ok(1) => Ok(Value::Null),
        Ok(n) if n > 1 => {
            let mut r = current.and_then(Value::as_object).cloned().unwrap_or_default();
            r.insert("maxAttempts".into(), json!(n));
            Ok(Value::Object(r))
        }
        _ => Err(format!("attempts must be a whole number of at least 1, not “{t}”")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn reads_what_the_document_says() {
        let p = read(&settings(json!({"cache": {"ttl": 3}, "retry": {"maxAttempts": 4, "initialInterval": 0.5}})));
        assert_eq!(p, Policies { cached: true, ttl: "3".into(), attempts: "4".into() });
        assert_eq!(read(&settings(json!({"cache": {}}))), Policies { cached: true, ttl: "".into(), attempts: "".into() });
        assert_eq!(read(&Map::new()), Policies { cached: false, ttl: "".into(), attempts: "".into() });
    }

    #[test]
    fn cache_is_off_forever_or_for_a_positive_lifetime() {
        assert_eq!(cache(false, "3"), Ok(Value::Null));
        assert_eq!(cache(true, " "), Ok(json!({})));
        assert_eq!(cache(true, "2.5"), Ok(json!({"ttl": 2.5})));
        for bad in ["0", "-1", "soon", "inf"] {
            assert!(cache(true, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn retry_keeps_the_first_interval_and_one_attempt_means_none() {
        let current = json!({"maxAttempts": 2, "initialInterval": 0.5});
        assert_eq!(retry(Some(&current), "5"), Ok(json!({"maxAttempts": 5, "initialInterval": 0.5})));
        assert_eq!(retry(None, "3"), Ok(json!({"maxAttempts": 3})));
        assert_eq!(retry(Some(&current), "1"), Ok(Value::Null));
        assert_eq!(retry(Some(&current), ""), Ok(Value::Null));
        for bad in ["0", "2.5", "-3", "many"] {
            assert!(retry(None, bad).is_err(), "{bad}");
        }
    }
}
