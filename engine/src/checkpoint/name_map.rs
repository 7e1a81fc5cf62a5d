//! `NameMap`: a small map from channel or node names, kept as a vector in
//! insertion order. A checkpoint holds a few such maps and is written every
//! superstep, so a vector (one allocation, linear lookup over a handful of
//! names) beats a tree. It reads and writes as a JSON object.
use super::format::Name;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::marker::PhantomData;

#[derive(Clone, Debug, PartialEq)]
pub struct NameMap<V>(Vec<(Name, V)>);

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap(Vec::new())
    }
}

impl<V> NameMap<V> {
    pub fn with_capacity(n: usize) -> Self {
        NameMap(Vec::with_capacity(n))
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| &**k == name).map(|(_, v)| v)
    }

    /// Sets `name` to `value`, replacing an earlier value in place.
    pub fn insert(&mut self, name: Name, value: V) {
        match self.0.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// Appends `name`, which the caller knows is not in the map yet.
    pub(crate) fn push_new(&mut self, name: Name, value: V) {
        self.0.push((name, value));
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Name, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V> FromIterator<(Name, V)> for NameMap<V> {
    fn from_iter<I: IntoIterator<Item = (Name, V)>>(iter: I) -> Self {
        let iter = iter.into_iter();
        let (low, high) = iter.size_hint();
        let mut map = NameMap::with_capacity(high.unwrap_or(low));
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

impl<V> IntoIterator for NameMap<V> {
    type Item = (Name, V);
    type IntoIter = std::vec::IntoIter<(Name, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, V> IntoIterator for &'a NameMap<V> {
    type Item = (&'a Name, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (Name, V)>, fn(&'a (Name, V)) -> (&'a Name, &'a V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<V: Serialize> Serialize for NameMap<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(&**k, v)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for NameMap<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Entries<V> {
            type Value = NameMap<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = NameMap::with_capacity(access.size_hint().unwrap_or(0));
                while let Some((k, v)) = access.next_entry::<Name, V>()? {
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

    #[test]
    fn reads_and_writes_as_an_object_in_insertion_order() {
        let mut m: NameMap<u64> = [("b".into(), 1), ("a".into(), 2)].into_iter().collect();
        m.insert("b".into(), 3);
        assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"b":3,"a":2}"#);
        let back: NameMap<u64> = serde_json::from_str(r#"{"b":3,"a":2}"#).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.get("a"), Some(&2));
        assert_eq!(back.get("c"), None);
    }
}
