//! `SortedMap`: a map kept as a vector sorted by key. The engine's maps
//! (saved threads, lanes, checkpoint ids, blob versions; a document's
//! subgraphs, layout and paths) are read far more than written, and mostly
//! appended in key order; a vector with binary search serves them with a
//! fraction of the wasm each `BTreeMap` instance costs. It reads and writes
//! as a JSON object, as a `BTreeMap` does.
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::marker::PhantomData;

#[derive(Clone, Debug, PartialEq)]
pub struct SortedMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap(Vec::new())
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    /// Where `key` is, or where it would go.
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        match self.0.last() {
            // Appending in key order is the common case.
            Some((last, _)) if last.borrow() < key => Err(self.0.len()),
            _ => self.0.binary_search_by(|(k, _)| k.borrow().cmp(key)),
        }
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &mut self.0[i].1)
    }

    /// The value at `key`, inserting `make()` (whose key must be `key`) if there is none.
    pub fn get_or_insert_with<Q: Ord + ?Sized>(&mut self, key: &Q, make: impl FnOnce() -> (K, V)) -> &mut V
    where
        K: Borrow<Q>,
    {
        let i = self.find(key).unwrap_or_else(|i| {
            self.0.insert(i, make());
            i
        });
        &mut self.0[i].1
    }

    /// Sets `key` to `value`; the value it replaces, if any.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }
}

impl<K, V> SortedMap<K, V> {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Entries in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.0.iter_mut().map(|(_, v)| v)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = SortedMap::default();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

impl<K, V> IntoIterator for SortedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<K: Serialize, V: Serialize> Serialize for SortedMap<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, K: Deserialize<'de> + Ord, V: Deserialize<'de>> Deserialize<'de> for SortedMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de> + Ord, V: Deserialize<'de>> Visitor<'de> for Entries<K, V> {
            type Value = SortedMap<K, V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = SortedMap::default();
                while let Some((k, v)) = access.next_entry::<K, V>()? {
                    map.insert(k, v);
                }
                Ok(map)
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    #[derive(Debug, Clone)]
    enum Op {
        Insert(u8, u16),
        Remove(u8),
        GetOrInsert(u8, u16),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (any::<u8>(), any::<u16>()).prop_map(|(k, v)| Op::Insert(k % 32, v)),
            any::<u8>().prop_map(|k| Op::Remove(k % 32)),
            (any::<u8>(), any::<u16>()).prop_map(|(k, v)| Op::GetOrInsert(k % 32, v)),
        ]
    }

    proptest! {
        #[test]
        fn behaves_as_a_btree_map(ops in proptest::collection::vec(op(), 0..80)) {
            let mut ours = SortedMap::default();
            let mut theirs = BTreeMap::new();
            for op in ops {
                match op {
                    Op::Insert(k, v) => prop_assert_eq!(ours.insert(k, v), theirs.insert(k, v)),
                    Op::Remove(k) => prop_assert_eq!(ours.remove(&k), theirs.remove(&k)),
                    Op::GetOrInsert(k, v) => {
                        let x = ours.get_or_insert_with(&k, || (k, v));
                        *x = x.wrapping_add(1);
                        let y = theirs.entry(k).or_insert(v);
                        *y = y.wrapping_add(1);
                    }
                }
                for k in 0..32u8 {
                    prop_assert_eq!(ours.get(&k), theirs.get(&k));
                }
            }
            prop_assert!(ours.keys().eq(theirs.keys()));
            prop_assert!(ours.values().eq(theirs.values()));
            let text = serde_json::to_string(&ours).unwrap();
            prop_assert_eq!(&text, &serde_json::to_string(&theirs).unwrap());
            prop_assert_eq!(serde_json::from_str::<SortedMap<u8, u16>>(&text).unwrap(), ours);
        }
    }
}
