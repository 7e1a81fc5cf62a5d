// What a call hands the engine: its input and its config (as the bindings read
// them), and a nested call's own part of its config.
import { lifecycleHook } from "./graph-callbacks.js";
import { RunControl, isCommand, typedError } from "./types.js";
import { plainCommand } from "./runtime.js";
import { isJsonData, plainUpdate, toPlain } from "./values.js";

export function wasmErrorLike(name, message) {
  return typedError({ __superstepError: true, name, message });
}

export function inputArg(input) {
  if (input === null || input === undefined) return { kind: "continue" };
  if (isCommand(input)) {
    // As LangGraph.js: a Command that writes nothing is an empty input. Any resume but
    // null writes (an empty list or object too); an update or goto writes its entries.
    const none = (v) => !v || (typeof v === "object" && Object.keys(v).length === 0);
    if (input.resume == null && none(input.update) && none(input.goto)) throw wasmErrorLike("EmptyInputError", "Received empty Command input");
    return { kind: "command", command: plainCommand(input) };
  }
  return { kind: "values", value: typeof input === "object" && !Array.isArray(input) ? plainUpdate(input, "input") : toPlain(input, "input") };
}

/** A nested call's own config for the engine: its configurable over the run's (what it adds reaches
 *  the child's nodes), its recursion limit (else the run's) and its output keys; none for the node's own config.
 *  The running task's host part (tags, metadata, live configurable values) goes along, with the call's live values. */
export function nestedCall(config, nodeConfig, rt) {
  if (nodeConfig || !config) return undefined;
  const host = rt.host();
  const limit = typeof config.recursionLimit === "number" ? recursionLimit(config.recursionLimit) : undefined;
  const { json, live } = splitConfigurable(config.configurable);
  const own = { configurable: json, recursionLimit: limit, outputKeys: config.outputKeys };
  // As LangGraph.js, the call's own `context` wins over the run's.
  const context = config.context !== undefined ? { context: config.context } : undefined;
  if (live || host?.live || context) {
    const merged = { ...host?.live };
    for (const k of Object.keys(json)) delete merged[k];
    Object.defineProperty(own, "host", { value: { ...host, live: Object.assign(merged, live), ...context } });
  }
  return own;
}

/**
 * A configurable as the engine and the nodes need it: `json`, what JSON holds
 * as it is (thread_id and other data), for the engine; `live`, the rest (a
 * client, a function, a BigInt...), which nodes get as given, as in
 * LangGraph.js, and which the engine never sees.
 */
export function splitConfigurable(configurable) {
  let json = configurable ?? {};
  let live;
  for (const k of Object.keys(json)) {
    if (isJsonData(json[k])) continue;
    if (!live) [live, json] = [{}, { ...json }];
    live[k] = json[k];
    delete json[k];
  }
  return { json, live };
}

/**
 * A run's config for the engine; `store` (the call's, else the graph's) rides along
 * unserialized, and so does `graphRun`, the run's chain run for LangChain callbacks.
 */
export function configArg(config, store, graphRun) {
  config ??= {};
  const modes = config.streamMode === undefined ? [] : Array.isArray(config.streamMode) ? config.streamMode : [config.streamMode];
  const ib = config.interruptBefore;
  const ia = config.interruptAfter;
  const configurable = splitConfigurable(config.configurable);
  const arg = {
    recursionLimit: recursionLimit(config.recursionLimit),
    maxConcurrency: config.maxConcurrency,
    configurable: configurable.json,
    // Nodes get the context as given, from the host part below: the engine never reads it.
    context: null,
    interruptBefore: ib === undefined ? undefined : ib === "*" ? ["*"] : ib,
    interruptAfter: ia === undefined ? undefined : ia === "*" ? ["*"] : ia,
    streamMode: modes,
    subgraphs: !!config.subgraphs,
    durability: durabilityOf(config),
    outputKeys: config.outputKeys,
    cancel: config.signal ? { signal: config.signal, fired: aborted(config.signal) } : undefined,
    ...taskEventMetadata(config),
  };
  // Not enumerable: the engine reads the config as JSON, and the store is an object to hand back.
  if (config.store ?? store) Object.defineProperty(arg, "store", { value: config.store ?? store });
  // The call's tags, metadata, callbacks' chain run, live configurable values and context, for its nodes (the engine never reads them).
  if (config.tags !== undefined || config.metadata !== undefined || graphRun || configurable.live || config.context != null) {
    Object.defineProperty(arg, "host", { value: { tags: config.tags, metadata: config.metadata, graphRun, live: configurable.live, context: config.context } });
  }
  // As LangGraph.js, every run has a control (its nodes may ask it to drain); the
  // engine reads ours only, whose getter cannot throw.
  if (config.control != null && !(config.control instanceof RunControl)) throw new TypeError("config.control must be a RunControl");
  const control = config.control ?? new RunControl();
  Object.defineProperties(arg, { control: { value: control }, drainFlag: { value: RunControl.flagOf(control) } });
  // Graph callback handlers among the callbacks hear the run's interrupts and resumes (graph-callbacks.js).
  const lifecycle = lifecycleHook(config.callbacks, graphRun);
  if (lifecycle) Object.defineProperty(arg, "lifecycle", { value: lifecycle });
  return arg;
}

