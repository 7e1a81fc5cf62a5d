// Checkpointers and the node cache. The engine's own savers live in wasm; a
// LangGraph.js-style saver (SQLite, Postgres, one's own BaseCheckpointSaver)
// is reached through a bridge, and stores each Superstep checkpoint whole.
import * as wasm from "../../wasm/superstep_wasm.js";
import { requireEngine } from "./engine.js";
import { ThreadLockedError, typedError } from "./types.js";
import { finalizer } from "./finalizer.js";

/** A history read's `limit` for the engine: as in LangGraph, a negative one reads nothing (not everything). */
export function historyLimit(limit) {
  return typeof limit === "number" && limit < 0 ? 0 : limit;
}

/** LangGraph.js's read API over the engine's savers: `getTuple`, `get`, `list`. */
class EngineSaver {
  async #read(config, id, { limit, before, filter } = {}) {
    const { thread_id, checkpoint_ns = "" } = config?.configurable ?? {};
    try {
      const saved = await wasm.saverRead(this.id, thread_id, checkpoint_ns, id, before?.configurable?.checkpoint_id, historyLimit(limit), filter);
      return saved.map((s) => tupleOf(thread_id, checkpoint_ns, s));
    } catch (e) {
      throw typedError(e);
    }
  }
  /** The checkpoint the config names, or the thread's newest; undefined if none. */
  async getTuple(config) {
    const id = config?.configurable?.checkpoint_id;
    return (await this.#read(config, id, id ? {} : { limit: 1 }))[0];
  }
  async get(config) {
    return (await this.getTuple(config))?.checkpoint;
  }
  /** Newest first; `before` a config, `filter` metadata key/values (`source`, `step`). */
  async *list(config, options) {
    yield* await this.#read(config, undefined, options);
  }
}

/** A checkpoint tuple shaped as LangGraph.js's savers give it, from the engine's `[checkpoint, values, writes]` text. */
function tupleOf(thread_id, checkpoint_ns, saved) {
  const [cp, channel_values, writes] = saved.map((text) => JSON.parse(text));
  const config = (checkpoint_id) => ({ configurable: { thread_id, checkpoint_ns, checkpoint_id } });
  const { id, ts, channel_versions, versions_seen, metadata } = cp;
  const tuple = {
    config: config(id),
    checkpoint: { v: 4, id, ts: new Date(ts).toISOString(), channel_values, channel_versions, versions_seen },
    metadata: { source: metadata.source, step: metadata.step, parents: metadata.parents ?? {} },
    pendingWrites: writes.flatMap(pendingWrites),
  };
  if (metadata.parent_id) tuple.parentConfig = config(metadata.parent_id);
  return tuple;
}

/** A task's saved outcome as LangGraph.js's `[task id, channel, value]` writes. */
function pendingWrites({ task_id, kind }) {
  if (kind.done) return [...kind.done.writes.map(([ch, v]) => [task_id, ch, v]), ...kind.done.sends.map((s) => [task_id, "__pregel_tasks", s])];
  if (kind.interrupted) return [[task_id, "__interrupt__", kind.interrupted.interrupts]];
  return [[task_id, "__error__", { message: kind.failed.error, name: kind.failed.class }]];
}

/** In-memory checkpoints (threads, history, interrupts, time travel). */
export class MemorySaver extends EngineSaver {
  constructor() {
    super();
    requireEngine("new MemorySaver()");
    this.inner = new wasm.JsMemorySaver();
    this.id = this.inner.id;
    finalizer.register(this, { inner: this.inner, id: this.id });
  }
  /** Everything stored, as JSON text. */
  toJSON() {
    return this.inner.toJSON();
  }
  /** Forgets a thread (a conversation), as LangGraph.js's `deleteThread`. */
  async deleteThread(threadId) {
    try {
      this.inner.deleteThread(threadId);
    } catch (e) {
      throw typedError(e);
    }
  }
}

