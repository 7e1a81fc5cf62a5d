//! Stream modes, stream parts and the sink that collects them during a run.
use super::run_state::RunState;
use crate::graph::compile::GraphSpec;
use crate::state::State;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use std::task::Waker;

/// What a stream emits (LangGraph's `stream_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamMode {
    /// The full state after each superstep.
    Values,
    /// `{node: update}` after each task.
    Updates,
    /// Checkpoints, tasks and task results.
    Debug,
    /// Task starts and results only.
    Tasks,
    /// Checkpoint events only.
    Checkpoints,
    /// Whatever nodes write through `Runtime::write`.
    Custom,
    /// `[message, metadata]` pairs of chat messages nodes return (`Runtime::push_message`).
    Messages,
    /// The lifecycle events of the tools nodes call (`Runtime::push_tool_event`), as
    /// the embedder reports them (LangGraph.js's `on_tool_start`, `on_tool_end`...).
    Tools,
}

impl StreamMode {
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "values" => StreamMode::Values,
            "updates" => StreamMode::Updates,
            "debug" => StreamMode::Debug,
            "tasks" => StreamMode::Tasks,
            "checkpoints" => StreamMode::Checkpoints,
            "custom" => StreamMode::Custom,
            "messages" => StreamMode::Messages,
            "tools" => StreamMode::Tools,
            _ => return None,
        })
    }
    pub fn as_str(self) -> &'static str {
        match self {
            StreamMode::Values => "values",
            StreamMode::Updates => "updates",
            StreamMode::Debug => "debug",
            StreamMode::Tasks => "tasks",
            StreamMode::Checkpoints => "checkpoints",
            StreamMode::Custom => "custom",
            StreamMode::Messages => "messages",
            StreamMode::Tools => "tools",
        }
    }
}

/// One streamed event: where it comes from (subgraph namespace), its mode and data.
#[derive(Clone, Debug)]
pub struct StreamPart {
    /// Empty for the root graph; `["node:<task id>", ...]` inside subgraphs.
    pub namespace: Vec<String>,
    pub mode: StreamMode,
    /// Null for a `values` chunk that comes `shared` instead.
    pub data: Value,
    /// A `values` chunk as a view of the run's own channel values, growths
    /// included, when the run shares them (`RunConfig::shared_values`): bindings
    /// convert it as they convert a node's input.
    pub shared: Option<State>,
}

/// Where a run and its subgraphs push stream parts; the stream drains it.
#[derive(Clone, Default)]
pub struct Sink {
    inner: Rc<SinkInner>,
}

#[derive(Default)]
struct SinkInner {
    modes: Vec<StreamMode>,
    subgraphs: bool,
    shared_values: bool,
    queue: RefCell<VecDeque<StreamPart>>,
    /// Ids of the messages this stream has seen, as LangGraph's handler keeps
    /// them: those it sent (as tokens, say) and those in the input of a task
    /// whose messages it streams. A node's output message seen is not sent again.
    seen_messages: RefCell<hashbrown::HashSet<String>>,
    /// A subgraph run its node streams (`Sink::tee`): the parent's sink, which gets
    /// every part as well, and how many namespace elements the run's own parts carry.
    parent: Option<(Sink, usize)>,
    /// The stream's consumer while it waits on running tasks (`Sink::park`): a part
    /// a task pushes meanwhile (a custom write, a `task()` call's update, a token)
    /// wakes it, so the part goes out now and not when the task ends.
    parked: RefCell<Option<Waker>>,
}

impl Sink {
    pub fn new(modes: Vec<StreamMode>, subgraphs: bool, shared_values: bool) -> Self {
        Sink { inner: Rc::new(SinkInner { modes, subgraphs, shared_values, parent: None, ..Default::default() }) }
    }

    /// The sink of a subgraph run its node streams: parts from namespaces
    /// `depth` elements deep and below are queued here as these modes and
    /// `subgraphs` take them from the run's own depth (with their namespaces
    /// whole, as LangGraph.js gives them), and pushed to `parent` too.
    pub fn tee(parent: &Sink, depth: usize, modes: Vec<StreamMode>, subgraphs: bool) -> Self {
        let shared_values = parent.inner.shared_values;
        let parent = Some((parent.clone(), depth));
        Sink { inner: Rc::new(SinkInner { modes, subgraphs, shared_values, parent, ..Default::default() }) }
    }

