//! What the canvas and panels show for one superstep: node statuses, the
//! edges that carried messages, and how each reducer merged the writes.
use serde_json::Value;
use superstep::doc::GraphDoc;
use superstep::pregel::{Outcome, StepSnapshot};

/// A node's look in the selected superstep (the Pregel picture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeStatus {
    /// Ran in this superstep.
    Active,
    /// Will run in the next superstep.
    Next,
    /// Paused on `interrupt()` or a breakpoint.
    Interrupted,
    Failed,
    /// No incoming message: voted to halt.
    Halted,
}

impl NodeStatus {
    pub fn class(self) -> &'static str {
        match self {
            NodeStatus::Active => "active",
            NodeStatus::Next => "next",
            NodeStatus::Interrupted => "interrupted",
            NodeStatus::Failed => "failed",
            NodeStatus::Halted => "halted",
        }
    }
}

/// The nodes an `InvalidUpdate` conflict names (the writers of one key).
pub fn conflict(step: &StepSnapshot) -> Option<(String, Vec<String>)> {
    match &step.outcome {
        Outcome::Error(superstep::Error::InvalidUpdate { key, nodes, .. }) if !nodes.is_empty() => Some((key.clone(), nodes.clone())),
        _ => None,
    }
}

/// The message to show on a node: its task's error, or the conflict it took part in.
pub fn node_error(step: &StepSnapshot, node: &str) -> Option<String> {
    if let Some(e) = step.tasks.iter().find(|t| t.name == node).and_then(|t| t.error.clone()) {
        return Some(e);
    }
    let (key, nodes) = conflict(step)?;
    nodes.iter().any(|n| n == node).then(|| format!("conflicting writes to `{key}` from {}", nodes.join(" and ")))
}

pub fn status(step: &StepSnapshot, node: &str) -> NodeStatus {
    if conflict(step).is_some_and(|(_, nodes)| nodes.iter().any(|n| n == node)) {
        return NodeStatus::Failed;
    }
    let task = step.tasks.iter().find(|t| t.name == node);
    match task {
        Some(t) if t.error.is_some() => NodeStatus::Failed,
        Some(t) if !t.interrupts.is_empty() => NodeStatus::Interrupted,
        Some(_) if matches!(step.outcome, Outcome::Interrupted(_)) && step.tasks.iter().all(|t| t.interrupts.is_empty()) => {
            NodeStatus::Next
        }
        Some(_) => NodeStatus::Active,
        None if step.next.iter().any(|n| n == node) => NodeStatus::Next,
        None => NodeStatus::Halted,
    }
}

/// Whether `node`'s task in this superstep was served from the cache (it did not run).
pub fn served_from_cache(step: &StepSnapshot, node: &str) -> bool {
    step.tasks.iter().any(|t| t.name == node && t.cached)
}

/// Edges `(from, to)` whose messages triggered this superstep's tasks.
pub fn carried(prev: Option<&StepSnapshot>, step: &StepSnapshot) -> Vec<(String, String)> {
    let Some(prev) = prev else {
        return step.tasks.iter().map(|t| ("__start__".to_string(), t.name.clone())).filter(|(_, t)| t != "__start__").collect();
    };
    let mut out = Vec::new();
    for t in &step.tasks {
        for p in &prev.tasks {
            out.push((p.name.clone(), t.name.clone()));
        }
    }
    out
}

/// One key's merge in a superstep: value before, the writes (task, value), value after.
#[derive(Clone, Debug, PartialEq)]
pub struct Merge {
    pub key: String,
    pub reducer: String,
    pub before: Value,
    pub writes: Vec<(String, Value)>,
    pub after: Value,
}

/// The name of `key`'s reducer in `doc` (a key it lacks overwrites).
pub fn reducer_of(doc: &GraphDoc, key: &str) -> String {
    doc.channels.iter().find(|c| c.key == key).map_or_else(|| "overwrite".into(), |c| c.reducer.clone())
}

