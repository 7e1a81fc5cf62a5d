// Node timeouts, as LangGraph.js 1.7's `timeout` node option: a hard cap on
// one attempt (`runTimeout`) and a cap on time without progress
// (`idleTimeout`; custom stream writes, task calls and `config.heartbeat()`
// are progress, or only heartbeats with `refreshOn: "heartbeat"`). A node
// that runs out fails its attempt with a NodeTimeoutError, which a retry
// policy retries. The attempt's promise cannot be stopped, so it is abandoned:
// its signal aborts, and what it writes or returns later is dropped.
import { GraphValidationError, NodeTimeoutError } from "./types.js";

// setTimeout fires at once for delays past this; longer timeouts never run out.
const LONGEST_TIMER = 2 ** 31 - 1;

function milliseconds(value, field, where) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !(value > 0)) throw new GraphValidationError(`${where}: ${field} must be a number of milliseconds greater than 0, got ${String(value)}.`);
  return value;
}

/** `timeout` as a node option (a number is a run timeout) to a policy, or undefined for none. */
export function timeoutPolicy(value, where) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" && typeof value !== "object") {
    throw new GraphValidationError(`${where}: \`timeout\` must be milliseconds or { runTimeout, idleTimeout, refreshOn }, got ${typeof value}.`);
  }
  const policy = typeof value === "number" ? { runTimeout: value } : value;
  const refreshOn = policy.refreshOn ?? "auto";
  if (refreshOn !== "auto" && refreshOn !== "heartbeat") throw new GraphValidationError(`${where}: refreshOn must be "auto" or "heartbeat".`);
  const runTimeout = milliseconds(policy.runTimeout, "runTimeout", where);
  const idleTimeout = milliseconds(policy.idleTimeout, "idleTimeout", where);
  if (runTimeout === undefined && idleTimeout === undefined) return undefined;
  return { runTimeout, idleTimeout, refreshOn };
}

/** A signal that aborts when `a` or `b` does, with its reason (AbortSignal.any is newer than Node 20.0). */
function eitherSignal(a, b) {
  if (!a) return b;
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener("abort", () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

/**
 * A run's config with LangChain's `timeout` (ms for the whole run) turned into
 * its signal, as LangGraph.js reads it: the run rejects with a TimeoutError.
 */
export function withRunTimeout(config) {
  const ms = config?.timeout;
  if (ms === undefined || ms === null) return config;
  if (typeof ms !== "number" || !(ms > 0)) throw new TypeError(`timeout must be a number of milliseconds greater than 0, got ${String(ms)}`);
  const { timeout, ...rest } = config;
  return { ...rest, signal: eitherSignal(config.signal, AbortSignal.timeout(ms)) };
}

/** One timed attempt of a node: its clock, its own abort signal, and whether it still counts. */
export class Attempt {
  constructor(policy, runSignal) {
    this.policy = policy;
    this.active = true;
    this.start = this.lastProgress = Date.now();
    this.controller = new AbortController();
    // The run's cancellation reaches the attempt too.
    this.signal = eitherSignal(runSignal, this.controller.signal);
  }

  /** `config.heartbeat()`: progress, whatever `refreshOn` says. */
  heartbeat() {
    this.lastProgress = Date.now();
  }

  /** A write or a call: progress unless only heartbeats count. */
  progress() {
    if (this.policy.refreshOn === "auto") this.lastProgress = Date.now();
  }

  /** Which timeout has run out by now, if any. */
  expired() {
    const { runTimeout, idleTimeout } = this.policy;
    const now = Date.now();
    if (runTimeout !== undefined && now - this.start >= runTimeout) return "run";
    if (idleTimeout !== undefined && now - this.lastProgress >= idleTimeout) return "idle";
    return null;
  }

  /** Ends the attempt for timeout `kind`: aborts its signal; returns the error it fails with. */
  expire(node, kind) {
    this.active = false;
    this.controller.abort();
    const { runTimeout, idleTimeout } = this.policy;
    return new NodeTimeoutError({ node, kind, elapsed: Date.now() - this.start, runTimeout, idleTimeout });
  }

  /**
   * Settles as `promise` does, unless a timeout runs out first (or had run out
   * when it settled, as LangGraph.js checks): then rejects with NodeTimeoutError.
   */
  race(promise, node) {
    return new Promise((resolve, reject) => {
      const timers = [];
      const stop = () => timers.forEach(clearTimeout);
      const out = (kind) => {
        stop();
        if (this.active) reject(this.expire(node, kind));
      };
      const after = (ms, f) => ms <= LONGEST_TIMER && timers.push(setTimeout(f, ms));
      const { runTimeout, idleTimeout } = this.policy;
      if (runTimeout !== undefined) after(runTimeout, () => out("run"));
      if (idleTimeout !== undefined) {
        const idle = () => {
          const left = this.lastProgress + idleTimeout - Date.now();
          if (left <= 0) out("idle");
          else after(left, idle);
        };
        after(idleTimeout, idle);
      }
      const settled = (then) => (v) => {
        if (!this.active) return;
        const kind = this.expired();
        if (kind) return out(kind);
        stop();
        then(v);
      };
      promise.then(settled(resolve), settled(reject));
    });
  }
}
