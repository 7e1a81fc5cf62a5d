// LangGraph.js's functional API: `entrypoint(name | options, fn)` runs `fn(input, config)` as
// the one node of a graph. Hidden channels carry the input, the return value (the
// graph's output; `entrypoint.final`'s `value`) and the value saved for the thread's
// next run (`save`, which `getPreviousState()` reads). Everything else is the
// StateGraph's: checkpoints, interrupts, `task()` calls, streaming.
import { INLINE_START, StateGraph } from "./graph.js";
import { CompiledStateGraph } from "./compiled-graph.js";
import { streamEventsOf } from "./events.js";
import { Annotation, END, INTERRUPT, START, isCommand } from "./types.js";
import { NODE_OUTPUT, getCurrentTaskInput } from "./runtime.js";
import { andThen, asPlain, chunksIfStreamed } from "./values.js";
import { runnableToLangChain } from "./runnable.js";
import { EVENT_STREAM, eventStreamOf } from "./event-stream.js";
import { readableOf } from "./readable.js";

const INPUT = "__entrypoint_input__";
const OUTPUT = "__entrypoint_output__";
const PREVIOUS = "__entrypoint_previous__";
const FINAL = "__pregel_final";

const isFinal = (v) => !!v && typeof v === "object" && v.__lg_type === FINAL;

/** `fn` as a workflow: `await workflow.invoke(input, config)` returns what `fn` returns. */
export function entrypoint(options, fn) {
  const { name, checkpointer, store, cache, timeout, retryPolicy } = typeof options === "string" ? { name: options } : options ?? {};
  if (typeof name !== "string" || !name) throw new TypeError("entrypoint(name | { name, checkpointer, store, cache }, fn) needs a name");
  if (typeof fn !== "function") throw new TypeError(`entrypoint "${name}" needs a function`);
  if (/^\[object (Async)?GeneratorFunction\]$/.test(Object.prototype.toString.call(fn))) {
    throw new Error("Generators are disallowed as entrypoints. For streaming responses, use config.write.");
  }
  const run = (state, config) => andThen(fn(state[INPUT], config), written);
  const graph = new StateGraph(Annotation.Root({ [INPUT]: Annotation(), [OUTPUT]: Annotation(), [PREVIOUS]: Annotation() }))
    .addNode(name, run, { timeout, retryPolicy })
    .addEdge(START, name)
    .addEdge(name, END)
    .compile({ checkpointer, store, cache, name, [INLINE_START]: true });
  return new Entrypoint(graph, name);
}

/**
 * What the workflow's node writes of `fn`'s return value `r`: the output, and the
 * value saved for the thread's next run. The messages stream (and `streamEvents`)
 * look at `r` itself, as LangGraph.js's handler does.
 */
const written = (r) => {
  // Copied here, once, so that what JSON cannot hold is named as the workflow's, not
  // by the channels that carry it; `undefined` stays, a write of no value.
  const plain = (v, what) => (v === undefined ? v : asPlain(v, what));
  let out;
  if (isFinal(r)) out = { [OUTPUT]: plain(r.value, "entrypoint.final's value"), [PREVIOUS]: plain(r.save, "entrypoint.final's save") };
  else {
    const value = plain(r, "the entrypoint's return value");
    out = { [OUTPUT]: value, [PREVIOUS]: value };
  }
  return Object.defineProperty(out, NODE_OUTPUT, { value: r });
};

/** Returns `value` from the entrypoint and keeps `save` for `getPreviousState()` in the thread's next run. */
entrypoint.final = ({ value, save }) => ({ value, save, __lg_type: FINAL });

/** Inside an entrypoint: what its previous run on this thread returned (or saved with `entrypoint.final`). */
export function getPreviousState(config) {
  return getCurrentTaskInput(config)?.[PREVIOUS];
}

/** What a run's state shows: the return value, or the interrupts of a paused run. */
function output(state) {
  if (!state || typeof state !== "object") return state;
  if (Array.isArray(state[INTERRUPT])) return { [INTERRUPT]: state[INTERRUPT] };
  return state[OUTPUT];
}

/**
 * A checkpoint or task event as LangGraph.js's workflow streams it: state is the last
 * return value, a task's input is the argument, its result the return value (on END).
 */
function workflowEvent(name, kind, data) {
  if (kind === "checkpoints" || kind === "checkpoint") return { ...data, values: data.values?.[OUTPUT] ?? null };
  if (data?.name !== name) return data;
  if ((kind === "tasks" || kind === "task") && "input" in data) return { ...data, input: data.input?.[INPUT] };
  if ((kind === "tasks" || kind === "task_result") && "result" in data) {
    return { ...data, result: data.result && OUTPUT in data.result ? { [END]: data.result[OUTPUT] } : {} };
  }
  return data;
}

/** The compiled workflow: a graph whose input and output are `fn`'s argument and return value. */
export class Entrypoint {
  #graph;
  constructor(graph, name) {
    this.#graph = graph;
    this.name = name;
  }

