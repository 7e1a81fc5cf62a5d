// The v3 run stream's event log, and each streamed message's.

/** An append-only log that iterators replay from any point and then follow. */
export class Log {
  items = [];
  done = false;
  error = undefined;
  #wake = [];
  push(item) {
    this.items.push(item);
    this.#notify();
  }
  end(error) {
    this.done = true;
    this.error = error;
    this.#notify();
  }
  #notify() {
    for (const w of this.#wake.splice(0)) w();
  }
  /** Items from `start` on that `keep` accepts, mapped by `keep`'s result. */
  iterate(start, keep) {
    let i = start;
    const log = this;
    return {
      async next() {
        for (;;) {
          while (i < log.items.length) {
            const v = keep(log.items[i++]);
            if (v !== undefined) return { value: v, done: false };
          }
          if (log.done) {
            if (log.error !== undefined) throw log.error;
            return { value: undefined, done: true };
          }
          await new Promise((r) => log.#wake.push(r));
        }
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}
