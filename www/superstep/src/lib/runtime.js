// Running JS functions inside the engine: the current task (for `interrupt()`
// and nested graph calls), node and router wrappers that never throw, and the
// results the engine reads (a plain update as JSON text, a single route as its
// name, anything else as a tagged object).
import { InvalidUpdateError, NodeError, isCommand, isGraphDrained, isGraphInterrupt, isSend, typedError, END, Command } from "./types.js";
import { andThen, asPlain, isLangChainMessage, lazyState, plainUpdate, toPlain, unmarked } from "./values.js";
import { LC_MESSAGE, asMessage, isMessageOf, uuid } from "./messages.js";
import { PROTOCOL_RUN, tagged, tokenHandler } from "./tokens.js";
import { TOOL_NS, toolHandler } from "./tool-stream.js";
import { NodeConfig, doInterrupt, nodeConfig, taskIdOf } from "./node-config.js";
import { anyGraphRun, managerUnder } from "./callbacks.js";
import { called, keepOutput, reportCall, v2Handler, v2RunOf } from "./events-v2.js";
import { Attempt, timeoutPolicy } from "./timeout.js";
import { forgetStop, stopSignal } from "./stop-signal.js";
import { retrying } from "./retry.js";
import * as wasm from "../../wasm/superstep_wasm.js";

const noop = () => {};

/**
 * A running task, known to the engine by its id; open from the engine's call
 * until the call settles. After that every method throws ("task has finished").
 */
class Task {
  constructor(id, input) {
    this.id = id;
    this.input = input;
    /** The timed attempt this call is, under a node `timeout` (see timeout.js). */
    this.attempt = null;
    /** An error handler's call; a router's call (set by the wrappers; one shape for every task). */
    this.handled = false;
    this.router = false;
    /** A node call whose node has a router: its callbacks run ends after the router's. */
    this.routed = false;
    this.closed = false;
    /** Its `config.signal`'s controller, and what lets go of the run's signal (see stop-signal.js). */
    this.stopper = null;
    this.unlisten = null;
  }
  /** The task's input state (see `lazyState`): first the one the engine made with the call. */
  eager() {
    const input = this.input ?? wasm.taskEager(this.id);
    this.input = undefined;
    return input;
  }
  get(key) {
    return wasm.taskGet(this.id, key);
  }
  close() {
    this.closed = true;
    forgetStop(this);
    const later = this.cacheLater ?? [];
    this.cacheLater = undefined;
    try {
      for (const [name, key, value, ttl] of later) wasm.taskCacheCall(this.id, name, key, value, ttl);
    } catch {
      // A task already closed (an abandoned attempt's) stores nothing.
    }
    wasm.taskClose(this.id);
  }
  step() {
    return wasm.taskStep(this.id);
  }
  node() {
    return wasm.taskNode(this.id);
  }
  triggers() {
    return wasm.taskTriggers(this.id);
  }
  routesChildCommand() {
    return wasm.taskRoutesChildCommand(this.id);
  }
  path() {
    return wasm.taskPath(this.id);
  }
  remainingSteps() {
    return wasm.taskRemainingSteps(this.id);
  }
  recursionLimit() {
    return wasm.taskRecursionLimit(this.id);
  }
  executionInfo() {
    return wasm.taskExecutionInfo(this.id);
  }
  checkpointNs() {
    return wasm.taskCheckpointNs(this.id);
  }
  /** In an error handler: `{ node, message, name, ns }` of the failure it handles. */
  failure() {
    return wasm.taskFailure(this.id);
  }
  configurable() {
    return wasm.taskConfigurable(this.id);
  }
  checkpointMap() {
    return wasm.taskCheckpointMap(this.id);
  }
  callCheckpointNs(index, name) {
    return wasm.taskCallCheckpointNs(this.id, index, name);
  }
  interrupt(value, schema) {
    return wasm.taskInterrupt(this.id, value, schema);
  }
  refuseAnswer() {
    wasm.taskRefuseAnswer(this.id);
  }
  write(value) {
    return wasm.taskWrite(this.id, value);
  }
  pushWrite(key, value) {
    return wasm.taskPushWrite(this.id, key, value);
  }
  signal() {
    return wasm.taskSignal(this.id);
  }
  store() {
    return wasm.taskStore(this.id);
  }
  control() {
    return wasm.taskControl(this.id);
  }
  host() {
    return wasm.taskHost(this.id);
  }
  nodeMetadata() {
    return wasm.taskNodeMetadata(this.id);
  }
  streamsMessages() {
    return (wasm.taskStreams(this.id) & 1) !== 0;
  }
  /** What the run streams from this task through the node's callbacks: 1 messages, 2 tools. */
  streams() {
    return wasm.taskStreams(this.id);
  }
  toolEvent(event) {
    if (!this.closed) wasm.taskToolEvent(this.id, event);
  }
  /** `output`: a message the node returned, which the stream sends once. */
  message(pair, output = false) {
    return wasm.taskMessage(this.id, pair, output);
  }
  beginCall(name, input) {
    return wasm.taskBeginCall(this.id, name, input);
  }
  finishCall(index, name, value, cached = false) {
    wasm.taskFinishCall(this.id, index, name, value, cached);
    // As LangGraph.js streams a call's result: three microtasks after it settles (after the
    // node's code that follows within two awaits), not when the node next calls or ends.
    if (!cached) Promise.resolve().then(noop).then(noop).then(() => this.closed || wasm.taskFlushCalls(this.id));
  }
  /** `[result]` on a cache hit for a call to `name`, else `[]`. */
  cachedCall(name, key) {
    return wasm.taskCachedCall(this.id, name, key);
  }
  /** Caches a call's result when the node's run ends (as LangGraph.js, not before). */
  cacheCall(name, key, value, ttl) {
    (this.cacheLater ??= []).push([name, key, value, ttl]);
  }
  /** `own`: the call's `{ configurable, recursionLimit, outputKeys }`, or undefined. */
  invokeGraph(graphId, input, own) {
    return wasm.taskInvokeGraph(this.id, graphId, input, own);
  }
  streamGraph(graphId, input, own, modes, subgraphs) {
    return wasm.taskStreamGraph(this.id, graphId, input, own, modes, subgraphs);
  }
}

