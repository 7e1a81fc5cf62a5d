//! A run's `max_concurrency`: at most that many of its tasks execute at once.
//! A task takes a slot before its node runs and gives it back when it ends;
//! the others wait, first come first served, so they start in task order. A
//! failure closes the slots: a slot given back is not handed on, so no task
//! still waiting starts (it runs when the thread resumes), while tasks that
//! find a slot free at once, as the first `limit` tasks of a superstep do,
//! still start, as in LangGraph.js. A dropped waiter leaves the queue.
use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::poll_fn;
use std::rc::Rc;
use std::task::{Poll, Waker};

pub(crate) struct Slots {
    queue: RefCell<Queue>,
    limit: usize,
}

struct Queue {
    free: usize,
    closed: bool,
    /// Waiting tasks by ticket, oldest first.
    waiting: VecDeque<(u64, Waker)>,
    next_ticket: u64,
}

/// A taken slot; dropping it frees the slot for the oldest waiting task.
pub(crate) struct Slot(Rc<Slots>);

impl Slots {
    pub fn new(limit: usize) -> Rc<Slots> {
        let limit = limit.max(1);
        Rc::new(Slots { queue: RefCell::new(Queue { free: limit, closed: false, waiting: VecDeque::new(), next_ticket: 0 }), limit })
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    /// A task failed: slots given back are not handed on any more.
    pub fn close(&self) {
        self.queue.borrow_mut().closed = true;
    }

    /// Waits for a free slot, behind every task that asked before (asking at its first poll).
    pub fn take(self: &Rc<Self>) -> impl std::future::Future<Output = Slot> + 'static {
        self.clone().take_in_turn()
    }

    async fn take_in_turn(self: Rc<Self>) -> Slot {
        // The ticket while waiting in the queue; dropped with the future, it leaves the queue.
        let mut waiting = LeaveOnDrop { slots: &self, ticket: None };
        poll_fn(|cx| {
            let mut q = self.queue.borrow_mut();
            let first = match waiting.ticket {
                None => q.waiting.is_empty(),
                Some(t) => q.waiting.front().is_some_and(|(front, _)| *front == t),
            };
            if first && q.free > 0 {
                q.free -= 1;
                if waiting.ticket.take().is_some() {
                    q.waiting.pop_front();
                }
                drop(q);
                // Two slots freed before the first waiter woke: the next one may go too.
                self.wake_next();
                return Poll::Ready(());
            }
            match waiting.ticket {
                Some(t) => {
                    if let Some(entry) = q.waiting.iter_mut().find(|(w, _)| *w == t) {
                        entry.1 = cx.waker().clone();
                    }
                }
                None => {
                    let t = q.next_ticket;
                    q.next_ticket += 1;
                    q.waiting.push_back((t, cx.waker().clone()));
                    waiting.ticket = Some(t);
                }
            }
            Poll::Pending
        })
        .await;
        drop(waiting);
        Slot(self)
    }

    /// Wakes the oldest waiting task if a slot is free.
    fn wake_next(&self) {
        let q = self.queue.borrow();
        if q.free > 0 {
            if let Some((_, waker)) = q.waiting.front() {
                waker.wake_by_ref();
            }
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut q = self.0.queue.borrow_mut();
        if !q.closed {
            q.free += 1;
            drop(q);
            self.0.wake_next();
        }
    }
}

/// Takes a dropped waiter's ticket out of the queue, so the tasks behind it move up.
struct LeaveOnDrop<'a> {
    slots: &'a Rc<Slots>,
    ticket: Option<u64>,
}

