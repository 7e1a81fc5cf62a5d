//! Resume values: what a resumed run's paused tasks are answered with (one value
//! for all, or values by interrupt id), and which answers a task already took.
use super::execute::{TaskResult, TaskStatus};
use super::plan::Task;
use crate::error::Error;
use crate::types::Interrupt;
use serde_json::{Map, Value};

/// The values each task's `interrupt()` calls already received, by task id.
pub(crate) type Answered = hashbrown::HashMap<String, Vec<Value>>;

/// Resume values handed to interrupted tasks.
#[derive(Clone, Debug, Default)]
pub enum Resume {
    #[default]
    None,
    /// One value for every interrupted task.
    All(Value),
    /// Interrupt id → value.
    ById(Map<String, Value>),
}

/// The resume values a task gets: those it already consumed, plus a new one
/// for its pending interrupt if the resume answers it.
pub(super) fn resume_values(resume: &Resume, saved: &super::apply::Saved, answered: &mut Answered, task: &Task) -> Vec<Value> {
    let waiting: Vec<&Interrupt> = saved
        .of(&task.id)
        .flat_map(|(_, _, r)| match &r.status {
            TaskStatus::Interrupted(i) => i.iter().collect(),
            _ => vec![],
        })
        .collect();
    let after_failure = saved.of(&task.id).next().and_then(|(id, _, r)| next_after_failure(id, r, answered));
    let values = answered.entry(task.id.clone()).or_default();
    match resume {
        Resume::None => {}
        Resume::All(v) => {
            if !waiting.is_empty() {
                values.push(v.clone());
            }
        }
        Resume::ById(map) => {
            for id in waiting.iter().map(|i| &i.id).chain(after_failure.as_ref()) {
                match map.get(id) {
                    Some(v) => values.push(v.clone()),
                    None => break,
                }
            }
        }
    }
    values.clone()
}

/// For a task that failed on its own (not stopped by a sibling, not handled), the id
/// of the interrupt its next run raises first: the one after the answers it took.
pub(super) fn next_after_failure(task_id: &str, r: &TaskResult, answered: &Answered) -> Option<String> {
    match &r.status {
        TaskStatus::Failed(Error::Aborted { .. } | Error::Cancelled) => None,
        TaskStatus::Failed(_) if r.handled.is_none() => {
            let taken = answered.get(task_id).map_or(0, Vec::len);
            Some(super::runtime::interrupt_id(task_id, taken))
        }
        _ => None,
    }
}
