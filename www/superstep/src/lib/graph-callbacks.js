// LangGraph.js 1.7's GraphCallbackHandler: handlers among a run's `callbacks`
// that hear the root run pause (`handleInterrupt`) and each run, root or
// subgraph, resume from its checkpoint (`handleResume`). The engine awaits them
// before the run goes on. A handler's error is a warning, unless it sets
// `raiseError`: then it fails the run, which rethrows that error.
import { nodeErrors } from "./runtime.js";

// LangGraph.js's brand: its own handlers are recognised here too.
const BRAND = Symbol.for("langgraph.graph_callback_handler");
/** The "node" whose failure a raising handler's error is (see engine/wasm/src/lifecycle.rs). */
const HOOK = "__graph_callbacks__";

/** Extend it, and pass an instance in a run's `callbacks`, to hear the run's interrupts and resumes. */
export class GraphCallbackHandler {
  name = "GraphCallbackHandler";
  [BRAND] = true;
  static isInstance(value) {
    return typeof value === "object" && value !== null && value[BRAND] === true;
  }
}

/**
 * The engine's lifecycle hook for a run whose `callbacks` (a list, or a manager's
 * handlers) hold graph callback handlers; undefined when none do. `graphRun`: the
 * run's chain run (callbacks.js); an event's `runId` is that of the graph it is
 * about, a subgraph's own, as LangGraph.js reports it.
 */
export function lifecycleHook(callbacks, graphRun) {
  const all = Array.isArray(callbacks) ? callbacks : callbacks?.handlers;
  const handlers = Array.isArray(all) ? all.filter(GraphCallbackHandler.isInstance) : [];
  if (!handlers.length) return undefined;
  return async ({ kind, status = "pending", checkpointId, checkpointNs = [], interrupts }) => {
    const runId = graphRun?.graphRunIdAt(checkpointNs.join("|"));
    const [method, event] =
      kind === "interrupt"
        ? ["handleInterrupt", { runId, status, checkpointId, checkpointNs, interrupts: interrupts.map(({ id, value }) => ({ id, value })) }]
        : ["handleResume", { runId, status, checkpointId, checkpointNs }];
    for (const handler of handlers) {
      try {
        await handler[method]?.(event);
      } catch (error) {
        (handler.raiseError ? console.error : console.warn)(`Error in handler ${handler.constructor.name}, ${method}: ${error}`);
        if (handler.raiseError) {
          nodeErrors.set(HOOK, error);
          throw error;
        }
      }
    }
  };
}
