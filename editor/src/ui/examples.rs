//! The bundled example documents (the seeds' examples), trusted and built in.
use superstep::doc::GraphDoc;

const SOURCES: &[(&str, &str)] = &[
    ("schemas-lance", include_str!("../../../www/examples/schemas-lance.json")),
    ("reducers", include_str!("../../../www/examples/reducers.json")),
    ("overwrite-reset", include_str!("../../../www/examples/overwrite-reset.json")),
    ("map-reduce", include_str!("../../../www/examples/map-reduce.json")),
    ("command", include_str!("../../../www/examples/command.json")),
    ("human-review", include_str!("../../../www/examples/human-review.json")),
    ("remaining-steps", include_str!("../../../www/examples/remaining-steps.json")),
    ("subgraph-shared-keys", include_str!("../../../www/examples/subgraph-shared-keys.json")),
    ("subgraph-in-node", include_str!("../../../www/examples/subgraph-in-node.json")),
    ("subgraph-grandchild", include_str!("../../../www/examples/subgraph-grandchild.json")),
    ("node-cache", include_str!("../../../www/examples/node-cache.json")),
    ("deferred-summary", include_str!("../../../www/examples/deferred-summary.json")),
    ("support-agent", include_str!("../../../www/examples/support-agent.json")),
];

/// `(file name, document)` for every example.
pub fn all() -> Vec<(String, GraphDoc)> {
    SOURCES.iter().filter_map(|(name, text)| GraphDoc::from_json(text).ok().map(|d| (name.to_string(), d))).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_bundled_example_loads() {
        assert_eq!(super::all().len(), super::SOURCES.len());
    }
}
