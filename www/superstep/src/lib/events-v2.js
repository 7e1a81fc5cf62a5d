// `streamEvents(input, { version: "v2" })`: LangChain's callback events of a
// graph run, as LangGraph.js streams them. The graph and each of its tasks
// start and end as chains (tasks with LangGraph's tags and metadata), a
// subgraph as a chain inside its task, the graph streams its chunks, and what
// a node calls with its config (a chat model, a tool, a chain) reports through
// a LangChain callback handler in `config.callbacks`.
//
// The run is an ordinary stream with the "debug" mode (task starts and
// results), and "custom" and "messages" besides: "messages" makes each node get
// the handler (see runtime.js), and the handler's events travel as marked
// "custom" chunks, so they arrive in order with the tasks around them.

import { uuid } from "./messages.js";
import { isCommand } from "./types.js";
import { isRecord } from "./values.js";
import { runMetadata } from "./run-args.js";

/** The configurable key that marks a v2 run (its value: the run's number); nodes do not see it. */
export const EVENTS_V2 = "__superstep_events_v2";

const MARK = "__superstep_v2_event";
const HANDLER = "__error_handler__";
const key = (ns) => ns.join("|");
/** A namespace by its nodes' names alone (a subgraph with state per thread is named so). */
const names = (ns) => ns.map((part) => part.split(":")[0]).join("|");
/** For an error handler's task, the `names` key of the task that failed; undefined for others. */
const failedKeyOf = (ns, name) => (name.startsWith(HANDLER) ? names([...ns, name.slice(HANDLER.length)]) : undefined);

/** Open v2 runs by number: events on their way, what nodes returned, tasks called. */
const runs = new Map();
let nextRun = 0;

class Run {
  events = new Map();
  outputs = new Map();
  called = new Set();
  /** Ids of the `task()` calls' tasks, which report themselves (`reportCall`), not from the debug stream. */
  calls = new Set();
  /** The call task ids of call ends' marks (see `reportCall`). */
  callEnds = new Map();
  next = 0;
  /** Task runs' ids by task id, shared by the node (its callbacks' parent run) and the stream. */
  #runIds = new Map();
  /** The run's tags and metadata, which what its nodes call inherits. */
  constructor(tags, metadata) {
    this.tags = tags;
    this.metadata = metadata;
  }
  runIdOf(taskId) {
    let id = this.#runIds.get(taskId);
    if (id === undefined) this.#runIds.set(taskId, (id = uuid()));
    return id;
  }
  /** A retry is a run of its own. */
  newRunIdOf(taskId) {
    this.#runIds.delete(taskId);
    return this.runIdOf(taskId);
  }
}

/** The v2 run a task belongs to, from its configurable; undefined outside one. */
export function v2RunOf(configurable) {
  const n = configurable?.[EVENTS_V2];
  return n === undefined ? undefined : runs.get(n);
}

/**
 * A node's call in a v2 run: a second call of one task is a retry, which
 * LangGraph.js reports as the task starting again (marked for the stream).
 */
export function called(run, taskId, write) {
  if (!run.called.has(taskId)) {
    run.called.add(taskId);
    return;
  }
  const n = run.next++;
  run.events.set(n, { retry: taskId });
  write({ [MARK]: n });
}

/**
 * A `task()` call of a v2 run's node, with the task id `taskId`: when it runs
 * (`input`, its arguments), it starts as a chain, and the returned function ends
 * it with its result. As LangGraph.js runs a call as a task of its own, these
 * come as it runs, between the node's other events; a call that replays a kept
 * or cached result reports nothing.
 */
export function reportCall(run, taskId, write, { name, tags, metadata, input }) {
  run.calls.add(taskId);
  if (input === undefined) return undefined;
  const runId = uuid();
  const emit = (event, data) => {
    const n = run.next++;
    run.events.set(n, { event, data, name, tags, run_id: runId, metadata });
    write({ [MARK]: n });
    return n;
  };
  emit("on_chain_start", { input });
  return (output) => run.callEnds.set(emit("on_chain_end", { output, input }), taskId);
}

