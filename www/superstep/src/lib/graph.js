// StateGraph (the builder) and CompiledStateGraph (invoke, stream, state),
// shaped like LangGraph.js. The engine does the work; this only translates.
import * as wasm from "../../wasm/superstep_wasm.js";
import { requireEngine } from "./engine.js";
import { builtinReducer } from "./builtin-reducers.js";
import { currentRuntime, gotoList, nodeErrors, reducerErrors, wrapBatchReducer, wrapErrorHandler, wrapNode, wrapReducer, wrapRouter } from "./runtime.js";
import { NodeConfig } from "./node-config.js";
import {
  END, START, GraphInterrupt, GraphValidationError, ParentCommand, channelOf, isCommand, isInterrupted, typedError,
} from "./types.js";
import { andThen, chunksIfStreamed, jsonFault, plainUpdate, toPlain } from "./values.js";
import { checkContext, checkInput, checkOutput, schemaOf, schemaValidator, stateInit } from "./schema.js";
import { streamEventsOf } from "./events.js";
import { EVENT_STREAM, eventStreamOf } from "./event-stream.js";
import { cancellable, readableOf } from "./readable.js";
import { chunkOf, snapshot } from "./shapes.js";
import { configArg, describe, inputArg, mergeConfigs, nestedCall, wasmErrorLike } from "./run-args.js";
import { timeoutPolicy, withRunTimeout } from "./timeout.js";
import { defaultRetryOn, engineRetryPolicy } from "./retry.js";
import { Stepper } from "./stepper.js";
import { graphView, withXray } from "./graph-view.js";
import { DocumentGraph, documentOf } from "./document-graph.js";
import { finalizer } from "./finalizer.js";
import { historyLimit, requestThreadLock, saverId, threadLockName, threadLocked, withThreadLock } from "./savers.js";
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

/** LangGraph.js's names for the nodes its `errorHandler` options add. */
const DEFAULT_ERROR_HANDLER = "__default_error_handler__";
const errorHandlerName = (node) => `__error_handler__${node}`;

function checkErrorHandler(handler, where) {
  if (handler !== undefined && typeof handler !== "function") throw wasmErrorLike("GraphValidationError", `${where}: \`errorHandler\` must be a function, got ${describe(handler)}.`);
}

export class StateGraph {
  constructor(schema, options) {
    // Records by name, as LangGraph.js keeps them (no prototype: any name is a plain key).
    this.channels = Object.create(null);
    this.stateKeys = [];
    this.inputKeys = null;
    this.outputKeys = null;
    this.nodes = Object.create(null);
    this.edges = [];
    this.joins = [];
    this.branches = [];
    this.nodeDefaults = {};
    const { state, input, output, context } = stateInit(schema, options);
    this.contextSchema = context;
    if (state) this.declare(schemaOf(state), true);
    if (input) this.inputKeys = this.declare(schemaOf(input), !state);
    if (output) this.outputKeys = this.declare(schemaOf(output), !state);
    // StateSchema and zod fields check every update, and the input (against its own schema if it has one).
    this.check = schemaValidator(state ?? input);
    this.checkInput = (input && schemaValidator(input)) || this.check;
  }

  declare(spec, inState) {
    const keys = Object.keys(spec);
    for (const k of keys) {
      const ch = channelOf(spec[k]);
      if (ch.reducer != null && typeof ch.reducer !== "function") {
        throw wasmErrorLike("GraphValidationError", `The reducer of \`${k}\` must be a function, got ${describe(ch.reducer)}.`);
      }
      const have = this.channels[k];
      if (!have || (!have.reducer && ch.reducer)) this.channels[k] = ch;
      if (inState && !this.stateKeys.includes(k)) this.stateKeys.push(k);
    }
    return keys;
  }

