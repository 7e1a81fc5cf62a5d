// Engine objects held by JS wrappers (graphs, savers, caches, a RunControl's
// drain request) are released when the wrapper is collected: its wasm object
// freed, if it has one, and its handle forgotten.
import * as wasm from "../../wasm/superstep_wasm.js";

export const finalizer = new FinalizationRegistry(({ inner, id }) => {
  inner?.free();
  wasm.releaseHandle(id);
});
