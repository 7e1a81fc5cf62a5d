// Graph documents in the package: a graph loaded from one (`StateGraph.fromJSON`),
// which the engine checks and compiles, its `code` nodes and routers JS functions;
// and a StateGraph written as one (`toJSON`).
import * as wasm from "../../wasm/superstep_wasm.js";
import { requireEngine } from "./engine.js";
import { wrapNode, wrapRouter } from "./runtime.js";
import { typedError } from "./types.js";
import { builtinReducer } from "./builtin-reducers.js";
import { toPlain } from "./values.js";
import { saverId } from "./savers.js";
import { CompiledStateGraph } from "./compiled-graph.js";

/** A graph loaded from a document; `compile()` like a StateGraph. */
export class DocumentGraph {
  // Its constructor checks the engine is loaded, so its methods need not.
  constructor(text, functions) {
    this.text = text;
    this.functions = functions;
    let problems;
    try {
      requireEngine("StateGraph.fromJSON()");
      problems = wasm.checkDocument(text);
    } catch (e) {
      throw typedError(e);
    }
    if (problems.length) {
      throw typedError({ __superstepError: true, name: "GraphDocumentError", message: problems.map((p) => `${p.path}: ${p.message}`).join("; "), problems });
    }
  }

  compile(options) {
    const [graph, kept] = this.compileEngine(options);
    return new CompiledStateGraph(graph, this, kept);
  }

  /** The engine's graph for `compile(options)`, and the options its wrapper keeps. */
  compileEngine(options) {
    const { checkpointer, cache, store } = options ?? {};
    const make = (kind, id, code, fnName) => {
      let fn = fnName ? this.functions[fnName] : null;
      if (!fn && code) fn = new Function("state", "config", code);
      if (!fn) return null;
      return kind === "node" ? wrapNode(id, fn) : wrapRouter(id, fn);
    };
    let graph;
    try {
      graph = wasm.compileDocument(this.text, make, saverId(checkpointer), cache ? cache.id : undefined);
    } catch (e) {
      throw typedError(e);
    }
    return [graph, { checkpointer, cache, store, given: options ?? {} }];
  }

  /** Top-level node `name`'s cache policy, as the document gives it. */
  cachePolicyOf(name) {
    this.cachePolicies ??= new Map(JSON.parse(this.text).nodes.map((n) => [n.id, n.cache]));
    return this.cachePolicies.get(name);
  }

  toJSON() {
    return wasm.normalizeDocument(this.text);
  }
}

/** A StateGraph as a document: nodes and routers become `code` references to named functions. */
export function documentOf(graph) {
  const channels = Object.entries(graph.channels).map(([key, ch]) => {
    const dflt = typeof ch.default === "function" ? ch.default() : ch.default;
    return { key, reducer: builtinReducer(ch, dflt) ?? "overwrite", ...(dflt === undefined ? {} : { default: toPlain(dflt) }), ...(graph.stateKeys.includes(key) ? {} : { role: "private" }), ...(ch.untracked ? { untracked: true } : {}) };
  });
  return {
    format: "superstep.graph",
    version: 1,
    name: "graph",
    channels,
    ...(graph.inputKeys ? { input: graph.inputKeys } : {}),
    ...(graph.outputKeys ? { output: graph.outputKeys } : {}),
    // Documents hold no error handlers: their nodes are left out with them.
    nodes: Object.entries(graph.nodes).filter(([, n]) => !n.isErrorHandler).map(([id, n]) => ({ id, kind: "code", fn: id, ...(n.ends?.length ? { ends: n.ends } : {}) })),
    edges: [...graph.edges.map(([from, to]) => ({ from, to })), ...graph.joins.map(([from, to]) => ({ from, to }))],
    routers: graph.branches.map((b) => ({ from: b.source, fn: `router:${b.source}`, ...(b.pathMap ? { paths: Object.fromEntries(b.pathMap) } : {}) })),
  };
}