/** The config of the node whose synchronous part is running now. */
let current = null;
/**
 * Where one exists (in Node, LangChain's shared AsyncLocalStorage, which the Node
 * entry sets up if LangChain has not), a node runs inside it, as LangGraph.js runs
 * its nodes: a LangChain model or tool the node calls without a config finds the
 * node's (LangChain's implicit config), and the node's runtime survives `await`
 * (among LangChain's context variables, which the runnables it calls pass on), so a
 * subgraph invoked later in the node is still its subgraph. Browsers have no such
 * store; there only the synchronous part knows its node (and `config` always does).
 */
let store = null;
const LC_CHILD_CONFIG = Symbol.for("lc:child_config");
const LC_CONTEXT_VARIABLES = Symbol.for("lc:context_variables");
const RUNNING_NODE = Symbol("superstep.runningNode");

export function useAsyncContext(asyncLocalStorage) {
  store = asyncLocalStorage;
}

/** `fn(state, config)`, inside `store` where there is one (one store for both purposes: one entry per call). */
function callNode(fn, state, config) {
  if (!store) return fn(state, config);
  const variables = { ...store.getStore()?.[LC_CONTEXT_VARIABLES], [RUNNING_NODE]: config };
  return store.run({ extra: { [LC_CHILD_CONFIG]: config }, [LC_CONTEXT_VARIABLES]: variables }, fn, state, config);
}

/** The running node's config, where it is known (see `store`). */
function currentConfig() {
  return current ?? store?.getStore()?.[LC_CONTEXT_VARIABLES]?.[RUNNING_NODE] ?? null;
}

export function currentRuntime() {
  return NodeConfig.runtimeOf(currentConfig());
}

/** The first error a node's task calls threw, by the node's runtime. */
const failedCalls = new WeakMap();

/** Original errors thrown by nodes, so `invoke` rethrows what the node threw. */
export const nodeErrors = new Map();

/**
 * Pause the run and ask for a value; returns it once resumed. Call it in a node.
 * `options.responseSchema` (as LangGraph.js): the answer expected, carried by the
 * interrupt as `response_schema`; a zod schema also parses the answer.
 */
export function interrupt(value, options) {
  const rt = currentRuntime();
  if (!rt) throw new Error("interrupt() must be called inside a node; in a browser, after an `await`, use config.interrupt()");
  return doInterrupt(rt, value, options);
}