/** Keeps what a node returned, for its `on_chain_end`. */
export function keepOutput(run, taskId, value) {
  run.outputs.set(taskId, value);
}

/**
 * A LangChain callback handler for one task of a v2 run: each callback becomes
 * the event LangChain's own event stream makes of it, written to the run's
 * stream through `write` (the task's "custom" writer) as a mark, so it keeps
 * its place among the task's other chunks.
 */
export function v2Handler(run, meta, write) {
  const info = new Map();
  const emit = (event, runId, data, i = info.get(runId), name = i?.name) => {
    const n = run.next++;
    run.events.set(n, { event, data, name, tags: i?.tags ?? [], run_id: runId, metadata: i?.metadata ?? meta });
    write({ [MARK]: n });
  };
  const start = (type, runId, name, tags, metadata, inputs, data = { input: inputs }) => {
    info.set(runId, { type, name, tags: tags ?? [], metadata: { ...meta, ...metadata }, inputs });
    emit(`on_${type}_start`, runId, data);
  };
  const end = (runId, output) => {
    const i = info.get(runId);
    info.delete(runId);
    if (i) emit(`on_${i.type}_end`, runId, { output, input: i.inputs }, i);
  };
  const nameOf = (serialized, runName) => runName ?? serialized?.name ?? (Array.isArray(serialized?.id) ? serialized.id.at(-1) : "Unnamed");
  return {
    name: "superstep_events_v2",
    // Delivered as they happen, not in LangChain's background queue.
    awaitHandlers: true,
    lc_prefer_streaming: true,
    handleChainStart(chain, inputs, runId, _parent, tags, metadata, runType, runName) {
      // As LangChain's event stream: a chain's lone `input` is the input; an empty one is none.
      const lone = isRecord(inputs) && Object.keys(inputs).length === 1 && "input" in inputs;
      const input = lone ? inputs.input : inputs;
      start(runType ?? "chain", runId, nameOf(chain, runName), tags, metadata, lone && input === "" ? {} : input, lone && input === "" ? {} : undefined);
    },
    handleChainEnd(outputs, runId) {
      end(runId, isRecord(outputs) && "output" in outputs ? outputs.output : outputs);
    },
    handleToolStart(tool, input, runId, _parent, tags, metadata, runName) {
      let inputs = input;
      try {
        const parsed = JSON.parse(input);
        if (isRecord(parsed)) inputs = parsed;
      } catch {
        // Plain text: the input as it is.
      }
      start("tool", runId, nameOf(tool, runName), tags, metadata, inputs);
    },
    handleToolEnd(output, runId) {
      end(runId, output);
    },
    handleRetrieverStart(retriever, query, runId, _parent, tags, metadata, runName) {
      start("retriever", runId, nameOf(retriever, runName), tags, metadata, { query });
    },
    handleRetrieverEnd(documents, runId) {
      end(runId, documents);
    },
    handleChatModelStart(llm, messages, runId, _parent, _extra, tags, metadata, runName) {
      start("chat_model", runId, nameOf(llm, runName), tags, metadata, { messages });
    },
    handleLLMStart(llm, prompts, runId, _parent, _extra, tags, metadata, runName) {
      start("llm", runId, nameOf(llm, runName), tags, metadata, { prompts });
    },
    handleLLMNewToken(token, _idx, runId, _parent, _tags, fields) {
      const i = info.get(runId);
      if (!i) return;
      const chat = i.type === "chat_model";
      const chunk = chat ? (fields?.chunk?.message ?? { type: "ai", content: token, id: `run-${runId}` }) : (fields?.chunk ?? { text: token });
      emit(`on_${i.type}_stream`, runId, { chunk });
    },
    handleLLMEnd(output, runId) {
      const generations = output?.generations;
      if (info.get(runId)?.type === "chat_model") return end(runId, generations?.find((g) => g?.[0]?.message)?.[0]?.message);
      end(runId, { generations: generations?.map((g) => g.map((c) => ({ text: c.text, generationInfo: c.generationInfo }))), llmOutput: output?.llmOutput ?? {} });
    },
    handleToolError(error, runId) {
      const i = info.get(runId);
      info.delete(runId);
      if (i) emit("on_tool_error", runId, { input: i.inputs, error }, i);
    },
    handleChainError(_e, runId) {
      info.delete(runId);
    },
    handleLLMError(_e, runId) {
      info.delete(runId);
    },
    handleCustomEvent(eventName, data, runId) {
      // Dispatched from the node itself: under its task's run, with the task's tags.
      const task = { tags: [`graph:step:${meta.langgraph_step}`, ...run.tags] };
      emit("on_custom_event", runId, data, info.get(runId) ?? task, eventName);
    },
  };
}

