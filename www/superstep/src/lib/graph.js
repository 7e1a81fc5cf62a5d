// StateGraph, the builder, shaped like LangGraph.js: it collects nodes, edges and
// channels, and compiles them into the engine's graph (see compiled-graph.js).
import * as wasm from "../../wasm/superstep_wasm.js";
import { requireEngine } from "./engine.js";
import { builtinReducer, listFold } from "./builtin-reducers.js";
import { wrapBatchReducer, wrapErrorHandler, wrapNode, wrapReducer, wrapRouter } from "./runtime.js";
import { END, START, GraphValidationError, channelOf, typedError } from "./types.js";
import { andThen, jsonFault, toPlain } from "./values.js";
import { checkOutput, schemaOf, schemaValidator, stateInit } from "./schema.js";
import { describe, wasmErrorLike } from "./run-args.js";
import { timeoutPolicy } from "./timeout.js";
import { defaultRetryOn, engineRetryPolicy } from "./retry.js";
import { DocumentGraph, documentOf } from "./document-graph.js";
import { saverId } from "./savers.js";
import { CompiledStateGraph } from "./compiled-graph.js";
import { channelOfInstance, isChannelInstance } from "./channels.js";

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
      const ch = isChannelInstance(spec[k]) ? channelOfInstance(k, spec[k]) : channelOf(spec[k]);
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
        fold: builtin ? undefined : listFold(ch),
        default: dflt === undefined ? undefined : toPlain(dflt, `default of ${name}`),
        untracked: ch.untracked || undefined,
      };
    });
    const defaultHandler = this.nodeDefaults.errorHandler;
    if (defaultHandler && DEFAULT_ERROR_HANDLER in this.nodes) {
      throw wasmErrorLike("GraphValidationError", `Cannot apply a default error handler: the reserved node name \`${DEFAULT_ERROR_HANDLER}\` is already in use.`);
    }
    const routed = new Set(this.branches.map((b) => b.source));
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
        fnIndex: sub ? undefined : fn(wrapNode(name, this.checked(typeof n.fn === "function" ? n.fn : n.fn.invoke.bind(n.fn)), r && (r.retryOn ?? defaultRetryOn), timeout, !!errorHandler, routed.has(name))),
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