/**
 * LangGraph's `task()`: `fn` as side work of the node that calls it. Its result
 * is kept with the node's task, so when the node runs again after pausing or
 * failing, the call returns the kept result instead of calling `fn` again.
 * Calls are matched by their order in the node. Same reach as `interrupt()`:
 * anywhere in a node in Node; in a browser, before the node's first `await`.
 * Options, as LangGraph.js's: `retry` tries a failed call again (the node does
 * not run again), `timeout` fails a slow one with a NodeTimeoutError, and
 * `cachePolicy` ({ keyFunc, ttl } in seconds, or true) keeps results in the
 * graph's cache (`compile({ cache })`) across runs, by arguments.
 */
export function task(options, fn) {
  const name = typeof options === "string" ? options : options?.name;
  if (typeof name !== "string" || !name || typeof fn !== "function") throw new TypeError("task(name, fn) needs a name and a function");
  const retry = typeof options === "object" ? options.retry : undefined;
  const timeout = typeof options === "object" ? timeoutPolicy(options.timeout, `task "${name}"`) : undefined;
  const policy = typeof options === "object" ? options.cachePolicy ?? options.cache : undefined;
  const cache = policy === true ? {} : policy || undefined;
  const call = async (...args) => {
    const rt = currentRuntime();
    if (!rt) throw new Error(`task "${name}" must be called inside a node; in a browser, before the node's first \`await\``);
    let started, plainArgs;
    try {
      plainArgs = toPlain(args, `arguments of task "${name}"`);
      started = rt.beginCall(name, plainArgs);
    } catch (e) {
      throw typedError(e);
    }
    rt.attempt?.progress();
    const [index, hit, kept] = started;
    // Under `streamEvents` v2 a call that runs reports its start and end; a replayed one nothing.
    const report = (input) => reportV2Call(rt, name, index, input);
    if (hit) return report(undefined), kept;
    // As LangGraph.js keys a task's cache: its arguments, through `keyFunc` if given.
    const key = cache && String(cache.keyFunc ? cache.keyFunc([args]) : JSON.stringify([plainArgs]));
    const cached = cache ? rt.cachedCall(name, key) : [];
    if (cached.length) {
      report(undefined);
      rt.finishCall(index, name, cached[0], true);
      return cached[0];
    }
    const ended = report(args);
    let result;
    try {
      const body = inCall(rt, name, index, () => fn(...args));
      result = await (retry || timeout ? retrying(name, body, retry, timeout) : body());
    } catch (e) {
      // A failed task fails its node's task, as in LangGraph, even if the node catches it.
      failedCalls.set(rt, failedCalls.get(rt) ?? e);
      throw e;
    }
    const plain = toPlain(result, `result of task "${name}"`);
    rt.finishCall(index, name, plain);
    ended?.(result);
    streamMessages(rt, result, { name, index, args });
    if (cache) rt.cacheCall(name, key, plain, cache.ttl);
    return result;
  };
  Object.defineProperty(call, "name", { value: name });
  return call;
}

/** Under `streamEvents` v2, a `task()` call as the chain of a task of its own (events-v2.js); `input` undefined: replayed. */
function reportV2Call(rt, name, index, input) {
  const v2 = v2Calls.get(rt);
  if (!v2) return undefined;
  const metadata = asCall(rt, v2.metadata, name, index);
  const tags = [`graph:step:${metadata.langgraph_step}`, ...v2.run.tags];
  return reportCall(v2.run, taskIdOf(metadata.langgraph_checkpoint_ns), v2.write, { name, tags, metadata, input });
}

/**
 * `body` of a `task()` call, run (in Node, while the run streams messages) inside a
 * LangChain config of the call's own, as LangGraph.js runs a call as a task of its
 * own: a chat model it calls without a config streams under the call's metadata
 * (its name, push path and namespace), not the node's.
 */
function inCall(rt, name, index, body) {
  const node = currentConfig();
  if (!store || !node || !rt.streamsMessages()) return body;
  const v2 = v2Calls.get(rt);
  const metadata = asCall(rt, node.metadata, name, index);
  const protocol = !!rt.configurable()?.[PROTOCOL_RUN];
  // LangGraph.js runs the call as the first step of a sequence, whose tag what it calls inherits.
  const tags = [...node.tags, "seq:step:1"];
  // Under `streamEvents` v2 what the call calls reports as the call's (its node's own handler has the node's metadata).
  const handler = v2 ? v2Handler(v2.run, metadata, v2.write) : tokenHandler((pair) => rt.message(pair), pushedIds.get(rt), protocol, { tags, metadata });
  const config = { ...node, tags, metadata, callbacks: withHandler(rt.taskRun?.callbacks, handler) };
  return () => store.run({ extra: { [LC_CHILD_CONFIG]: config }, [LC_CONTEXT_VARIABLES]: store.getStore()?.[LC_CONTEXT_VARIABLES] }, body);
}

