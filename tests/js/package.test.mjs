// node --test: the JS package, loaded from its built wasm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { init, engineVersion } from "../../www/superstep/node.js";

test("the package initialises and reports the engine version", async () => {
  const ready = init();
  // Node's init instantiates synchronously (the async path costs ~10 ms of cold start).
  assert.match(engineVersion(), /^\d+\.\d+\.\d+$/);
  await ready;
  await init();
});
