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

test("each entry is one bundled module: no imports but Node's own, and the .wasm it loads is beside it", async () => {
  const { readFileSync, existsSync } = await import("node:fs");
  const dir = new URL("../../www/superstep/", import.meta.url);
  const imports = (file) => [...readFileSync(new URL(file, dir), "utf8").matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*\(\s*"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  assert.deepEqual(imports("index.js"), []);
  assert.deepEqual(imports("node.js").sort(), ["node:async_hooks", "node:fs"]);
  const pkg = JSON.parse(readFileSync(new URL("package.json", dir), "utf8"));
  for (const f of pkg.files.filter((f) => !f.includes("*"))) assert.ok(existsSync(new URL(f, dir)), `${f} is listed in package.json and built`);
});
