// node --test: the JS package, loaded from its built wasm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { init, engineVersion, StateGraph, Annotation, START } from "../../www/superstep/node.js";

test("in Node, importing the package loads the engine: a graph runs with no init(), which stays for shared code", async () => {
  // Nothing in this file calls init() before this test.
  const State = Annotation.Root({ x: Annotation() });
  const graph = new StateGraph(State).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(START, "a").compile();
  assert.deepEqual(await graph.invoke({ x: 1 }), { x: 2 });
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

test("an error a script leaves uncaught prints as Node prints any: its message and a short source line", async () => {
  const { spawnSync } = await import("node:child_process");
  const entry = new URL("../../www/superstep/node.js", import.meta.url).href;
  const script = `import { StateGraph, Annotation, START, MemorySaver } from ${JSON.stringify(entry)};
    const g = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("a", () => ({})).addEdge(START, "a");
    await g.compile({ checkpointer: new MemorySaver() }).invoke({ x: 1 });`;
  const { status, stderr } = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(status, 1);
  assert.match(stderr, /needs configurable\.thread_id/);
  // Node prints the source line it threw on: the bundle's lines are short, so no page of minified code.
  assert.ok(stderr.length < 3000, `stderr is ${stderr.length} characters`);
});

test("the browser entry before init() refuses with EngineNotLoadedError, then works once init(bytes) has loaded it", async () => {
  const { readFileSync } = await import("node:fs");
  // Its own module instance, with its own copy of the wasm glue: not loaded yet.
  const B = await import("../../www/superstep/index.js");
  const State = B.Annotation.Root({ x: B.Annotation() });
  const build = () => new B.StateGraph(State).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(B.START, "a");
  for (const early of [() => build().compile(), () => new B.MemorySaver(), () => new B.InMemoryCache()]) {
    assert.throws(early, (e) => e instanceof B.EngineNotLoadedError && e instanceof B.BaseLangGraphError && /await init\(\)/.test(e.message));
  }
  await B.init(readFileSync(new URL("../../www/superstep/wasm/superstep_wasm_bg.wasm", import.meta.url)));
  assert.deepEqual(await build().compile({ checkpointer: new B.MemorySaver() }).invoke({ x: 1 }, { configurable: { thread_id: "t" } }), { x: 2 });
});

test("in a browser (no AsyncLocalStorage), a copy of a node's config still makes a graph invoked after an await its subgraph", async () => {
  const { readFileSync } = await import("node:fs");
  const B = await import("../../www/superstep/index.js");
  await B.init(readFileSync(new URL("../../www/superstep/wasm/superstep_wasm_bg.wasm", import.meta.url)));
  const S = B.Annotation.Root({ x: B.Annotation() });
  const inner = new B.StateGraph(S)
    .addNode("ask", (s, config) => ({ x: s.x + B.interrupt("how much?") + config.configurable.bonus }))
    .addEdge(B.START, "ask")
    .compile();
  let kept;
  const g = new B.StateGraph(S)
    .addNode("outer", async (s, config) => {
      await new Promise((r) => setTimeout(r, 1));
      kept = { configurable: { ...config.configurable } };
      // As LangGraph.js code passes it on: the node's config, spread, with a key added.
      return { x: (await inner.invoke(s, { ...config, configurable: { ...config.configurable, bonus: 100 } })).x };
    })
    .addEdge(B.START, "outer")
    .compile({ checkpointer: new B.MemorySaver() });
  const cfg = { configurable: { thread_id: "copied" } };
  const chunks = [];
  for await (const c of await g.stream({ x: 1 }, { ...cfg, streamMode: "updates", subgraphs: true })) chunks.push(c);
  assert.deepEqual(chunks.map(([ns]) => ns.map((p) => p.split(":")[0])), [["outer"], []]);
  assert.equal(chunks[1][1].__interrupt__[0].value, "how much?");
  assert.deepEqual(await g.invoke(new B.Command({ resume: 5 }), cfg), { x: 106 });
  // Once its task has ended, a copy names no task: a graph invoked with it runs on its own.
  const alone = new B.StateGraph(S).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(B.START, "a").compile();
  assert.deepEqual(await alone.invoke({ x: 1 }, kept), { x: 2 });
});

test("in a browser, a graph a node streams after an await with its config is its subgraph: the parent's stream gets its parts", async () => {
  const { readFileSync } = await import("node:fs");
  const B = await import("../../www/superstep/index.js");
  await B.init(readFileSync(new URL("../../www/superstep/wasm/superstep_wasm_bg.wasm", import.meta.url)));
  const S = B.Annotation.Root({ x: B.Annotation() });
  const inner = new B.StateGraph(S).addNode("i", (s) => ({ x: s.x + 1 })).addEdge(B.START, "i").compile();
  const g = new B.StateGraph(S)
    .addNode("outer", async (s, config) => {
      await new Promise((r) => setTimeout(r, 1));
      let last;
      for await (const c of await inner.stream(s, { ...config, streamMode: "values" })) last = c;
      return { x: last.x };
    })
    .addEdge(B.START, "outer")
    .compile();
  const chunks = [];
  for await (const [ns, c] of await g.stream({ x: 1 }, { streamMode: "updates", subgraphs: true })) chunks.push([ns.map((p) => p.split(":")[0]), c]);
  assert.deepEqual(chunks, [[["outer"], { i: { x: 2 } }], [[], { outer: { x: 2 } }]]);
});
