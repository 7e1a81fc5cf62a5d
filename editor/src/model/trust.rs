//! Untrusted code: which parts of a document are JS, and a fingerprint of
//! them, so an approval holds for exactly the code that was reviewed.
use superstep::doc::GraphDoc;

/// Every piece of JS in the document (subgraphs included): where it is, and its text.
pub fn code_parts(doc: &GraphDoc) -> Vec<(String, String)> {
    let mut out = Vec::new();
    collect(doc, "", &mut out);
    out
}

fn collect(doc: &GraphDoc, prefix: &str, out: &mut Vec<(String, String)>) {
    for n in &doc.nodes {
        for key in ["code", "fn"] {
            if let Some(c) = n.settings.get(key).and_then(|v| v.as_str()).filter(|_| n.kind == "code") {
                out.push((format!("{prefix}node {}", n.id), c.to_string()));
            }
        }
    }
    for r in &doc.routers {
        for c in [&r.code, &r.function].into_iter().flatten() {
            out.push((format!("{prefix}router from {}", r.from), c.clone()));
        }
    }
    for (name, sub) in &doc.subgraphs {
        collect(sub, &format!("{prefix}{name} › "), out);
    }
}

/// A fingerprint of the document's code; `None` when it has none.
pub fn fingerprint(doc: &GraphDoc) -> Option<String> {
    let parts = code_parts(doc);
    (!parts.is_empty()).then(|| {
        let flat: Vec<&str> = parts.iter().flat_map(|(w, c)| [w.as_str(), c.as_str()]).collect();
        superstep::env::stable_hash(&flat)
    })
}

/// Whether the document may run: it has no code, or this code was approved.
pub fn may_run(doc: &GraphDoc, approved: Option<&str>) -> bool {
    fingerprint(doc).is_none_or(|f| approved == Some(f.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approval_holds_for_the_reviewed_code_only() {
        let plain = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        assert!(may_run(&plain, None));
        let mut doc = plain.clone();
        doc.nodes[0].kind = "code".into();
        doc.nodes[0].settings = serde_json::json!({ "code": "return { foo: 1 };" }).as_object().cloned().unwrap();
        let f = fingerprint(&doc).unwrap();
        assert!(!may_run(&doc, None));
        assert!(may_run(&doc, Some(&f)));
        doc.nodes[0].settings.insert("code".into(), "while (true) {}".into());
        assert!(!may_run(&doc, Some(&f)), "changed code needs a new approval");
        assert_eq!(code_parts(&doc)[0].0, "node node_1");
    }
}