  /** The same workflow with `config` as the defaults of every call. */
  withConfig(config) {
    return new Entrypoint(this.#graph.withConfig(config), this.name);
  }

  /** What `streamEvents` v3 runs each event through (`withConfig({ streamTransformers })` adds to it). */
  get streamTransformers() {
    return this.#graph.streamTransformers;
  }

  getName(suffix) {
    return suffix ? `${this.name}${suffix}` : this.name;
  }

  async invoke(input, config) {
    return chunksIfStreamed((c) => this.stream(input, c), config) ?? output(await this.#graph.invoke(this.#input(input), config));
  }

  /**
   * As LangGraph.js: `updates` unless told; the workflow's update is its return
   * value; a values chunk is the output, after the step the workflow ran in
   * (and, when a run resumes, first the output it starts from).
   */
  async stream(input, config = {}) {
    const { encoding, ...own } = config ?? {};
    const sse = encoding === EVENT_STREAM;
    const asked = own.streamMode ?? "updates";
    const modes = Array.isArray(asked) ? asked : [asked];
    // Updates tell which step the workflow ran in, so they are asked for even when not shown.
    const shown = new Set(modes);
    const inner = await this.#graph.stream(this.#input(input), { ...own, streamMode: [...new Set([...modes, "updates"])], subgraphs: true });
    const name = this.name;
    let resuming = input === null || input === undefined || isCommand(input);
    // Events name their mode, so an event stream's chunks keep theirs.
    const many = sse || Array.isArray(asked);
    const shaped = (ns, mode, data) => (own.subgraphs ? (many ? [ns, mode, data] : [ns, data]) : many ? [mode, data] : data);
    async function* chunks() {
      let ran = false;
      for await (const [ns, mode, data] of inner) {
        if (ns.length > 0) {
          if (shown.has(mode)) yield shaped(ns, mode, data);
        } else if (mode === "values") {
          if (Array.isArray(data?.[INTERRUPT]) || resuming || ran) yield shaped(ns, mode, Array.isArray(data?.[INTERRUPT]) ? data : data?.[OUTPUT] ?? null);
          resuming = ran = false;
        } else if (mode === "updates" && data && typeof data[name] === "object" && data[name] !== null && OUTPUT in data[name]) {
          ran = true;
          if (shown.has(mode)) yield shaped(ns, mode, { ...data, [name]: data[name][OUTPUT] });
        } else if (shown.has(mode)) yield shaped(ns, mode, mode === "debug" ? { ...data, payload: workflowEvent(name, data.type, data.payload) } : workflowEvent(name, mode, data));
      }
    }
    return readableOf(sse ? eventStreamOf(chunks(), !!own.subgraphs) : chunks(), (reason) => inner.cancel(reason));
  }

  /**
   * LangChain's callback events (v2) or LangGraph's event protocol (v3), as the
   * compiled graph's `streamEvents`; the workflow's input and output are `fn`'s.
   */
  streamEvents(input, options) {
    return streamEventsOf(this, input, options, { workflow: this.name });
  }

  /** `invoke` per input, as the compiled graph's `batch`. */
  batch(inputs, options, batchOptions) {
    return CompiledStateGraph.prototype.batch.call(this, inputs, options, batchOptions);
  }

  /** As LangGraph.js: `values` is taken as `fn`'s return value (`entrypoint.final` too), as written by the workflow. */
  updateState(config, values, asNode) {
    return this.bulkUpdateState(config, [{ updates: [{ values, asNode }] }]);
  }

  bulkUpdateState(config, supersteps) {
    const asWritten = ({ values, asNode }) => ({ values: written(values), asNode: asNode ?? this.name });
    return this.#graph.bulkUpdateState(config, supersteps.map(({ updates }) => ({ updates: updates.map(asWritten) })));
  }

  // The rest is the graph's own.
  get options() {
    return this.#graph.options;
  }
  get builder() {
    return this.#graph.builder;
  }
  get config() {
    return this.#graph.config;
  }
  // Settable, as LangGraph.js's fields: the graph's, for the runs that start after.
  get checkpointer() {
    return this.#graph.checkpointer;
  }
  set checkpointer(checkpointer) {
    this.#graph.checkpointer = checkpointer;
  }
  get store() {
    return this.#graph.store;
  }
  set store(store) {
    this.#graph.store = store;
  }
  get cache() {
    return this.#graph.cache;
  }
  set cache(cache) {
    this.#graph.cache = cache;
  }
  get stepTimeout() {
    return this.#graph.stepTimeout;
  }
  set stepTimeout(ms) {
    this.#graph.stepTimeout = ms;
  }
  get nodes() {
    return this.#graph.nodes;
  }
  validate() {
    this.#graph.validate();
    return this;
  }
  getGraph(config) {
    return this.#graph.getGraph(config);
  }
  async getGraphAsync(config) {
    return this.#graph.getGraph(config);
  }
  *getSubgraphs() {}
  async *getSubgraphsAsync() {}
  clearCache() {
    return this.#graph.clearCache();
  }

  /** The thread's state; `values` is the last return value. */
  async getState(config, options) {
    return this.#snapshot(await this.#graph.getState(config, options));
  }

  async *getStateHistory(config, options) {
    for await (const s of this.#graph.getStateHistory(config, options)) yield this.#snapshot(s);
  }

  #snapshot(s) {
    return s && { ...s, values: s.values?.[OUTPUT] ?? null };
  }

  #input(input) {
    // A Command or a null (continue the thread) goes as it is; anything else is the argument.
    if (input === null || input === undefined || isCommand(input)) return input;
    // Copied here, once, so that what JSON cannot hold is named as the workflow's input.
    return { [INPUT]: asPlain(input, "the entrypoint's input") };
  }
}

// A runnable to LangChain, as LangGraph.js's.
runnableToLangChain(Entrypoint);
