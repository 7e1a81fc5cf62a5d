// LangChain callbacks a run is given (`config.callbacks`: a list of handlers, or
// LangChain's callback manager) hear of the graph and each of its node tasks as
// chain runs, as LangGraph.js reports them: the graph's run, each task's run
// under it (its `graph:step:N` tag and LangGraph metadata), and what a node calls
// with its config (a chat model, a tool) under the task's run. A manager is driven
// through its own API, so LangChain's rules (tracers, `awaitHandlers`, ignored
// kinds) hold; a plain list gets the chain callbacks directly, and what nodes call
// reports to it as runs of their own. `superstep/langchain` hands over LangChain's
// CallbackManager, which then makes a manager of a list (and of the environment's
// tracing, as LangChain does), so everything nests.
import * as wasm from "../../wasm/superstep_wasm.js";
import { uuid } from "./messages.js";
import { INTERRUPT } from "./types.js";
import { runMetadata } from "./run-args.js";
import { useAIMessageChunk } from "./tokens.js";

/** An invoke's output as the graph's run ends with it: its state, without a pause's interrupts. */
function withoutInterrupts(out) {
  if (out === null || typeof out !== "object" || !(INTERRUPT in out)) return out;
  const { [INTERRUPT]: _, ...values } = out;
  return values;
}

let Manager = null;
let RunManager = null;

/**
 * LangChain's CallbackManager class and its CallbackManagerForChainRun, from
 * `superstep/langchain` (a chain run's manager is then made at once, so a run that
 * ends at once still reports its end before the next run's start).
 */
export function useCallbackManager(manager, runManager, aiMessageChunk) {
  Manager = manager;
  RunManager = runManager ?? null;
  if (aiMessageChunk) useAIMessageChunk(aiMessageChunk);
}

/**
 * With LangChain's CallbackManager (`superstep/langchain`), a manager of `handler`
 * whose parent is the task run `parentRunId`, as a node's callbacks are in
 * LangGraph.js: LangChain's `dispatchCustomEvent` needs that parent. Null without.
 */
export function managerUnder(parentRunId, handler) {
  if (!Manager) return null;
  const manager = new Manager(parentRunId);
  manager.setHandlers([handler], true);
  return manager;
}

/**
 * Runs under way: while none are, nodes skip looking for one (a wasm call per
 * task), and the engine's subgraph nodes skip reporting (see `subgraphNode`).
 */
let open = 0;
export const anyGraphRun = () => open > 0;
const opened = () => open++ === 0 && wasm.setSubgraphRunsActive(true);
const closed = () => --open === 0 && wasm.setSubgraphRunsActive(false);

const GRAPH = { lc: 1, type: "not_implemented", id: ["langgraph", "pregel", "CompiledStateGraph"] };
const TASK = { lc: 1, type: "not_implemented", id: ["langgraph", "RunnableCallable"] };
const ROUTER = { lc: 1, type: "not_implemented", id: ["langchain_core", "runnables", "RunnableLambda"] };
/** How many ended runs a graph's run keeps by namespace, for the routers that run after their node (see `router`). */
const ENDED_KEPT = 256;

/**
 * The graph's chain run for a call's `config` (null when it has no callbacks):
 * started now, with the run's tags and LangGraph's metadata over the call's, and,
 * as in LangChain, the config's `runName` and `runId` if it gives them.
 */
export function startGraphRun(config, name, input) {
  // Without LangChain's CallbackManager, only the config's own callbacks make a run.
  if (config?.callbacks == null && !Manager) return null;
  config ??= {};
  const given = config.callbacks ?? undefined;
  const metadata = runMetadata(config.metadata, config.configurable);
  let manager;
  if (Manager) manager = Manager.configure(given, undefined, config.tags, undefined, metadata);
  else if (Array.isArray(given) ? given.length > 0 : isManager(given)) {
    manager = Array.isArray(given) ? new Handlers(undefined, given) : given.copy();
    manager.addTags(config.tags ?? []);
    manager.addMetadata(metadata);
  }
  if (!manager) return null;
  opened();
  return new ChainRun(manager, GRAPH, input, config.runName ?? name, config.runId);
}

const isManager = (c) => !!c && typeof c.handleChainStart === "function" && Array.isArray(c.inheritableHandlers) && typeof c.copy === "function";

/**
 * One chain run: started when made; `end`/`error` once. The graph's run starts its
 * tasks' runs (`task`), each under the run of the task whose checkpoint namespace
 * holds its own (a graph invoked in a node runs its tasks under the node's), else
 * under the graph's.
 */