/** The running node's config, as LangGraph.js's `getConfig()` (in Node, that of a LangChain runnable it called while it runs); undefined outside. */
export function getConfig() {
  // In Node, inside a LangChain runnable the node called, that runnable's (LangChain's implicit config).
  return store?.getStore()?.extra?.[LC_CHILD_CONFIG] ?? currentConfig() ?? undefined;
}

function configOrCurrent(config, what) {
  const c = config ?? currentConfig();
  if (!c) throw new Error(`${what} must be called inside a node; in a browser, after an \`await\`, pass the node's config`);
  return c;
}

/** The state the running task was given, as LangGraph.js's `getCurrentTaskInput()`. */
export function getCurrentTaskInput(config) {
  return NodeConfig.inputOf(configOrCurrent(config, "getCurrentTaskInput()"));
}

/** The running node's store, as LangGraph.js's `getStore()`; undefined outside a node or without one. */
export function getStore(config) {
  const c = config ?? currentConfig();
  return c ? c.store : undefined;
}

/** Ids of the messages each running task pushed, so returning them again does not stream them twice. */
const pushedIds = new WeakMap();

/**
 * LangGraph.js's `pushMessage`: streams `message` on the "messages" mode at
 * once and writes it to `stateKey` ("messages" unless told; `null` only
 * streams it) with the node's result. Returns it as a plain message. `options`
 * may be the node's config, for use after an `await` in a browser.
 */
export function pushMessage(message, options = {}) {
  const rt = NodeConfig.runtimeOf(options) ?? currentRuntime();
  if (!rt) throw new Error("pushMessage() must be called inside a node; in a browser, after an `await`, pass the node's config");
  const stateKey = options.stateKey === undefined ? "messages" : options.stateKey;
  const m = isLangChainMessage(message) ? toPlain(message, "message") : asMessage(message);
  if (typeof m.id !== "string" || !m.id) throw new Error("Message ID is required.");
  try {
    // As LangGraph.js: the task's metadata alone.
    if (rt.streamsMessages()) rt.message([tagged(message, { ...m }), toPlain(new NodeConfig(rt).metadata, "message metadata")]);
    if (!pushedIds.has(rt)) pushedIds.set(rt, new Set());
    pushedIds.get(rt).add(m.id);
    if (stateKey) rt.pushWrite(stateKey, m);
  } catch (e) {
    throw typedError(e);
  }
  return m;
}

/** The running node's `custom` stream writer. */
export function getWriter(config) {
  return configOrCurrent(config, "getWriter()").writer;
}

/** Emits a `custom` stream event from the running node. */
export function writer(chunk) {
  return configOrCurrent(undefined, "writer()").writer(chunk);
}

/** A Send as the engine reads it: `[node, arg]` (a pair reads faster than an object). */
const sendPair = (s) => {
  // As LangGraph.js words it; a Send to no name would otherwise read as no route at all.
  if (typeof s.node !== "string") throw new InvalidUpdateError(`Invalid node name "${String(s.node)}" in Send packet`);
  const arg = asPlain(s.args, "Send argument");
  return s.timeout === undefined ? [s.node, arg] : [s.node, arg, s.timeout];
};

/** A Command's `goto` as the engine reads it: node names and Send triples. */
export function gotoList(goto) {
  const list = Array.isArray(goto) ? goto : goto === undefined || goto === null ? [] : [goto];
  return list.map((g) => (isSend(g) ? sendPair(g) : String(g)));
}

export function plainCommand(c) {
  return { update: plainUpdate(c.update), goto: gotoList(c.goto), resume: c.resume === undefined ? undefined : toPlain(c.resume, "resume"), graph: c.graph === Command.PARENT ? "parent" : null };
}

