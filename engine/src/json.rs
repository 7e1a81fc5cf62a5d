//! Typed reads of JSON text. Every typed value is read from a parsed `Value`,
//! never straight from text: each derived `Deserialize` is then instantiated
//! for one simple deserializer only, which keeps the wasm package smaller
//! (5 KB gzipped) at the cost of one intermediate tree per read.
use serde::de::DeserializeOwned;

/// `T` from JSON text.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    serde_json::from_value(serde_json::from_str(text)?)
}