/**
 * The events of one run: an async iterable, as LangGraph.js's `streamEvents`
 * returns it. Options besides the run's config: LangChain's filters
 * `includeNames`, `includeTypes`, `includeTags`, `excludeNames`,
 * `excludeTypes`, `excludeTags` (LangGraph.js 1.7.3 ignores them). `workflow`: the
 * name of an entrypoint's node, when `graph` is one (it takes its input without a
 * `__start__` task, and its return value through two hidden chains).
 */
export async function* streamEventsV2(graph, input, options, { workflow } = {}) {
  const { version, includeNames, includeTypes, includeTags, excludeNames, excludeTypes, excludeTags, ...config } = options;
  const wanted = filterOf({ includeNames, includeTypes, includeTags, excludeNames, excludeTypes, excludeTags });
  const userModes = config.streamMode ?? "updates";
  const modes = Array.isArray(userModes) ? userModes : [userModes];
  const tags = config.tags ?? [];
  // As LangGraph.js: the call's metadata, a configurable `model` and the ids it carries (a thread id, say).
  const rootMeta = runMetadata(config.metadata, config.configurable);
  const number = nextRun++;
  const run = new Run(tags, rootMeta);
  runs.set(number, run);
  const graphName = graph.name ?? "LangGraph";
  const rootRun = uuid();
  const chainEvent = (phase, name, run_id, tagList, metadata, data) => ({ event: `on_chain_${phase}`, data, name, tags: tagList, run_id, metadata });
  const fresh = !(input === null || input === undefined || isCommand(input));
  const saving = !!graph.options?.checkpointer;
  // Subgraphs by namespace (their graph's run and last state), tasks by checkpoint namespace.
  const graphs = new Map();
  const tasks = new Map();
  const latest = new Map();
  const byId = new Map();
  const pushes = new Map();
  let output;
  const out = [];
  const put = (e) => {
    if (wanted(e)) out.push(e);
  };
  // As in LangGraph.js, the graph streams a superstep's chunks after its tasks
  // end, once later tasks have started (or the run ends).
  let held = [];
  let starts = 0;
  const flush = (all) => {
    const ready = held.filter((h) => all || h.starts < starts);
    held = held.filter((h) => !ready.includes(h));
    ready.forEach((h) => put(h.event));
  };
  // A cache hit only streams its cached update, right after its step's task starts, and
  // LangGraph.js starts no chain for it. So from a task that may hit on, the step's starts
  // wait: a cached update drops its task's, and any other chunk, or none within a
  // macrotask (hits are served at once), releases them.
  let queued = [];
  const release = (upTo = queued.length - 1) => queued.splice(0, upTo + 1).forEach((q) => put(q.event));
  // Along `path` (namespace segments `node:<task id>`, then perhaps a node's name): the
  // compiled graph it ends in, when its nodes say (a function or a LangChain runnable is
  // not known: a subgraph it calls may have a cache of its own, so its starts wait too),
  // and what `addNode`'s metadata adds to a task's there, the outermost node's first.
  const walk = (path) => {
    let g = graph;
    const metadata = {};
    for (const segment of path) {
      const node = g?.builder?.nodes?.[segment.split(":")[0]];
      Object.assign(metadata, node?.metadata);
      g = node?.fn?.builder ? node.fn : undefined;
    }
    return { graph: g, metadata };
  };
  const mayHit = (ns, name) => {
    const g = walk(ns).graph;
    return !g || (!!g.options?.cache && !!g.builder?.cachePolicyOf?.(name));
  };
  const startTask = (ns, step, name, id, triggers, value, silent = false) => {
    let path = ["__pregel_pull", name];
    let at = ns;
    const failedKey = failedKeyOf(ns, name);
    const failed = failedKey && latest.get(failedKey);
    if (failed) {
      // An error handler runs as LangGraph.js runs it: under the task that failed.
      path = ["__pregel_pull", failed.name, "node_error_handler", false];
      at = [...ns, `${failed.name}:${failed.id}`];
    } else if (triggers?.[0] === "__pregel_push") {
      // The n-th Send of the step before, in the order its tasks start.
      const k = `${key(ns)}@${step}`;
      const index = pushes.get(k) ?? 0;
      pushes.set(k, index + 1);
      path = ["__pregel_push", index, false];
    }
    const checkpointNs = [...at, `${name}:${id}`].join("|");
    const metadata = { ...rootMeta, langgraph_step: step, langgraph_node: name, langgraph_triggers: triggers, langgraph_path: path, langgraph_checkpoint_ns: checkpointNs, checkpoint_ns: checkpointNs, ...walk([...ns, name]).metadata };
    const task = { runId: run.runIdOf(id), id, name, tags: [`graph:step:${step}`, ...tags, ...(name === "__start__" ? ["langsmith:hidden"] : [])], metadata, input: value };
    const start = { id, name, ns: key(ns), event: chainEvent("start", name, task.runId, task.tags, metadata, { input: value }) };
    if (silent) return task;
    if (queued.length || mayHit(ns, name)) queued.push(start);
    else put(start.event);
    return task;
  };
  const endTask = (task, value) => {
    release(queued.findIndex((q) => q.id === task.id));
    put(chainEvent("end", task.name, task.runId, task.tags, task.metadata, { output: value, input: task.input }));
  };
  // LangGraph.js's entrypoint node hands on its return value and the value it saves through these.
  const plucks = (task, returned) => {
    const final = isRecord(returned) && returned.__lg_type === "__pregel_final";
    for (const [name, output] of [["pluckReturnValue", final ? returned.value : returned], ["pluckSaveValue", final ? returned.save : returned]]) {
      const runId = uuid();
      put(chainEvent("start", name, runId, ["langsmith:hidden", ...tags], task.metadata, { input: returned }));
      put(chainEvent("end", name, runId, ["langsmith:hidden", ...tags], task.metadata, { output, input: returned }));
    }
  };
  const startInput = (ns, value, step = 0) => endTask(startTask(ns, step, "__start__", uuid(), ["__start__"], value), value);
  /** A subgraph's namespace seen for the first time: its graph starts inside the task that runs it. */
  const graphOf = (ns) => {
    const k = key(ns);
    let g = graphs.get(k);
    if (g) return g;
    // A subgraph with state of its own per thread has its node's name as namespace, not its task's.
    const last = ns.at(-1);
    const task = tasks.get(k) ?? (last.includes(":") ? undefined : latest.get(names(ns)));
    g = { runId: uuid(), last: undefined, key: k, taken: false };
    graphs.set(k, g);
    put(chainEvent("start", "LangGraph", g.runId, [...tags], task?.metadata ?? rootMeta, { input: task?.input }));
    // Without a saver every subgraph runs afresh; with one, its input checkpoint says so (see below).
    if (!saving) {
      g.taken = true;
      startInput(ns, task?.input);
    }
    if (task) task.graph = g;
    g.input = task?.input;
    return g;
  };
  // Once a call has both ended and had its result streamed (in either order), the graph
  // streams the chunks it holds, the call's own among them, as LangGraph.js does then.
  const halfSettled = new Set();
  const callSettled = (id) => {
    if (halfSettled.delete(id)) flush(true);
    else halfSettled.add(id);
  };
  const isMark = (mode, data) => mode === "custom" && isRecord(data) && MARK in data;
  // A resumed superstep's tasks that finished before the pause only replay their
  // writes (a cached update before the step's task starts): they start no chain,
  // as in LangGraph.js. By namespace: whether a task has started, names replayed.
  const replays = new Map();
  // A resumed superstep first announces the error handler of a task that failed before
  // the pause; that task's failure is replayed, not run again, so neither starts then.
  // The handler starts when it runs, under the failed task, as in LangGraph.js.
  const replayedFailures = new Set();
  const replayOf = (ns) => replays.get(key(ns)) ?? replays.set(key(ns), { started: false, names: [] }).get(key(ns));
  // As LangGraph.js's, the graph's output is its state before a pause (not with the paused step's finished writes).
  let paused = false;
  try {
    const configurable = { ...config.configurable, [EVENTS_V2]: number };
    const streamMode = [...new Set([...modes, "debug", "custom", "messages", "values", "updates"])];
    const source = await graph.stream(input, { ...config, configurable, streamMode, subgraphs: true });
    put(chainEvent("start", graphName, rootRun, [...tags], rootMeta, { input }));
    if (fresh && !workflow) startInput([], input);
    yield* out.splice(0);
    for await (const item of idleAware(source, () => queued.length > 0)) {
      if (item === IDLE) {
        release();
        yield* out.splice(0);
        continue;
      }
      const [ns, mode, data] = item;
      const cached = mode === "updates" && isRecord(data) && data.__metadata__?.cached;
      if (!cached && !(mode === "debug" && data?.type === "task")) release();
      if (isMark(mode, data)) {
        const e = run.events.get(data[MARK]);
        run.events.delete(data[MARK]);
        const retried = e?.retry && byId.get(e.retry);
        if (retried) {
          // Each attempt is a run of its own, as in LangGraph.js; the last one ends.
          retried.runId = run.newRunIdOf(retried.id);
          put(chainEvent("start", retried.name, retried.runId, retried.tags, retried.metadata, { input: retried.input }));
        } else if (e && !e.retry) put(e);
        const call = run.callEnds.get(data[MARK]);
        run.callEnds.delete(data[MARK]);
        if (call) callSettled(call);
      } else if (mode === "debug" && data?.type === "checkpoint" && ns.length && data.payload?.metadata?.source === "input") {
        // A subgraph given an input (not resumed) takes it in through its __start__ task, as in LangGraph.js.
        const g = graphOf(ns);
        if (!g.taken) startInput(ns, g.input, data.step + 1);
        g.taken = true;
      } else if (cached && !replayOf(ns).started) {
        replayOf(ns).names.push(...Object.keys(data).filter((k) => k !== "__metadata__"));
      } else if (cached) {
        // A cache hit: its task never runs, so it neither starts nor ends.
        for (const name of Object.keys(data)) {
          const i = queued.findIndex((q) => q.ns === key(ns) && q.name === name);
          if (i >= 0) queued.splice(i, 1);
        }
      } else if (mode === "debug" && (data?.type === "task" || data?.type === "task_result") && run.calls.has(data.payload.id)) {
        // A task() call reports itself (reportCall).
        if (data.type === "task_result") {
          run.calls.delete(data.payload.id);
          callSettled(data.payload.id);
        }
      } else if (mode === "debug" && (data?.type === "task" || data?.type === "task_result")) {
        if (data.type === "task_result" || ns.length > 0) flush(false);
        if (ns.length) graphOf(ns);
        const { id, name } = data.payload;
        const k = key([...ns, `${name}:${id}`]);
        const failedKey = failedKeyOf(ns, name);
        // The announcement comes before the step's replayed updates: it starts nothing.
        if (data.type === "task" && failedKey && !latest.has(failedKey)) replayedFailures.add(failedKey);
        else if (data.type === "task") {
          const replay = replayOf(ns);
          replay.started = true;
          const at = replay.names.indexOf(name);
          if (at >= 0) replay.names.splice(at, 1);
          else {
            const nameKey = names([...ns, name]);
            const silent = replayedFailures.delete(nameKey);
            const task = startTask(ns, data.step, name, id, data.payload.triggers, data.payload.input, silent);
            tasks.set(k, task);
            latest.set(nameKey, task);
            byId.set(id, task);
          }
          if (ns.length === 0) starts++;
        } else {
          const stopped = (data.payload.interrupts ?? []).length > 0;
          if (ns.length === 0 && stopped) paused = true;
          // A subgraph left with Command.PARENT: neither it nor its task ends, as in LangGraph.js.
          if (ns.length && data.payload.error?.name === "ParentCommand") graphOf(ns).left = true;
          // A task that paused or failed does not end, as in LangGraph.js.
          const task = tasks.get(k);
          // Its subgraph's run is over: a later call (one with state per thread) is a run of its own.
          if (task?.graph) graphs.delete(task.graph.key);
          if (task && data.payload.error == null && !stopped && !task.graph?.left) {
            // A subgraph's graph ends first, with its last state; the task, with what the node returned.
            const g = task.graph;
            if (g) put(chainEvent("end", "LangGraph", g.runId, [...tags], task.metadata, { output: g.last, input: task.input }));
            const value = run.outputs.has(id) ? run.outputs.get(id) : g ? g.last : written(data.payload.result);
            run.outputs.delete(id);
            if (workflow && ns.length === 0 && name === workflow) plucks(task, value);
            endTask(task, value);
          }
        }
      } else if (mode === "values" && !(isRecord(data) && "__interrupt__" in data)) {
        if (ns.length === 0) {
          if (!paused) output = data;
        } else graphOf(ns).last = data;
      }
      if (ns.length === 0 && modes.includes(mode) && !isMark(mode, data)) {
        held.push({ starts, event: chainEvent("stream", graphName, rootRun, [...tags], rootMeta, { chunk: Array.isArray(userModes) ? [mode, data] : data }) });
      }
      yield* out.splice(0);
    }
    release();
    flush(true);
    put(chainEvent("end", graphName, rootRun, [...tags], rootMeta, { output }));
    yield* out.splice(0);
  } finally {
    runs.delete(number);
  }
}

