//! `RunState`: the plain data a run carries between supersteps — channel
//! values and versions, what each node has seen, and pending `Send`s.
//! A checkpoint is a serialized `RunState`.
use crate::graph::compile::{ChannelKind, GraphSpec};
use crate::state::{Growth, State};
use crate::types::Send;
use serde_json::Value;
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq)]
pub struct RunState {
    /// One slot per channel (see `GraphSpec::channels`).
    pub values: Vec<Option<Rc<Value>>>,
    pub versions: Vec<u64>,
    /// Per node, the version of each of its triggers when it last ran.
    pub seen: Vec<Vec<u64>>,
    /// `Send`s written in the last superstep: the next superstep's push tasks.
    pub sends: Vec<Send>,
    /// The step of the last applied superstep (-1: input only).
    pub step: i64,
    /// Channel versions when the last breakpoint fired, so resuming passes it.
    pub breakpoint_seen: Option<Vec<u64>>,
    /// Channels the last superstep updated (`None`: unknown, e.g. restored; check all).
    pub updated: Option<Vec<usize>>,
    /// New versions go above this: the highest version any branch of the
    /// thread already uses, so a fork never reuses another branch's version
    /// (savers store values by channel and version).
    pub version_floor: u64,
    /// The lists the last superstep only appended to, for bindings' conversions.
    pub growth: Rc<[Growth]>,
    /// The highest of `versions`, kept by `set_version`: a superstep of a graph
    /// with thousands of channels need not scan them all.
    latest: u64,
}

impl RunState {
    /// A fresh state: defaults filled in, nothing triggered.
    pub fn new(spec: &GraphSpec) -> Self {
        RunState {
            values: spec.channels.iter().map(|c| c.default.clone().map(Rc::new)).collect(),
            versions: vec![0; spec.channels.len()],
            seen: spec.nodes.iter().map(|n| vec![0; n.triggers.len()]).collect(),
            sends: vec![],
            step: -1,
            breakpoint_seen: None,
            updated: None,
            version_floor: 0,
            growth: Rc::new([]),
            latest: 0,
        }
    }

    /// The version a write in the next superstep gets: newer than any before.
    pub fn next_version(&self) -> u64 {
        debug_assert_eq!(self.latest, self.versions.iter().copied().max().unwrap_or(0), "versions set without set_version");
        self.latest.max(self.version_floor) + 1
    }

    /// Sets channel `ch`'s version (every write of `versions` goes through here or `set_versions`).
    pub fn set_version(&mut self, ch: usize, version: u64) {
        let old = std::mem::replace(&mut self.versions[ch], version);
        if version >= self.latest {
            self.latest = version;
        } else if old == self.latest {
            self.latest = self.versions.iter().copied().max().unwrap_or(0);
        }
    }

    /// Replaces every channel's version.
    pub fn set_versions(&mut self, versions: Vec<u64>) {
        self.latest = versions.iter().copied().max().unwrap_or(0);
        self.versions = versions;
    }

    /// Whether a channel can be read (a barrier only once every source has written;
    /// a deferred node's trigger only once finished).
    pub fn available(&self, spec: &GraphSpec, channel: usize) -> bool {
        use super::finish::{barrier_finished, sources_seen};
        match (&spec.channels[channel].kind, self.values[channel].as_deref()) {
            (_, None) => false,
            // Apply only records distinct sources, so a full count means complete.
            (ChannelKind::Barrier { sources, deferred }, Some(v)) => {
                v.as_array().is_some_and(|seen| sources_seen(seen) >= sources.len() && (!deferred || barrier_finished(seen)))
            }
            (ChannelKind::Trigger { deferred: true }, Some(v)) => *v == Value::Bool(true),
            _ => true,
        }
    }

    /// Whether node `n` has a trigger updated since it last ran.
    pub fn triggered(&self, spec: &GraphSpec, n: usize) -> bool {
        spec.nodes[n].triggers.iter().enumerate().any(|(k, &ch)| self.versions[ch] > self.seen[n][k] && self.available(spec, ch))
    }

    /// A view of the given state channels that hold a value.
    pub fn view(&self, spec: &GraphSpec, channels: &[usize]) -> State {
        let entry = |c: usize| self.values[c].as_ref().map(|v| (spec.channels[c].name.clone(), v.clone()));
        let view = if channels.iter().all(|&c| self.values[c].is_some()) {
            // The usual case: an exact-size iterator, so the view takes one allocation.
            State::from_entries(channels.iter().map(|&c| (spec.channels[c].name.clone(), self.values[c].clone().unwrap_or_default())))
        } else {
            State::from_entries(channels.iter().filter_map(|&c| entry(c)))
        };
        view.with_growth(&self.growth)
    }

    /// Every state channel (private ones included), as a view: what `all_values` copies.
    pub fn all_view(&self, spec: &GraphSpec) -> State {
        let all: Vec<usize> = (0..spec.state_count).collect();
        self.view(spec, &all)
    }

    /// All state channels with a value, as one JSON object (a deep copy).
    pub fn values_of(&self, spec: &GraphSpec, channels: &[usize]) -> Value {
        let mut m = serde_json::Map::new();
        for &c in channels {
            if let Some(v) = &self.values[c] {
                m.insert(spec.channels[c].name.to_string(), (**v).clone());
            }
        }
        Value::Object(m)
    }

    /// Every state channel (private ones included), as streamed in `values` mode.
    pub fn all_values(&self, spec: &GraphSpec) -> Value {
        let all: Vec<usize> = (0..spec.state_count).collect();
        self.values_of(spec, &all)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;

    #[test]
    fn the_next_version_is_above_every_version_however_they_were_set() {
        let g = StateGraph::new().channel("a", Channel::last_value()).channel("b", Channel::last_value());
        let g = g.node("n", node(|_| Ok::<_, NodeError>(serde_json::json!({})))).edge(START, "n").compile().unwrap();
        let mut rs = super::RunState::new(g.spec());
        assert_eq!(rs.next_version(), 1);
        rs.set_version(0, 7);
        rs.set_version(1, 3);
        assert_eq!(rs.next_version(), 8);
        // Lowering the newest channel's version lowers the next one to the rest's.
        rs.set_version(0, 2);
        assert_eq!(rs.next_version(), 4);
        rs.set_versions(vec![5; rs.versions.len()]);
        assert_eq!(rs.next_version(), 6);
        rs.version_floor = 9;
        assert_eq!(rs.next_version(), 10);
    }
}