  addNode(name, fn, options) {
    options ??= {};
    const many = typeof name === "object" && name !== null;
    if (many && (Array.isArray(name) ? name : Object.keys(name)).length === 0) throw wasmErrorLike("GraphValidationError", "No nodes provided in `addNode`");
    if (many && !Array.isArray(name)) {
      for (const [n, f] of Object.entries(name)) this.addNode(n, f);
      return this;
    }
    if (Array.isArray(name)) {
      for (const entry of name) {
        if (!Array.isArray(entry)) throw wasmErrorLike("GraphValidationError", `addNode([...]) takes [name, function, options?] entries, got ${describe(entry)}.`);
        this.addNode(...entry);
      }
      return this;
    }
    if (typeof name !== "string") throw wasmErrorLike("GraphValidationError", `A node name must be a string, got ${describe(name)}.`);
    if (typeof fn !== "function" && typeof fn?.invoke !== "function") {
      throw wasmErrorLike("GraphValidationError", `Node \`${name}\`: expected a function or a compiled graph, got ${describe(fn)}.`);
    }
    // Checked here, as LangGraph.js does, rather than at compile(); its messages.
    for (const c of ["|", ":"]) if (name.includes(c)) throw wasmErrorLike("GraphValidationError", `"${c}" is a reserved character and is not allowed in node names.`);
    if (name in this.nodes) throw wasmErrorLike("GraphValidationError", `Node \`${name}\` already present.`);
    if (name === START || name === END) throw wasmErrorLike("GraphValidationError", `Node \`${name}\` is reserved.`);
    if (name in this.channels) {
      throw wasmErrorLike("GraphValidationError", `${name} is already being used as a state attribute (a.k.a. a channel), cannot also be used as a node name.`);
    }
    checkErrorHandler(options.errorHandler, `Node \`${name}\``);
    const timeout = timeoutPolicy(options.timeout, `Node \`${name}\``);
    // A compiled graph as a node runs inside the engine, where no JS timer can stop it.
    if (timeout && fn instanceof CompiledStateGraph) throw wasmErrorLike("GraphValidationError", `Node \`${name}\`: a subgraph node cannot take a \`timeout\`; call the subgraph from a function node instead.`);
    const input = options.input ? this.declare(schemaOf(options.input), false) : undefined;
    let errorHandler;
    if (options.errorHandler) {
      // As LangGraph.js: a node of its own, added before the node it handles.
      errorHandler = errorHandlerName(name);
      if (errorHandler in this.nodes) throw wasmErrorLike("GraphValidationError", `Cannot add error handler to node \`${name}\`: the reserved name \`${errorHandler}\` is already in use.`);
      this.nodes[errorHandler] = { fn: options.errorHandler, input, isErrorHandler: true };
    }
    this.nodes[name] = { fn, input, ends: options.ends, cachePolicy: options.cachePolicy, retryPolicy: options.retryPolicy, timeout, defer: !!options.defer, metadata: options.metadata, errorHandler };
    return this;
  }

  addEdge(from, to) {
    // As LangGraph.js, at once and in its words; a waiting edge's nodes must exist already.
    const invalid = (message) => wasmErrorLike("GraphValidationError", message);
    if (Array.isArray(from)) {
      for (const name of from) {
        if (name === END) throw invalid("END cannot be a start node");
        if (!(name in this.nodes)) throw invalid(`Need to add a node named "${String(name)}" first`);
      }
      if (to === END) throw invalid("END cannot be an end node");
      if (!(to in this.nodes)) throw invalid(`Need to add a node named "${String(to)}" first`);
      this.joins.push([from, to]);
      return this;
    }
    if (from === END) throw invalid("END cannot be a start node");
    if (to === START) throw invalid("START cannot be an end node");
    // Names only: anything else would reach the engine as a malformed spec, far from here.
    for (const name of [from, to]) if (typeof name !== "string") throw invalid(`addEdge takes node names (strings), got ${describe(name)}`);
    this.edges.push([from, to]);
    return this;
  }

  /** `[sources, target]` of each waiting edge (`addEdge([a, b], c)`), as LangGraph.js lists them. */
  get waitingEdges() {
    return new Set(this.joins.map(([from, to]) => [[...from], to]));
  }

  /** Every edge as `[from, to]`, a waiting edge's sources one by one. */
  get allEdges() {
    return new Set([...this.edges.map(([from, to]) => [from, to]), ...this.joins.flatMap(([from, to]) => from.map((f) => [f, to]))]);
  }

  /** Throws what `compile()` would throw of this graph (given these `interruptBefore` nodes). */
  validate(interrupt) {
    this.compile({ interruptBefore: interrupt });
  }