/**
 * Checkpoints in the browser's IndexedDB: threads survive reloads. Each
 * superstep commits in one transaction; runs of one thread in two tabs are
 * serialized with the Web Locks API (`onLocked: "wait"`) or refused.
 */
export class IndexedDBSaver extends EngineSaver {
  constructor(options) {
    super();
    const { name = "superstep", onLocked = "wait", durability = "strict" } = options ?? {};
    // Checked here: a bad durability would fail every transaction, far from its cause.
    const oneOf = (key, value, allowed) => {
      if (!allowed.includes(value)) throw new TypeError(`IndexedDBSaver: ${key} must be ${allowed.map((a) => JSON.stringify(a)).join(" or ")}, got ${JSON.stringify(value) ?? typeof value}`);
    };
    oneOf("onLocked", onLocked, ["wait", "error"]);
    oneOf("durability", durability, ["strict", "relaxed", "default"]);
    try {
      requireEngine("new IndexedDBSaver()");
      this.inner = new wasm.JsIndexedDbSaver(name, durability);
    } catch (e) {
      throw typedError(e);
    }
    this.id = this.inner.id;
    finalizer.register(this, { inner: this.inner, id: this.id });
    this.name = name;
    this.onLocked = onLocked;
  }
  /** `[{thread_id, updated_at, step, graph, checkpoint_id}]`, newest first. */
  async listThreads() {
    try {
      return await this.inner.listThreads();
    } catch (e) {
      throw typedError(e);
    }
  }
  async deleteThread(threadId) {
    try {
      await this.inner.deleteThread(threadId);
    } catch (e) {
      throw typedError(e);
    }
  }
}

/** In-memory node cache for `cachePolicy`. */
export class InMemoryCache {
  #inner;
  constructor() {
    requireEngine("new InMemoryCache()");
    const inner = new wasm.JsInMemoryCache();
    this.#inner = inner;
    this.id = inner.id;
    finalizer.register(this, { inner, id: this.id });
  }

  /** Forgets every cached result. */
  async clear() {
    this.#inner.clear();
  }
}

/** The name of the Web Lock a run of `thread` holds (IndexedDB threads in a browser), or null. */
export function threadLockName(saver, config) {
  const thread = config?.configurable?.thread_id;
  if (!(saver instanceof IndexedDBSaver) || !thread || !globalThis.navigator?.locks) return null;
  return `superstep:${saver.name}:${thread}`;
}

/** Asks for the thread's Web Lock; `use(lock)` gets null if it is taken and the saver refuses to wait. */
export function requestThreadLock(saver, name, use) {
  return globalThis.navigator.locks.request(name, { ifAvailable: saver.onLocked === "error" }, use);
}

export const threadLocked = (config) => new ThreadLockedError(`thread ${config.configurable.thread_id} is running in another tab`);

/** Holds the thread's Web Lock while `body` runs (IndexedDB threads only). */
export async function withThreadLock(saver, config, body) {
  const name = threadLockName(saver, config);
  if (!name) return body();
  return requestThreadLock(saver, name, async (lock) => {
    if (!lock) throw threadLocked(config);
    return body();
  });
}

/**
 * The base of a checkpointer written in JS, as in LangGraph.js: implement
 * `getTuple`, `list` (an async generator), `put`, `putWrites` and `deleteThread`.
 * `serde` turns values into bytes and back (JSON unless given).
 */
export class BaseCheckpointSaver {
  constructor(serde) {
    this.serde = serde ?? jsonSerde;
  }
  async get(config) {
    return (await this.getTuple(config))?.checkpoint;
  }
  getNextVersion(current) {
    return typeof current === "number" ? current + 1 : 1;
  }
  toJSON() {
    return `[${this.constructor.name}]`;
  }
}
for (const method of ["getTuple", "list", "put", "putWrites", "deleteThread"]) {
  BaseCheckpointSaver.prototype[method] = function () {
    throw new Error(`${this.constructor.name}.${method}() is not implemented`);
  };
}

const jsonSerde = {
  async dumpsTyped(value) {
    return ["json", new TextEncoder().encode(JSON.stringify(value))];
  },
  async loadsTyped(type, data) {
    return JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
  },
};

