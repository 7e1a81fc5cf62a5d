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

impl Resume {
    /// A `Command`'s resume. As LangGraph: an object keyed by interrupt ids alone is a map,
    /// even one whose ids no task waits on any more (they answer nothing, and the tasks ask
    /// again); any other value answers every paused task.
    pub(crate) fn of(resume: Option<Value>) -> Resume {
        match resume {
            None => Resume::None,
            Some(Value::Object(m)) if !m.is_empty() && m.keys().all(|k| is_interrupt_id(k)) => Resume::ById(m),
            Some(v) => Resume::All(v),
        }
    }
}

/// Whether `key` has the shape of an interrupt id, as LangGraph tells a resume map's keys
/// by their shape: 16 lowercase hex digits (`runtime::interrupt_id`), or LangGraph's own 32
/// (an id from elsewhere answers nothing here, but the map is still a map).
fn is_interrupt_id(key: &str) -> bool {
    matches!(key.len(), 16 | 32) && key.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
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
fn next_after_failure(task_id: &str, r: &TaskResult, answered: &Answered) -> Option<String> {
    match &r.status {
        TaskStatus::Failed(Error::Aborted { .. } | Error::Cancelled) => None,
        TaskStatus::Failed(_) if r.handled.is_none() => {
            let taken = answered.get(task_id).map_or(0, Vec::len);
            Some(super::runtime::interrupt_id(task_id, taken))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::is_interrupt_id;

    #[test]
    fn an_interrupt_id_is_sixteen_or_thirty_two_lowercase_hex_digits() {
        assert!(is_interrupt_id(&super::super::runtime::interrupt_id("task", 0)));
        assert!(is_interrupt_id("0123456789abcdef"));
        assert!(is_interrupt_id("0123456789abcdef0123456789abcdef"));
        for not_one in [
            "0123456789abcde",
            "0123456789abcdef0",
            "0123456789ABCDEF",
            "0123456789abcdeg",
            "event_id",
            "",
            "0123456789abcdef0123456789abcde",
        ] {
            assert!(!is_interrupt_id(not_one), "{not_one}");
        }
    }
}
