// The Node entry: same API as index.js; init() reads the .wasm from disk (Node cannot fetch file: URLs).
import { readFile } from "node:fs/promises";
import { AsyncLocalStorage } from "node:async_hooks";
import { init as initWith } from "./index.js";
import { useAsyncContext } from "./lib/runtime.js";
export * from "./index.js";

// In Node a node's runtime follows it across `await` (nested graph calls, interrupt()).
useAsyncContext(new AsyncLocalStorage());

export async function init(source) {
  return initWith(source ?? (await readFile(new URL("./wasm/superstep_wasm_bg.wasm", import.meta.url))));
}
