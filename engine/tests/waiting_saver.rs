//! A saver whose writes finish later (as the browser's savers' do) stores the
//! same thread as the memory saver, which stores at once; and its failure ends
//! the run. The engine stores a superstep's checkpoint without waiting when the
//! saver is done at once, so both paths need their proof.
mod common;

use common::thread;
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use serde_json::{json, Value};
use std::cell::Cell;
use std::rc::Rc;
use superstep::checkpoint::*;
use superstep::*;

/// The memory saver behind writes that each wait one turn of the executor;
/// the put that would store step `fail_at` fails instead.
struct Later {
    inner: MemorySaver,
    fail_at: Option<i64>,
    waited: Cell<u32>,
}

impl Later {
    fn new(fail_at: Option<i64>) -> Rc<Self> {
        Rc::new(Later { inner: MemorySaver::new(), fail_at, waited: Cell::new(0) })
    }

    async fn turn(&self) {
        self.waited.set(self.waited.get() + 1);
        let mut yielded = false;
        futures::future::poll_fn(|cx| {
            if std::mem::replace(&mut yielded, true) {
                return std::task::Poll::Ready(());
            }
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        })
        .await
    }
}

impl Checkpointer for Later {
    fn put<'a>(&'a self, t: &'a str, ns: &'a str, cp: Checkpoint, w: Vec<PendingWrite>) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            self.turn().await;
            if Some(cp.metadata.step) == self.fail_at {
                return Err(Error::Storage { message: format!("disk full at step {}", cp.metadata.step) });
            }
            self.inner.put(t, ns, cp, w).await
        }
        .boxed_local()
    }
    fn put_writes<'a>(&'a self, t: &'a str, ns: &'a str, id: &'a str, w: Vec<PendingWrite>) -> LocalBoxFuture<'a, Result<(), Error>> {
        async move {
            self.turn().await;
            self.inner.put_writes(t, ns, id, w).await
        }
        .boxed_local()
    }
    fn get<'a>(&'a self, t: &'a str, ns: &'a str, id: Option<&'a str>) -> LocalBoxFuture<'a, Result<Option<CheckpointTuple>, Error>> {
        self.inner.get(t, ns, id)
    }
    fn list<'a>(&'a self, t: &'a str, ns: &'a str, f: ListFilter) -> LocalBoxFuture<'a, Result<Vec<CheckpointTuple>, Error>> {
        self.inner.list(t, ns, f)
    }
    fn delete_thread<'a>(&'a self, t: &'a str) -> LocalBoxFuture<'a, Result<(), Error>> {
        self.inner.delete_thread(t)
    }
}

/// A three-step loop that stores into `saver`.
fn looping(saver: Rc<dyn Checkpointer>) -> CompiledGraph {
    StateGraph::new()
        .channel("count", Channel::last_value())
        .channel("seen", Channel::append())
        .node("tick", node(|s| Ok::<_, NodeError>(json!({"count": s.i64("count").unwrap() + 1, "seen": [s.i64("count").unwrap()]}))))
        .edge(START, "tick")
        .conditional("tick", router(|s| Ok::<_, NodeError>(if s.i64("count").unwrap() >= 3 { END } else { "tick" })), None)
        .compile_with(CompileOptions { checkpointer: Checkpointing::Saver(saver), ..Default::default() })
        .unwrap()
}

/// A thread's history, newest first, as (step, source, values, whether its parent is the next one).
fn history(saver: &dyn Checkpointer) -> Vec<(i64, String, Value, bool)> {
    let list = futures::executor::block_on(saver.list("t", "", ListFilter::default())).unwrap();
    let parents = list.iter().map(|t| t.checkpoint.metadata.parent_id.as_deref().map(str::to_string));
    let next_ids = list.iter().skip(1).map(|t| Some(t.checkpoint.id.to_string())).chain([None]);
    parents
        .zip(next_ids)
        .zip(&list)
        .map(|((parent, next), t)| {
            let m = &t.checkpoint.metadata;
            (
                m.step,
                m.source.as_str().to_string(),
                Value::Object(t.values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()),
                parent == next,
            )
        })
        .collect()
}

/// What a run streams in `checkpoints` mode, without its ids.
fn streamed(g: &CompiledGraph) -> Vec<Value> {
    let parts = g.stream_blocking(json!({"count": 0}), thread("t").modes(&[StreamMode::Checkpoints])).unwrap();
    parts.into_iter().map(|p| json!({"values": p.data["values"], "metadata": p.data["metadata"], "next": p.data["next"]})).collect()
}

#[test]
fn a_saver_that_stores_later_keeps_the_thread_the_memory_saver_keeps() {
    let (now, later) = (Rc::new(MemorySaver::new()), Later::new(None));
    let (g_now, g_later) = (looping(now.clone()), looping(later.clone()));
    let stream = streamed(&g_later);
    assert_eq!(stream, streamed(&g_now));
    // Each checkpoint is streamed as the next superstep begins: the input's, START's
    // and each tick's (the last one's as the run ends).
    assert_eq!(stream.iter().map(|c| c["metadata"]["step"].as_i64().unwrap()).collect::<Vec<_>>(), [-1, 0, 1, 2, 3]);
    let kept = history(&*later);
    assert_eq!(kept, history(&*now));
    // The input, START's step and three ticks, each a child of the one before.
    assert_eq!(kept.len(), 5);
    assert!(kept.iter().all(|(_, _, _, chained)| *chained));
    assert_eq!(kept[0].2, json!({"count": 3, "seen": [0, 1, 2]}));
    assert!(later.waited.get() >= 5, "every put waited its turn");
}

#[test]
fn a_put_that_fails_later_ends_the_run_and_keeps_the_steps_before() {
    let later = Later::new(Some(2));
    let g = looping(later.clone());
    let err = g.invoke_blocking(json!({"count": 0}), thread("t")).unwrap_err();
    assert!(matches!(&err, Error::Storage { message } if message == "disk full at step 2"), "{err:?}");
    let kept = history(&*later);
    assert_eq!(kept.iter().map(|h| h.0).collect::<Vec<_>>(), [1, 0, -1]);
    // The thread's state is the last stored step's.
    let state = futures::executor::block_on(g.get_state(&thread("t"), false)).unwrap();
    assert_eq!(state.values["count"], 1);
}
