// The browser entry of the superstep package: `await init()` once, then use the API.
import wasmInit, * as wasm from "./wasm/superstep_wasm.js";

let ready = null;

/** Loads the engine. Pass bytes, a Response, a URL or a WebAssembly.Module; default: the bundled .wasm. */
export function init(source) {
  ready ??= wasmInit(source === undefined ? undefined : { module_or_path: source });
  return ready;
}

/** The engine's version string. */
export function engineVersion() {
  return wasm.engineVersion();
}