function failure(e, node, retryOn) {
  if (isGraphInterrupt(e)) return { t: "i", interrupts: e.interrupts.map(({ id, value, response_schema }) => ({ id, value: toPlain(value, "interrupt"), response_schema })) };
  // A subgraph's drain passes up, as LangGraph.js's bubble-up: no failure of the node's.
  if (isGraphDrained(e)) return { t: "d", reason: String(e.reason ?? "shutdown") };
  // A subgraph's command, coming out of its invoke, applies here; one a node made
  // and threw itself (a Command instance) is as if the node had returned it.
  if (e && e.__parentCommand) return isCommand(e.command) ? { t: "c", ...plainCommand(e.command) } : { t: "p", command: e.command };
  nodeErrors.set(node, e);
  const retry = retryOn ? (retries(retryOn, e) ? "retry" : "no-retry") : e?.name;
  return { t: "e", message: String(e?.message ?? e), kind: retry, name: typeof e?.name === "string" ? e.name : "Error" };
}

/** A `retryOn` that throws is a no. */
function retries(retryOn, e) {
  try {
    return !!retryOn(e);
  } catch {
    return false;
  }
}

/**
 * Calls `fn(state, config)` with the task current; settles to a tagged result;
 * closes the task. Under a `timeout` policy the call is one timed attempt.
 */
function run(rt, fn, done, node, retryOn, timeout) {
  const attempt = timeout ? (rt.attempt = new Attempt(timeout, stopSignal(rt))) : null;
  const state = lazyState(rt);
  const prev = current;
  const config = nodeConfig(rt, state);
  // The run's LangChain callbacks hear of the task as a chain run (callbacks.js).
  if (anyGraphRun()) {
    const graphRun = rt.host()?.graphRun;
    if (graphRun) rt.taskRun = rt.router ? graphRun.router(state, config.metadata) : graphRun.task(node, state, config.metadata);
  }
  const streams = rt.streams();
  // Before the tokens' handler, which takes the callbacks as they are then.
  if (streams & 2) streamTools(config, rt);
  if (streams & 1) {
    streamTokens(config, rt);
    // Under `streamEvents` v2 a router reports its call, as LangGraph.js's RunnableLambda.
    if (rt.router && v2Calls.has(rt)) fn = reportedRouter(fn, v2Calls.get(rt).handler, rt.routesChildCommand());
  }
  current = config;
  let r;
  try {
    r = callNode(fn, state, config);
  } catch (e) {
    current = prev;
    return fail(rt, timedOut(attempt, node) ?? e, node, retryOn);
  }
  current = prev;
  if (r && typeof r.then === "function") {
    return (attempt ? attempt.race(r, node) : r).then(
      (v) => settle(rt, v, done, node, retryOn),
      (e) => fail(rt, e, node, retryOn),
    );
  }
  const late = timedOut(attempt, node);
  return late ? fail(rt, late, node, retryOn) : settle(rt, r, done, node, retryOn);
}

/** A synchronous attempt cannot be stopped; one that ran past its timeout fails when it returns. */
function timedOut(attempt, node) {
  const kind = attempt?.expired();
  return kind ? attempt.expire(node, kind) : null;
}

/** A call's value as its tagged result (or the failure it turns out to be); closes the task. */
function settle(rt, v, done, node, retryOn) {
  try {
    if (failedCalls.has(rt)) throw failedCalls.get(rt);
    const result = done(v);
    if (rt.routed) rt.taskRun?.hold(v);
    else rt.taskRun?.end(v);
    return result;
  } catch (e) {
    rt.taskRun?.error(e);
    if (rt.handled) handledErrors.set(rt.checkpointNs(), e);
    return failure(e, node, retryOn);
  } finally {
    rt.close();
  }
}

function fail(rt, e, node, retryOn) {
  const error = failedCalls.get(rt) ?? e;
  rt.taskRun?.error(error);
  if (rt.handled) handledErrors.set(rt.checkpointNs(), error);
  rt.close();
  return failure(error, node, retryOn);
}

function nodeResult(name, v) {
  if (isCommand(v)) return { t: "c", ...plainCommand(v) };
  if (Array.isArray(v) && v.some(isCommand)) {
    // As LangGraph.js: the first Command to the parent graph leaves alone, and the rest of the list with the task.
    const toParent = v.find((item) => isCommand(item) && item.graph === Command.PARENT);
    if (toParent) return { t: "c", ...plainCommand(toParent) };
    // Commands and updates together, as LangGraph.js: every update's writes in
    // order (two writes to one key reduce, or conflict), and every goto.
    const cs = v.map((item) => (isCommand(item) ? plainCommand(item) : { update: nodeUpdate(name, item), goto: [] }));
    const pairs = cs.flatMap((c) => (Array.isArray(c.update) ? c.update : Object.entries(c.update ?? {})));
    return { t: "c", update: pairs, goto: cs.flatMap((c) => c.goto), graph: null };
  }
  // A plain update, the common case, crosses as its JSON text: no tagged object to read.
  return JSON.stringify(nodeUpdate(name, v));
}

