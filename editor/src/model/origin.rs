//! What made a stored checkpoint, read from it and its parent alone: the
//! superstep records of a run are gone after a reload, its checkpoints are not.
use super::run::{changed_keys, counted, reducer_of, Merge};
use serde_json::Value;
use superstep::doc::GraphDoc;

/// A checkpoint's story: who made it, and each key it changed (before, after,
/// and the writes: an input's or an edit's, or what its superstep's nodes wrote).
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    pub by: String,
    pub changes: Vec<Merge>,
}

/// The checkpoint before this one, as far as its story needs.
pub struct Parent<'a> {
    pub values: &'a Value,
    pub next: &'a [String],
    /// What its next superstep's tasks wrote: `(node, result)`, stored with it.
    pub results: &'a [(String, Value)],
}

/// The nodes whose superstep made a checkpoint of `source`: for a superstep's
/// checkpoint, those its parent had next (the input's START aside); none for
/// an input, an edit or a fork's copy.
pub fn ran_before<'a>(source: &str, parent_next: Option<&'a [String]>) -> Vec<&'a str> {
    match (source, parent_next) {
        ("loop", Some(next)) => next.iter().map(String::as_str).filter(|n| *n != superstep::START).collect(),
        _ => vec![],
    }
}

/// `source` and `writes` are the checkpoint's metadata (`writes` is `{node:
/// update}` for an input or an edit, null for a superstep's checkpoint).
pub fn origin(doc: &GraphDoc, source: &str, writes: &Value, parent: Option<Parent>, values: &Value) -> Origin {
    let writers: Vec<&str> = writes.as_object().into_iter().flatten().map(|(k, _)| k.as_str()).collect();
    let by = match source {
        "input" => "The run's input.".to_string(),
        "update" if writers.is_empty() => "An edit of the state.".to_string(),
        "update" => format!("An edit of the state, as {}.", writers.join(", ")),
        "fork" => "A copy of an earlier checkpoint, made to run from it again.".to_string(),
        _ => match parent.as_ref().map(|p| counted(&mut ran_before(source, Some(p.next)).into_iter())) {
            Some(ran) if !ran.is_empty() => format!("The superstep that ran {ran}."),
            Some(_) => "The superstep that took the input.".to_string(),
            None => "A superstep.".to_string(),
        },
    };
    let before = parent.as_ref().map(|p| p.values);
    // A superstep's writes are its tasks' results, stored with the parent.
    let updates: Vec<(&String, &Value)> = match (source, &parent) {
        ("loop", Some(p)) => p.results.iter().map(|(node, result)| (node, result)).collect(),
        _ => writes.as_object().into_iter().flatten().collect(),
    };
    let changes = changed_keys(before, values)
        .into_iter()
        .map(|key| Merge {
            reducer: reducer_of(doc, &key),
            before: before.and_then(|b| b.get(&key)).cloned().unwrap_or(Value::Null),
            writes: updates.iter().filter_map(|(node, update)| Some(((*node).clone(), update.get(&key)?.clone()))).collect(),
            after: values.get(&key).cloned().unwrap_or(Value::Null),
            key,
        })
        .collect();
    Origin { by, changes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> GraphDoc {
        let v = json!({
            "format": "superstep.graph", "version": 1, "name": "g",
            "channels": [{ "key": "foo", "reducer": "overwrite" }, { "key": "bar", "reducer": "add" }],
            "nodes": [{ "id": "gen", "kind": "set", "values": { "foo": 1 } }],
            "edges": [{ "from": "__start__", "to": "gen" }]
        });
        GraphDoc::from_value(v).unwrap()
    }

    #[test]
    fn a_superstep_checkpoint_names_the_nodes_its_parent_had_next_and_the_keys_it_changed() {
        let next = ["gen".to_string(), "gen".to_string(), "judge".to_string()];
        let results =
            [("gen".to_string(), json!({"foo": 2})), ("gen".to_string(), json!({"bar": ["bye"]})), ("judge".to_string(), json!({}))];
        let parent = Parent { values: &json!({"foo": 1, "bar": ["hi"], "same": true}), next: &next, results: &results };
        let o = origin(&doc(), "loop", &Value::Null, Some(parent), &json!({"foo": 2, "bar": ["hi", "bye"], "same": true}));
        assert_eq!(o.by, "The superstep that ran gen ×2, judge.");
        let keys: Vec<_> = o.changes.iter().map(|m| (m.key.as_str(), m.reducer.as_str(), m.before.clone(), m.after.clone())).collect();
        assert_eq!(keys, [("bar", "add", json!(["hi"]), json!(["hi", "bye"])), ("foo", "overwrite", json!(1), json!(2))]);
        // Its nodes' writes are their results, stored with the parent.
        let writes: Vec<_> = o.changes.iter().map(|m| m.writes.clone()).collect();
        assert_eq!(writes, [vec![("gen".to_string(), json!(["bye"]))], vec![("gen".to_string(), json!(2))]]);
        // The canvas lights the same nodes; an edit's or a fork's checkpoint was made by none.
        assert_eq!(ran_before("loop", Some(&next)), ["gen", "gen", "judge"]);
        assert!(ran_before("update", Some(&next)).is_empty() && ran_before("fork", Some(&next)).is_empty());
    }

    #[test]
    fn the_superstep_after_the_input_says_so() {
        let next = ["__start__".to_string()];
        let parent = Parent { values: &json!({}), next: &next, results: &[] };
        assert_eq!(origin(&doc(), "loop", &Value::Null, Some(parent), &json!({"foo": 1})).by, "The superstep that took the input.");
    }

    #[test]
    fn an_edit_names_its_node_and_its_writes() {
        let parent = Parent { values: &json!({"foo": 1}), next: &[], results: &[] };
        let o = origin(&doc(), "update", &json!({"review": {"foo": 5}}), Some(parent), &json!({"foo": 5}));
        assert_eq!(o.by, "An edit of the state, as review.");
        assert_eq!(o.changes[0].writes, [("review".to_string(), json!(5))]);
        let o = origin(&doc(), "input", &json!({"__start__": {"foo": 1}}), None, &json!({"foo": 1}));
        assert_eq!((o.by.as_str(), o.changes[0].before.clone()), ("The run's input.", Value::Null));
        assert_eq!(o.changes[0].writes, [("__start__".to_string(), json!(1))]);
    }
}
