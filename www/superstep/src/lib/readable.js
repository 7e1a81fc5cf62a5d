// The object `stream()` returns, as LangGraph.js returns one: a ReadableStream
// (so `new Response(stream)` and `getReader()` work) that is also an async
// iterator (LangChain's IterableReadableStream), and whose `cancel()` stops
// the run it reads.

/** LangChain's IterableReadableStream: a ReadableStream iterated with `for await`. */
export class IterableReadableStream extends ReadableStream {
  #reader;
  /** The generator behind the stream: `for await` reads it directly, without a reader's promises per chunk. */
  #generator;
  #cancelled = false;

  constructor(source, strategy, generator) {
    super(source, strategy);
    this.#generator = generator;
  }
  #reading() {
    return (this.#reader ??= this.getReader());
  }
  next() {
    if (!this.#generator || this.locked) return this.#read();
    // Once cancelled, the run's abort ends the loop quietly, as a reader's pending read ends.
    return this.#generator.next().catch((e) => {
      if (this.#cancelled) return { done: true, value: undefined };
      throw e;
    });
  }
  async #read() {
    const reader = this.#reading();
    try {
      const result = await reader.read();
      if (result.done) reader.releaseLock();
      return result.done ? { done: true, value: undefined } : { done: false, value: result.value };
    } catch (e) {
      reader.releaseLock();
      throw e;
    }
  }
  /** Leaving a `for await` early (`break`) cancels the stream, and so the run. */
  async return() {
    await this.#stop();
    return { done: true, value: undefined };
  }
  async throw(e) {
    await this.#stop();
    throw e;
  }
  async #stop(reason) {
    this.#cancelled = true;
    if (!this.locked) return super.cancel(reason);
    const reader = this.#reading();
    const cancelled = reader.cancel(reason);
    reader.releaseLock();
    await cancelled;
  }
  /** Stops the run: its signal aborts, as LangGraph.js's stream aborts it, and the stream ends. */
  cancel(reason) {
    return this.#stop(reason);
  }
  [Symbol.asyncIterator]() {
    return this;
  }
  async [Symbol.asyncDispose]() {
    await this.return();
  }
}

/**
 * `config` with a signal that also aborts when the stream is cancelled (the
 * call's own signal still does), and what cancelling calls (see `readableOf`).
 */
export function cancellable(config) {
  const abort = new AbortController();
  const signal = config.signal ? AbortSignal.any([config.signal, abort.signal]) : abort.signal;
  return [{ ...config, signal }, (reason) => abort.abort(reason)];
}

/**
 * `generator`'s values as an IterableReadableStream. It reads one value per
 * read (no read-ahead: the run goes at the reader's pace, as the generator
 * did); cancelling it calls `onCancel` (which aborts the run) and ends the generator.
 */
export function readableOf(generator, onCancel) {
  const source = {
    async pull(controller) {
      let next;
      try {
        next = await generator.next();
      } catch (e) {
        controller.error(e);
        return;
      }
      // A stream cancelled meanwhile takes nothing more.
      try {
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch {}
    },
    async cancel(reason) {
      onCancel?.(reason);
      await generator.return(undefined).catch(() => {});
    },
  };
  return new IterableReadableStream(source, { highWaterMark: 0 }, generator);
}
