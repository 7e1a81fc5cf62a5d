//! The browser's clock, ids and timers, injected into the engine.
use futures::future::LocalBoxFuture;
use futures::FutureExt;
use std::cell::Cell;
use std::rc::Rc;
use superstep::env::{Clock, CounterIds, Env, Sleeper};

struct DateClock;

impl Clock for DateClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

struct TimeoutSleeper;

impl Sleeper for TimeoutSleeper {
    fn sleep(&self, seconds: f64) -> LocalBoxFuture<'static, ()> {
        let ms = (seconds * 1000.0).max(0.0);
        // setTimeout fires at once for delays past i32::MAX ms: such a wait never ends.
        if ms > i32::MAX as f64 {
            return futures::future::pending().boxed_local();
        }
        gloo_timers::future::TimeoutFuture::new(ms as u32).boxed_local()
    }
}

pub fn browser_env() -> Env {
    let clock: Rc<dyn Clock> = Rc::new(DateClock);
    Env { ids: Rc::new(CounterIds { clock: clock.clone(), n: Cell::new(0) }), clock, sleeper: Rc::new(TimeoutSleeper) }
}
