// `stream(input, { encoding: "text/event-stream" })`: the chunks as
// Server-Sent Events bytes, as LangGraph.js encodes them, so a server route
// can answer with `new Response(stream)`. Each chunk is an event named by its
// mode (and namespace, `mode|ns`); a failure is a last `error` event.

export const EVENT_STREAM = "text/event-stream";

/**
 * `chunks` (`[mode, data]`, or `[namespace, mode, data]` with `subgraphs`) as
 * SSE bytes. Checkpoints are serialized as LangGraph.js's API sends them.
 */
export async function* eventStreamOf(chunks, subgraphs) {
  const encoder = new TextEncoder();
  const event = (name, data) => encoder.encode(`event: ${name}\ndata: ${stringifyAsDict(data)}\n\n`);
  try {
    for await (const chunk of chunks) {
      const [ns, mode, data] = subgraphs ? chunk : [null, ...chunk];
      let payload = data;
      if (mode === "checkpoints") payload = serializeCheckpoint(data);
      else if (mode === "debug" && data.type === "checkpoint") payload = { ...data, payload: serializeCheckpoint(data.payload) };
      yield event(ns?.length ? `${mode}|${ns.join("|")}` : mode, payload);
    }
  } catch (e) {
    yield event("error", e instanceof Error ? { error: e.name, message: e.message } : { error: "Error", message: JSON.stringify(e) });
  }
}

/** JSON text where a LangChain object (a message class) is written as its `toDict()`. */
function stringifyAsDict(value) {
  return JSON.stringify(value, function (key, v) {
    const raw = this[key];
    if (raw != null && typeof raw === "object" && typeof raw.toDict === "function") {
      const { type, data } = raw.toDict();
      return { ...data, type };
    }
    return v;
  });
}

const isConfig = (c) => typeof c === "object" && c !== null && typeof c.configurable === "object" && c.configurable !== null;

/** The checkpoint a config names, or null. */
function checkpointOf(config) {
  if (!isConfig(config) || !config.configurable.thread_id) return null;
  const { thread_id, checkpoint_ns, checkpoint_id, checkpoint_map } = config.configurable;
  return { thread_id, checkpoint_ns: checkpoint_ns || "", checkpoint_id: checkpoint_id || null, checkpoint_map: checkpoint_map || null };
}

/** A config without its internal (`__`) configurable keys. */
function serializeConfig(config) {
  if (!isConfig(config)) return config;
  const configurable = Object.fromEntries(Object.entries(config.configurable).filter(([k]) => !k.startsWith("__")));
  const { callbacks, ...rest } = { ...config, configurable };
  return rest;
}

/** A checkpoint event as LangGraph's API sends it: its checkpoints named, a subgraph task's state config as its checkpoint. */
function serializeCheckpoint(payload) {
  const out = {
    ...payload,
    checkpoint: checkpointOf(payload.config),
    parent_checkpoint: checkpointOf(payload.parentConfig),
    config: serializeConfig(payload.config),
    parent_config: serializeConfig(payload.parentConfig),
    tasks: payload.tasks.map((task) => {
      const checkpoint = isConfig(task.state) ? checkpointOf(task.state) : null;
      if (checkpoint == null) return task;
      const { state, ...rest } = { ...task, checkpoint };
      return rest;
    }),
  };
  delete out.parentConfig;
  return out;
}

/** A `streamEvents` v3 run's events as SSE bytes, as LangGraph.js encodes them: named `method|ns`, a failure a last `error` event. */
export async function* protocolEventStreamOf(run) {
  const encoder = new TextEncoder();
  try {
    for await (const e of run) {
      const ns = e.params.namespace;
      yield encoder.encode(`event: ${ns.length ? `${e.method}|${ns.join("|")}` : e.method}\ndata: ${JSON.stringify(e.params.data ?? {})}\n\n`);
    }
  } catch (error) {
    yield encoder.encode(`event: error\ndata: ${JSON.stringify({ message: String(error) })}\n\n`);
  }
}
