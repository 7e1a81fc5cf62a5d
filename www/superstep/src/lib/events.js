// `streamEvents(input, { version: "v3" })`: LangGraph's event protocol over
// the ordinary stream. A run becomes `{type: "event", seq, method, params:
// {namespace, timestamp, node?, data}}` events (lifecycle, checkpoints,
// values, updates, tasks, custom, messages), with projections for the final
// output, the interrupts and each subgraph, as LangGraph.js 1.7 has them.

// "debug" only tells the step a checkpoint belongs to when there is no checkpointer.
const MODES = ["values", "updates", "messages", "tools", "custom", "tasks", "checkpoints", "debug"];

import { cancellable, readableOf } from "./readable.js";
import { uuid } from "./messages.js";
import { PROTOCOL_RUN } from "./tokens.js";
import { TOOL_NS } from "./tool-stream.js";
import { isRecord } from "./values.js";
import { Log } from "./replay-log.js";
import { messagesOf } from "./message-stream.js";
import { streamEventsV2 } from "./events-v2.js";
import { Transformers } from "./stream-transformers.js";
import { EVENT_STREAM, protocolEventStreamOf } from "./event-stream.js";

const key = (ns) => ns.join("\0");
const under = (ns, path) => path.every((p, i) => ns[i] === p);
const graphName = (ns) => (ns.length ? ns.at(-1).split(":")[0] : "root");

/** A `tools` chunk as the protocol's tool event, as LangGraph.js converts it. */
function toolEvent(p) {
  const tool_call_id = String(p.toolCallId ?? "");
  switch (p.event) {
    case "on_tool_start":
      return { event: "tool-started", tool_call_id, tool_name: String(p.name ?? "unknown"), input: p.input };
    case "on_tool_event":
      return { event: "tool-output-delta", tool_call_id, delta: typeof p.data === "string" ? p.data : JSON.stringify(p.data ?? "") };
    case "on_tool_end":
      return { event: "tool-finished", tool_call_id, output: p.output };
    default:
      return { event: "tool-error", tool_call_id, message: typeof p.error?.message === "string" ? p.error.message : String(p.error ?? "unknown error") };
  }
}

/** The protocol events one stream chunk becomes. */
function toEvents(ns, mode, data) {
  const params = (extra) => ({ namespace: ns, timestamp: Date.now(), ...extra });
  switch (mode) {
    case "updates": {
      const [node, values] = isRecord(data) ? Object.entries(data)[0] ?? [] : [];
      const d = node === undefined ? { values: {} } : { node, values: typeof values === "object" && values !== null ? values : { value: values } };
      return [{ method: "updates", params: params({ ...(node !== undefined ? { node } : {}), data: d }) }];
    }
    case "messages": {
      // A whole message as the protocol's lifecycle: start, a delta per text block, finish.
      const [m, meta] = Array.isArray(data) && data.length === 2 && isRecord(data[1]) ? data : [data, {}];
      const node = typeof meta.langgraph_node === "string" ? meta.langgraph_node : undefined;
      const run_id = meta.run_id ?? uuid();
      // Under the node's own task namespace, as LangGraph.js streams them.
      const at = typeof meta.langgraph_checkpoint_ns === "string" && meta.langgraph_checkpoint_ns ? meta.langgraph_checkpoint_ns.split("|") : ns;
      const ev = (d) => ({ method: "messages", params: { ...params({ ...(node ? { node } : {}), data: { ...d, run_id } }), namespace: at } });
      // A chat model's own protocol event (its tokens, see tokens.js), as LangChain made it.
      if (typeof m?.event === "string") return [ev(m)];
      // As LangGraph.js's protocol handler: a tool's message is not streamed; a human's
      // or a system's says its role; usage, when the message has it, ends it.
      const type = m?.type ?? m?._getType?.();
      if (type === "tool") return [];
      const role = type === "human" || type === "system" ? { role: type } : {};
      const usage = isRecord(m?.usage_metadata) ? { usage: m.usage_metadata } : {};
      const text = typeof m?.content === "string" && m.content ? [{ type: "text", text: m.content }] : [];
      const blocks = Array.isArray(m?.content) ? m.content : text;
      const block = (b, index) =>
        b?.type === "text"
          ? [ev({ event: "content-block-start", index, content: { type: "text", text: "" } }), ev({ event: "content-block-delta", index, delta: { type: "text-delta", text: b.text } }), ev({ event: "content-block-finish", index, content: b })]
          : [ev({ event: "content-block-start", index, content: b }), ev({ event: "content-block-finish", index, content: b })];
      return [ev({ event: "message-start", id: m?.id, ...role }), ...blocks.flatMap(block), ev({ event: "message-finish", ...usage, responseMetadata: m?.response_metadata ?? {} })];
    }
    case "custom":
      return [{ method: "custom", params: params({ data: isRecord(data) && "name" in data ? data : { payload: data } }) }];
    case "tools": {
      // Under the tool's task namespace, as LangGraph.js streams them (a subgraph's to its lifecycle).
      const { [TOOL_NS]: at, ...event } = data;
      return [{ method: "tools", params: { ...params({ data: toolEvent(event) }), namespace: at ? at.split("|") : ns } }];
    }
    default:
      return [{ method: mode, params: params({ data }) }];
  }
}

