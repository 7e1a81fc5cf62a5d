// Crossing the boundary: JS values become plain JSON data (with a typed error
// naming the path when they cannot), and node inputs are read lazily.
import { InvalidUpdateError, isOverwrite } from "./types.js";

/** A deep plain copy of `v` as JSON would see it; throws InvalidUpdateError naming the path. */
export function toPlain(v, path = "state", seen = new Set()) {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      if (!Number.isFinite(v)) throw new InvalidUpdateError(`${path} is ${v}, which JSON cannot represent`, { path });
      return v;
    case "undefined":
      return null;
    case "bigint":
    case "symbol":
    case "function":
      throw new InvalidUpdateError(`${path} is a ${typeof v}, which JSON cannot represent`, { path });
  }
  if (v === null) return null;
  if (isLangChainMessage(v)) return toPlain(plainMessage(v), path, seen);
  if (typeof v.toJSON === "function") return toPlain(v.toJSON(), path, seen);
  if (seen.has(v)) throw new InvalidUpdateError(`${path} refers back to itself (a cycle)`, { path });
  seen.add(v);
  let out;
  if (Array.isArray(v)) {
    out = v.map((x, i) => toPlain(x, `${path}[${i}]`, seen));
  } else if (isOverwrite(v)) {
    out = { __overwrite__: toPlain(v.value, path, seen) };
  } else {
    out = {};
    for (const k of Object.keys(v)) {
      if (v[k] !== undefined) out[k] = toPlain(v[k], `${path}.${k}`, seen);
    }
  }
  seen.delete(v);
  return out;
}

/** A message class instance of `@langchain/core` (HumanMessage, AIMessage...), known by its shape. */
export function isLangChainMessage(v) {
  return typeof v?.toDict === "function" && typeof v.getType === "function" && Array.isArray(v.lc_namespace) && v.lc_namespace.includes("messages");
}

/** The plain message state keeps for it: its type and fields, e.g. `{type: "ai", content, id, tool_calls}`. */
function plainMessage(m) {
  const { type, data } = m.toDict();
  // toDict reads the constructor's fields; an id set later lives on the instance.
  return typeof m.id === "string" ? { ...data, id: m.id, type } : { ...data, type };
}

/**
 * A state update (or input) as plain data. A key set to `undefined` is still a
 * write, as in LangGraph.js; JSON has no undefined, so it is written as null.
 */
export function plainUpdate(update, what = "update") {
  if (update === undefined || update === null) return null;
  if (Array.isArray(update)) {
    // Command(update=[[key, value], ...]) form; anything else is not an update.
    if (!update.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string")) {
      throw new InvalidUpdateError(`expected an object of state keys, got an array`);
    }
    return update.map(([k, v]) => [k, toPlain(v, `${what}.${k}`)]);
  }
  if (typeof update !== "object") throw new InvalidUpdateError(`expected an object of state keys, got ${typeof update}`);
  const out = {};
  for (const k of Object.keys(update)) out[k] = toPlain(update[k], `${what}.${k}`);
  return out;
}

/**
 * An object whose keys read from the engine's state handle on first access,
 * so channels a node never reads are never converted.
 */
export function lazyState(handle) {
  const obj = handle.eager();
  const lazy = obj.__lazy;
  if (!lazy) return obj;
  delete obj.__lazy;
  const fix = (k, v) => Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  for (const k of lazy) {
    Object.defineProperty(obj, k, {
      enumerable: true,
      configurable: true,
      get() {
        const v = handle.get(k);
        fix(k, v);
        return v;
      },
      set(v) {
        fix(k, v);
      },
    });
  }
  return obj;
}
