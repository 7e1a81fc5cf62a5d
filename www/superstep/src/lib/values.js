// Crossing the boundary: JS values become plain JSON data (with a typed error
// naming the path when they cannot), and node inputs are read lazily.
import { InvalidUpdateError, isOverwrite, overwriteValue } from "./types.js";

export const isPromise = (v) => !!v && typeof v.then === "function";
/** A plain record: an object, not an array or null. */
export const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** `f(v)`, once `v` settles if it is a promise: what is synchronous (a node, a schema) stays synchronous. */
export const andThen = (v, f) => (isPromise(v) ? v.then(f) : f(v));

/**
 * How deep a value in state may nest, as the engine's `json::VALUE_DEPTH`:
 * serde_json reads 127 levels of text, and a value comes inside an update or an input.
 */
const VALUE_DEPTH = 126;

/** Whether JSON holds `v` as it is: plain objects and arrays of strings, finite numbers, booleans and null. */
export function isJsonData(v, depth = 0) {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v !== "object" || depth > VALUE_DEPTH) return false;
  if (Array.isArray(v)) return v.every((x) => isJsonData(x, depth + 1));
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && Object.values(v).every((x) => isJsonData(x, depth + 1));
}

/** A deep plain copy of `v` as JSON would see it; throws InvalidUpdateError naming the path. */
export function toPlain(v, path = "state") {
  const depth = ancestors.length;
  try {
    return plain(v, path);
  } finally {
    // A throw leaves the ancestors of where it happened behind.
    ancestors.length = depth;
  }
}

/** Why `v` is not JSON data, naming the path; undefined when it is. */
export function jsonFault(v, path) {
  try {
    toPlain(v, path);
  } catch (e) {
    return e?.message ?? String(e);
  }
}

/**
 * The objects being copied, outermost first: one met again inside itself is a
 * cycle. A shared stack, not a Set per call: a node's update is copied on
 * every task, and most are a level or two deep.
 */
const ancestors = [];

// `at` is the path as a chain of [parent, key] pairs, spelled out only for an error.
const spell = (at) => (typeof at === "string" ? at : typeof at[1] === "number" ? `${spell(at[0])}[${at[1]}]` : `${spell(at[0])}.${at[1]}`);
const unfit = (at, what) => {
  const path = spell(at);
  // A path a hundred levels deep is shown by its ends; the error's `path` keeps it whole.
  const shown = path.length > 120 ? `${path.slice(0, 60)}…${path.slice(-40)}` : path;
  return new InvalidUpdateError(`${shown} ${what}`, { path });
};

function plain(v, at) {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      if (!Number.isFinite(v)) throw unfit(at, `is ${v}, which JSON cannot represent`);
      return v;
    case "undefined":
      return null;
    case "bigint":
    case "symbol":
    case "function":
      throw unfit(at, `is a ${typeof v}, which JSON cannot represent`);
  }
  if (v === null) return null;
  if (isLangChainMessage(v)) return plain(plainMessage(v), at);
  if (typeof v.toJSON === "function") return plain(v.toJSON(), at);
  // A boxed primitive is its value, as JSON.stringify reads it.
  if (v instanceof Number || v instanceof String || v instanceof Boolean) return plain(v.valueOf(), at);
  // JSON.stringify makes these `{}`, losing what they hold without a word.
  if (isPromise(v)) throw unfit(at, "is a Promise: await it in the node");
  const kind = unkeyed(v);
  if (kind) throw unfit(at, `is a ${kind}, which JSON cannot represent: use an object or an array`);
  if (ancestors.includes(v)) throw unfit(at, "refers back to itself (a cycle)");
  if (ancestors.length > VALUE_DEPTH) throw unfit(at, `nests more than ${VALUE_DEPTH} levels deep, the most a value in state can`);
  ancestors.push(v);
  let out;
  if (Array.isArray(v)) {
    out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = plain(v[i], [at, i]);
  } else if (isOverwrite(v)) {
    out = { __overwrite__: plain(overwriteValue(v), at) };
  } else {
    out = {};
    for (const k of Object.keys(v)) {
      if (v[k] !== undefined) out[k] = plain(v[k], [at, k]);
    }
  }
  ancestors.pop();
  return out;
}

/** The name of a collection whose contents JSON cannot see, if `v` is one. */
function unkeyed(v) {
  if (v instanceof Map) return "Map";
  if (v instanceof Set) return "Set";
  if (v instanceof WeakMap) return "WeakMap";
  if (v instanceof WeakSet) return "WeakSet";
  return null;
}

/** A message class instance of `@langchain/core` (HumanMessage, AIMessage...), known by its shape. */
export function isLangChainMessage(v) {
  return typeof v?.toDict === "function" && typeof v.getType === "function" && Array.isArray(v.lc_namespace) && v.lc_namespace.includes("messages");
}

/**
 * LangChain's message classes by type, as their instances crossed (chunk classes
 * aside): a state's message a node returns streams as one, as in LangGraph.js.
 */
const messageClasses = new Map();
export const messageClassOf = (type) => messageClasses.get(type);

