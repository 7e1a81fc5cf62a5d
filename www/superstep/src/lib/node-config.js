// What a node gets as `config` (LangGraph.js's keys, read from the engine's task on
// demand), and `interrupt()` on a task, which the config and the free function share.
import { GraphInterrupt, typedError } from "./types.js";
import { toPlain } from "./values.js";
import { PROTOCOL_RUN } from "./tokens.js";
import { EVENTS_V2 } from "./events-v2.js";
import { stopSignal } from "./stop-signal.js";
import { parseResume, responseJsonSchema } from "./response-schema.js";
import { runMetadata } from "./run-args.js";

/** Asks task `rt` for a value (see `interrupt()` in runtime.js): throws to pause, returns the answer once resumed. */
export function doInterrupt(rt, value, options) {
  const schema = options?.responseSchema;
  let r;
  try {
    const asked = responseJsonSchema(schema);
    r = rt.interrupt(toPlain(value, "interrupt value"), asked === undefined ? undefined : toPlain(asked, "responseSchema"));
  } catch (e) {
    throw typedError(e);
  }
  if (!r.resumed) throw new GraphInterrupt(r.interrupts);
  try {
    return parseResume(schema, r.value);
  } catch (e) {
    rt.refuseAnswer();
    throw e;
  }
}

/** A run's configurable without the marks `streamEvents` v2 and v3 leave in it. */
function withoutProtocolMark(c) {
  if (!c || !(PROTOCOL_RUN in c || EVENTS_V2 in c)) return c;
  const { [PROTOCOL_RUN]: _, [EVENTS_V2]: __, ...rest } = c;
  return rest;
}

/**
 * Marks a node's config and its `configurable` with the node's task. A symbol
 * key survives object spread and is left out of JSON, so a copy such as
 * `{ ...config, configurable: { ...config.configurable, k } }` still names it.
 */
const TASK = Symbol("superstep.task");

