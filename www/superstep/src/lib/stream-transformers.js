// LangGraph.js 1.7's stream transformers, for `streamEvents` v3: each one sees
// every protocol event before it is logged (and may drop it), and what its
// `init()` returns becomes the run stream's `extensions`. There a named
// StreamChannel's items are logged as `custom:<name>` events, and a promise's
// value as a last `custom` event `{ name, payload }`, as in LangGraph.js.

import { isPromise } from "./values.js";

// LangGraph.js's brand: its own channels are recognised here, and ours there.
const BRAND = Symbol.for("langgraph.stream_channel");

/** An append-only list of items to iterate from any point (a transformer's output). */
export class StreamChannel {
  [BRAND] = true;
  #items = [];
  #waiters = [];
  #done = false;
  #error;
  #onPush;
  constructor(name) {
    this.channelName = name;
  }
  /** A channel kept in this process: its items are not logged. */
  static local() {
    return new StreamChannel();
  }
  /** A channel whose items are also logged, as `custom:<name>` events. */
  static remote(name) {
    return new StreamChannel(name);
  }
  static isInstance(value) {
    return typeof value === "object" && value !== null && value[BRAND] === true;
  }
  push(item) {
    this.#items.push(item);
    this.#wake();
    this.#onPush?.(item);
  }
  iterate(startAt = 0) {
    let cursor = startAt;
    return {
      next: async () => {
        for (;;) {
          if (cursor < this.#items.length) return { value: this.#items[cursor++], done: false };
          if (this.#done) {
            if (this.#error) throw this.#error;
            return { value: undefined, done: true };
          }
          await new Promise((resolve) => this.#waiters.push(resolve));
        }
      },
    };
  }
  toAsyncIterable(startAt = 0) {
    return { [Symbol.asyncIterator]: () => this.iterate(startAt) };
  }
  /** The items as Server-Sent Events bytes, one event each (named after the channel unless `event` says). */
  toEventStream(options = {}) {
    const encoder = new TextEncoder();
    const iterator = this.iterate(options.startAt);
    const event = options.event ?? this.channelName;
    const serialize = options.serialize ?? ((item) => JSON.stringify(item) ?? "null");
    return new ReadableStream({
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) return controller.close();
          const lines = event != null ? [`event: ${event}`] : [];
          for (const line of serialize(next.value).split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
          controller.enqueue(encoder.encode(`${lines.join("\n")}\n\n`));
        } catch (error) {
          controller.error(error);
        }
      },
    });
  }
  get(index) {
    if (index < 0 || index >= this.#items.length) throw new RangeError(`StreamChannel index ${index} out of bounds (size=${this.#items.length})`);
    return this.#items[index];
  }
  get size() {
    return this.#items.length;
  }
  get done() {
    return this.#done;
  }
  close() {
    this.#done = true;
    this.#wake();
  }
  fail(error) {
    this.#error = error;
    this.#done = true;
    this.#wake();
  }
  // LangGraph.js's names for what its run stream calls; kept so that channels of either library work in both.
  _wire(fn) {
    this.#onPush = fn;
  }
  _close() {
    this.close();
  }
  _fail(error) {
    this.fail(error);
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
  #wake() {
    for (const w of this.#waiters.splice(0)) w();
  }
}

/**
 * A run's transformers (the compiled graph's, then the call's) between its
 * events and `log`, which appends one; `seen` takes every event, dropped or
 * not, and `logged` is what was logged before they came (each is shown it).
 */
export class Transformers {
  #list = [];
  #channels = [];
  #finals = [];
  /** The namespace of the event being shown: a remote channel's items pushed meanwhile are logged under it. */
  #ns = [];
  constructor(factories, log, seen, logged) {
    this.log = log;
    this.seen = seen;
    this.extensions = {};
    for (const factory of factories) {
      const t = factory();
      this.#list.push(t);
      t.onRegister?.({ push: (ns, event) => this.push(ns, event) });
      for (const e of logged) t.process(e);
      const projection = t.init();
      if (typeof projection === "object" && projection !== null) {
        Object.assign(this.extensions, projection);
        this.#wire(projection);
      }
    }
  }
  #wire(projection) {
    for (const [name, value] of Object.entries(projection)) {
      if (StreamChannel.isInstance(value)) {
        this.#channels.push(value);
        if (typeof value.channelName !== "string") continue;
        const method = `custom:${value.channelName}`;
        value._wire((item) => this.log({ method, params: { namespace: this.#ns, timestamp: Date.now(), data: item } }));
      } else if (isPromise(value)) {
        this.#finals.push([name, Promise.resolve(value)]);
      }
    }
  }
  /** Shows `event` (of namespace `ns`) to every transformer, then logs it unless one returned false. */
  push(ns, event) {
    // Seen first, as by LangGraph.js's own transformers, which come before the user's.
    this.seen(event);
    const outer = this.#ns;
    this.#ns = ns;
    let keep = true;
    try {
      for (const t of this.#list) if (!t.process(event)) keep = false;
    } finally {
      this.#ns = outer;
    }
    if (keep) this.log(event);
  }
  /** The run ended: each transformer finalizes, the channels close, and the projections' promises are logged as they settle. */
  finish() {
    const pending = [];
    for (const t of this.#list) {
      const r = t.finalize?.();
      if (isPromise(r)) pending.push(r);
    }
    for (const c of this.#channels) c._close();
    const finals = this.#finals.map(async ([name, promise]) => {
      try {
        const payload = await promise;
        this.log({ method: "custom", params: { namespace: [], timestamp: Date.now(), data: { name, payload } } });
      } catch {
        // A projection that rejects is left out, as in LangGraph.js.
      }
    });
    return pending.length || finals.length ? Promise.allSettled([...pending, ...finals]) : null;
  }
  /** The run failed: each transformer hears why, and the channels fail with it. */
  fail(error) {
    for (const t of this.#list) t.fail?.(error);
    for (const c of this.#channels) c._fail(error);
  }
}
