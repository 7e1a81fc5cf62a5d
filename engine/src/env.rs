//! The engine's only ties to the outside world: a clock, an id source and a
//! sleeper. They are injected, so tests are deterministic; the core never
//! reads the system time itself.
use futures::future::LocalBoxFuture;
use std::cell::Cell;
use std::rc::Rc;

/// Milliseconds since the Unix epoch (or any monotonic origin).
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// Unique, time-sortable ids for checkpoints and messages.
pub trait Ids {
    fn next_id(&self) -> String;
}

/// Waits (for retry backoff).
pub trait Sleeper {
    fn sleep(&self, seconds: f64) -> LocalBoxFuture<'static, ()>;
}

/// The injected environment.
#[derive(Clone)]
pub struct Env {
    pub clock: Rc<dyn Clock>,
    pub ids: Rc<dyn Ids>,
    pub sleeper: Rc<dyn Sleeper>,
}

impl Default for Env {
    /// A deterministic environment: a logical clock, counter ids, no real waiting.
    fn default() -> Self {
        let clock = Rc::new(LogicalClock::default());
        Env { ids: Rc::new(CounterIds { clock: clock.clone(), n: Cell::new(0) }), clock, sleeper: Rc::new(NoSleep) }
    }
}

impl Env {
    pub fn now_ms(&self) -> f64 {
        self.clock.now_ms()
    }
    pub fn next_id(&self) -> String {
        self.ids.next_id()
    }
}

/// A clock that advances one millisecond per reading.
#[derive(Default)]
pub struct LogicalClock {
    t: Cell<f64>,
}

impl LogicalClock {
    pub fn advance(&self, ms: f64) {
        self.t.set(self.t.get() + ms);
    }
}

impl Clock for LogicalClock {
    fn now_ms(&self) -> f64 {
        let t = self.t.get() + 1.0;
        self.t.set(t);
        t
    }
}

/// Ids from a clock reading and a counter: `<ms hex, 12>-<counter hex, 8>`, sortable.
pub struct CounterIds {
    pub clock: Rc<dyn Clock>,
    pub n: Cell<u64>,
}

impl Ids for CounterIds {
    fn next_id(&self) -> String {
        let n = self.n.get() + 1;
        self.n.set(n);
        let mut id = String::with_capacity(21);
        push_hex(&mut id, self.clock.now_ms() as u64, 12);
        id.push('-');
        push_hex(&mut id, n, 8);
        id
    }
}

/// Appends the low `digits` hex digits of `v` (zero-padded); faster than `format!`.
/// The digits go to a buffer first: pushing them char by char checked capacity
/// and UTF-8 widths each time, 5% of a fan-out's instructions (task ids).
pub fn push_hex(out: &mut String, v: u64, digits: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digits = digits.min(16) as usize;
    let mut buf = [0u8; 16];
    for (i, b) in buf[..digits].iter_mut().enumerate() {
        *b = HEX[((v >> ((digits - 1 - i) * 4)) & 0xf) as usize];
    }
    out.push_str(std::str::from_utf8(&buf[..digits]).unwrap_or_default());
}

/// `ms` since the Unix epoch as ISO 8601 in UTC (`2026-12-05T20:44:22.123Z`),
/// as JS's `Date.toISOString` writes it: LangGraph's debug events carry it.
pub fn iso_time(ms: f64) -> String {
    let ms = if ms.is_finite() { ms.max(0.0) as u64 } else { 0 };
    let (days, in_day) = ((ms / 86_400_000) as i64, ms % 86_400_000);
    // Howard Hinnant's days-to-civil, for days since 1970-01-01.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s, milli) = (in_day / 3_600_000, in_day / 60_000 % 60, in_day / 1000 % 60, in_day % 1000);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}.{milli:03}Z")
}

pub struct NoSleep;

impl Sleeper for NoSleep {
    fn sleep(&self, _seconds: f64) -> LocalBoxFuture<'static, ()> {
        Box::pin(futures::future::ready(()))
    }
}

/// A stable 64-bit FNV-1a hash, as hex: the same on every platform and version.
pub fn stable_hash(parts: &[&str]) -> String {
    hex16(stable_hash_bytes(parts.iter().map(|p| p.as_bytes())))
}

/// `v` as 16 lowercase hex digits.
pub fn hex16(v: u64) -> String {
    let mut s = String::with_capacity(16);
    push_hex(&mut s, v, 16);
    s
}

/// FNV-1a over byte strings, each followed by a separator.
pub fn stable_hash_bytes<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    const PRIME: u64 = 0x100000001b3;
    let mut h: u64 = 0xcbf29ce484222325;
    // Plain loops: a chained iterator here cost twice the instructions (task ids).
    for p in parts {
        for &b in p {
            h = (h ^ b as u64).wrapping_mul(PRIME);
        }
        h = (h ^ 0xff).wrapping_mul(PRIME);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_times_read_as_javascript_writes_them() {
        // Checked against `new Date(ms).toISOString()`.
        assert_eq!(iso_time(0.0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso_time(951_782_400_000.0), "2000-02-29T00:00:00.000Z");
        assert_eq!(iso_time(1_796_503_462_123.0), "2026-12-05T20:44:22.123Z");
        assert_eq!(iso_time(4_107_542_399_999.0), "2100-02-28T23:59:59.999Z");
        assert_eq!(iso_time(f64::NAN), "1970-01-01T00:00:00.000Z");
    }

    #[test]
    fn stable_hashes_never_change() {
        // Task ids are these hashes, and threads saved by earlier versions must match them.
        assert_eq!(hex16(stable_hash_bytes([])), "cbf29ce484222325");
        assert_eq!(hex16(stable_hash_bytes([&b""[..]])), "af64724c8602eb6e");
        assert_eq!(stable_hash(&["a", "b"]), "d2b371819297f98a");
        assert_eq!(stable_hash(&["이름"]), "aa3efec84b5ae0e2");
    }

    #[test]
    fn hex_digits_are_zero_padded_lowercase_and_low_first_cut() {
        assert_eq!(hex16(0x0123_4567_89ab_cdef), "0123456789abcdef");
        assert_eq!(hex16(u64::MAX), "ffffffffffffffff");
        let mut s = String::from("id-");
        push_hex(&mut s, 0xfabc, 3);
        push_hex(&mut s, 0x2a, 8);
        assert_eq!(s, "id-abc0000002a");
        let ids = CounterIds { clock: Rc::new(LogicalClock::default()), n: Cell::new(0) };
        assert_eq!(ids.next_id(), "000000000001-00000001");
    }
}
