// CompiledStateGraph: invoke, stream, state and history, shaped like LangGraph.js.
// The engine does the work; this only translates.
import { currentRuntime, gotoList, nodeErrors, reducerErrors } from "./runtime.js";
import { NodeConfig } from "./node-config.js";
import { END, GraphInterrupt, ParentCommand, isCommand, isInterrupted, typedError } from "./types.js";
import { andThen, chunksIfStreamed, plainUpdate, toPlain } from "./values.js";
import { checkContext, checkInput, checkOutput } from "./schema.js";
import { streamEventsOf } from "./events.js";
import { EVENT_STREAM, eventStreamOf } from "./event-stream.js";
import { cancellable, readableOf } from "./readable.js";
import { chunkOf, snapshot } from "./shapes.js";
import { configArg, describe, inputArg, mergeConfigs, nestedCall } from "./run-args.js";
import { withRunTimeout } from "./timeout.js";
import { Stepper } from "./stepper.js";
import { graphView, withXray } from "./graph-view.js";
import { finalizer } from "./finalizer.js";
import { historyLimit, requestThreadLock, threadLockName, threadLocked, withThreadLock } from "./savers.js";
import { batch, runnableToLangChain } from "./runnable.js";
import { startGraphRun } from "./callbacks.js";

/** Rethrows an engine error as the error class LangGraph.js would throw. */
export function rethrow(e, signal) {
  if (e && e.__graphInterrupt) throw new GraphInterrupt(e.interrupts);
  // A cancelled run throws what the signal aborted with, as LangGraph.js does.
  if (e?.__superstepError && e.name === "AbortError" && signal?.aborted) throw signal.reason;
  throw jsError(e);
}

/** The error to throw for an engine error: a JS node's or reducer's own error, as LangGraph.js rethrows it. */
function jsError(e) {
  if (e?.__superstepError && e.name === "AggregateError") return new AggregateError(e.errors.map(jsError), e.message);
  const [originals, key] = e?.__superstepError ? (e.name === "NodeError" ? [nodeErrors, e.node] : e.reducer ? [reducerErrors, e.key] : []) : [];
  if (originals?.has(key)) {
    const original = originals.get(key);
    originals.delete(key);
    return original;
  }
  return typedError(e);
}

/** A nested run's end as the node sees it: the child's pause, its Command to this graph, or its error. */
function rethrowNested(e) {
  if (e && e.__parentCommand) throw new ParentCommand(e.command);
  rethrow(e);
}

/** Breakpoints as given to `compile()`: "*" for every node, a list, or none. */
const shownBreakpoints = (nodes) => (nodes?.[0] === "*" ? "*" : nodes?.length ? nodes : undefined);

export class CompiledStateGraph {
  /** The graph `withConfig` derived this one from; it owns the engine handle. */
  #owner;
  constructor(graph, builder, options, defaults, owner) {
    if (!owner) finalizer.register(this, { inner: graph, id: graph.id });
    this.#owner = owner;
    this.graph = graph;
    this.builder = builder;
    this.options = options;
    /** Defaults every call merges under its own config (see `withConfig`). */
    this.config = defaults;
    this.name = options.name;
    this.description = options.description;
    /** What `stream()` streams when the call names no mode; settable, as in LangGraph.js. */
    this.streamMode = ["updates"];
    /** `compile({ transformers })`: what `streamEvents` v3 runs each event through (see stream-transformers.js). */
    this.streamTransformers = [...(options.given?.transformers ?? [])];
  }