/** A node's returned update; anything but an object (or nothing) is LangGraph.js's InvalidUpdateError. */
function nodeUpdate(name, v) {
  if (v !== undefined && v !== null && (typeof v !== "object" || Array.isArray(v))) {
    const received = Array.isArray(v) ? "array" : typeof v;
    throw new InvalidUpdateError(`Expected node "${name}" to return an object or an array containing at least one Command object, received ${received}`, {
      lc_error_code: "INVALID_GRAPH_NODE_RETURN_VALUE",
    });
  }
  return plainUpdate(v);
}

function routeResult(v) {
  // One named route, the common case, crosses as a bare string (END is one too).
  if (typeof v === "string") return v;
  const list = Array.isArray(v) ? v : [v];
  // As LangGraph.js: nothing is not a route (a router that forgot to return, say); an empty list is none.
  if (list.some((r) => r === undefined || r === null)) throw new Error("Branch condition returned unknown or null destination");
  return { t: "r", routes: list.map((r) => (isSend(r) ? sendPair(r) : r === END ? END : String(r))) };
}

export function wrapNode(name, fn, retryOn, timeout, handled = false, routed = false) {
  // The engine passes a task's own timeout (its Send's) as a third argument.
  return (id, input, sendTimeout) => {
    const rt = new Task(id, input);
    rt.handled = handled;
    rt.routed = routed;
    // As LangGraph.js: a Send's own timeout holds for its task, in place of the node's.
    const policy = sendTimeout ?? timeout;
    return run(rt, fn, (v) => (keepV2Output(rt, v), streamMessages(rt, v), nodeResult(name, v)), name, retryOn, policy);
  };
}

/** Node and router calls of `streamEvents` v2 runs: the run, the task's id, the call's handler. */
const v2Calls = new WeakMap();

function keepV2Output(rt, v) {
  const t = v2Calls.get(rt);
  // An entrypoint's node ends with what its function returned.
  if (t) keepOutput(t.run, t.taskId, v !== null && typeof v === "object" && NODE_OUTPUT in v ? v[NODE_OUTPUT] : v);
}

/**
 * Errors of failed nodes that have an error handler, by the failed task's
 * checkpoint namespace, until the handler takes its own.
 */
const handledErrors = new Map();

/** LangGraph.js's `errorHandler(state, nodeError, config)` as a node: it gets the failure as a NodeError. */
export function wrapErrorHandler(name, handler, retryOn, timeout) {
  const body = (state, config) => {
    const f = NodeConfig.runtimeOf(config).failure();
    const error = handledErrors.get(f.ns) ?? Object.assign(new Error(f.message), { name: f.name });
    handledErrors.delete(f.ns);
    if (nodeErrors.get(f.node) === error) nodeErrors.delete(f.node);
    return handler(state, new NodeError(`Node \`${f.node}\` failed: ${f.message}`, { node: f.node, error }), config);
  };
  return wrapNode(name, body, retryOn, timeout);
}

/**
 * The "messages" stream mode, as LangGraph.js has it without a chat model:
 * LangChain messages a node returns (as its output, in a list, under a key, or
 * in a Command's update), each with the task's metadata, except messages whose
 * id the node's input already held or the stream already sent. A message
 * without an id gets one, so the streamed message and the one in state match.
 * Messages count as LangChain's if they are its instances or carry its mark
 * (a state's messages, which a graph invoked in the node returns). `call`: a
 * `task()` call's result, `{ name, index, args }`, streamed as its own task's.
 */
function streamMessages(rt, out, call) {
  if (!out || typeof out !== "object") return;
  const found = outputMessages(out[NODE_OUTPUT] ?? out, rt);
  if (!found.length || !rt.streamsMessages()) return;
  // The engine's stream saw the node's input (`see_input_messages`); a call's arguments are the JS's to see.
  const known = new Set(pushedIds.get(rt));
  const see = (m) => isMessage(m) && typeof m.id === "string" && known.add(m.id);
  for (const v of call ? call.args : []) Array.isArray(v) ? v.forEach(see) : see(v);
  const metadata = toPlain(call ? callMetadata(rt, call) : messageMetadata(rt), "message metadata");
  const runId = uuid();
  found.forEach((m, i) => {
    if (typeof m.id === "string" && known.has(m.id)) return;
    if (typeof m.id !== "string") m.id = m.tool_call_id !== undefined && isMessageOf(m, "tool") ? `run-${runId}-tool-${m.tool_call_id}` : `run-${runId}-out-${i}`;
    rt.message([tagged(m), metadata], true);
  });
}

