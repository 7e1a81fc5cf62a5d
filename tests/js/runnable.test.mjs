// node --test: the rest of LangGraph.js's surface a port reaches for: the
// free functions a node calls (getConfig, getCurrentTaskInput, getWriter,
// writer), task(), isInterrupted/INTERRUPT, addMessages, and the compiled graph's
// withConfig, batch, getName, clearCache and getSubgraphs. Each was checked
// against LangGraph.js 1.7.3. Two differ on purpose: its free `writer()`
// emits nothing (it reads a key its runs do not set), and its `getState`
// answers with a `withConfig` thread in the config but no values.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, MemorySaver, InMemoryCache, interrupt } = S;

before(() => S.init());

const State = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), seen: Annotation() });

async function collect(p) {
  const out = [];
  for await (const c of await p) out.push(c);
  return out;
}

test("getConfig, getCurrentTaskInput, getWriter and writer inside a node, before and after an await", async () => {
  const g = new StateGraph(State)
    .addNode("a", async (state) => {
      const before = S.getConfig();
      S.writer({ from: "writer" });
      S.getWriter()({ from: "getWriter" });
      await new Promise((r) => setTimeout(r, 1));
      const after = S.getConfig();
      return { n: 1, seen: [before.metadata.langgraph_node, after.configurable.user, S.getCurrentTaskInput().n, state === S.getCurrentTaskInput(after)] };
    })
    .addEdge(START, "a")
    .compile();
  const chunks = await collect(g.stream({ n: 5 }, { streamMode: ["custom", "values"], configurable: { user: "u1" } }));
  assert.deepEqual(chunks.filter(([m]) => m === "custom").map(([, c]) => c), [{ from: "writer" }, { from: "getWriter" }]);
  assert.deepEqual(chunks.at(-1)[1].seen, ["a", "u1", 5, true]);
});

test("outside a node getConfig is undefined and the others throw", () => {
  assert.equal(S.getConfig(), undefined);
  assert.throws(() => S.writer(1), /inside a node/);
  assert.throws(() => S.getCurrentTaskInput(), /inside a node/);
});

test("isInterrupted and INTERRUPT read invoke's paused output", async () => {
  const g = new StateGraph(State)
    .addNode("ask", () => ({ seen: interrupt("why?") }))
    .addEdge(START, "ask")
    .compile({ checkpointer: new MemorySaver() });
  const out = await g.invoke({ n: 1 }, { configurable: { thread_id: "t" } });
  assert.equal(S.INTERRUPT, "__interrupt__");
  assert.ok(S.isInterrupted(out));
  assert.equal(out[S.INTERRUPT][0].value, "why?");
  assert.ok(!S.isInterrupted(await g.invoke(new S.Command({ resume: "ok" }), { configurable: { thread_id: "t" } })));
  assert.ok(!S.isInterrupted(null) && !S.isInterrupted({ __interrupt__: "x" }));
  assert.ok(S.isCommand(new S.Command({ goto: "x" })) && !S.isCommand({}));
});

test("addMessages is messagesStateReducer, the engine's built-in reducer", async () => {
  assert.equal(S.addMessages, S.messagesStateReducer);
  const g = new StateGraph(Annotation.Root({ messages: Annotation({ reducer: S.addMessages, default: () => [] }) }))
    .addNode("a", () => ({ messages: [{ role: "assistant", content: "hi", id: "m1" }] }))
    .addEdge(START, "a")
    .compile();
  const out = await g.invoke({ messages: "hello" });
  assert.deepEqual(out.messages.map((m) => [m.type, m.content]), [["human", "hello"], ["ai", "hi"]]);
});

function loop() {
  return new StateGraph(State)
    .addNode("a", () => ({ n: 1 }))
    .addEdge(START, "a")
    .addConditionalEdges("a", (s) => (s.n < 100 ? "a" : END))
    .compile({ checkpointer: new MemorySaver(), name: "counter" });
}