class ChainRun {
  #manager;
  /** What reports the run's end: the run's manager (or a promise of it), or a plain list's reporter. */
  #reporter;
  #done = false;
  #callbacks;
  #tasks = new Set();
  #parent = null;
  /** The graph's runs of open tasks, by checkpoint namespace. */
  #byNamespace = new Map();
  /** The graph's runs that ended last, by checkpoint namespace (a few). */
  #ended = new Map();
  #namespace;
  #shadowed;
  /** A router's run, which ends with `{ output }` as LangChain's lambdas do. */
  #lambda = false;
  /** A routed node's task run waiting for its router's: `{ output }` to end with (see `hold`). */
  #held = null;
  /** A router's run: the held task run it ends with it. */
  #releases = null;
  constructor(manager, serialized, input, name, runId = uuid()) {
    this.#manager = manager;
    this.runId = runId;
    const started = manager.handleChainStart(serialized, input, this.runId, undefined, undefined, undefined, name);
    if (manager instanceof Handlers) this.#reporter = started;
    else if (RunManager && typeof manager.getParentRunId === "function") {
      const m = manager;
      this.#reporter = new RunManager(runId, m.handlers, m.inheritableHandlers, m.tags, m.inheritableTags, m.metadata, m.inheritableMetadata, m.getParentRunId());
      Promise.resolve(started).catch(() => {});
    } else this.#reporter = Promise.resolve(started).catch(() => null);
  }
  /** A node task's run, by its LangGraph `metadata` (passed on), tagged with its step (not passed on). */
  task(name, input, metadata) {
    const ns = metadata.langgraph_checkpoint_ns;
    return this.#under(this.#enclosing(ns), childOf, TASK, input, name, ns, [`graph:step:${metadata.langgraph_step}`], metadata);
  }
  /**
   * The run of a graph this task's node invokes, as LangGraph.js reports it: under
   * the task's run, or under the LangChain run whose config the call was given (a
   * tool's, when a tool the node calls invokes it), and over the tasks the graph runs.
   */
  graph(name, input, callbacks) {
    const within = isManager(callbacks) ? callbacks.getParentRunId?.() : undefined;
    const managerOf = within ? (m, _runId, tags, metadata) => childOf(m, within, tags, metadata) : childOf;
    return this.#under(this, managerOf, GRAPH, input, name, this.#namespace);
  }
  /**
   * A router's run, as LangGraph.js reports it (LangChain's `RunnableLambda`, its
   * output as `{ output }`): under the run of its node's task, held open for it
   * (see `hold`), or just ended (a graph document's node, whose routers may not be
   * JS); none for a router from START, whose task is hidden there.
   */
  router(input, metadata) {
    const ns = metadata.langgraph_checkpoint_ns;
    const task = this.#byNamespace.get(ns) ?? this.#ended.get(ns);
    if (!task) return undefined;
    opened();
    const run = new ChainRun(childOf(task.#manager, task.runId, [], metadata), ROUTER, { ...input }, "RunnableLambda");
    run.#lambda = true;
    if (task.#held && !task.#done) run.#releases = task;
    return run;
  }
  /**
   * The node's call has settled with `output`, and its router is still to run: as in
   * LangGraph.js, where the router is part of the task, the run ends after the router's
   * (with its error, if it fails), or with the graph's if the router never runs.
   */
  hold(output) {
    this.#held = { output };
  }
  /** The open run whose namespace holds `ns` most closely (the graph's own if none). */
  #enclosing(ns) {
    for (let at = ns.lastIndexOf("|"); at > 0; at = ns.lastIndexOf("|", at - 1)) {
      const run = this.#byNamespace.get(ns.slice(0, at));
      if (run) return run;
    }
    return this;
  }
  #under(parent, managerOf, serialized, input, name, ns, tags, metadata) {
    const run = new ChainRun(managerOf(parent.#manager, parent.runId, tags, metadata), serialized, input, name);
    opened();
    parent.#tasks.add(run);
    run.#parent = parent;
    run.#byNamespace = this.#byNamespace;
    run.#ended = this.#ended;
    run.#namespace = ns;
    run.#shadowed = this.#byNamespace.get(ns);
    this.#byNamespace.set(ns, run);
    return run;
  }
  /** The run id of the graph running at checkpoint namespace `ns` (a nested graph's registers there over its task's); this run's at the root. */
  graphRunIdAt(ns) {
    return (ns && this.#byNamespace.get(ns)?.runId) || this.runId;
  }
  /** What the run's children report to: a callback manager under it, or the plain handlers. */
  get callbacks() {
    if (this.#callbacks === undefined) {
      const child = childOf(this.#manager, this.runId);
      this.#callbacks = child instanceof Handlers ? child.handlers : child;
    }
    return this.#callbacks;
  }
  end(output) {
    const out = this.#lambda && (output === null || typeof output !== "object" || Array.isArray(output)) ? { output } : output;
    this.#finish((run) => run?.handleChainEnd(out));
    this.#releases?.end(this.#releases.#held.output);
  }
  /** `p`, a graph's run, with this run ending as it settles: with its state (a pause's interrupts are the caller's alone). */
  settledBy(p) {
    return p.then(
      (out) => (this.end(withoutInterrupts(out)), out),
      (e) => (this.error(e), Promise.reject(e)),
    );
  }
  error(e) {
    this.#finish((run) => run?.handleChainError(e));
    this.#releases?.error(e);
  }
  #finish(report) {
    if (this.#done) return;
    this.#done = true;
    closed();
    this.#parent?.#tasks.delete(this);
    // A nested graph's run gives its namespace back to its task's.
    if (this.#namespace !== undefined && this.#byNamespace.get(this.#namespace) === this) {
      if (this.#shadowed) this.#byNamespace.set(this.#namespace, this.#shadowed);
      else this.#byNamespace.delete(this.#namespace);
    }
    if (this.#namespace !== undefined) {
      this.#ended.delete(this.#namespace);
      this.#ended.set(this.#namespace, this);
      if (this.#ended.size > ENDED_KEPT) this.#ended.delete(this.#ended.keys().next().value);
    }
    // A task the run stopped (a sibling failed, the run was cancelled) never settles: it ends cancelled.
    // (A routed node's run whose router did not run ends with the node's output.)
    for (const task of this.#tasks) {
      if (task.#held) task.end(task.#held.output);
      else task.error(Object.assign(new Error("The task was cancelled"), { name: "AbortError" }));
    }
    const r = this.#reporter;
    if (r instanceof Promise) r.then(report).catch(() => {});
    else Promise.resolve(report(r)).catch(() => {});
  }
}

/** A callback manager for the children of run `runId` under `m`: `tags` theirs alone, `metadata` passed on. */
function childOf(m, runId, tags = [], metadata = {}) {
  const child = new m.constructor(runId);
  child.setHandlers(m.inheritableHandlers);
  child.addTags(tags, false);
  child.addTags(m.inheritableTags);
  child.addMetadata({ ...m.inheritableMetadata, ...metadata });
  return child;
}

/** A plain list of handlers, shaped as LangChain's callback manager for the chain runs above. */
class Handlers {
  tags = [];
  inheritableTags = [];
  metadata = {};
  inheritableMetadata = {};
  constructor(parentRunId, handlers = []) {
    this.parentRunId = parentRunId;
    this.handlers = handlers;
    this.inheritableHandlers = handlers;
  }
  setHandlers(handlers) {
    this.handlers = handlers;
    this.inheritableHandlers = handlers;
  }
  addTags(tags, inherit = true) {
    this.tags = [...this.tags, ...tags];
    if (inherit) this.inheritableTags = [...this.inheritableTags, ...tags];
  }
  addMetadata(metadata) {
    this.metadata = { ...this.metadata, ...metadata };
    this.inheritableMetadata = { ...this.inheritableMetadata, ...metadata };
  }
  handleChainStart(serialized, input, runId, _runType, _tags, _metadata, name) {
    const { handlers, parentRunId, tags, metadata } = this;
    const call = (method, args) => {
      for (const h of handlers) {
        if (h.ignoreChain || typeof h[method] !== "function") continue;
        // A handler's failure is its own, as in LangChain: a warning, the run goes on.
        const warn = (e) => console.warn(`Error in handler ${h.constructor?.name}, ${method}: ${e}`);
        try {
          Promise.resolve(h[method](...args)).catch(warn);
        } catch (e) {
          warn(e);
        }
      }
    };
    call("handleChainStart", [serialized, input, runId, parentRunId, tags, metadata, undefined, name]);
    return {
      handleChainEnd: (output) => call("handleChainEnd", [output, runId, parentRunId, tags]),
      handleChainError: (e) => call("handleChainError", [e, runId, parentRunId, tags]),
    };
  }
}