// A Superstep checkpoint rides in a JS saver's checkpoint as one channel's value,
// and a superstep's pending writes as writes to one channel, in the order put.
const VALUE = "__superstep__";
const WRITES = "__superstep_writes__";
const isJsSaver = (c) => ["getTuple", "list", "put", "putWrites"].every((m) => typeof c[m] === "function");
const bridges = new WeakMap();
let writesPut = 0;

/** The engine's id for `checkpointer` (one of ours or a JS saver); undefined for none, true or false. */
export function saverId(checkpointer) {
  if (!checkpointer || typeof checkpointer !== "object") return undefined;
  if (checkpointer instanceof MemorySaver || checkpointer instanceof IndexedDBSaver) return checkpointer.id;
  if (!isJsSaver(checkpointer)) {
    throw new TypeError("checkpointer must be a MemorySaver, an IndexedDBSaver, or a saver with getTuple, list, put and putWrites");
  }
  let id = bridges.get(checkpointer);
  if (id === undefined) {
    // The engine holds the bridge, and the bridge only a weak reference: a saver (and
    // the connections it holds) goes once no compiled graph holds it, and its handle with it.
    requireEngine("A checkpointer written in JS");
    const inner = new wasm.JsBridgeSaver(bridge(new WeakRef(checkpointer)));
    bridges.set(checkpointer, (id = inner.id));
    finalizer.register(checkpointer, { inner, id });
  }
  return id;
}

const configOf = (thread_id, checkpoint_ns, checkpoint_id) => ({
  configurable: checkpoint_id ? { thread_id, checkpoint_ns, checkpoint_id } : { thread_id, checkpoint_ns },
});

/** `{checkpoint, writes}` as JSON text for the engine, from a JS saver's tuple. */
function stored(tuple) {
  if (!tuple) return null;
  const text = tuple.checkpoint?.channel_values?.[VALUE];
  if (typeof text !== "string") throw new Error(`checkpoint ${tuple.checkpoint?.id} was not written by superstep`);
  const writes = (tuple.pendingWrites ?? []).filter(([, channel]) => channel === WRITES).map(([, , w]) => w);
  writes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { checkpoint: text, writes: writes.map((w) => w.writes) };
}

/** Only a graph compiled with a saver reaches its bridge, and the graph holds the saver. */
function gone() {
  throw new Error("the checkpointer was garbage-collected");
}

/** The engine's side of a JS saver (held weakly): async methods over JSON text. */
function bridge(ref) {
  const saver = () => ref.deref() ?? gone();
  return {
    async put(thread, ns, text, parent, id, ts, source, step, parents) {
      const checkpoint = {
        v: 4,
        id,
        ts: new Date(ts).toISOString(),
        channel_values: { [VALUE]: text },
        channel_versions: { [VALUE]: id },
        versions_seen: {},
      };
      await saver().put(configOf(thread, ns, parent), checkpoint, { source, step, parents }, { [VALUE]: id });
    },
    async putWrites(thread, ns, id, text) {
      // Time, then a counter: later puts sort later, in this process and the next.
      const at = Date.now().toString(16).padStart(12, "0") + (writesPut++).toString(16).padStart(8, "0");
      await saver().putWrites(configOf(thread, ns, id), [[WRITES, { at, writes: text }]], `superstep-${at}`);
    },
    async getTuple(thread, ns, id) {
      return stored(await saver().getTuple(configOf(thread, ns, id)));
    },
    async list(thread, ns, before, limit) {
      const out = [];
      const options = { before: before ? configOf(thread, ns, before) : undefined, limit: limit ?? undefined };
      for await (const tuple of saver().list(configOf(thread, ns), options)) out.push(stored(tuple));
      return out;
    },
    async deleteThread(thread) {
      const s = saver();
      if (typeof s.deleteThread !== "function") throw new Error("this checkpointer cannot delete threads");
      await s.deleteThread(thread);
    },
  };
}