impl Drop for LeaveOnDrop<'_> {
    fn drop(&mut self) {
        if let Some(t) = self.ticket {
            self.slots.queue.borrow_mut().waiting.retain(|(w, _)| *w != t);
            self.slots.wake_next();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::future::FutureExt;
    use futures::task::noop_waker_ref;
    use std::future::Future;
    use std::task::Context;

    fn poll<F: Future + Unpin>(f: &mut F) -> Poll<F::Output> {
        f.poll_unpin(&mut Context::from_waker(noop_waker_ref()))
    }

    /// The slot `f` takes at this poll; panics with `why` if it has to wait.
    fn taken<F: Future<Output = Slot> + Unpin>(f: &mut F, why: &str) -> Slot {
        match poll(f) {
            Poll::Ready(s) => s,
            Poll::Pending => panic!("{why}"),
        }
    }

    #[test]
    fn slots_go_to_waiters_in_the_order_they_asked() {
        let slots = Slots::new(1);
        let mut a = Box::pin(slots.take());
        let mut b = Box::pin(slots.take());
        let mut c = Box::pin(slots.take());
        let held_a = taken(&mut a, "a free slot is taken at once");
        assert!(poll(&mut b).is_pending());
        assert!(poll(&mut c).is_pending());
        drop(held_a);
        // c asks before b's turn comes round: it still waits behind b.
        assert!(poll(&mut c).is_pending());
        let held_b = taken(&mut b, "b is next");
        assert!(poll(&mut c).is_pending());
        drop(held_b);
        assert!(poll(&mut c).is_ready());
    }

    #[test]
    fn a_dropped_waiter_leaves_the_queue() {
        let slots = Slots::new(1);
        let held = taken(&mut Box::pin(slots.take()), "free");
        let mut b = Box::pin(slots.take());
        let mut c = Box::pin(slots.take());
        assert!(poll(&mut b).is_pending());
        assert!(poll(&mut c).is_pending());
        drop(b);
        drop(held);
        assert!(poll(&mut c).is_ready(), "c no longer waits behind the dropped b");
    }

    #[test]
    fn two_slots_freed_at_once_go_to_two_waiters() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        struct Count(AtomicUsize);
        impl futures::task::ArcWake for Count {
            fn wake_by_ref(me: &Arc<Self>) {
                me.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let slots = Slots::new(2);
        let held: Vec<Slot> = (0..2).map(|_| taken(&mut Box::pin(slots.take()), "free")).collect();
        let wakes = Arc::new(Count(AtomicUsize::new(0)));
        let waker = futures::task::waker(wakes.clone());
        let mut cx = Context::from_waker(&waker);
        let mut b = Box::pin(slots.take());
        let mut c = Box::pin(slots.take());
        assert!(b.as_mut().poll(&mut cx).is_pending());
        assert!(c.as_mut().poll(&mut cx).is_pending());
        drop(held);
        let before = wakes.0.load(Ordering::SeqCst);
        assert!(b.as_mut().poll(&mut cx).is_ready());
        assert!(wakes.0.load(Ordering::SeqCst) > before, "c is woken once b has taken its slot");
        assert!(c.as_mut().poll(&mut cx).is_ready());
    }

    #[test]
    fn closed_slots_are_not_handed_on() {
        let slots = Slots::new(2);
        let held = poll(&mut Box::pin(slots.take()));
        assert!(held.is_ready());
        slots.close();
        // A slot still free is taken, as the first tasks of a superstep all start.
        let second = poll(&mut Box::pin(slots.take()));
        assert!(second.is_ready());
        let mut waiting = Box::pin(slots.take());
        assert!(poll(&mut waiting).is_pending());
        drop(held);
        drop(second);
        assert!(poll(&mut waiting).is_pending(), "the slots given back stay with the closed superstep");
    }

    #[test]
    fn a_limit_of_two_lets_two_run() {
        let slots = Slots::new(2);
        let mut a = Box::pin(slots.take());
        let mut b = Box::pin(slots.take());
        let mut c = Box::pin(slots.take());
        let held_a = poll(&mut a);
        let held_b = poll(&mut b);
        assert!(held_a.is_ready() && held_b.is_ready());
        assert!(poll(&mut c).is_pending());
        drop(held_a);
        assert!(poll(&mut c).is_ready());
    }
}