  addConditionalEdges(source, router, pathMap) {
    if (typeof source === "object" && source !== null) ({ source, path: router, pathMap } = source);
    // A LangChain runnable routes by its invoke, as in LangGraph.js.
    if (typeof router?.invoke === "function" && typeof router !== "function") router = router.invoke.bind(router);
    if (typeof router !== "function") throw wasmErrorLike("GraphValidationError", `The router of \`${String(source)}\` must be a function or a runnable, got ${describe(router)}.`);
    if (typeof source !== "string") throw wasmErrorLike("GraphValidationError", `addConditionalEdges takes a node name (a string) as its source, got ${describe(source)}`);
    if (pathMap != null && typeof pathMap !== "object") throw wasmErrorLike("GraphValidationError", `The path map of \`${source}\` must be an object or a list of node names, got ${describe(pathMap)}.`);
    let map = null;
    if (Array.isArray(pathMap)) map = pathMap.map((t) => [String(t), t]);
    else if (pathMap && typeof pathMap === "object") map = Object.entries(pathMap).map(([k, v]) => [k, v]);
    // As LangGraph.js, whose routers (functions) are all named "condition": one per source.
    if (this.branches.some((b) => b.source === source)) throw wasmErrorLike("GraphValidationError", `Condition \`condition\` already present for node \`${source}\``);
    this.branches.push({ source, router, pathMap: map });
    return this;
  }

  addSequence(nodes) {
    const list = Array.isArray(nodes) ? nodes : Object.entries(nodes);
    if (list.length === 0) throw wasmErrorLike("GraphValidationError", "Sequence requires at least one node.");
    let prev = null;
    for (const [name, fn, opts] of list) {
      if (name in this.nodes) throw wasmErrorLike("GraphValidationError", `Node names must be unique: node with the name "${name}" already exists.`);
      this.addNode(name, fn, opts);
      if (prev) this.addEdge(prev, name);
      prev = name;
    }
    return this;
  }

  /** A graph from a document (object or JSON text); `functions` backs `code` nodes with `fn`. */
  static fromJSON(doc, { functions = {} } = {}) {
    return new DocumentGraph(typeof doc === "string" ? doc : JSON.stringify(doc), functions);
  }

  /** This graph as a document: nodes and routers become `code` references to named functions. */
  toJSON() {
    return documentOf(this);
  }

  /**
   * Graph-wide `retryPolicy`, `cachePolicy` and `timeout`, as LangGraph.js's
   * `setNodeDefaults`: a node's own option wins (`cachePolicy: false` opts
   * out), later calls override earlier ones field by field, and they apply at
   * compile(), so this can come before or after addNode. Subgraphs do not
   * inherit them, and a compiled graph added as a node runs without the
   * default `timeout` (see addNode). The default `errorHandler` serves every
   * node without its own, as one node, `__default_error_handler__`; handlers
   * take no cache policy and handle no handler's failure.
   */
  setNodeDefaults(defaults = {}) {
    checkErrorHandler(defaults.errorHandler, "setNodeDefaults");
    if (defaults.errorHandler !== undefined) this.nodeDefaults.errorHandler = defaults.errorHandler;
    if (defaults.retryPolicy !== undefined) this.nodeDefaults.retryPolicy = defaults.retryPolicy;
    if (defaults.timeout !== undefined) this.nodeDefaults.timeout = timeoutPolicy(defaults.timeout, "setNodeDefaults");
    if (defaults.cachePolicy !== undefined) this.nodeDefaults.cachePolicy = defaults.cachePolicy === true ? {} : defaults.cachePolicy || undefined;
    return this;
  }

  /** Node `name`'s cache policy as compile() applies it (none for an error handler or an unknown node). */
  cachePolicyOf(name) {
    const n = this.nodes[name];
    // A node's `cachePolicy: false` is not nullish, so it keeps the default out.
    return n && !n.isErrorHandler ? n.cachePolicy ?? this.nodeDefaults.cachePolicy : undefined;
  }

  setEntryPoint(node) {
    return this.addEdge(START, node);
  }

  setFinishPoint(node) {
    return this.addEdge(node, END);
  }

  /** `fn` with its updates checked by the state's schema fields, if it has any (see schema.js). */
  checked(fn) {
    const check = this.check;
    if (!check) return fn;
    return (...args) => andThen(fn(...args), (out) => checkOutput(check.key, out));
  }