pub fn merges(doc: &GraphDoc, before: &Value, step: &StepSnapshot) -> Vec<Merge> {
    let mut keys: Vec<String> = Vec::new();
    for t in &step.tasks {
        for (k, _) in &t.writes {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    keys.into_iter()
        .map(|k| Merge {
            reducer: reducer_of(doc, &k),
            before: before.get(&k).cloned().unwrap_or(Value::Null),
            writes: step
                .tasks
                .iter()
                .flat_map(|t| t.writes.iter().filter(|(w, _)| *w == k).map(|(_, v)| (t.name.clone(), v.clone())))
                .collect(),
            after: step.state.get(&k).cloned().unwrap_or(Value::Null),
            key: k,
        })
        .collect()
}

/// Keys whose values differ between two states, with both values.
pub fn diff(a: &Value, b: &Value) -> Vec<(String, Value, Value)> {
    let mut keys: Vec<&String> =
        a.as_object().into_iter().flatten().map(|(k, _)| k).chain(b.as_object().into_iter().flatten().map(|(k, _)| k)).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (a.get(k).cloned().unwrap_or(Value::Null), b.get(k).cloned().unwrap_or(Value::Null));
            (x != y).then(|| (k.clone(), x, y))
        })
        .collect()
}

/// The keys a stored checkpoint changed since the one before it (all of them
/// when there is none): after a reload, what a superstep wrote.
pub fn changed_keys(before: Option<&Value>, after: &Value) -> Vec<String> {
    diff(before.unwrap_or(&Value::Null), after).into_iter().filter(|(k, _, _)| after.get(k).is_some()).map(|(k, _, _)| k).collect()
}

/// One line of the stream log: what `updates` and `values` modes would show.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub step: i64,
    pub mode: &'static str,
    pub text: String,
}

pub fn log(steps: &[StepSnapshot]) -> Vec<LogLine> {
    let mut out = Vec::new();
    for s in steps {
        for t in s.tasks.iter().filter(|t| t.name != "__start__" && t.error.is_none() && t.interrupts.is_empty()) {
            let update: serde_json::Map<String, Value> = t.writes.iter().cloned().collect();
            out.push(LogLine { step: s.step, mode: "updates", text: serde_json::json!({ t.name.clone(): update }).to_string() });
        }
        if !s.changed.is_empty() {
            out.push(LogLine { step: s.step, mode: "values", text: s.state.to_string() });
        }
    }
    out
}

/// Static breakpoints the person toggled on nodes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Breakpoints {
    pub before: Vec<String>,
    pub after: Vec<String>,
}

impl Breakpoints {
    /// The breakpoints a document was saved with (its `compile` options), to start a run's from.
    pub fn of(compile: &superstep::doc::CompileDoc) -> Self {
        Breakpoints { before: compile.interrupt_before.clone(), after: compile.interrupt_after.clone() }
    }
    pub fn toggle(&mut self, node: &str, after: bool) {
        let list = if after { &mut self.after } else { &mut self.before };
        match list.iter().position(|n| n == node) {
            Some(i) => {
                list.remove(i);
            }
            None => list.push(node.to_string()),
        }
    }
    pub fn has(&self, node: &str, after: bool) -> bool {
        (if after { &self.after } else { &self.before }).iter().any(|n| n == node)
    }
}

/// A one-line summary of a step's outcome.
pub fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Continue => "continue".into(),
        Outcome::Done => "done".into(),
        Outcome::Interrupted(i) if i.is_empty() => "paused at a breakpoint".into(),
        Outcome::Interrupted(_) => "waiting for input".into(),
        Outcome::Error(e) => format!("error: {e}"),
        Outcome::ParentCommand(_) => "command to parent".into(),
    }
}

/// Node names joined, a repeated one counted once: "a, generate_joke ×3".
pub fn counted(names: &mut dyn Iterator<Item = &str>) -> String {
    let mut list: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match list.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => list.push((name, 1)),
        }
    }
    let each = list.iter().map(|(n, k)| if *k > 1 { format!("{n} ×{k}") } else { n.to_string() });
    each.collect::<Vec<_>>().join(", ")
}

/// What started a task, in words: LangGraph's trigger names (`branch:to:x`,
/// `join:a+b:x`, `__pregel_push`) are its channels, not the graph's.
pub fn trigger_text(trigger: &str) -> String {
    if trigger == "__pregel_push" {
        return "a Send".into();
    }
    if trigger.starts_with("branch:to:") {
        return "an edge".into();
    }
    match trigger.strip_prefix("join:").and_then(|j| j.rsplit_once(':')) {
        Some((sources, _)) => format!("a waiting edge from {}", sources.split('+').collect::<Vec<_>>().join(", ")),
        None => trigger.to_string(),
    }
}

