//! One checkpoint of a thread as the timeline lists it and the canvas shows
//! it: read from a stored snapshot, so it survives a reload.
use serde_json::Value;
use superstep::checkpoint::StateSnapshot;
use superstep::pregel::{Outcome, StepSnapshot, TaskRecord};

/// How many of a thread's newest checkpoints the timeline reads again after a step.
pub const RECENT: usize = 4;

/// A timeline entry: one checkpoint of a thread.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckpointRow {
    pub id: String,
    pub parent: Option<String>,
    pub step: i64,
    pub source: String,
    pub next: Vec<String>,
    pub values: Value,
    /// The metadata's `{node: update}`: an input's or an edit's, null for a superstep's.
    pub writes: Value,
    /// The next superstep's tasks that failed, with their messages: `(node, error)`.
    pub failed: Vec<(String, String)>,
    /// What the next superstep's tasks wrote, as stored with the checkpoint: `(node, result)`.
    pub results: Vec<(String, Value)>,
}

impl CheckpointRow {
    /// The checkpoint as the canvas shows a step: its state, the nodes it would
    /// run next (those whose run from it failed marked with their errors) and, for
    /// a superstep's checkpoint, the nodes that made it (its parent's next), with
    /// what they wrote (their results, stored with the parent).
    pub fn into_step(self, rows: &[CheckpointRow]) -> StepSnapshot {
        let parent = self.parent_in(rows);
        let ran = crate::model::origin::ran_before(&self.source, parent.map(|p| &p.next[..]));
        let task = |name: &str, error: Option<&String>| TaskRecord { name: name.to_string(), error: error.cloned(), ..Default::default() };
        // Failures first: a node that both made the checkpoint and failed after it shows the failure.
        let failed = self.failed.iter().map(|(n, e)| task(n, Some(e)));
        // A node that ran several times (Sends) takes its results in order.
        let mut results = parent.map_or(&[][..], |p| &p.results[..]).iter().collect::<Vec<_>>();
        let made = ran.into_iter().map(|n| {
            let writes = match results.iter().position(|(name, _)| name == n) {
                Some(at) => written(&results.remove(at).1),
                None => vec![],
            };
            TaskRecord { writes, ..task(n, None) }
        });
        let tasks = failed.chain(made).collect();
        StepSnapshot { step: self.step, tasks, state: self.values, changed: vec![], next: self.next, outcome: Outcome::Continue }
    }

    /// Where Step Back goes: the parent of the checkpoint `picked` (else of the newest), among `rows`.
    pub fn back_from<'a>(rows: &'a [CheckpointRow], picked: Option<&str>) -> Option<&'a CheckpointRow> {
        let from = picked.or_else(|| rows.first().map(|c| c.id.as_str()))?;
        rows.iter().find(|c| c.id == from)?.parent_in(rows)
    }

    /// The checkpoint this one was made from, among `rows`.
    pub fn parent_in<'a>(&self, rows: &'a [CheckpointRow]) -> Option<&'a CheckpointRow> {
        self.parent.as_ref().and_then(|p| rows.iter().find(|r| &r.id == p))
    }

    /// Merges into the listed rows (`known`, newest first) the thread's `asked_for`
    /// newest rows. A step adds a row or two and finishes its parent's writes, all
    /// among the newest; older rows never change, so they stay (not copied: a row
    /// holds a whole state). False, changing nothing, if the newest do not reach a
    /// known row: a gap, so the whole history must be read.
    pub fn merge_into(known: &mut Vec<CheckpointRow>, newest: Vec<CheckpointRow>, asked_for: usize) -> bool {
        let replaced = match newest.last() {
            _ if newest.len() < asked_for => known.len(), // the whole thread
            Some(oldest) => match known.iter().position(|r| r.id == oldest.id) {
                Some(at) => at + 1,
                None => return false,
            },
            None => return false,
        };
        known.splice(..replaced, newest);
        true
    }

    pub fn of(s: &StateSnapshot) -> Self {
        let id = |c: &Value| c["configurable"]["checkpoint_id"].as_str().map(str::to_string);
        CheckpointRow {
            id: id(&s.config).unwrap_or_default(),
            parent: s.parent_config.as_ref().and_then(id),
            step: s.metadata.as_ref().map_or(0, |m| m.step),
            source: s.metadata.as_ref().map_or("", |m| m.source.as_str()).to_string(),
            next: s.next.clone(),
            values: s.values.clone(),
            writes: s.metadata.as_ref().map_or(Value::Null, |m| m.writes.clone()),
            failed: s.tasks.iter().filter_map(|t| Some((t.name.clone(), t.error.clone()?))).collect(),
            results: s.tasks.iter().filter_map(|t| Some((t.name.clone(), t.result.clone()?))).collect(),
        }
    }
}

