//! Resume values: what a resumed run's paused tasks are answered with (one value
//! for all, or values by interrupt id), and which answers a task already took.
use super::execute::{TaskResult, TaskStatus};
use super::plan::Task;
use crate::error::Error;
use crate::types::Interrupt;
use serde_json::{Map, Value};

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
pub(super) fn resume_values(
    resume: &Resume,
    pending: &[(String, String, TaskResult)],
    answered: &mut Vec<(String, Vec<Value>)>,
    task: &Task,
) -> Vec<Value> {
    let pos = match answered.iter().position(|(id, _)| *id == task.id) {
        Some(p) => p,
        None => {
            answered.push((task.id.clone(), vec![]));
            answered.len() - 1
        }
    };
    let waiting: Vec<&Interrupt> = pending
        .iter()
        .filter(|(id, _, _)| *id == task.id)
        .flat_map(|(_, _, r)| match &r.status {
            TaskStatus::Interrupted(i) => i.iter().collect(),
            _ => vec![],
        })
        .collect();
    let after_failure = pending.iter().find(|(id, _, _)| *id == task.id).and_then(|(id, _, r)| next_after_failure(id, r, answered));
    let values = &mut answered[pos].1;
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
pub(super) fn next_after_failure(task_id: &str, r: &TaskResult, answered: &[(String, Vec<Value>)]) -> Option<String> {
    match &r.status {
        TaskStatus::Failed(Error::Aborted { .. } | Error::Cancelled) => None,
        TaskStatus::Failed(_) if r.handled.is_none() => {
            let taken = answered.iter().find(|(id, _)| id == task_id).map_or(0, |(_, v)| v.len());
            Some(super::runtime::interrupt_id(task_id, taken))
        }
        _ => None,
    }
}