test("withConfig sets defaults every call merges under its own config", async () => {
  const g = loop();
  const limited = g.withConfig({ recursionLimit: 3, configurable: { thread_id: "w" } });
  await assert.rejects(limited.invoke({ n: 0 }), { name: "GraphRecursionError" });
  // The thread came from the defaults; getState reads it the same way.
  assert.equal((await limited.getState({})).values.n, 3);
  // A call's own value wins; configurable merges key by key.
  const out = await limited.invoke({ n: 0 }, { recursionLimit: 200, configurable: { other: 1 } });
  assert.equal(out.n, 100);
  assert.equal((await g.getState({ configurable: { thread_id: "w" } })).values.n, 100);
  assert.deepEqual(limited.config, { recursionLimit: 3, configurable: { thread_id: "w" } });
  assert.equal(g.config, undefined, "withConfig leaves the original alone");
  assert.equal(limited.withConfig({ configurable: { x: 1 } }).config.configurable.thread_id, "w");
});

test("getName gives the compiled name, LangGraph by default", () => {
  assert.equal(loop().name, "counter");
  assert.equal(loop().getName("Suffix"), "counterSuffix");
  const unnamed = new StateGraph(State).addNode("a", () => ({})).addEdge(START, "a").compile();
  assert.equal(unnamed.name, undefined);
  assert.equal(unnamed.getName(), "LangGraph");
});

test("batch runs every input, in order, at most maxConcurrency at once", async () => {
  let running = 0;
  let most = 0;
  const g = new StateGraph(State)
    .addNode("a", async (s) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (s.n < 0) throw new RangeError("negative");
      return { n: 1 };
    })
    .addEdge(START, "a")
    .compile();
  assert.deepEqual((await g.batch([{ n: 1 }, { n: 10 }, { n: 20 }], { maxConcurrency: 2 })).map((o) => o.n), [2, 11, 21]);
  assert.equal(most, 2);
  assert.deepEqual(await g.batch([]), []);
  await assert.rejects(g.batch([{ n: 1 }, { n: -5 }]), RangeError);
  const mixed = await g.batch([{ n: -5 }, { n: 1 }], undefined, { returnExceptions: true });
  assert.ok(mixed[0] instanceof RangeError);
  assert.equal(mixed[1].n, 2);
  // One config per input.
  const saver = new MemorySaver();
  const t = new StateGraph(State).addNode("a", () => ({ n: 1 })).addEdge(START, "a").compile({ checkpointer: saver });
  await t.batch([{ n: 1 }, { n: 2 }], [{ configurable: { thread_id: "x" } }, { configurable: { thread_id: "y" } }]);
  assert.equal((await t.getState({ configurable: { thread_id: "y" } })).values.n, 3);
  await assert.rejects(t.batch([{ n: 1 }], [{}, {}]), /got 2 options for 1 inputs/);
});

test("clearCache forgets cached node results", async () => {
  let runs = 0;
  const g = new StateGraph(State)
    .addNode("slow", () => (runs++, { n: 1 }), { cachePolicy: {} })
    .addEdge(START, "slow")
    .compile({ cache: new InMemoryCache() });
  await g.invoke({ n: 1 });
  await g.invoke({ n: 1 });
  assert.equal(runs, 1);
  await g.clearCache();
  await g.invoke({ n: 1 });
  assert.equal(runs, 2);
});

