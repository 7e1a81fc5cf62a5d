// The Node entry: same API as index.js; importing it loads the .wasm from disk (Node cannot fetch file: URLs).
// Bundled into ../node.js, so the .wasm's URL is relative to the bundle.
import { readFileSync } from "node:fs";
import { AsyncLocalStorage } from "node:async_hooks";
import { init as initWith } from "./index.js";
import { initSync } from "../wasm/superstep_wasm.js";
import { useAsyncContext } from "./lib/runtime.js";
import { markLoaded } from "./lib/engine.js";
export * from "./index.js";

// LangChain's shared store (as LangGraph.js sets it up, if LangChain has not yet): a node
// runs inside it, so a chat model or tool called without its config still finds it, and
// the node's runtime follows it across `await` (nested graph calls, interrupt()).
const LANGCHAIN_STORE = Symbol.for("ls:tracing_async_local_storage");
globalThis[LANGCHAIN_STORE] ??= new AsyncLocalStorage();
useAsyncContext(globalThis[LANGCHAIN_STORE]);

// Importing is enough in Node, as with LangGraph.js: the engine loads from disk
// here (init() stays for code shared with browsers). Where the .wasm is not beside
// this file (a user's own bundle), it is left to init(bytes).
const WASM = new URL("./wasm/superstep_wasm_bg.wasm", import.meta.url);
const found = (() => {
  try {
    return readFileSync(WASM);
  } catch {
    return undefined;
  }
})();
if (found) markLoaded(initSync({ module: found }));

export async function init(source) {
  const bytes = source ?? found ?? readFileSync(WASM);
  // Bytes or a module are instantiated synchronously, which Node allows: the
  // async path's `Response` check makes Node load its fetch stack (~10 ms of cold start).
  if (bytes instanceof WebAssembly.Module || bytes instanceof ArrayBuffer || ArrayBuffer.isView(bytes)) initSync({ module: bytes });
  return initWith(bytes);
}