  /** The same graph with `config` as the defaults of every call (recursionLimit, configurable...). */
  withConfig(config) {
    const { streamTransformers, ...rest } = config ?? {};
    const derived = new CompiledStateGraph(this.graph, this.builder, this.options, mergeConfigs(this.config, rest), this.#owner ?? this);
    // LangGraph.js copies its fields too, and adds the config's stream transformers to the graph's.
    const transformers = [...this.streamTransformers, ...(streamTransformers ?? [])];
    Object.assign(derived, { name: this.name, description: this.description, streamMode: this.streamMode, streamTransformers: transformers });
    return derived;
  }

  /** Compiling validated it already: this graph, as LangGraph.js's `validate()` returns it. */
  validate() {
    return this;
  }

  /** Whether `values` (an `invoke` result) is paused on an interrupt. */
  isInterrupted(values) {
    return isInterrupted(values);
  }

  // What `compile()` was given, as LangGraph.js's compiled graph shows it. Settable
  // as its fields are: the graph compiles again with the new value, for the runs
  // that start after (a parent compiled before keeps this graph as it was).
  get checkpointer() {
    return this.options.checkpointer;
  }
  set checkpointer(checkpointer) {
    this.#recompile({ checkpointer });
  }
  get store() {
    return this.options.store;
  }
  set store(store) {
    this.options = { ...this.options, store, given: { ...this.options.given, store } };
  }
  get cache() {
    return this.options.cache;
  }
  set cache(cache) {
    this.#recompile({ cache });
  }
  get interruptBefore() {
    return shownBreakpoints(this.options.interruptBefore);
  }
  set interruptBefore(interruptBefore) {
    this.#recompile({ interruptBefore });
  }
  get interruptAfter() {
    return shownBreakpoints(this.options.interruptAfter);
  }
  set interruptAfter(interruptAfter) {
    this.#recompile({ interruptAfter });
  }
  /** The retry policy of the nodes that have none of their own (LangGraph.js's field; no compile option). */
  get retryPolicy() {
    return this.options.retryPolicy;
  }
  set retryPolicy(retryPolicy) {
    this.#recompile({ retryPolicy });
  }

  #recompile(changes) {
    const [graph, options] = this.builder.compileEngine({ ...this.options.given, ...changes });
    graph.stepTimeout = this.graph.stepTimeout;
    // Freed with this wrapper, as the graph it replaces is.
    finalizer.register(this, { inner: graph, id: graph.id });
    this.graph = graph;
    this.options = options;
  }
  /**
   * The longest one superstep may run, in ms, as LangGraph.js's field (unset:
   * no limit). A superstep that runs longer stops the run with a TimeoutError;
   * what it finished is kept and the rest runs again on resume.
   */
  get stepTimeout() {
    return this.graph.stepTimeout;
  }
  set stepTimeout(ms) {
    if (ms !== undefined && ms !== null && ms !== 0 && !(typeof ms === "number" && ms > 0)) {
      throw new TypeError(`stepTimeout must be a number of milliseconds greater than 0, got ${describe(ms)}.`);
    }
    this.graph.stepTimeout = ms || undefined;
  }
  /**
   * The nodes by name, START first, as LangGraph.js's compiled graph lists them
   * (`Object.keys(graph.nodes)`): each with its metadata, its `ends` and, for a
   * compiled graph added as a node, that graph in `subgraphs`.
   */
  get nodes() {
    const nodes = Object.create(null);
    for (const name of this.graph.graphShape().nodes) {
      if (name === END) continue;
      const node = this.builder.nodes?.[name];
      const sub = node?.fn instanceof CompiledStateGraph ? [node.fn] : [];
      nodes[name] = { name, metadata: node?.metadata ?? {}, ends: node?.ends ?? [], subgraphs: sub };
    }
    return nodes;
  }

  getName(suffix) {
    const name = this.name ?? "LangGraph";
    return suffix ? `${name}${suffix}` : name;
  }

