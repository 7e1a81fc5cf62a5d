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

import { randomId } from "./messages.js";

/** The configurable key that marks a v2 run (its value: the run's number); nodes do not see it. */
export const EVENTS_V2 = "__superstep_events_v2";

const MARK = "__superstep_v2_event";
/** A run id, as LangChain's: a v4 UUID. */
export const uuid = () => randomId().replace(/^(.{8})(.{4}).(.{3})(.{4})(.{12})$/, "$1-$2-4$3-$4-$5");
const key = (ns) => ns.join("|");
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Open v2 runs by number: events on their way, what nodes returned, run ids by task. */
const runs = new Map();
let nextRun = 0;

class Run {
  events = new Map();
  outputs = new Map();
  taskRuns = new Map();
  next = 0;
  /** The run's tags and metadata, which what its nodes call inherits. */
  constructor(tags, metadata) {
    this.tags = tags;
    this.metadata = metadata;
  }
  /** A task's run id, the same at its start and its end. */
  taskRun(taskId) {
    let id = this.taskRuns.get(taskId);
    if (!id) this.taskRuns.set(taskId, (id = uuid()));
    return id;
  }
}

/** The v2 run a task belongs to, from its configurable; undefined outside one. */
export function v2RunOf(configurable) {
  const n = configurable?.[EVENTS_V2];
  return n === undefined ? undefined : runs.get(n);
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
      emit("on_custom_event", runId, data, info.get(runId), eventName);
    },
  };
}

/**
 * The events of one run: an async iterable, as LangGraph.js's `streamEvents`
 * returns it. Options besides the run's config: LangChain's filters
 * `includeNames`, `includeTypes`, `includeTags`, `excludeNames`,
 * `excludeTypes`, `excludeTags` (LangGraph.js 1.7.3 ignores them).
 */
export async function* streamEventsV2(graph, input, options) {
  const { version, includeNames, includeTypes, includeTags, excludeNames, excludeTypes, excludeTags, ...config } = options;
  const wanted = filterOf({ includeNames, includeTypes, includeTags, excludeNames, excludeTypes, excludeTags });
  const userModes = config.streamMode ?? "updates";
  const modes = Array.isArray(userModes) ? userModes : [userModes];
  const tags = config.tags ?? [];
  // As LangChain: the configurable's plain values are metadata too (a thread id, say).
  const configured = Object.entries(config.configurable ?? {}).filter(([k, v]) => !k.startsWith("__") && ["string", "number", "boolean"].includes(typeof v));
  const rootMeta = { ls_integration: "langgraph", ...config.metadata, ...Object.fromEntries(configured) };
  const number = nextRun++;
  const run = new Run(tags, rootMeta);
  runs.set(number, run);
  const graphName = graph.name ?? "LangGraph";
  const rootRun = uuid();
  const chainEvent = (phase, name, run_id, tagList, metadata, data) => ({ event: `on_chain_${phase}`, data, name, tags: tagList, run_id, metadata });
  const fresh = !(input === null || input === undefined || input?.lg_name === "Command");
  // Subgraphs by namespace (their graph's run and last state), tasks by checkpoint namespace.
  const graphs = new Map();
  const tasks = new Map();
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
  const startTask = (ns, step, name, id, triggers, value) => {
    let path = ["__pregel_pull", name];
    if (triggers?.[0] === "__pregel_push") {
      // The n-th Send of the step before, in the order its tasks start.
      const k = `${key(ns)}@${step}`;
      const index = pushes.get(k) ?? 0;
      pushes.set(k, index + 1);
      path = ["__pregel_push", index, false];
    }
    const checkpointNs = [...ns, `${name}:${id}`].join("|");
    const metadata = { ...rootMeta, langgraph_step: step, langgraph_node: name, langgraph_triggers: triggers, langgraph_path: path, langgraph_checkpoint_ns: checkpointNs, checkpoint_ns: checkpointNs };
    const task = { runId: run.taskRun(id), name, tags: [`graph:step:${step}`, ...tags, ...(name === "__start__" ? ["langsmith:hidden"] : [])], metadata, input: value };
    put(chainEvent("start", name, task.runId, task.tags, metadata, { input: value }));
    return task;
  };
  const endTask = (task, value) => put(chainEvent("end", task.name, task.runId, task.tags, task.metadata, { output: value, input: task.input }));
  const startInput = (ns, value) => endTask(startTask(ns, 0, "__start__", uuid(), ["__start__"], value), value);
  /** A subgraph's namespace seen for the first time: its graph starts inside the task that runs it. */
  const graphOf = (ns) => {
    const k = key(ns);
    let g = graphs.get(k);
    if (g) return g;
    const task = tasks.get(k);
    g = { runId: uuid(), last: undefined };
    graphs.set(k, g);
    put(chainEvent("start", "LangGraph", g.runId, [...tags], task?.metadata ?? rootMeta, { input: task?.input }));
    if (fresh) startInput(ns, task?.input);
    if (task) task.graph = g;
    return g;
  };
  const isMark = (mode, data) => mode === "custom" && isRecord(data) && MARK in data;
  try {
    const configurable = { ...config.configurable, [EVENTS_V2]: number };
    const streamMode = [...new Set([...modes, "debug", "custom", "messages", "values"])];
    const source = await graph.stream(input, { ...config, configurable, streamMode, subgraphs: true });
    put(chainEvent("start", graphName, rootRun, [...tags], rootMeta, { input }));
    if (fresh) startInput([], input);
    yield* out.splice(0);
    for await (const [ns, mode, data] of source) {
      if (isMark(mode, data)) {
        const e = run.events.get(data[MARK]);
        run.events.delete(data[MARK]);
        if (e) put(e);
      } else if (mode === "debug" && (data?.type === "task" || data?.type === "task_result")) {
        if (data.type === "task_result" || ns.length > 0) flush(false);
        if (ns.length) graphOf(ns);
        const { id, name } = data.payload;
        const k = key([...ns, `${name}:${id}`]);
        if (data.type === "task") {
          tasks.set(k, startTask(ns, data.step, name, id, data.payload.triggers, data.payload.input));
          if (ns.length === 0) starts++;
        } else {
          // A task that paused or failed does not end, as in LangGraph.js.
          const task = tasks.get(k);
          if (task && data.payload.error == null && !(data.payload.interrupts ?? []).length) {
            // A subgraph's graph ends first, with its last state; the task, with what the node returned.
            const g = task.graph;
            if (g) put(chainEvent("end", "LangGraph", g.runId, [...tags], task.metadata, { output: g.last, input: task.input }));
            const value = run.outputs.has(id) ? run.outputs.get(id) : g ? g.last : Object.fromEntries(data.payload.result ?? []);
            run.outputs.delete(id);
            endTask(task, value);
          }
        }
      } else if (mode === "values" && !(isRecord(data) && "__interrupt__" in data)) {
        if (ns.length === 0) output = data;
        else graphOf(ns).last = data;
      }
      if (ns.length === 0 && modes.includes(mode) && !isMark(mode, data)) {
        held.push({ starts, event: chainEvent("stream", graphName, rootRun, [...tags], rootMeta, { chunk: Array.isArray(userModes) ? [mode, data] : data }) });
      }
      yield* out.splice(0);
    }
    flush(true);
    put(chainEvent("end", graphName, rootRun, [...tags], rootMeta, { output }));
    yield* out.splice(0);
  } finally {
    runs.delete(number);
  }
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