/**
 * `lifecycle` events as LangGraph.js derives them: the root is "running";
 * a subgraph namespace is "started" at its first event and "completed" at the
 * event after its parent reports the node's update (or task result); at the
 * end every started namespace completes, or fails with the run.
 */
class Lifecycle {
  #status = new Map();
  #pending = [];
  constructor(emit) {
    this.emit = emit;
  }
  #set(ns, status, extra = {}) {
    const k = key(ns);
    if (this.#status.get(k)?.status === status && !extra.error) return;
    this.#status.set(k, { ns, status });
    this.emit({ method: "lifecycle", params: { namespace: ns, timestamp: Date.now(), data: { event: status, graph_name: graphName(ns), ...extra } } });
  }
  #started(ns) {
    return this.#status.get(key(ns))?.status === "started";
  }
  start() {
    this.#set([], "running");
  }
  /** Called before `event` is logged. */
  see(ns, event) {
    const d = event.params.data;
    const result = event.method === "tasks" && isRecord(d) && "result" in d && typeof d.name === "string" && !d.name.startsWith("__") ? d : null;
    if (result) this.#pending = this.#pending.filter((p) => !(p.node === result.name && key(p.parent) === key(ns)));
    this.flush();
    for (let n = 1; n <= ns.length; n++) if (!this.#status.has(key(ns.slice(0, n)))) this.#set(ns.slice(0, n), "started");
    const child = (match) => [...this.#status.values()].find((r) => r.status === "started" && r.ns.length === ns.length + 1 && under(r.ns, ns) && match(r.ns.at(-1)))?.ns;
    const enqueue = (c, p) => c && !this.#pending.some((q) => key(q.ns) === key(c)) && this.#pending.push({ ns: c, ...p });
    if (result) enqueue(child((last) => last === `${result.name}:${result.id}`), {});
    const node = event.method === "updates" ? event.params.node : undefined;
    if (typeof node === "string" && !node.startsWith("__")) enqueue(child((last) => last === node || last.startsWith(`${node}:`)), { node, parent: ns });
  }
  flush() {
    for (const p of this.#pending.splice(0)) if (this.#started(p.ns)) this.#set(p.ns, "completed");
  }
  end(error) {
    this.flush();
    const status = error === undefined ? "completed" : "failed";
    for (const r of [...this.#status.values()]) if (r.ns.length && r.status === "started") this.#set(r.ns, status);
    this.#set([], status, error === undefined ? {} : { error: error instanceof Error ? error.message : String(error) });
  }
}

/** A run's event stream at one namespace (`path`): iterate it, or read its projections. */
export class GraphRunStream {
  #run;
  #messages;
  /** `extensions`: what the run's stream transformers' `init()` returned (the root's only). */
  constructor(path, run, extensions = {}) {
    this.path = path;
    this.#run = run;
    this.extensions = extensions;
  }
  [Symbol.asyncIterator]() {
    return this.#run.events.iterate(0, (e) => (under(e.params.namespace, this.path) ? e : undefined));
  }
  /** The state after each superstep at this namespace; awaited, the last one. */
  get values() {
    const it = () => this.#run.all.iterate(0, (e) => (e.method === "values" && e.params.namespace.length === this.path.length && under(e.params.namespace, this.path) ? e.params.data : undefined));
    const last = this.output;
    return { [Symbol.asyncIterator]: it, then: last.then.bind(last) };
  }
  /** The final state (rejects if the run fails). */
  get output() {
    return this.#run.finished.then(() => this.#run.latest.get(key(this.path)));
  }
  /** Whether the run stopped on an interrupt or a breakpoint. */
  get interrupted() {
    return this.#run.interrupted;
  }
  /** `{ interruptId, payload }` for each interrupt the run raised. */
  get interrupts() {
    return this.#run.interrupts;
  }
  /** Streams of the subgraphs directly under this one, as they start. */
  get subgraphs() {
    const depth = this.path.length + 1;
    const seen = new Set();
    return this.#run.all.iterate(0, (e) => {
      const ns = e.params.namespace;
      if (ns.length < depth || !under(ns, this.path) || seen.has(key(ns.slice(0, depth)))) return undefined;
      seen.add(key(ns.slice(0, depth)));
      return new SubgraphRunStream(ns.slice(0, depth), this.#run);
    });
  }
  /** The messages of the nodes directly under this namespace, one stream each (see message-stream.js). */
  get messages() {
    return (this.#messages ??= this.messagesFrom(undefined));
  }
  /** `messages` of node `node` only (every node's if undefined). */
  messagesFrom(node) {
    const depth = this.path.length + 1;
    const mine = (e) => e.method === "messages" && e.params.namespace.length === depth && under(e.params.namespace, this.path) && (node === undefined || e.params.node === node);
    return messagesOf(this.#run.all, mine);
  }
  /** `{ namespace, timestamp, event, graph_name }` for this subtree's lifecycle events. */
  get lifecycle() {
    return this.#run.all.iterate(0, (e) => (e.method === "lifecycle" && under(e.params.namespace, this.path) ? { namespace: e.params.namespace, timestamp: e.params.timestamp, ...e.params.data } : undefined));
  }
  abort(reason) {
    this.#run.controller.abort(reason);
  }
  get signal() {
    return this.#run.controller.signal;
  }
}

export class SubgraphRunStream extends GraphRunStream {
  constructor(path, run) {
    super(path, run);
    const last = path.at(-1);
    const colon = last.lastIndexOf(":");
    this.name = colon < 0 ? last : last.slice(0, colon);
    this.index = colon >= 0 && /^\d+$/.test(last.slice(colon + 1)) ? Number(last.slice(colon + 1)) : 0;
  }
}

/** The protocol's checkpoint envelope of a checkpoint payload or a state snapshot (the same fields). */
function envelopeOf(c) {
  const parent = c.parentConfig?.configurable?.checkpoint_id;
  return { id: c.config?.configurable?.checkpoint_id, ...(parent ? { parent_id: parent } : {}), step: c.metadata?.step, source: c.metadata?.source };
}

/** `graph.streamEvents(input, options)`, for a compiled graph or (with `v2` its shape, see events-v2.js) a workflow. */
export function streamEventsOf(graph, input, options, v2) {
  options ??= {};
  if (options.version === "v2") {
    // As LangGraph.js: a ReadableStream whose cancel() aborts the run.
    const [withSignal, onCancel] = cancellable(options);
    return readableOf(streamEventsV2(graph, input, withSignal, v2), onCancel);
  }
  // Thrown, not a rejected promise: v2's events are iterated without an await, as in LangGraph.js.
  if (options.version !== "v3") throw new Error(`streamEvents supports versions "v2" and "v3" (got ${JSON.stringify(options.version)})`);
  if (options.encoding !== EVENT_STREAM) return new Promise((resolve) => resolve(streamEventsV3(graph, input, options)));
  // As Server-Sent Events bytes: a ReadableStream whose cancel() aborts the run.
  const { encoding, ...rest } = options;
  return new Promise((resolve) => {
    const run = streamEventsV3(graph, input, rest);
    resolve(readableOf(protocolEventStreamOf(run), (reason) => run.abort(reason)));
  });
}

/**
 * Runs `graph.stream` with every mode and subgraphs, and turns its chunks
 * into protocol events. Each values chunk of a checkpoint is preceded by that
 * checkpoint's envelope `{id, parent_id?, step, source}`; without a
 * checkpointer the ids are made up, as LangGraph.js makes them.
 */
export function streamEventsV3(graph, input, { version, transformers, ...config }) {
  const controller = new AbortController();
  const signal = config.signal ? AbortSignal.any([config.signal, controller.signal]) : controller.signal;
  const run = { events: new Log(), latest: new Map(), interrupted: false, interrupts: [], controller };
  let seq = 0;
  // The number is given as it is logged: an event shown to transformers first carries a
  // guess (`append`); `type` and `seq` stay the first keys either way.
  const log = (e) => {
    const event = { type: "event", seq: 0, ...e };
    event.seq = seq++;
    run.events.push(event);
  };
  // The compiled graph's stream transformers, then the call's, see each event before it is
  // logged, and may drop it; the projections (values, subgraphs...) read every event.
  const factories = [...(graph.streamTransformers ?? []), ...(transformers ?? [])];
  let shown = null;
  run.all = factories.length ? new Log() : run.events;
  const append = (ns, e) => (shown ? shown.push(ns, { type: "event", seq, ...e }) : log(e));
  const lifecycle = new Lifecycle((e) => append(e.params.namespace, e));
  // As in LangGraph.js, the run's first event is logged before the transformers come, which then see it.
  lifecycle.start();
  if (factories.length) {
    run.all.push(run.events.items[0]);
    shown = new Transformers(factories, log, (e) => run.all.push(e), run.events.items.slice());
  }
  const push = (e, ns = e.params.namespace) => {
    lifecycle.see(e.params.namespace, e);
    append(ns, e);
  };
  // A values chunk waits for the checkpoint it shows, which the stream sends after it
  // (after the stop's chunks, when a breakpoint or an interrupt ends the step). As in
  // LangGraph.js, both go out when the next step begins, so a run that fails before
  // then (the recursion limit) never sends them. An asynchronous saver lets a parallel
  // subgraph's chunks in before the checkpoint: those do not release the wait.
  let held = [];
  const saving = !!graph.options?.checkpointer;
  const steps = new Map();
  const isStop = (d) => isRecord(d) && Array.isArray(d.__interrupt__);
  const emit = (ns, mode, data) => {
    if (mode === "values") {
      run.latest.set(key(ns), data);
      if (isStop(data)) {
        run.interrupted = true;
        run.interrupts.push(...data.__interrupt__.map((i) => ({ interruptId: i.id ?? "", payload: i.value })));
      }
    }
    for (const e of toEvents(ns, mode, data)) push(e, ns);
  };
  const release = ({ ns, data, after, envelope }) => {
    // Without a checkpointer: the step whose tasks ran last (0, the input, before any).
    envelope ??= { id: uuid(), step: steps.get(key(ns)) ?? 0, source: "loop" };
    push({ method: "checkpoints", params: { namespace: ns, timestamp: Date.now(), data: envelope } });
    emit(ns, "values", data);
    for (const [mode, d] of after) emit(ns, mode, d);
  };
  /** Releases what waits, except another namespace's values whose checkpoint may still come. */
  const releaseFor = (k) => {
    const [go, stay] = [[], []];
    for (const h of held) (h.envelope || h.k === k || !saving ? go : stay).push(h);
    held = stay;
    go.forEach(release);
  };
  const end = (error) => {
    run.events.end(error);
    if (run.all !== run.events) run.all.end(error);
  };
  run.finished = (async () => {
    // The mark has a node's chat model stream the protocol's events (tokens.js).
    const configurable = { ...config.configurable, [PROTOCOL_RUN]: true };
    for await (const [ns, mode, data] of await graph.stream(input, { ...config, configurable, signal, streamMode: MODES, subgraphs: true })) {
      // A saved checkpoint comes as a "checkpoints" chunk and a debug event; either heads the values.
      const saved = mode === "checkpoints" ? data : mode === "debug" && data.type === "checkpoint" ? data.payload : null;
      const k = key(ns);
      const mine = held.find((h) => h.k === k);
      if (mine) {
        if (saved) {
          mine.envelope ??= envelopeOf(saved);
          continue;
        }
        if ((mode === "updates" || mode === "values") && isStop(data)) {
          mine.after.push([mode, data]);
          continue;
        }
      }
      releaseFor(k);
      if (mode === "debug" && data.type === "task") steps.set(k, data.step);
      if (mode === "debug" || saved) continue;
      if (mode === "values" && !isStop(data)) held.push({ ns, k, data, after: [] });
      else emit(ns, mode, data);
    }
    // A breakpoint after a step stops the run before its checkpoint is streamed; the thread has it.
    const root = held.find((h) => !h.ns.length);
    if (root && !root.envelope && (config.configurable?.thread_id ?? graph.config?.configurable?.thread_id) !== undefined) {
      root.envelope = envelopeOf(await graph.getState({ configurable: config.configurable }));
    }
  })().then(
    () => {
      try {
        held.splice(0).forEach(release);
        lifecycle.end();
        // The log ends once the transformers' last promises have settled (and been logged).
        const settling = shown?.finish();
        if (settling) settling.then(() => end());
        else end();
      } catch (error) {
        // A transformer that throws at the end fails the run stream rather than leaving it open.
        shown?.fail(error);
        end(error);
        throw error;
      }
    },
    (error) => {
      try {
        lifecycle.end(error);
        shown?.fail(error);
      } finally {
        end(error);
      }
      throw error;
    },
  );
  // Rejections reach `output`; an unread stream must not crash the process.
  run.finished.catch(() => {});
  return new GraphRunStream([], run, shown?.extensions);
}