/** The plain message state keeps for it: its type and fields, e.g. `{type: "ai", content, id, tool_calls}`. */
function plainMessage(m) {
  const { type, data } = m.toDict();
  if (typeof m.concat !== "function" && !messageClasses.has(type)) messageClasses.set(type, m.constructor);
  // toDict reads the constructor's fields; an id set later lives on the instance.
  return typeof m.id === "string" ? { ...data, id: m.id, type } : { ...data, type };
}

/**
 * `v` itself when it is plain JSON data already, else its plain copy. A
 * node's update and a Send's argument cross on every task, and checking them
 * costs less than copying them.
 */
export function asPlain(v, path) {
  return v !== undefined && isPlain(v, 0) ? v : toPlain(v, path);
}

/**
 * Whether `plain` would copy `v` unchanged: strings, booleans, finite
 * numbers, null, arrays, and objects of the plain prototype without `toJSON`.
 * `undefined` inside them is fine: JSON drops or nulls it as `plain` does.
 * Anything else, or depth past 64 (a cycle, maybe), takes the copy, which
 * also names what is wrong.
 */
function isPlain(v, depth) {
  switch (typeof v) {
    case "string":
    case "boolean":
    case "undefined":
      return true;
    case "number":
      return Number.isFinite(v);
    case "object":
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (depth > 64 || typeof v.toJSON === "function") return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!isPlain(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k in v) if (!isPlain(v[k], depth + 1)) return false;
  return true;
}

/**
 * The marker a key set to `undefined` is written as: still a write, as in
 * LangGraph.js, where a last-value channel then reads `undefined`; the engine
 * leaves such a channel without a value, and gives a reducer the write as null
 * (a JS reducer gets `undefined`, see `unmarked`).
 */
const UNSET = "__unset__";
const isUnset = (v) => v !== null && typeof v === "object" && v[UNSET] === true;
const unset = () => ({ [UNSET]: true });

/** A JS reducer's writes with the `undefined` markers back as `undefined`. */
export function unmarked(writes) {
  for (let i = 0; i < writes.length; i++) if (isUnset(writes[i])) writes[i] = undefined;
  return writes;
}

/**
 * A state update (or input) as plain data. A key set to `undefined` is a write
 * (see `UNSET`); in graph input it is null, as LangGraph.js's input reads it.
 */
export function plainUpdate(update, what = "update") {
  if (update === undefined || update === null) return null;
  if (Array.isArray(update)) {
    // Command(update=[[key, value], ...]) form; anything else is not an update.
    if (!update.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string")) {
      throw new InvalidUpdateError(`expected an object of state keys, got an array`);
    }
    return update.map(([k, v]) => [k, keyValue(v, what, k)]);
  }
  if (typeof update !== "object") throw new InvalidUpdateError(`expected an object of state keys, got ${typeof update}`);
  const out = {};
  for (const k of Object.keys(update)) out[k] = keyValue(update[k], what, k);
  return out;
}

/** The plain value of key `k` of an update (or input): `undefined` as the `UNSET` marker, but in input. */
const keyValue = (v, what, k) => (v === undefined && what !== "input" ? unset() : asPlain(v, [what, k]));

/**
 * An object whose keys read from the engine's state handle on first access,
 * so channels a node never reads are never converted. Each key's accessors
 * are made once and shared (the handle sits on the object under a symbol):
 * V8 then gives every such input the same shape, and a task makes no closures.
 */
export function lazyState(handle) {
  const obj = handle.eager();
  const lazy = obj.__lazy;
  if (!lazy) return obj;
  delete obj.__lazy;
  Object.defineProperty(obj, HANDLE, { value: handle });
  for (const k of lazy) Object.defineProperty(obj, k, lazyKey(k));
  return obj;
}

const HANDLE = Symbol("superstep.stateHandle");
const lazyKeys = new Map();
const settle = (obj, k, v) => Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });

/** The accessors of lazy key `k`: the first read converts the value and keeps it as a plain property. */
function lazyKey(k) {
  let accessors = lazyKeys.get(k);
  if (!accessors) {
    accessors = {
      enumerable: true,
      configurable: true,
      get() {
        const v = this[HANDLE].get(k);
        settle(this, k, v);
        return v;
      },
      set(v) {
        settle(this, k, v);
      },
    };
    lazyKeys.set(k, accessors);
  }
  return accessors;
}

/**
 * As LangGraph.js: `invoke` with a stream mode other than "values" returns the
 * stream's chunks, and with `subgraphs: true` its last chunk. `null` when
 * `config` asks for plain values (invoke as usual).
 */
export function chunksIfStreamed(stream, config) {
  const mode = config?.streamMode;
  const values = mode === undefined || mode === "values";
  if (values && !config?.subgraphs) return null;
  return (async () => {
    const chunks = [];
    for await (const c of await stream(values ? { ...config, streamMode: "values" } : config)) chunks.push(c);
    // As LangGraph.js: with `subgraphs: true`, invoke's values are the last chunk, namespace and all.
    return values ? chunks.at(-1) : chunks;
  })();
}