/**
 * The messages LangGraph.js's handler finds in a node's output (its `handleChainEnd`);
 * `streamEvents` v3's handler does not look into Commands.
 */
function outputMessages(out, rt) {
  const found = [];
  const take = (v) => isMessage(v) && found.push(v);
  const walk = (o) => {
    if (isCommand(o)) {
      if (!rt.configurable()?.[PROTOCOL_RUN]) walk(o.update);
    } else if (Array.isArray(o)) {
      const commands = o.some(isCommand);
      for (const v of o) commands ? walk(v) : take(v);
    } else if (!take(o) && o && typeof o === "object") for (const v of Object.values(o)) Array.isArray(v) ? walk(v) : take(v);
  };
  walk(out);
  return found;
}

/** A LangChain message: its class's instance, or a state's message, which carries its mark. */
const isMessage = (v) => isLangChainMessage(v) || v?.[LC_MESSAGE] === true;

/** What a node hands on as its output for the messages stream, when its return value is not it (an entrypoint's). */
export const NODE_OUTPUT = Symbol("superstep.nodeOutput");

/** A `task()` call's message metadata, as LangGraph.js gives it: the call is a task of its own. */
function callMetadata(rt, { name, index }) {
  return { ...asCall(rt, messageMetadata(rt), name, index), name };
}

/** A node's `metadata` as its `index`-th call, to `name`, has it: the call's node, push path and namespace. */
function asCall(rt, metadata, name, index) {
  const ns = rt.callCheckpointNs(index, name);
  const path = ["__pregel_push", metadata.langgraph_path, index, true];
  return { ...metadata, langgraph_node: name, langgraph_triggers: ["__pregel_push"], langgraph_path: path, langgraph_checkpoint_ns: ns, checkpoint_ns: ns };
}

/** A subgraph node's task run and its graph's run, by the task's checkpoint namespace, while it runs. */
const subgraphRuns = new Map();

/**
 * The engine's hook for a subgraph node, while a run reports to callbacks: at its
 * start `(id, graphName)`, its task's run and its graph's inside it, as LangGraph.js
 * reports them (the subgraph's tasks then report under these); at its end
 * `(id, graphName, update, error, routed)`, both end (`error`: `[name, message]`),
 * the task's after its router's when the node has one (`routed`, as `wrapNode`'s).
 */
export function subgraphNode(id, graphName, update, error, routed) {
  const rt = new Task(id);
  const ns = rt.checkpointNs();
  if (arguments.length === 2) {
    const graphRun = rt.host()?.graphRun;
    if (!graphRun) return;
    // Read now: the task is open only while the hook runs.
    const input = { ...lazyState(rt) };
    const task = graphRun.task(rt.node(), input, new NodeConfig(rt).metadata);
    subgraphRuns.set(ns, [task, task.graph(graphName || "LangGraph", input)]);
    return;
  }
  const runs = subgraphRuns.get(ns);
  if (!runs) return;
  subgraphRuns.delete(ns);
  const [task, graph] = runs;
  if (error) {
    const e = Object.assign(new Error(error[1]), { name: error[0] });
    graph.error(e);
    task.error(e);
    return;
  }
  graph.end(update);
  if (routed) task.hold(update);
  else task.end(update);
}

/** The engine's hook for a subgraph node that ended: its update's new messages, as a node's. */
export function streamSubgraphOutput(id, update) {
  streamMessages(new Task(id), update);
}

/**
 * While the run streams messages, a chat model the node calls with its config
 * streams its tokens: LangChain reads a config's own fields, so the handler and
 * the task's metadata become own fields of this one.
 */