/** What a node gets as `config`; fields are read from the runtime on demand. */
export class NodeConfig {
  #rt;
  #input;
  #configurable;
  #metadata;
  #executionInfo;
  constructor(rt, input) {
    this.#rt = rt;
    this.#input = input;
    this[TASK] = rt;
  }
  /** The run's configurable (its live values as given), with the task's `checkpoint_ns` as in LangGraph.js. */
  get configurable() {
    if (this.#configurable) return this.#configurable;
    const rt = this.#rt;
    const c = { ...withoutProtocolMark(rt.configurable()), ...rt.host()?.live, checkpoint_map: rt.checkpointMap(), checkpoint_ns: rt.checkpointNs() };
    c[TASK] = this.#rt;
    return (this.#configurable = c);
  }
  /** The run's `context`; undefined when the run has none (as LangGraph.js). */
  get context() {
    return this.#rt.host()?.context ?? undefined;
  }
  /**
   * As LangGraph.js gives it, in its order (the thread's id only where there is
   * one), with the node's own `metadata` (and that of the nodes whose subgraph
   * it runs in) last, over the rest.
   */
  get metadata() {
    if (this.#metadata) return this.#metadata;
    const rt = this.#rt;
    const ns = rt.checkpointNs();
    return (this.#metadata = Object.assign(runMetadata(rt.host()?.metadata, rt.configurable()), {
      langgraph_step: rt.step(),
      langgraph_node: rt.node(),
      langgraph_triggers: rt.triggers(),
      langgraph_path: pathOf(rt.path()),
      langgraph_checkpoint_ns: ns,
      checkpoint_ns: ns,
      ...rt.nodeMetadata(),
    }));
  }
  /**
   * An `AbortSignal` for `fetch` and the like (see stop-signal.js); under a
   * `timeout`, the attempt's, which a timeout aborts too.
   */
  get signal() {
    return this.#rt.attempt?.signal ?? stopSignal(this.#rt);
  }
  /**
   * The run's LangChain callbacks (the invoke config's), which a chat model or
   * tool called with this config reports to; while messages stream, an own
   * `callbacks` with the stream's handler besides shadows this.
   */
  get callbacks() {
    return this.#rt.taskRun?.callbacks;
  }
  /** The node's name, as LangGraph.js names the node's run when no callbacks run. */
  get runName() {
    return this.callbacks === undefined ? this.#rt.node() : undefined;
  }
  get remainingSteps() {
    return this.#rt.remainingSteps();
  }
  /** Where and how the task runs, as LangGraph.js's `executionInfo` (its keys, in its order). */
  get executionInfo() {
    if (this.#executionInfo) return this.#executionInfo;
    const [checkpointId, nodeAttempt, first] = this.#rt.executionInfo();
    const ns = this.#rt.checkpointNs();
    return (this.#executionInfo = {
      checkpointId,
      checkpointNs: ns,
      taskId: taskIdOf(ns),
      threadId: this.configurable?.thread_id,
      runId: undefined,
      nodeAttempt,
      // A node that may retry has its first attempt timed by the engine; one that
      // cannot has one attempt, timed here (no clock read per call for the rest).
      nodeFirstAttemptTime: first ?? Date.now(),
    });
  }
  /** The run's tags (the invoke config's), as LangChain passes them on to what the node calls. */
  get tags() {
    return [...(this.#rt.host()?.tags ?? [])];
  }
  /** The run's recursion limit; a graph invoked in the node runs under it unless the call sets its own. */
  get recursionLimit() {
    return this.#rt.recursionLimit();
  }
  /** The run's `RunControl` (the invoke config's, else one of its own): `requestDrain()` stops it at the next superstep. */
  get control() {
    return this.#rt.control();
  }
  /** The run's long-term memory store (`compile({ store })`, or the invoke config's), if any. */
  get store() {
    return this.#rt.store();
  }
  /** `interrupt()` that keeps working after an `await` (bound, so it can be passed around). */
  interrupt = (value, options) => doInterrupt(this.#rt, value, options);
  /** Emits a `custom` stream event; an attempt abandoned after its timeout writes nothing. */
  writer = (value) => {
    const attempt = this.#rt.attempt;
    if (attempt && !attempt.active) return;
    attempt?.progress();
    this.#rt.write(toPlain(value, "custom event"));
  };
  /** Progress, for a node's `idleTimeout` (a no-op without one); made on use, bound. */
  get heartbeat() {
    const rt = this.#rt;
    return () => rt.attempt?.heartbeat();
  }

  /** The task a node's `config` belongs to (a graph invoked with it is that task's subgraph). */
  static runtimeOf(config) {
    if (config instanceof NodeConfig) return (config[SELF] ?? config).#rt;
    // A copy of a node's config names its task while the task runs.
    const rt = config?.[TASK] ?? config?.configurable?.[TASK];
    return rt && !rt.closed ? rt : null;
  }

  static inputOf(config) {
    return config instanceof NodeConfig ? (config[SELF] ?? config).#input : undefined;
  }
}

/**
 * The config a node gets. LangGraph.js's has these keys as its own, and LangChain
 * copies a config by its entries (a tool or a model called with it, as a spread
 * does): a proxy shows them as own, still made when read (own accessors on each
 * config would cost microseconds per task). `config[SELF]` is the config itself.
 */
const OWN_KEYS = ["configurable", "metadata", "tags", "signal", "recursionLimit", "executionInfo", "control"];
/** Keys LangGraph.js's config has only when they hold something: the run's context and store. */
const OWN_IF_SET = ["context", "store"];
const SELF = Symbol("superstep.nodeConfig");
const OWN_KEYS_SHOWN = {
  get: (config, key) => (key === SELF ? config : Reflect.get(config, key)),
  ownKeys(config) {
    const keys = Reflect.ownKeys(config);
    for (const k of OWN_KEYS) if (!keys.includes(k)) keys.push(k);
    for (const k of OWN_IF_SET) if (!keys.includes(k) && config[k] !== undefined) keys.push(k);
    if (!keys.includes("callbacks")) keys.push(config.callbacks === undefined ? "runName" : "callbacks");
    return keys;
  },
  getOwnPropertyDescriptor(config, key) {
    const own = Reflect.getOwnPropertyDescriptor(config, key);
    const shown =
      OWN_KEYS.includes(key) ||
      (OWN_IF_SET.includes(key) && config[key] !== undefined) ||
      (key === "runName" && config.callbacks === undefined) ||
      (key === "callbacks" && config.callbacks !== undefined);
    return own || !shown ? own : { value: config[key], writable: true, enumerable: true, configurable: true };
  },
};
export const nodeConfig = (rt, input) => new Proxy(new NodeConfig(rt, input), OWN_KEYS_SHOWN);

/** A task's id: the last element of its checkpoint namespace is `node:<task id>`. */
export const taskIdOf = (ns) => ns.slice(ns.lastIndexOf(":") + 1);

/** A task's path as LangGraph.js gives it: `["__pregel_pull", node]`, or `["__pregel_push", index, false]` for a Send's. */
function pathOf(path) {
  const bar = path.indexOf("|");
  const [kind, key] = [path.slice(0, bar), path.slice(bar + 1)];
  return kind === "__pregel_push" ? [kind, Number(key), false] : [kind, key];
}