/** The call's `durability`, or the one LangGraph.js's older `checkpointDuring` stands for (false: "exit"). */
function durabilityOf(config) {
  if (config.checkpointDuring == null) return config.durability;
  if (config.durability != null) throw new Error("Cannot use both `durability` and `checkpointDuring` at the same time.");
  return config.checkpointDuring === false ? "exit" : "async";
}

/** The configurable keys LangGraph.js copies into a run's metadata, in its order. */
const PROPAGATED = ["thread_id", "checkpoint_id", "checkpoint_ns", "task_id", "run_id", "assistant_id", "graph_id"];

/**
 * A run's metadata as LangGraph.js makes it: its integration tag, the call's
 * metadata, then (as LangChain) a configurable `model` and (as LangGraph.js)
 * the ids the configurable carries, where the metadata has none of its own.
 */
export function runMetadata(metadata, configurable) {
  const out = { ls_integration: "langgraph", ...metadata };
  const c = configurable ?? {};
  if (typeof c.model === "string" && out.model === undefined) out.model = c.model;
  for (const key of PROPAGATED) if (!(key in out) && c[key] !== undefined) out[key] = c[key];
  return out;
}

/** What task events' metadata start and end with (the engine's default: the integration tag alone). */
function taskEventMetadata(config) {
  const c = config.configurable;
  const tags = (config.tags ?? []).filter((t) => typeof t === "string" && !t.startsWith("seq:step"));
  const ids = c && (typeof c.model === "string" || PROPAGATED.some((k) => k !== "thread_id" && c[k] !== undefined));
  if (config.metadata == null && !ids && tags.length === 0) return {};
  let taskMetadata = runMetadata(config.metadata, c);
  try {
    // What JSON cannot hold stays with the nodes' config only.
    taskMetadata = JSON.parse(JSON.stringify(taskMetadata));
  } catch {
    taskMetadata = undefined;
  }
  return { taskMetadata, taskTags: tags };
}

const MAX_LIMIT = 2 ** 31 - 1; // what the engine's wasm32 usize holds; Infinity means no limit

/** As LangGraph.js: at least 1; a fraction allows the supersteps up to it. */
export function recursionLimit(limit) {
  // As LangGraph.js: null counts as 0 (less than 1), NaN as no limit given.
  if (limit !== null && (typeof limit !== "number" || Number.isNaN(limit))) return limit;
  if (limit === null || limit < 1) throw new Error('Passed "recursionLimit" must be at least 1.');
  return Math.min(Math.floor(limit), MAX_LIMIT);
}

/** Resolves when `signal` aborts (at once if it has). One listener per signal, however many runs share it. */
const abortedBy = new WeakMap();
function aborted(signal) {
  let fired = abortedBy.get(signal);
  if (!fired) {
    fired = new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));
    abortedBy.set(signal, fired);
  }
  return fired;
}

/** `withConfig` defaults under a call's config, as LangChain merges them: `configurable` and `metadata` key by key, else the call's value wins. */
export function mergeConfigs(base, config) {
  if (!base) return config;
  const out = { ...base };
  for (const [k, v] of Object.entries(config ?? {})) if (v !== undefined) out[k] = v;
  out.configurable = { ...base.configurable, ...config?.configurable };
  // Two timeouts: the shorter holds, as LangChain merges them.
  if (typeof base.timeout === "number" && typeof config?.timeout === "number") out.timeout = Math.min(base.timeout, config.timeout);
  if (base.metadata || config?.metadata) out.metadata = { ...base.metadata, ...config?.metadata };
  return out;
}

/** A value for an error message: its type, and short primitives as they are. */
export function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v);
  if (typeof v === "number" || typeof v === "boolean") return `${typeof v} ${v}`;
  return typeof v;
}