const IDLE = Symbol("idle");

/** `source`'s chunks; while `waiting()`, `IDLE` first when none comes within a macrotask. */
async function* idleAware(source, waiting) {
  const it = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = it.next();
      if (waiting() && (await Promise.race([next, new Promise((r) => setTimeout(r, 0, IDLE))])) === IDLE) yield IDLE;
      const r = await next;
      if (r.done) return;
      yield r.value;
    }
  } finally {
    await it.return?.();
  }
}

/** A task's result as its end shows it: its writes as an object, or a `task()` call's value. */
function written(result) {
  const pairs = Array.isArray(result) && result.every((w) => Array.isArray(w) && w.length === 2 && typeof w[0] === "string");
  return pairs ? Object.fromEntries(result) : result;
}

/** LangChain's event filters: by the event's name, its runnable's type, its tags. */
function filterOf({ includeNames, includeTypes, includeTags, excludeNames, excludeTypes, excludeTags }) {
  const typeOf = (e) => (e.event === "on_custom_event" ? "custom" : e.event.slice(3, e.event.lastIndexOf("_")));
  const any = (list, f) => (list ?? []).some(f);
  const including = includeNames || includeTypes || includeTags;
  return (e) => {
    if (including && !(any(includeNames, (n) => n === e.name) || any(includeTypes, (t) => t === typeOf(e)) || any(includeTags, (t) => e.tags.includes(t)))) return false;
    return !(any(excludeNames, (n) => n === e.name) || any(excludeTypes, (t) => t === typeOf(e)) || any(excludeTags, (t) => e.tags.includes(t)));
  };
}
