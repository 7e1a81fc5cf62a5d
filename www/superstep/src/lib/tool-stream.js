// The "tools" stream mode, as LangGraph.js 1.7 streams it: a LangChain callback
// handler, handed to a node in `config.callbacks` while the run streams tools,
// reports each tool the node calls with its config as it starts, streams,
// ends or fails (`on_tool_start`, `on_tool_event`, `on_tool_end`,
// `on_tool_error`). The events cross the engine as plain data; a tool's
// LangChain message (a ToolMessage) and its error become objects of their
// classes again when the stream yields them. Duck-typed: no LangChain code.
import { isGraphDrained, isGraphInterrupt } from "./types.js";
import { isLangChainMessage, toPlain } from "./values.js";
import { revived, tagged } from "./tokens.js";

const ERROR = "__superstep_error";

/** Where a `streamEvents` v3 run's tools event says its task's checkpoint namespace. */
export const TOOL_NS = "__superstep_checkpoint_ns";

/** `v` as plain data: a LangChain message tagged with its class, an Error as its name and message. */
function plain(v) {
  if (isLangChainMessage(v)) return tagged(v);
  if (v instanceof Error) return { [ERROR]: { name: v.name, message: v.message } };
  return toPlain(v, "tool event");
}

/** `v` as a tools event shows it: a tagged message or an error made an object of its class again. */
function live(v) {
  if (v && typeof v === "object" && ERROR in v) return Object.assign(new Error(v[ERROR].message), { name: v[ERROR].name });
  return revived([v])[0];
}

/**
 * The handler for the task whose checkpoint namespace is `ns`: `emit(event)` streams
 * one event. A tool run of another namespace (a graph the node invokes reports its
 * own tasks' tools) or hidden from LangSmith is left out, as LangGraph.js leaves it.
 */
export function toolHandler(emit, ns) {
  const runs = new Map();
  const report = (runId, event, key, value, done) => {
    const info = runs.get(runId);
    if (!info) return;
    if (done) runs.delete(runId);
    emit({ event, toolCallId: info.toolCallId, name: info.name, [key]: plain(value) });
  };
  return {
    name: "StreamToolsHandler",
    // Delivered before the tool's call returns, as LangGraph.js's.
    awaitHandlers: true,
    handleToolStart(_tool, input, runId, _parent, tags, metadata, runName, toolCallId) {
      if (!metadata || tags?.includes("langsmith:hidden") || metadata.langgraph_checkpoint_ns !== ns) return;
      runs.set(runId, { toolCallId, name: runName ?? "unknown" });
      report(runId, "on_tool_start", "input", input, false);
    },
    handleToolEvent(chunk, runId) {
      report(runId, "on_tool_event", "data", chunk, false);
    },
    handleToolEnd(output, runId) {
      report(runId, "on_tool_end", "output", output, true);
    },
    handleToolError(error, runId) {
      // A pause or a drain passing through a tool is no failure of the tool's.
      if (isGraphInterrupt(error) || isGraphDrained(error)) return void runs.delete(runId);
      report(runId, "on_tool_error", "error", error, true);
    },
  };
}

/** A streamed tools event, its message or error an object of its class again. */
export function revivedToolEvent(event) {
  for (const key of ["output", "data", "error"]) if (key in event) event[key] = live(event[key]);
  return event;
}
