//! The state before a superstep, kept by a run that stores only its end state
//! (`save_on_exit`): should its barrier fail part-way, the run puts it back.
use super::apply::TaskWrites;
use super::run_state::RunState;
use crate::graph::compile::{ChannelKind, GraphSpec};
use crate::reducers::Reducer;
use crate::types::as_overwrite;
use std::rc::Rc;

pub(crate) struct Rollback {
    before: RunState,
    /// The lists the step appends to, with their length before it (`None`: no
    /// list yet). `before` does not share them: a shared list is copied to be
    /// appended to, which made each superstep of such a run cost the whole list.
    appended: Vec<(usize, Option<usize>)>,
}

impl Rollback {
    /// Taken as the barrier is about to apply `writes` to `rs`.
    pub(crate) fn take(spec: &GraphSpec, rs: &RunState, writes: &[TaskWrites]) -> Self {
        let mut appended: Vec<(usize, Option<usize>)> = vec![];
        let mut replaced: Vec<usize> = vec![];
        for &(ch, ref value) in writes.iter().flat_map(|w| &w.writes) {
            let appends = matches!(&spec.channels[ch].kind, ChannelKind::State(Reducer::Append)) && as_overwrite(value).is_none();
            let list = rs.values[ch].as_deref().map(|v| v.as_array().map(Vec::len));
            match (appends, list) {
                // An append to no list or to a list: undone by cutting it back.
                (true, None | Some(Some(_))) if !replaced.contains(&ch) => {
                    if !appended.iter().any(|(c, _)| *c == ch) {
                        appended.push((ch, list.flatten()));
                    }
                }
                // Overwritten, or not a list yet: kept whole.
                _ => {
                    appended.retain(|(c, _)| *c != ch);
                    replaced.push(ch);
                }
            }
        }
        let mut before = rs.clone();
        for &(ch, _) in &appended {
            before.values[ch] = None;
        }
        Rollback { before, appended }
    }

    /// Puts the state before the superstep back into `live`.
    pub(crate) fn restore(self, live: &mut RunState) {
        let Rollback { mut before, appended } = self;
        for (ch, len) in appended {
            before.values[ch] = match (live.values[ch].take(), len) {
                (Some(mut list), Some(len)) => {
                    if let Some(items) = Rc::make_mut(&mut list).as_array_mut() {
                        items.truncate(len);
                    }
                    Some(list)
                }
                _ => None,
            };
        }
        *live = before;
    }
}