/// The status line after a superstep that continues: what ran, what it
/// changed and what runs next, e.g. "Step 3: generate_joke ×3 ran, changed
/// jokes. Next: best_joke."
pub fn step_summary(step: &StepSnapshot) -> String {
    let ran = counted(&mut step.tasks.iter().map(|t| t.name.as_str()).filter(|n| *n != superstep::START));
    let input = step.tasks.iter().any(|t| t.name == superstep::START);
    let mut text = match (ran.is_empty(), input) {
        (true, true) => format!("Step {}: the input was written", step.step),
        (true, false) => format!("Step {}: no node ran", step.step),
        (false, _) => format!("Step {}: {ran} ran", step.step),
    };
    if !step.changed.is_empty() {
        text += &format!(", changed {}", step.changed.join(", "));
    }
    let next = counted(&mut step.next.iter().map(String::as_str));
    text + &if next.is_empty() { ".".to_string() } else { format!(". Next: {next}.") }
}

/// The graph input typed as JSON: an object whose keys are all input keys of `doc`.
pub fn parse_input(text: &str, doc: Option<&GraphDoc>) -> Result<Value, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let Value::Object(map) = &value else { return Err("the input must be a JSON object".into()) };
    if let Some(d) = doc {
        let allowed: Vec<String> = d.input.clone().unwrap_or_else(|| d.channels.iter().map(|c| c.key.clone()).collect());
        if let Some(bad) = map.keys().find(|k| !allowed.contains(k)) {
            return Err(format!("`{bad}` is not an input key ({})", allowed.join(", ")));
        }
    }
    Ok(value)
}