function streamTokens(config, rt) {
  if (!pushedIds.has(rt)) pushedIds.set(rt, new Set());
  const configurable = rt.configurable();
  const protocol = !!configurable?.[PROTOCOL_RUN];
  // The node's own metadata, as LangGraph.js gives it in every stream mode.
  let metadata = config.metadata;
  // Under `streamEvents` v2 the handler reports every callback as an event (events-v2.js).
  const v2 = v2RunOf(configurable);
  let handler;
  let callbacks;
  if (v2) {
    // What the node calls inherits the run's tags and metadata (a thread id among them), and the task's.
    const { ls_integration: _, thread_id: __, ...task } = metadata;
    metadata = { ...v2.metadata, ...task };
    const ns = metadata.langgraph_checkpoint_ns;
    const write = (mark) => rt.write(mark);
    const taskId = taskIdOf(ns);
    handler = v2Handler(v2, metadata, write);
    v2Calls.set(rt, { run: v2, taskId, handler, metadata, write });
    if (!rt.router) called(v2, taskId, write);
    Object.defineProperty(config, "tags", { value: [...v2.tags], enumerable: true });
    // With LangChain's manager at hand, one under the task's run, so `dispatchCustomEvent` reaches the stream.
    if (config.callbacks == null) callbacks = managerUnder(v2.runIdOf(taskId), handler) ?? undefined;
  } else {
    handler = tokenHandler((pair) => rt.message(pair), pushedIds.get(rt), protocol, { tags: config.tags, metadata });
  }
  callbacks ??= withHandler(config.callbacks, handler);
  Object.defineProperties(config, { callbacks: { value: callbacks, enumerable: true }, metadata: { value: metadata, enumerable: true } });
}

/** While the run streams tools, the tools the node calls with its config report to the stream (tool-stream.js). */
function streamTools(config, rt) {
  const ns = config.metadata.langgraph_checkpoint_ns;
  // Under `streamEvents` v3 an event goes under its task's namespace, as in LangGraph.js (events.js).
  const protocol = !!rt.configurable()?.[PROTOCOL_RUN];
  const handler = toolHandler((event) => rt.toolEvent(protocol ? { ...event, [TOOL_NS]: ns } : event), ns);
  Object.defineProperty(config, "callbacks", { value: withHandler(config.callbacks, handler), enumerable: true, configurable: true });
}

/** `handler` beside the run's own LangChain callbacks (a list of handlers, or LangChain's callback manager). */
function withHandler(callbacks, handler) {
  if (callbacks == null) return [handler];
  if (Array.isArray(callbacks)) return [handler, ...callbacks];
  return typeof callbacks.copy === "function" ? callbacks.copy([handler]) : [handler];
}

/** A message a node's output streams, as LangGraph.js gives it: its tags and name, then the task's metadata. */
function messageMetadata(rt) {
  const config = new NodeConfig(rt);
  const meta = config.metadata;
  return { tags: [`graph:step:${meta.langgraph_step}`, ...config.tags], name: meta.langgraph_node, ...meta };
}

export function wrapRouter(name, fn) {
  return (id, input) => {
    const rt = new Task(id, input);
    rt.router = true;
    return run(rt, fn, routeResult, name);
  };
}

/**
 * `fn` as a router whose call starts and ends a `RunnableLambda` run through the v2
 * call's handler (events-v2.js). Routing a command a subgraph sent up, LangGraph.js
 * runs the router with its task's config: the run then has the task's name and tags.
 */
function reportedRouter(fn, handler, asTask) {
  return (state, config) => {
    const runId = uuid();
    const { langgraph_node: node, langgraph_step: step } = config.metadata;
    const [name, tags] = asTask ? [node, [`graph:step:${step}`, ...(config.tags ?? [])]] : ["RunnableLambda", [...(config.tags ?? [])]];
    handler.handleChainStart({ name }, { ...state }, runId, undefined, tags, {}, undefined, name);
    return andThen(fn(state, config), (v) => (handler.handleChainEnd(v, runId), v));
  };
}

/** Errors thrown by JS reducers, by channel, so `invoke` rethrows what the reducer threw. */
export const reducerErrors = new Map();

/** A reducer that takes a superstep's writes at once (a `DeltaValue`'s); its own error is kept to rethrow. */
export function wrapBatchReducer(key, fn) {
  return (current, writes) => {
    let out;
    try {
      out = fn(current, unmarked(writes));
    } catch (e) {
      reducerErrors.set(key, e);
      throw e;
    }
    return toPlain(out, "reducer result");
  };
}

/** A reducer `(left, right)`, folded over a superstep's writes (from the first when there is no value yet). */
export function wrapReducer(key, fn) {
  return wrapBatchReducer(key, (current, writes) => {
    let acc = current;
    let rest = writes;
    if (acc === undefined) [acc, ...rest] = writes;
    for (const w of rest) acc = fn(acc, w);
    return acc;
  });
}
