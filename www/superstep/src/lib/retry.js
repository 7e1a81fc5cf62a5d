// Retry policies as LangGraph.js has them: intervals in milliseconds (the
// engine counts seconds, as LangGraph's Python API does), and a default
// `retryOn` that leaves alone failures a retry cannot mend. Nodes are retried
// by the engine; `task()` calls, which run in JS, by `retrying` here.
import { Attempt } from "./timeout.js";

// HTTP statuses a retry will not change (LangGraph.js's list).
const FINAL_STATUSES = [400, 401, 402, 403, 404, 405, 406, 407, 409];

/** LangGraph.js's default `retryOn`: everything but cancellations, bad values and final HTTP answers. */
export function defaultRetryOn(error) {
  const message = typeof error?.message === "string" ? error.message : "";
  if (message.startsWith("Cancel") || message.startsWith("AbortError") || error?.name === "AbortError") return false;
  if (error?.name === "GraphValueError" || error?.code === "ECONNABORTED") return false;
  const status = error?.response?.status ?? error?.status;
  if (status && FINAL_STATUSES.includes(+status)) return false;
  return error?.error?.code !== "insufficient_quota";
}

/** A node's retry policy for the engine: seconds, and every failure judged by `retryOn` in JS. */
export function engineRetryPolicy(policy) {
  const seconds = (ms) => (typeof ms === "number" ? ms / 1000 : ms);
  const { maxAttempts, initialInterval, backoffFactor, maxInterval } = policy;
  return { maxAttempts, initialInterval: seconds(initialInterval), backoffFactor, maxInterval: seconds(maxInterval), retryOn: ["retry"] };
}

/** The wait before retry number `attempt` (1-based), in ms; no jitter, as the engine's node retries. */
function interval(policy, attempt) {
  const { initialInterval = 500, backoffFactor = 2, maxInterval = 128_000 } = policy;
  return Math.min(maxInterval, initialInterval * backoffFactor ** (attempt - 1));
}

/**
 * Calls `call()` until it succeeds, under a `task()`'s options: each try is
 * one timed attempt under `timeout`, and a failure is tried again while the
 * `retry` policy allows.
 */
export async function retrying(name, call, retry, timeout) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!timeout) return await call();
      const timed = new Attempt(timeout);
      return await timed.race(Promise.resolve().then(call), name);
    } catch (e) {
      if (!retry || attempt >= (retry.maxAttempts ?? 3) || !(retry.retryOn ?? defaultRetryOn)(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, interval(retry, attempt)));
    }
  }
}