  /** Plain data and functions for the engine; functions are passed by index. `retryPolicy`: the compiled graph's, for nodes without their own. */
  spec(options = {}, retryPolicy = undefined) {
    const fns = [];
    const fn = (f) => fns.push(f) - 1;
    const channels = Object.entries(this.channels).map(([name, ch]) => {
      const dflt = typeof ch.default === "function" ? ch.default() : ch.default;
      const builtin = builtinReducer(ch, dflt);
      return {
        name,
        reducer: builtin ?? (ch.reducer ? "custom" : "overwrite"),
        reducerFn: ch.reducer && !builtin ? fn((ch.batch ? wrapBatchReducer : wrapReducer)(name, ch.reducer)) : undefined,
        default: dflt === undefined ? undefined : toPlain(dflt, `default of ${name}`),
        untracked: ch.untracked || undefined,
      };
    });
    const defaultHandler = this.nodeDefaults.errorHandler;
    if (defaultHandler && DEFAULT_ERROR_HANDLER in this.nodes) {
      throw wasmErrorLike("GraphValidationError", `Cannot apply a default error handler: the reserved node name \`${DEFAULT_ERROR_HANDLER}\` is already in use.`);
    }
    const all = Object.entries(this.nodes);
    if (defaultHandler) all.push([DEFAULT_ERROR_HANDLER, { fn: defaultHandler, isErrorHandler: true }]);
    const nodes = all.map(([name, n]) => {
      const sub = n.fn instanceof CompiledStateGraph ? n.fn : null;
      const timeout = n.timeout ?? this.nodeDefaults.timeout;
      const r = n.retryPolicy ?? this.nodeDefaults.retryPolicy ?? retryPolicy;
      const retry = r ? engineRetryPolicy(r) : undefined;
      if (n.isErrorHandler) return { name, fnIndex: fn(wrapErrorHandler(name, this.checked(n.fn), r && (r.retryOn ?? defaultRetryOn), timeout)), input: n.input, ends: [], retry, metadata: null };
      const policy = this.cachePolicyOf(name);
      const cache = policy ? { ttl: policy.ttl, keyFn: policy.keyFunc ? fn((input) => String(policy.keyFunc([input]))) : undefined } : undefined;
      const errorHandler = n.errorHandler ?? (defaultHandler ? DEFAULT_ERROR_HANDLER : undefined);
      return {
        name,
        errorHandler,
        fnIndex: sub ? undefined : fn(wrapNode(name, this.checked(typeof n.fn === "function" ? n.fn : n.fn.invoke.bind(n.fn)), r && (r.retryOn ?? defaultRetryOn), timeout, !!errorHandler)),
        subgraph: sub ? sub.graph.id : undefined,
        input: n.input,
        ends: n.ends ?? [],
        cache,
        defer: n.defer,
        retry,
        metadata: n.metadata ?? null,
      };
    });
    const branches = this.branches.map((b) => ({ source: b.source, fnIndex: fn(wrapRouter(b.source, b.router)), pathMap: b.pathMap }));
    return [{ name: options.name, channels, stateKeys: this.stateKeys, input: this.inputKeys, output: this.outputKeys, nodes, edges: this.edges, joins: this.joins, branches, options }, fns];
  }

  compile(compileOptions) {
    const [graph, options] = this.compileEngine(compileOptions);
    return new CompiledStateGraph(graph, this, options);
  }

  /** The engine's graph for `compile(compileOptions)`, and the options its wrapper keeps. */
  compileEngine(compileOptions) {
    const { checkpointer, interruptBefore, interruptAfter, cache, store, name, description, retryPolicy, [INLINE_START]: inlineStart } = compileOptions ?? {};
    const options = {
      inlineStart: inlineStart === true,
      saver: saverId(checkpointer),
      checkpointing: checkpointer === true ? "perThread" : checkpointer === false ? "disabled" : undefined,
      cache: cache ? cache.id : undefined,
      interruptBefore: interruptBefore === "*" ? ["*"] : interruptBefore ?? [],
      interruptAfter: interruptAfter === "*" ? ["*"] : interruptAfter ?? [],
      name,
    };
    const [spec, fns] = this.spec(options, retryPolicy);
    let graph;
    try {
      requireEngine("compile()");
      graph = wasm.compileGraph(spec, fns);
    } catch (e) {
      // JSON.stringify's own error (a BigInt name, a cycle in a path map) names no path.
      const fault = /^bad graph spec/.test(e?.message) && jsonFault(spec, "graph");
      throw fault ? new GraphValidationError(`bad graph spec: ${fault}`) : typedError(e);
    }
    // `given`: the options as given, which a field set later compiles again with.
    return [graph, { ...options, checkpointer, cache, store, description, retryPolicy, given: compileOptions ?? {} }];
  }
}

/** A compile option of the functional API's graph: the input is START's update at once (no `__start__` step). */
export const INLINE_START = Symbol("superstep.inlineStart");

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
  }

  /** The same graph with `config` as the defaults of every call (recursionLimit, configurable...). */
  withConfig(config) {
    const derived = new CompiledStateGraph(this.graph, this.builder, this.options, mergeConfigs(this.config, config), this.#owner ?? this);
    // LangGraph.js copies its fields too.
    Object.assign(derived, { name: this.name, description: this.description, streamMode: this.streamMode });
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