  /** A call's config: the graph's defaults under it, its `timeout` turned into its signal. */
  #callConfig(config) {
    const merged = withRunTimeout(mergeConfigs(this.config, config));
    checkContext(this.builder.contextSchema, merged);
    return merged;
  }

  /** Runs to the end; a call from inside a running node runs this graph as its subgraph. */
  invoke(input, config) {
    let checked;
    try {
      checked = checkInput(this.builder.checkInput, input);
    } catch (e) {
      return Promise.reject(e);
    }
    return andThen(checked, (i) => this.#invoke(i, config));
  }

  /** `invoke` with its input checked. */
  #invoke(input, config) {
    // As in LangGraph.js, a call from inside a running node (known by the node's
    // config, a copy of it, or the current task) runs this graph as its subgraph.
    const rt = NodeConfig.runtimeOf(config) ?? currentRuntime();
    const nodeConfig = config instanceof NodeConfig;
    if (!nodeConfig) {
      try {
        config = this.#callConfig(config);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    if (rt) {
      // Asked for other modes than values, invoke returns the chunks, as at the top.
      const chunks = nodeConfig ? null : chunksIfStreamed((c) => this.#streamInNode(rt, input, c, false), config);
      if (chunks) return chunks;
      // The run's callbacks hear of this graph's run under the node's task (callbacks.js).
      const run = rt.taskRun?.graph(this.getName(), input, config?.callbacks);
      let p;
      try {
        p = rt.invokeGraph(this.graph.id, toPlain(input ?? {}, "input"), nestedCall(config, nodeConfig, rt)).catch(rethrowNested);
      } catch (e) {
        run?.error(e);
        return Promise.reject(typedError(e));
      }
      return run ? run.settledBy(p) : p;
    }
    const chunks = chunksIfStreamed((c) => this.#stream(input, c), config);
    if (chunks) return chunks;
    return withThreadLock(this.options.checkpointer, config, () => {
      const run = startGraphRun(config, this.getName(), input);
      let p;
      try {
        p = this.graph.invoke(inputArg(input), configArg(config, this.options.store, run));
      } catch (e) {
        run?.error(e);
        return Promise.reject(typedError(e));
      }
      p = p.catch((e) => rethrow(e, config?.signal));
      return run ? run.settledBy(p) : p;
    });
  }

  /**
   * `invoke` per input, in parallel: at most `maxConcurrency` at once (from
   * the first config, else `batchOptions`). `options` is one config for all
   * or one per input; with `returnExceptions` a failed run's error takes its
   * output's place, else the first failure rejects.
   */
  async batch(inputs, options, batchOptions = {}) {
    return batch((input, config) => this.invoke(input, config), inputs, options, batchOptions);
  }

  /**
   * The chunks, shaped by `streamMode` and `subgraphs` (in a running node, its
   * subgraph's), as LangGraph.js returns them: a ReadableStream to iterate with
   * `for await`, whose `cancel()` stops the run; with `encoding:
   * "text/event-stream"`, Server-Sent Events bytes.
   */
  async stream(input, config) {
    // Known before any await: in a browser the running node is known only in its synchronous part.
    const rt = NodeConfig.runtimeOf(config) ?? currentRuntime();
    const nodeConfig = config instanceof NodeConfig;
    const checked = await checkInput(this.builder.checkInput, input);
    // `null` options are none, as in LangGraph.js.
    let call = this.#callConfig(config ?? {});
    // As LangGraph.js: cancelling the stream aborts the run's signal (a node's subgraph has its parent's).
    let onCancel;
    if (!rt) [call, onCancel] = cancellable(call);
    const sse = call.encoding === EVENT_STREAM;
    if (sse) {
      // Every chunk with its mode (and namespace, with subgraphs), to name its event.
      const modes = call.streamMode === undefined ? (rt ? "values" : this.#streamModeDefault()) : call.streamMode;
      call = { ...call, streamMode: Array.isArray(modes) ? modes : [modes] };
    }
    const chunks = await (rt ? this.#streamInNode(rt, checked, call, nodeConfig) : this.#stream(checked, call));
    return readableOf(sse ? eventStreamOf(chunks, !!call.subgraphs) : chunks, onCancel);
  }

  /** The graph run as the running node's subgraph, as in LangGraph.js: its parts reach the parent's stream too. */
  async #streamInNode(rt, input, config, nodeConfig) {
    // Unasked, a node's subgraph streams its states, as LangGraph.js's does.
    const modes = config.streamMode === undefined ? "values" : config.streamMode;
    const many = Array.isArray(modes);
    const subgraphs = !!config.subgraphs;
    const reported = rt.taskRun?.graph(this.getName(), input, config.callbacks);
    let run;
    try {
      run = await rt.streamGraph(this.graph.id, toPlain(input ?? {}, "input"), nestedCall(config, nodeConfig, rt), many ? modes : [modes], subgraphs);
    } catch (e) {
      reported?.error(e);
      rethrowNested(e);
    }
    return (async function* () {
      let last;
      try {
        for (;;) {
          let p;
          try {
            p = await run.next();
          } catch (e) {
            reported?.error(e);
            rethrowNested(e);
          }
          if (p === null) return;
          yield (last = chunkOf(p, many, subgraphs));
        }
      } finally {
        reported?.end(last);
      }
    })();
  }

  /** The graph's `streamMode` ("updates" unless set) as a call's: one mode alone is the single-mode shape. */
  #streamModeDefault() {
    const modes = this.streamMode ?? "updates";
    return Array.isArray(modes) && modes.length === 1 ? modes[0] : modes;
  }

  /** `stream` with the call's config already made (see `#callConfig`): `invoke` gets here with one. */
  async #stream(input, config) {
    const modes = config.streamMode === undefined ? this.#streamModeDefault() : config.streamMode;
    const many = Array.isArray(modes);
    // No modes: as in LangGraph.js the run runs and streams nothing ("custom" is the cheapest to drop).
    const none = many && modes.length === 0;
    const run = startGraphRun(config, this.getName(), input);
    let s;
    try {
      s = await this.graph.stream(inputArg(input), configArg({ ...config, streamMode: none ? ["custom"] : modes }, this.options.store, run));
    } catch (e) {
      run?.error(e);
      rethrow(e, config.signal);
    }
    const subgraphs = !!config.subgraphs;
    const saver = this.options.checkpointer;
    let last;
    async function* chunks() {
      let release = () => {};
      const lockName = threadLockName(saver, config);
      if (lockName) {
        const held = new Promise((r) => (release = r));
        await new Promise((acquired, refused) =>
          requestThreadLock(saver, lockName, (lock) => {
            if (!lock) return refused(threadLocked(config));
            acquired();
            return held;
          }),
        );
      }
      // The parts are yielded here, not through a second generator: each `yield*` hop costs promises per chunk.
      try {
        for (;;) {
          let p;
          try {
            // A synchronous superstep's parts are ready at once; only a wait takes a promise.
            p = s.nextNow();
            if (p === undefined) p = await s.next();
          } catch (e) {
            run?.error(e);
            rethrow(e, config.signal);
          }
          if (p === null) return;
          if (!none) yield (last = chunkOf(p, many, subgraphs));
        }
      } finally {
        // The graph's run ends with its last chunk (as LangGraph.js's, the run's output where that is "values").
        run?.end(last);
        release();
      }
    }
    return chunks();
  }

  /**
   * Version "v3": LangGraph's event protocol, a promise of a run stream to
   * iterate for `{method, params: {namespace, data}}` events, with `output`,
   * `interrupts` and `subgraphs`. Version "v2": LangChain's callback events
   * (`on_chain_start`, `on_chat_model_stream`, …), an async iterable at once,
   * as LangGraph.js returns them. Version "v1" is not supported.
   */
  streamEvents(input, options) {
    return streamEventsOf(this, input, options);
  }

  /** A run driven one superstep at a time: `await stepper.step()` returns its snapshot. */
  stepper(input, config) {
    let start;
    try {
      start = andThen(checkInput(this.builder.checkInput, input), (i) => this.graph.stepper(inputArg(i), configArg(this.#callConfig(config), this.options.store)));
    } catch (e) {
      // Bad input fails the first step (or the await), as it failed the async stepper() before.
      start = Promise.reject(e);
    }
    return new Stepper(start, rethrow);
  }

  async getState(config, options) {
    options ??= {};
    config = mergeConfigs(this.config, config);
    try {
      return snapshot(await this.graph.getState(configArg(config), !!options.subgraphs));
    } catch (e) {
      rethrow(e);
    }
  }

  async *getStateHistory(config, options) {
    options ??= {};
    config = mergeConfigs(this.config, config);
    let list;
    try {
      list = await this.graph.getStateHistory(configArg(config), historyLimit(options.limit), options.before?.configurable?.checkpoint_id, options.filter ? toPlain(options.filter, "filter") : null);
    } catch (e) {
      rethrow(e);
    }
    for (const s of list) yield snapshot(s);
  }

  async updateState(config, values, asNode) {
    return this.bulkUpdateState(config, [{ updates: [{ values, asNode }] }]);
  }

  /** Each superstep's updates applied together, as one new checkpoint each (LangGraph.js's `bulkUpdateState`). */
  async bulkUpdateState(config, supersteps) {
    config = mergeConfigs(this.config, config);
    try {
      const steps = [];
      for (const { updates } of supersteps) steps.push(await Promise.all(updates.map((u) => this.#plainStateUpdate(u))));
      return await this.graph.bulkUpdateState(configArg(config), steps);
    } catch (e) {
      rethrow(e);
    }
  }

  async #plainStateUpdate({ values, asNode }) {
    if (asNode != null && typeof asNode !== "string") throw new TypeError(`asNode must be a string, got ${typeof asNode}`);
    // `__copy__` takes `[values, asNode]` pairs, each an update of its own; other values are ignored (LangGraph.js).
    if (asNode === "__copy__") {
      const pairs = Array.isArray(values) && values.length > 0 && values.every((p) => Array.isArray(p) && p.length === 2);
      if (!pairs) return { values: null, asNode };
      return { values: await Promise.all(values.map(async ([v, n]) => [(await this.#plainStateUpdate({ values: v, asNode: n })).values, n])), asNode };
    }
    // A Command is written as asNode returning it: its update, and its goto as routes.
    const goto = isCommand(values) ? gotoList(values.goto) : undefined;
    if (goto) values = values.update ?? undefined;
    // Checked as the update of a node (LangGraph.js runs it through asNode's writers).
    if (this.builder.check && values != null) values = await checkOutput(this.builder.check.key, values);
    return { values: values === undefined ? null : plainUpdate(values, "values"), asNode: asNode ?? null, goto };
  }

  /** Mermaid source, as LangGraph's `getGraph().drawMermaid(params)`. */
  drawMermaid(params) {
    return this.getGraph().drawMermaid(params);
  }

  /**
   * LangGraph.js's drawable Graph: `nodes`, `edges`, `firstNode`, `lastNode`,
   * `drawMermaid`, `toJSON`; with `xray` (true, or how many levels), subgraph nodes
   * drawn as their graphs.
   */
  getGraph(config) {
    const { interruptBefore = [], interruptAfter = [] } = this.options;
    const metadataOf = (id) => {
      // As LangGraph.js marks breakpoints (a "*" marks none there either).
      const [before, after] = [interruptBefore.includes(id), interruptAfter.includes(id)];
      const metadata = this.builder.nodes?.[id]?.metadata;
      if (!before && !after) return metadata;
      return { ...metadata, __interrupt: before && after ? "before,after" : before ? "before" : "after" };
    };
    const view = graphView(this.graph.graphShape(), metadataOf);
    const xray = config?.xray;
    if (!xray) return view;
    const subgraphOf = (id) => (this.builder.nodes?.[id]?.fn instanceof CompiledStateGraph ? this.builder.nodes[id].fn : undefined);
    return withXray(view, xray, subgraphOf, (sub, deeper) => sub.getGraph({ ...config, xray: deeper }));
  }

  async getGraphAsync(config) {
    return this.getGraph(config);
  }

  /**
   * `[name, graph]` for each node that is a compiled graph (names joined by
   * "|" when `recurse`); with `namespace`, just that subgraph, as LangGraph.js.
   */
  *getSubgraphs(namespace, recurse) {
    for (const [name, node] of Object.entries(this.builder.nodes ?? {})) {
      if (!(node.fn instanceof CompiledStateGraph)) continue;
      if (namespace !== undefined && namespace !== name && !namespace.startsWith(`${name}|`)) continue;
      if (name === namespace) return yield [name, node.fn];
      if (namespace === undefined) yield [name, node.fn];
      if (!recurse) continue;
      for (const [sub, graph] of node.fn.getSubgraphs(namespace?.slice(name.length + 1), recurse)) {
        yield [`${name}|${sub}`, graph];
        if (namespace !== undefined) return;
      }
    }
  }

  async *getSubgraphsAsync(namespace, recurse) {
    yield* this.getSubgraphs(namespace, recurse);
  }

  /** Forgets this graph's cached node results (the whole cache it was compiled with). */
  async clearCache() {
    await this.options.cache?.clear();
  }

  /** The document this graph was built from (or a document of its builder). */
  toJSON() {
    return this.builder.toJSON();
  }

  /** Problems compile tolerated (e.g. nodes with no path to END). */
  get warnings() {
    return this.graph.warnings;
  }
}

// A runnable to LangChain, as LangGraph.js's.
runnableToLangChain(CompiledStateGraph);
