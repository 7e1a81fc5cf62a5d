//! A node's `Command` goto: an expression whose value names the nodes to go
//! to, and the `ends` it implies. `ends` is what draws the Command's lines and
//! what makes a node only a Command leads to reachable, so the editor derives
//! it from the node names the expression quotes.
use serde_json::{json, Map, Value};
use superstep::doc::expr::{parse, Expr};
use superstep::doc::GraphDoc;
use superstep::END;

/// The string literals of `expr` that name a node of `doc` (or END), in the
/// document's order; none if the expression does not parse.
pub fn goto_targets(doc: &GraphDoc, expr: &str) -> Vec<String> {
    let mut quoted = Vec::new();
    if let Ok(e) = parse(expr) {
        literals(&e, &mut quoted);
    }
    let ids = doc.nodes.iter().map(|n| n.id.as_str()).chain([END]);
    ids.filter(|id| quoted.iter().any(|q| q == id)).map(str::to_string).collect()
}

fn literals(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Lit(Value::String(s)) => out.push(s.clone()),
        Expr::Lit(Value::Array(items)) => out.extend(items.iter().filter_map(|v| v.as_str().map(str::to_string))),
        Expr::Lit(_) | Expr::Name(_) => {}
        Expr::Get(a, b) | Expr::Binary(_, a, b) => {
            literals(a, out);
            literals(b, out);
        }
        Expr::Unary(_, a) => literals(a, out),
        Expr::List(items) | Expr::Call(_, items) => items.iter().for_each(|x| literals(x, out)),
    }
}

/// `settings` with goto `expr` and the `ends` it names. A blank goto removes both;
/// one that quotes no node (it reads a name from the state, say) keeps the `ends`
/// set by hand, which only then say where it may go.
pub fn with_goto(doc: &GraphDoc, settings: &Map<String, Value>, expr: &str) -> Map<String, Value> {
    let mut s = settings.clone();
    let expr = expr.trim();
    if expr.is_empty() {
        s.remove("goto");
        s.remove("ends");
        return s;
    }
    s.insert("goto".into(), json!(expr));
    let ends = goto_targets(doc, expr);
    if !ends.is_empty() {
        s.insert("ends".into(), json!(ends));
    }
    s
}

/// `expr` with the string literal `from` (either quote) renamed to `to`.
pub fn rename_in_goto(expr: &str, from: &str, to: &str) -> String {
    expr.replace(&format!("'{from}'"), &format!("'{to}'")).replace(&format!("\"{from}\""), &format!("\"{to}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> GraphDoc {
        let v = json!({
            "format": "superstep.graph", "version": 1, "name": "g",
            "channels": [{ "key": "n", "reducer": "overwrite" }],
            "nodes": [
                { "id": "ask", "kind": "set", "values": { "n": 1 } },
                { "id": "done", "kind": "set", "values": { "n": 2 } },
                { "id": "retry", "kind": "set", "values": { "n": 3 } }
            ],
            "edges": [{ "from": "__start__", "to": "ask" }]
        });
        GraphDoc::from_value(v).unwrap()
    }

    #[test]
    fn a_goto_names_the_nodes_it_quotes_in_document_order() {
        let d = doc();
        assert_eq!(goto_targets(&d, "if(n > 2, 'retry', \"done\")"), ["done", "retry"]);
        assert_eq!(goto_targets(&d, "['ask', '__end__', 'nowhere']"), ["ask", "__end__"]);
        // A literal that is no node's name is a value, not a destination.
        assert!(goto_targets(&d, "n == 'finished'").is_empty());
        assert!(goto_targets(&d, "'done").is_empty(), "unparsable");
    }

    #[test]
    fn setting_a_goto_sets_its_ends_clearing_it_removes_both_and_a_dynamic_one_keeps_them() {
        let d = doc();
        let s = with_goto(&d, &Map::new(), " 'done' ");
        assert_eq!(s["goto"], "'done'");
        assert_eq!(s["ends"], json!(["done"]));
        let cleared = with_goto(&d, &s, "");
        assert!(!cleared.contains_key("goto") && !cleared.contains_key("ends"));
        // A goto that reads its target from the state keeps the ends set by hand.
        let dynamic = with_goto(&d, &s, "n");
        assert_eq!((&dynamic["goto"], &dynamic["ends"]), (&json!("n"), &json!(["done"])));
    }

    #[test]
    fn a_rename_follows_quoted_names_only() {
        assert_eq!(rename_in_goto("if(x, 'a', \"a\")", "a", "b"), "if(x, 'b', \"b\")");
        assert_eq!(rename_in_goto("'ab' + a", "a", "b"), "'ab' + a");
    }
}