/// A task's result (`{key: value}`) as the step panel lists writes.
fn written(result: &Value) -> Vec<(String, Value)> {
    result.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::run::{node_error, status, NodeStatus};
    use serde_json::json;
    use std::rc::Rc;
    use superstep::checkpoint::{Checkpointing, MemorySaver};
    use superstep::{node, router, CompileOptions, NodeError, RunConfig, Send, StateGraph, START};

    #[test]
    fn a_checkpoint_whose_next_superstep_failed_shows_the_failed_node_with_its_message() {
        let saver = Rc::new(MemorySaver::new()) as Rc<dyn superstep::checkpoint::Checkpointer>;
        let g = StateGraph::new()
            .channel("log", superstep::Channel::append())
            .node("a", node(|_s| Ok::<_, NodeError>(json!({"log": ["a"]}))))
            .node("b", node(|_s| Err::<serde_json::Value, _>(NodeError::from("boom"))))
            .node("c", node(|_s| Ok::<_, NodeError>(json!({"log": ["c"]}))))
            .edge(START, "a")
            .edge("a", "b")
            .edge("a", "c")
            .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })
            .unwrap();
        assert!(g.invoke_blocking(json!({"log": []}), RunConfig::thread("t")).is_err());
        let rows: Vec<CheckpointRow> =
            g.get_state_history_blocking(&RunConfig::thread("t")).unwrap().iter().map(CheckpointRow::of).collect();
        assert_eq!(rows[0].failed, [("b".to_string(), "boom".to_string())]);
        let step = rows[0].clone().into_step(&rows);
        assert_eq!(status(&step, "b"), NodeStatus::Failed);
        assert_eq!(node_error(&step, "b").as_deref(), Some("boom"));
        assert_eq!((status(&step, "a"), status(&step, "c")), (NodeStatus::Active, NodeStatus::Next), "a made it; c runs next");
        // What a wrote is stored with the checkpoint it ran from, so a reloaded thread shows it.
        let a = step.tasks.iter().find(|t| t.name == "a").unwrap();
        assert_eq!(a.writes, [("log".to_string(), json!(["a"]))]);
        assert!(rows[1].failed.is_empty());
    }

    /// Rows named `ids`, newest first, each with `tag` as its values.
    fn rows(ids: &[&str], tag: &str) -> Vec<CheckpointRow> {
        let row = |id: &&str| CheckpointRow {
            id: id.to_string(),
            parent: None,
            step: 0,
            source: "loop".into(),
            next: vec![],
            values: json!(tag),
            writes: Value::Null,
            failed: vec![],
            results: vec![],
        };
        ids.iter().map(row).collect()
    }

    #[test]
    fn the_newest_rows_replace_their_old_copies_and_keep_the_older_rows() {
        let tagged = |rows: &[CheckpointRow]| rows.iter().map(|r| format!("{}:{}", r.id, r.values.as_str().unwrap())).collect::<Vec<_>>();
        // A step made d and finished c's writes: the newest three are d, c, b.
        let mut known = rows(&["c", "b", "a"], "old");
        assert!(CheckpointRow::merge_into(&mut known, rows(&["d", "c", "b"], "new"), 3));
        assert_eq!(tagged(&known), ["d:new", "c:new", "b:new", "a:old"]);
        // Fewer than asked for: that is the whole thread, whatever was known.
        assert!(CheckpointRow::merge_into(&mut known, rows(&["x"], "new"), 3));
        assert_eq!(tagged(&known), ["x:new"]);
        // The newest do not reach a known row (a run of many steps, another thread): read it all.
        let mut known = rows(&["c", "b", "a"], "old");
        assert!(!CheckpointRow::merge_into(&mut known, rows(&["g", "f", "e"], "new"), 3));
        assert_eq!(tagged(&known), ["c:old", "b:old", "a:old"]);
        assert!(!CheckpointRow::merge_into(&mut vec![], rows(&["g", "f", "e"], "new"), 3));
    }

    #[test]
    fn a_node_sent_several_times_shows_each_runs_writes_in_order() {
        let saver = Rc::new(MemorySaver::new()) as Rc<dyn superstep::checkpoint::Checkpointer>;
        let g = StateGraph::new()
            .channel("out", superstep::Channel::append())
            .node("fan", node(|_s| Ok::<_, NodeError>(json!({}))))
            .node("w", node(|s| Ok::<_, NodeError>(json!({"out": [s.i64("i").unwrap_or(-1) * 10]}))))
            .edge(START, "fan")
            .conditional("fan", router(|_| Ok::<_, NodeError>((1..=2).map(|i| Send::new("w", json!({"i": i}))).collect::<Vec<_>>())), None)
            .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })
            .unwrap();
        g.invoke_blocking(json!({}), RunConfig::thread("t")).unwrap();
        let rows: Vec<CheckpointRow> =
            g.get_state_history_blocking(&RunConfig::thread("t")).unwrap().iter().map(CheckpointRow::of).collect();
        let step = rows[0].clone().into_step(&rows);
        let writes: Vec<_> = step.tasks.iter().map(|t| (t.name.as_str(), t.writes.clone())).collect();
        assert_eq!(writes, [("w", vec![("out".to_string(), json!([10]))]), ("w", vec![("out".to_string(), json!([20]))])]);
    }
}