/// The keys the input form asks for: the input schema's, else every key that is not private.
pub fn input_keys(doc: &GraphDoc) -> Vec<String> {
    doc.input.clone().unwrap_or_else(|| doc.channels.iter().filter(|c| c.role != "private").map(|c| c.key.clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::executor::block_on;
    use serde_json::json;
    use superstep::doc::build::{build, NoCode};

    fn steps(name: &str, input: Value) -> (GraphDoc, Vec<StepSnapshot>) {
        let text = std::fs::read_to_string(format!("{}/../www/examples/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let doc = GraphDoc::from_json(&text).unwrap();
        let g = build(&doc, &NoCode, Default::default()).unwrap();
        let mut s = g.stepper_blocking(input, superstep::RunConfig::default()).unwrap();
        let mut out = Vec::new();
        loop {
            let snap = block_on(s.step());
            let done = snap.outcome != Outcome::Continue;
            out.push(snap);
            if done {
                break;
            }
        }
        (doc, out)
    }

    #[test]
    fn map_reduce_statuses_follow_the_supersteps() {
        let (doc, s) = steps("map-reduce", json!({"topic": "cat"}));
        // 0 START, 1 generate_topics, 2 three generate_joke tasks (its edge sends them), 3 best_joke.
        assert_eq!(status(&s[1], "generate_topics"), NodeStatus::Active);
        assert_eq!(status(&s[1], "generate_joke"), NodeStatus::Next);
        assert_eq!(status(&s[1], "best_joke"), NodeStatus::Halted);
        assert_eq!(s[2].tasks.iter().filter(|t| t.name == "generate_joke").count(), 3);
        let m = merges(&doc, &s[1].state, &s[2]);
        assert_eq!(m[0].key, "jokes");
        assert_eq!(m[0].reducer, "append");
        assert_eq!(m[0].writes.len(), 3);
        assert_eq!(m[0].after, json!(["Joke about cats", "Joke about lions", "Joke about elephants"]));
        assert_eq!(carried(Some(&s[1]), &s[2])[0], ("generate_topics".to_string(), "generate_joke".to_string()));
    }

    #[test]
    fn triggers_are_told_in_the_graphs_words() {
        let (_, s) = steps("map-reduce", json!({"topic": "cat"}));
        let said = |i: usize| s[i].tasks.iter().flat_map(|t| t.triggers.iter().map(|x| trigger_text(x))).collect::<Vec<_>>();
        assert_eq!((said(1), said(2)), (vec!["an edge".to_string()], vec!["a Send".to_string(); 3]));
        assert_eq!(trigger_text("join:a+b_c:d"), "a waiting edge from a, b_c");
    }

    #[test]
    fn a_cache_hit_is_marked_on_its_node() {
        let text = std::fs::read_to_string(format!("{}/../www/examples/node-cache.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let doc = GraphDoc::from_json(&text).unwrap();
        let cache = std::rc::Rc::new(superstep::InMemoryCache::new());
        let g = build(&doc, &NoCode, superstep::CompileOptions { cache: Some(cache), ..Default::default() }).unwrap();
        let step_one = || {
            let mut s = g.stepper_blocking(json!({"x": 5}), superstep::RunConfig::default()).unwrap();
            block_on(s.step());
            block_on(s.step())
        };
        let (first, second) = (step_one(), step_one());
        assert!(!served_from_cache(&first, "expensive_node"));
        assert!(served_from_cache(&second, "expensive_node"));
        assert_eq!(status(&second, "expensive_node"), NodeStatus::Active);
    }

    #[test]
    fn conflicts_mark_both_writers() {
        let mut s = steps("reducers", json!({"foo": 1})).1.remove(1);
        s.outcome =
            Outcome::Error(superstep::Error::InvalidUpdate { key: "x".into(), nodes: vec!["a".into(), "b".into()], message: "m".into() });
        assert_eq!(status(&s, "a"), NodeStatus::Failed);
        assert_eq!(node_error(&s, "b").unwrap(), "conflicting writes to `x` from a and b");
        assert_eq!(node_error(&s, "c"), None);
    }

    #[test]
    fn the_log_shows_updates_and_values() {
        let (_, s) = steps("reducers", json!({"foo": 1, "bar": ["hi"]}));
        let lines = log(&s);
        assert_eq!(lines[0].mode, "values");
        assert!(lines.iter().any(|l| l.mode == "updates" && l.text == r#"{"second":{"bar":["bye"]}}"#));
    }

    #[test]
    fn a_step_summary_says_what_ran_changed_and_comes_next() {
        let (_, s) = steps("map-reduce", json!({"topic": "cat"}));
        let all: Vec<String> = s.iter().map(step_summary).collect();
        assert_eq!(
            all,
            [
                "Step 0: the input was written, changed topic. Next: generate_topics.",
                "Step 1: generate_topics ran, changed subjects. Next: generate_joke ×3.",
                "Step 2: generate_joke ×3 ran, changed jokes. Next: best_joke.",
                "Step 3: best_joke ran, changed best_selected_joke.",
                "Step 4: no node ran.",
            ]
        );
    }

    #[test]
    fn breakpoints_toggle() {
        let mut b = Breakpoints::default();
        b.toggle("n", false);
        assert!(b.has("n", false) && !b.has("n", true));
        b.toggle("n", false);
        assert!(!b.has("n", false));
    }

    #[test]
    fn diff_lists_changed_keys() {
        assert_eq!(
            diff(&json!({"a": 1, "b": 2}), &json!({"a": 1, "b": 3, "c": 4})),
            vec![("b".into(), json!(2), json!(3)), ("c".into(), Value::Null, json!(4))]
        );
    }

    #[test]
    fn a_checkpoint_shows_the_keys_it_changed() {
        assert_eq!(changed_keys(Some(&json!({"a": 1, "b": 2})), &json!({"a": 1, "b": 3})), ["b"]);
        assert_eq!(changed_keys(None, &json!({"a": 1})), ["a"]);
    }

    #[test]
    fn the_input_form_comes_from_the_document() {
        let lance = GraphDoc::from_json(include_str!("../../../www/examples/schemas-lance.json")).unwrap();
        assert_eq!(input_keys(&lance), ["user_input"]);
        let shared = GraphDoc::from_json(include_str!("../../../www/examples/subgraph-shared-keys.json")).unwrap();
        assert_eq!(input_keys(&shared), ["foo"]);
        assert_eq!(parse_input(r#"{"user_input": 1}"#, Some(&lance)), Ok(json!({"user_input": 1})));
        assert_eq!(parse_input(r#"{"foo": 1}"#, Some(&lance)), Err("`foo` is not an input key (user_input)".into()));
        assert_eq!(parse_input("[1]", Some(&lance)), Err("the input must be a JSON object".into()));
        assert!(parse_input("{", None).is_err());
        assert_eq!(parse_input(r#"{"any": 1}"#, None), Ok(json!({"any": 1})));
    }
}
