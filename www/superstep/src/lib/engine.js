// Whether the engine's wasm is loaded. Building a graph, a saver or a cache
// before it gets a clear error, rather than the wasm glue's TypeError
// ("Cannot read properties of undefined").
import * as wasm from "../../wasm/superstep_wasm.js";
import { EngineNotLoadedError } from "./types.js";
import { markMessage } from "./messages.js";
import { taskStopped } from "./stop-signal.js";
import { streamSubgraphOutput, subgraphNode } from "./runtime.js";

let loaded = false;

/** What follows the wasm's instantiation, however it was loaded; returns `exports`. */
export function markLoaded(exports) {
  wasm.setMessageMarker(markMessage);
  wasm.setStopHook(taskStopped);
  wasm.setSubgraphOutputHook(streamSubgraphOutput);
  wasm.setSubgraphRunHook(subgraphNode);
  loaded = true;
  return exports;
}

/** Throws EngineNotLoadedError unless the engine is loaded; `what` names the caller. */
export function requireEngine(what) {
  if (!loaded) throw new EngineNotLoadedError(`${what} needs the engine, which is not loaded yet: call \`await init()\` once first.`);
}
