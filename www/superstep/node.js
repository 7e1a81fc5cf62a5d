// The Node entry: same API as index.js; init() reads the .wasm from disk (Node cannot fetch file: URLs).
import { readFile } from "node:fs/promises";
import { init as initWith } from "./index.js";
export * from "./index.js";

export async function init(source) {
  return initWith(source ?? (await readFile(new URL("./wasm/superstep_wasm_bg.wasm", import.meta.url))));
}