    /// Whether events of `mode` from `namespace` are wanted.
    /// Subgraphs' events only with `subgraphs: true`, except custom events,
    /// which reach the stream from any depth (as in LangGraph.js).
    pub fn wants(&self, mode: StreamMode, namespace: &[String]) -> bool {
        self.wants_here(mode, self.relative(namespace)) || self.inner.parent.as_ref().is_some_and(|(p, _)| p.wants(mode, namespace))
    }

    /// Whether this stream, or one it is teed from, streams `mode` from any depth.
    pub fn has_mode(&self, mode: StreamMode) -> bool {
        self.inner.modes.contains(&mode) || self.inner.parent.as_ref().is_some_and(|(p, _)| p.has_mode(mode))
    }

    fn wants_here(&self, mode: StreamMode, namespace: &[String]) -> bool {
        self.inner.modes.contains(&mode) && (namespace.is_empty() || self.inner.subgraphs || mode == StreamMode::Custom)
    }

    /// `namespace` from this sink's run down (a teed run's own parts at its root).
    fn relative<'a>(&self, namespace: &'a [String]) -> &'a [String] {
        match &self.inner.parent {
            Some((_, depth)) => &namespace[(*depth).min(namespace.len())..],
            None => namespace,
        }
    }

    /// Where a task's custom writes go once its call has settled, if this stream takes them
    /// (see `LateWriter`).
    pub fn late_writer(&self, namespace: &[String]) -> Option<LateWriter> {
        self.wants(StreamMode::Custom, namespace).then(|| LateWriter { sink: Rc::downgrade(&self.inner), namespace: namespace.to_vec() })
    }

    pub fn push(&self, namespace: &[String], mode: StreamMode, data: impl FnOnce() -> Value) {
        if self.wants(mode, namespace) {
            self.push_value(namespace, mode, data());
        }
    }

    /// A wanted part: here, and for a teed sink also to its parent (and up), as each wants it.
    /// (Apart from `push`, which is instantiated once per caller's closure.)
    #[inline(never)]
    fn push_value(&self, namespace: &[String], mode: StreamMode, data: Value) {
        let here = self.wants_here(mode, self.relative(namespace));
        match &self.inner.parent {
            Some((parent, _)) if parent.wants(mode, namespace) => {
                if here {
                    self.enqueue(namespace, mode, data.clone(), None);
                }
                parent.push_value(namespace, mode, data);
            }
            _ if here => self.enqueue(namespace, mode, data, None),
            _ => {}
        }
    }

    /// A `messages` part (`[message, metadata]`), here and up the teed sinks
    /// that want it. `once`: a node's output message, not sent if seen.
    pub fn push_message(&self, namespace: &[String], pair: Value, once: bool) {
        if let Some((parent, _)) = &self.inner.parent {
            if parent.wants(StreamMode::Messages, namespace) {
                parent.push_message(namespace, pair.clone(), once);
            }
        }
        if !self.wants_here(StreamMode::Messages, self.relative(namespace)) {
            return;
        }
        if let Some(id) = pair.get(0).and_then(|m| m.get("id")).and_then(Value::as_str) {
            let mut seen = self.inner.seen_messages.borrow_mut();
            if seen.contains(id) {
                if once {
                    return;
                }
            } else {
                seen.insert(id.to_string());
            }
        }
        self.enqueue(namespace, StreamMode::Messages, pair, None);
    }

    /// A task of `namespace` starts on `input`: where the task's messages are
    /// streamed, the messages in its input are seen (see `seen_messages`).
    pub(crate) fn see_input_messages(&self, namespace: &[String], input: &crate::State) {
        if let Some((parent, _)) = &self.inner.parent {
            parent.see_input_messages(namespace, input);
        }
        if !self.wants_here(StreamMode::Messages, self.relative(namespace)) {
            return;
        }
        let mut seen = self.inner.seen_messages.borrow_mut();
        for (_, v) in input.iter() {
            let items = match v {
                Value::Array(items) => items.as_slice(),
                one => std::slice::from_ref(one),
            };
            for id in items.iter().filter_map(message_id) {
                if !seen.contains(id) {
                    seen.insert(id.to_string());
                }
            }
        }
    }

    fn enqueue(&self, namespace: &[String], mode: StreamMode, data: Value, shared: Option<State>) {
        self.inner.queue.borrow_mut().push_back(StreamPart { namespace: namespace.to_vec(), mode, data, shared });
        if let Some(waker) = self.inner.parked.take() {
            waker.wake();
        }
    }

    /// Parks the stream's consumer until a part is pushed (or its tasks wake it).
    pub(crate) fn park(&self, waker: &Waker) {
        let mut parked = self.inner.parked.borrow_mut();
        if !parked.as_ref().is_some_and(|w| w.will_wake(waker)) {
            *parked = Some(waker.clone());
        }
    }

    /// The state as a `values` chunk, shared or copied as the run asked: every
    /// state key, or a run's own output keys (one alone is copied).
    pub(crate) fn push_values(&self, namespace: &[String], spec: &GraphSpec, rs: &RunState, keys: Option<&super::output_keys::Shown>) {
        if let Some((parent, _)) = &self.inner.parent {
            parent.push_values(namespace, spec, rs, keys);
        }
        if !self.wants_here(StreamMode::Values, self.relative(namespace)) {
            return;
        }
        let shared = match keys {
            _ if !self.inner.shared_values => None,
            None => Some(rs.all_view(spec)),
            Some(k) if !k.alone => Some(rs.view(spec, &k.channels)),
            Some(_) => None,
        };
        match shared {
            Some(view) => self.enqueue(namespace, StreamMode::Values, Value::Null, Some(view)),
            None => self.enqueue(namespace, StreamMode::Values, super::output_keys::values_chunk(keys, spec, rs), None),
        }
    }

    /// A task or checkpoint event as LangGraph streams it: the payload in `mode`
    /// ("tasks" or "checkpoints"), and in "debug" wrapped as `{type: kind, step,
    /// timestamp, payload}`. Nothing is built (the clock not read) unless someone listens.
    pub(crate) fn push_with_debug(
        &self,
        namespace: &[String],
        mode: StreamMode,
        kind: &str,
        step: i64,
        env: &crate::Env,
        payload: impl Fn() -> Value,
    ) {
        self.push(namespace, mode, &payload);
        self.push(
            namespace,
            StreamMode::Debug,
            || json!({ "step": step, "type": kind, "timestamp": crate::env::iso_time(env.now_ms()), "payload": payload() }),
        );
    }

    pub(crate) fn has_parts(&self) -> bool {
        !self.inner.queue.borrow().is_empty()
    }

    pub fn pop(&self) -> Option<StreamPart> {
        self.inner.queue.borrow_mut().pop_front()
    }
}

