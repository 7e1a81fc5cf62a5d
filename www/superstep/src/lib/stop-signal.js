// A node's `config.signal`: always an AbortSignal, as in LangGraph.js. It aborts
// when the run's own signal does, and when the engine stops waiting for the
// node's call: a sibling failed, or the run was cancelled or drained. So a
// `fetch(url, { signal: config.signal })` of abandoned work stops too. Made on
// first read: a node that never reads it costs nothing.

/** Tasks whose signal was read and that may still be stopped, by task id. */
const open = new Map();

/** Task `rt`'s signal, made on first read. */
export function stopSignal(rt) {
  if (rt.stopper) return rt.stopper.signal;
  const stopper = (rt.stopper = new AbortController());
  const run = rt.signal();
  if (run?.aborted) stopper.abort(run.reason);
  else if (run) {
    const onAbort = () => stopper.abort(run.reason);
    run.addEventListener("abort", onAbort, { once: true });
    rt.unlisten = () => run.removeEventListener("abort", onAbort);
  }
  open.set(rt.id, rt);
  return stopper.signal;
}

/**
 * The engine stopped waiting for task `id`. The abort is queued: its listeners
 * are the user's code, which must not run inside the engine's call.
 */
export function taskStopped(id) {
  const rt = open.get(id);
  if (!rt) return;
  open.delete(id);
  queueMicrotask(() => rt.stopper.abort());
}

/** Task `rt` settled: nothing stops it now, and the run's signal lets go of it. */
export function forgetStop(rt) {
  if (!rt.stopper) return;
  open.delete(rt.id);
  rt.unlisten?.();
}
