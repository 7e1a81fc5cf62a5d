// Engine results in LangGraph.js's shapes: stream chunks and state snapshots.
import { revived } from "./tokens.js";
import { revivedToolEvent } from "./tool-stream.js";

/** A checkpoint event's tasks as LangGraph.js lists them: each has `result`, undefined before its writes. */
function withResults(tasks) {
  for (const t of tasks) if (!("result" in t)) t.result = undefined;
}

/** A stream part as LangGraph.js yields it: `[namespace, mode, data]` cut to what was asked for. */
export function chunkOf(p, many, subgraphs) {
  if (p.mode === "messages") p.data = revived(p.data);
  else if (p.mode === "tools") p.data = revivedToolEvent(p.data);
  else if (p.mode === "checkpoints") withResults(p.data.tasks);
  else if (p.mode === "debug" && p.data.type === "checkpoint") withResults(p.data.payload.tasks);
  if (subgraphs) return many ? [p.namespace, p.mode, p.data] : [p.namespace, p.data];
  return many ? [p.mode, p.data] : p.data;
}

/** A task's stored error as LangGraph.js gives it back: a plain `{ message, name }`, not an Error. */
function namedError(name, message) {
  return { message, name: name || "Error" };
}

/** A snapshot's metadata as LangGraph.js shows it: the stored `source`, `step` and `parents`, and the thread. */
function metadataOf({ metadata: { source, step, parents = {} }, config }) {
  const threadId = config?.configurable?.thread_id;
  return { source, step, parents, ...(threadId !== undefined ? { thread_id: threadId } : {}) };
}

/** A state snapshot as LangGraph.js's `getState` returns it. */
export function snapshot(s) {
  if (!s) return s;
  return {
    values: s.values,
    next: s.next,
    tasks: s.tasks.map((t) => ({
      id: t.id,
      name: t.name,
      path: t.path.split("|"),
      // As LangGraph.js: `error` (before the interrupts) and `state` only where they hold
      // something, `result` always (undefined before a task's writes). A subgraph task's
      // `state` is its snapshot with `subgraphs`, else the config that reads it.
      ...(t.error != null ? { error: namedError(t.errorClass, t.error) } : {}),
      interrupts: t.interrupts,
      ...(t.state ? { state: snapshot(t.state) } : t.subgraphConfig ? { state: t.subgraphConfig } : {}),
      result: t.result ?? undefined,
    })),
    metadata: s.metadata ? metadataOf(s) : undefined,
    config: s.config,
    createdAt: s.createdAt ? new Date(s.createdAt).toISOString() : undefined,
    parentConfig: s.parentConfig ?? undefined,
  };
}