test("getSubgraphs lists nodes that are compiled graphs, by namespace and recursively", () => {
  const leaf = new StateGraph(State).addNode("x", () => ({})).addEdge(START, "x").compile();
  const mid = new StateGraph(State).addNode("leaf", leaf).addNode("y", () => ({})).addEdge(START, "leaf").addEdge("leaf", "y").compile();
  const root = new StateGraph(State).addNode("mid", mid).addNode("z", () => ({})).addEdge(START, "mid").addEdge("mid", "z").compile();
  const names = (it) => [...it].map(([n, g]) => [n, g === leaf ? "leaf" : g === mid ? "mid" : "?"]);
  assert.deepEqual(names(root.getSubgraphs()), [["mid", "mid"]]);
  assert.deepEqual(names(root.getSubgraphs(undefined, true)), [["mid", "mid"], ["mid|leaf", "leaf"]]);
  assert.deepEqual(names(root.getSubgraphs("mid|leaf", true)), [["mid|leaf", "leaf"]]);
  assert.deepEqual(names(root.getSubgraphs("z")), []);
});

test("while paused, getState shows a finished sibling's result; an unset error and state are absent, an unset result undefined (as LangGraph.js)", async () => {
  const N = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(N)
    .addNode("ask", () => ({ n: interrupt("q") }))
    .addNode("b", () => ({ n: 1 }))
    .addEdge(START, "ask")
    .addEdge(START, "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "r" } };
  await g.invoke({ n: 0 }, t);
  const tasks = Object.fromEntries((await g.getState(t)).tasks.map((k) => [k.name, k]));
  assert.deepEqual(tasks.b.result, { n: 1 });
  assert.deepEqual(Object.keys(tasks.ask), ["id", "name", "path", "interrupts", "result"]);
  assert.equal(tasks.ask.result, undefined);
});

test("task(): a node's calls are kept when it pauses, and reused by call order when it runs again", async () => {
  let runs = 0;
  const double = S.task("double", async (x) => (runs++, x * 2));
  assert.equal(double.name, "double");
  const g = new StateGraph(State)
    .addNode("a", async (s) => {
      const [x, y] = await Promise.all([double(s.n), double(s.n + 1)]);
      return { n: x + y, seen: interrupt(`${x},${y}`) };
    })
    .addEdge(START, "a")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "task" } };
  const paused = await g.invoke({ n: 1 }, t);
  assert.deepEqual(paused.__interrupt__.map((i) => i.value), ["2,4"]);
  const resumed = await collect(g.stream(new S.Command({ resume: "ok" }), { ...t, streamMode: "updates" }));
  assert.deepEqual(resumed, [
    { double: 2, __metadata__: { cached: true } },
    { double: 4, __metadata__: { cached: true } },
    { a: { n: 6, seen: "ok" } },
  ]);
  assert.equal(runs, 2);
});

test("task(): outside a node, or with bad arguments, a clear error", async () => {
  await assert.rejects(S.task("t", () => 1)(), /task "t" must be called inside a node/);
  assert.throws(() => S.task("", () => 1), TypeError);
  assert.throws(() => S.task("t"), TypeError);
});

test("invoke with subgraphs: true returns the stream's last values chunk, namespace and all, as LangGraph.js does", async () => {
  const S0 = S.Annotation.Root({ x: S.Annotation() });
  const sub = new S.StateGraph(S0).addNode("s", (s) => ({ x: s.x + 1 })).addEdge(S.START, "s").compile();
  const g = new S.StateGraph(S0).addNode("child", sub).addEdge(S.START, "child").compile();
  assert.deepEqual(await g.invoke({ x: 1 }, { subgraphs: true }), [[], { x: 2 }]);
  const asks = new S.StateGraph(S0).addNode("a", (s) => ({ x: s.x * S.interrupt("q") })).addEdge(S.START, "a").compile({ checkpointer: new S.MemorySaver() });
  const [ns, { __interrupt__: [{ value }] }] = await asks.invoke({ x: 2 }, { subgraphs: true, configurable: { thread_id: "t" } });
  assert.deepEqual([ns, value], [[], "q"]);
  const updates = await g.invoke({ x: 1 }, { subgraphs: true, streamMode: "updates" });
  assert.deepEqual(updates.map(([n, c]) => [n.map((p) => p.split(":")[0]), c]), [[["child"], { s: { x: 2 } }], [[], { child: { x: 2 } }]]);
});
