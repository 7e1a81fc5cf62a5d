//! Task calls inside a node (LangGraph's `task()`): a node's side work whose
//! results are kept with the task's pending writes, so a node re-run on resume
//! (after an interrupt or a failure) gets them back by call order instead of
//! doing the work again. Each call streams as a task of its own.
use super::runtime::Runtime;
use super::stream::StreamMode;
use crate::env::stable_hash;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// One finished call: the task's `index`-th call, to `name`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskCall {
    pub index: usize,
    pub name: String,
    pub value: Value,
}

/// Each task's finished calls in this superstep, by task id.
pub(crate) type CallLog = Vec<(String, Vec<TaskCall>)>;

impl Runtime {
    /// Starts this task's next call with `input` (its arguments): its index, and
    /// its result if an earlier run of the task finished the same call (streamed
    /// again as a cached update, as LangGraph replays it). Calls made together
    /// get their indexes in the order they were made, not the order they finish.
    /// As in LangGraph, every call is a task of its own in the `tasks` and
    /// `debug` streams (a kept one starts but reports no result).
    pub fn begin_call(&self, name: &str, input: Value) -> (usize, Option<Value>) {
        let index = self.0.call_next.get();
        self.0.call_next.set(index + 1);
        let payload = || {
            let id = self.call_id(index);
            let metadata = super::task_events::task_event_metadata(&self.0.run, self.metadata_chain());
            json!({ "id": id, "name": name, "input": input, "triggers": ["__pregel_push"], "interrupts": [], "metadata": metadata })
        };
        let run = &self.0.run;
        run.sink.push_with_debug(&run.namespace, StreamMode::Tasks, "task", self.0.step, &run.env, payload);
        self.flush_calls();
        let log = self.0.run.calls.borrow();
        let saved = log.iter().find(|(id, _)| *id == *self.0.task.id).and_then(|(_, calls)| calls.iter().find(|c| c.index == index));
        let hit = saved.filter(|c| c.name == name).map(|c| c.value.clone());
        drop(log);
        if let Some(v) = &hit {
            self.0.run.sink.push(&self.0.run.namespace, StreamMode::Updates, || call_chunk(name, v, true));
        }
        (index, hit)
    }

    /// Records the result of the call `begin_call` numbered. It streams (as an
    /// update, then as the call task's result, which touches no state key) at the
    /// next `flush_calls`: the host's shortly after (LangGraph.js streams it a few
    /// microtasks after the call settles, after the node's synchronous code goes
    /// on), or when the node next starts a call or ends.
    pub fn finish_call(&self, index: usize, name: &str, value: Value) {
        let call = TaskCall { index, name: name.to_string(), value };
        self.0.calls_to_stream.borrow_mut().push(call.clone());
        self.log_call(call);
    }

    /// The cached result of a call to `name` whose arguments have cache key `key`
    /// (a task's `cachePolicy`), from the graph's cache.
    pub fn cached_call(&self, name: &str, key: &str) -> Option<Value> {
        let cache = self.0.graph.cache()?;
        cache.get(&call_cache_ns(name), &stable_hash(&[key]), self.env().now_ms())
    }

    /// Stores a call's result in the graph's cache for `ttl` seconds (or for good).
    pub fn cache_call(&self, name: &str, key: &str, value: Value, ttl: Option<f64>) {
        if let Some(cache) = self.0.graph.cache() {
            let expires = ttl.map(|s| self.env().now_ms() + s * 1000.0);
            cache.set(&call_cache_ns(name), &stable_hash(&[key]), value, expires);
        }
    }

    /// Finishes the call `begin_call` numbered with a cache hit: kept like a
    /// finished call, streamed at once as a cached update (no task result), as
    /// LangGraph.js streams it.
    pub fn finish_call_cached(&self, index: usize, name: &str, value: Value) {
        self.0.run.sink.push(&self.0.run.namespace, StreamMode::Updates, || call_chunk(name, &value, true));
        self.log_call(TaskCall { index, name: name.to_string(), value });
    }

    fn log_call(&self, call: TaskCall) {
        let index = call.index;
        let mut log = self.0.run.calls.borrow_mut();
        let id = &*self.0.task.id;
        match log.iter_mut().find(|(t, _)| t == id) {
            Some((_, calls)) => {
                calls.retain(|c| c.index != index);
                calls.push(call);
            }
            None => log.push((id.to_string(), vec![call])),
        }
    }

    /// Streams the calls finished since the last flush.
    pub fn flush_calls(&self) {
        let done = std::mem::take(&mut *self.0.calls_to_stream.borrow_mut());
        for c in done {
            self.0.run.sink.push(&self.0.run.namespace, StreamMode::Updates, || call_chunk(&c.name, &c.value, false));
            let result = || json!({ "id": self.call_id(c.index), "name": c.name, "result": {}, "interrupts": [], "error": null });
            let run = &self.0.run;
            run.sink.push_with_debug(&run.namespace, StreamMode::Tasks, "task_result", self.0.step, &run.env, result);
        }
    }

    /// The checkpoint namespace of the call `begin_call` numbered, under this task's.
    pub fn call_checkpoint_ns(&self, index: usize, name: &str) -> String {
        format!("{}|{name}:{}", self.checkpoint_ns(), self.call_id(index))
    }

    /// A call's task id: stable, so a re-run's calls have the ids they had.
    fn call_id(&self, index: usize) -> String {
        stable_hash(&[&self.0.task.id, "call", &index.to_string()])
    }
}

/// Where calls to `name` are cached: apart from every node (node names hold no `:`).
fn call_cache_ns(name: &str) -> String {
    format!("task:{name}")
}

fn call_chunk(name: &str, value: &Value, cached: bool) -> Value {
    let mut m = Map::new();
    m.insert(name.to_string(), value.clone());
    if cached {
        m.insert("__metadata__".into(), json!({ "cached": true }));
    }
    Value::Object(m)
}