/// The id of `v` if it is a message (a typed object with content and an id).
fn message_id(v: &Value) -> Option<&str> {
    let m = v.as_object()?;
    (m.get("type").is_some_and(Value::is_string) && m.contains_key("content")).then_some(())?;
    m.get("id")?.as_str()
}

/// A task's custom writes after its call settled: LangGraph.js keeps a node's
/// writer working, so a write a node left running (a timer, a callback) still
/// reaches the stream while the run streams. Held weakly: once the stream is
/// gone, a write goes nowhere.
#[derive(Clone)]
pub struct LateWriter {
    sink: Weak<SinkInner>,
    namespace: Vec<String>,
}

impl LateWriter {
    pub fn write(&self, value: Value) {
        if let Some(inner) = self.sink.upgrade() {
            Sink { inner }.push(&self.namespace, StreamMode::Custom, || value);
        }
    }

    /// Whether the stream is still there to take a write.
    pub fn is_live(&self) -> bool {
        self.sink.strong_count() > 0
    }
}

#[cfg(test)]
mod tests {
    use super::StreamMode::{self, *};

    #[test]
    fn every_mode_reads_back_from_its_name_and_nothing_else_reads_as_one() {
        for m in [Values, Updates, Debug, Tasks, Checkpoints, Custom, Messages] {
            assert_eq!(StreamMode::parse(m.as_str()), Some(m));
        }
        assert_eq!(StreamMode::parse("value"), None);
        assert_eq!(StreamMode::parse(""), None);
    }
}
