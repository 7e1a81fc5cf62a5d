// A run driven one superstep at a time. `graph.stepper(input, config)` returns
// this object at once; starting the run (reading the thread) finishes in the
// background, and `step()` waits for it. Awaiting the stepper itself also
// works, as an async `stepper()` would: it resolves once the run has started.

export class Stepper {
  #inner = null;
  #started;
  #queue;

  /** `start`: a promise of the engine's stepper; `rethrow` turns engine errors into typed ones. */
  constructor(start, rethrow) {
    this.#started = start.then(
      (inner) => (this.#inner = inner),
      (e) => rethrow(e),
    );
    // A run that fails to start fails its first step (or the await); never an unhandled rejection.
    this.#started.catch(() => {});
    this.#queue = this.#started;
    // Thenable until started, so `await graph.stepper(...)` resolves to the started stepper
    // (no longer thenable, or the await would never end).
    this.then = (resolve, reject) =>
      this.#started.then(() => {
        delete this.then;
        return resolve(this);
      }, reject);
  }

  /** Runs exactly one superstep and resolves to its snapshot; calls made together run in turn. */
  step() {
    const next = this.#queue.then(() => this.#inner.step());
    this.#queue = next.catch(() => {});
    return next;
  }

  /** The nodes the next superstep runs. */
  get next() {
    return this.#running().next;
  }

  /** The current state values. */
  get state() {
    return this.#running().state;
  }

  get recursionLimit() {
    return this.#running().recursionLimit;
  }

  #running() {
    if (!this.#inner) throw new Error("the stepper is still starting: await it, or its first step(), first");
    return this.#inner;
  }
}
