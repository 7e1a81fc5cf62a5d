//! Node result caching: a `Cache` trait and the in-memory cache.
use hashbrown::HashMap;
use serde_json::Value;
use std::cell::RefCell;

/// Stores a node's writes under `(node, key)` until an optional expiry (ms).
pub trait Cache {
    fn get(&self, node: &str, key: &str, now_ms: f64) -> Option<Value>;
    fn set(&self, node: &str, key: &str, value: Value, expires_ms: Option<f64>);
    fn clear(&self);
}

/// `(node, key)` → `(writes, expiry ms)`.
type Entries = HashMap<(String, String), (Value, Option<f64>)>;

#[derive(Default)]
pub struct InMemoryCache {
    entries: RefCell<Entries>,
}

impl InMemoryCache {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Cache for InMemoryCache {
    fn get(&self, node: &str, key: &str, now_ms: f64) -> Option<Value> {
        let mut entries = self.entries.borrow_mut();
        let k = (node.to_string(), key.to_string());
        match entries.get(&k) {
            Some((_, Some(exp))) if *exp <= now_ms => {
                entries.remove(&k);
                None
            }
            Some((v, _)) => Some(v.clone()),
            None => None,
        }
    }
    fn set(&self, node: &str, key: &str, value: Value, expires_ms: Option<f64>) {
        self.entries.borrow_mut().insert((node.to_string(), key.to_string()), (value, expires_ms));
    }
    fn clear(&self) {
        self.entries.borrow_mut().clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_entry_lives_until_its_expiry_or_a_clear() {
        let c = InMemoryCache::new();
        c.set("n", "k", json!(1), Some(10.0));
        c.set("n", "forever", json!(2), None);
        assert_eq!((c.get("n", "k", 9.0), c.get("m", "k", 9.0)), (Some(json!(1)), None));
        assert_eq!(c.get("n", "k", 10.0), None);
        assert_eq!(c.get("n", "forever", 1e12), Some(json!(2)));
        c.clear();
        assert_eq!(c.get("n", "forever", 0.0), None);
    }
}
