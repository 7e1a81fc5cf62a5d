// node --test: cancelling a run with an AbortSignal, as in LangGraph.js: it
// stops at once, rejects with the signal's reason, keeps what it committed,
// and the thread resumes. And a node's own `config.signal`, which aborts when
// the run stops waiting for it.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;

before(() => S.init());

const Log = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function graph(seen) {
  return new StateGraph(Log)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("slow", async (_, config) => {
      seen.signal = config.signal;
      await sleep(200);
      return { log: ["slow"] };
    })
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a")
    .addEdge("a", "slow")
    .addEdge("slow", "c")
    .compile({ checkpointer: new MemorySaver() });
}

test("aborting invoke stops the run at once and the thread resumes", async () => {
  const seen = {};
  const g = graph(seen);
  const cfg = { configurable: { thread_id: "t" } };
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 30);
  const t0 = performance.now();
  await assert.rejects(g.invoke({ log: [] }, { ...cfg, signal: controller.signal }), (e) => e === controller.signal.reason);
  assert.ok(performance.now() - t0 < 150, "rejected before the slow node finished");
  assert.deepEqual([seen.signal.aborted, seen.signal.reason], [true, controller.signal.reason]);
  const state = await g.getState(cfg);
  assert.deepEqual([state.values.log, state.next, state.tasks.map((t) => t.error ?? null)], [["a"], ["slow"], [null]]);
  assert.deepEqual((await g.invoke(null, cfg)).log, ["a", "slow", "c"]);
});

test("aborting a stream ends it with the signal's reason", async () => {
  const g = graph({});
  const controller = new AbortController();
  const chunks = [];
  await assert.rejects(async () => {
    for await (const c of await g.stream({ log: [] }, { configurable: { thread_id: "s" }, streamMode: "updates", signal: controller.signal })) {
      chunks.push(Object.keys(c)[0]);
      if (c.a) controller.abort(new Error("stop"));
    }
  }, /stop/);
  assert.deepEqual(chunks, ["a"]);
});

test("an aborted signal stops a run before it starts", async () => {
  const g = graph({});
  await assert.rejects(g.invoke({ log: [] }, { configurable: { thread_id: "p" }, signal: AbortSignal.abort() }), { name: "AbortError" });
  assert.deepEqual((await g.getState({ configurable: { thread_id: "p" } })).values, {});
});

test("runs sharing one signal add one abort listener to it, not one each", async () => {
  const { getEventListeners } = await import("node:events");
  const g = new StateGraph(Log).addNode("a", () => ({ log: ["a"] })).addEdge(START, "a").compile();
  const controller = new AbortController();
  for (let i = 0; i < 12; i++) await g.invoke({ log: [] }, { signal: controller.signal });
  assert.equal(getEventListeners(controller.signal, "abort").length, 1);
  // Nodes that read their config.signal let go of the run's when they finish.
  const reads = new StateGraph(Log).addNode("a", async (_, c) => ({ log: [c.signal.aborted] })).addEdge(START, "a").compile();
  for (let i = 0; i < 12; i++) assert.deepEqual((await reads.invoke({ log: [] }, { signal: controller.signal })).log, [false]);
  assert.equal(getEventListeners(controller.signal, "abort").length, 1);
});

test("a node's config.signal is an AbortSignal without a run signal, and stays quiet in a run that succeeds", async () => {
  const seen = [];
  const g = new StateGraph(Log)
    .addNode("a", (_, c) => (seen.push(c.signal), { log: ["a"] }))
    .addNode("b", async (_, c) => (await sleep(5), seen.push(c.signal), { log: ["b"] }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .compile();
  assert.deepEqual((await g.invoke({ log: [] })).log, ["a", "b"]);
  await sleep(5);
  assert.deepEqual(seen.map((s) => [s instanceof AbortSignal, s.aborted]), [[true, false], [true, false]]);
});

test("a failing sibling aborts the config.signal of the nodes still running, as LangGraph.js", async () => {
  const events = [];
  const fetchLike = (signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 500);
      signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    });
  const slow = (name) => async (_, c) => {
    try {
      await fetchLike(c.signal);
    } catch (e) {
      events.push([name, e.name, e.message]);
      throw e;
    }
    return { log: [name] };
  };
  const Sub = new StateGraph(Log).addNode("inner", slow("inner")).addEdge(START, "inner").compile();
  const g = new StateGraph(Log)
    .addNode("bad", async () => (await sleep(20), Promise.reject(new Error("boom"))))
    .addNode("slow", slow("slow"))
    .addNode("sub", Sub)
    .addEdge(START, "bad")
    .addEdge(START, "slow")
    .addEdge(START, "sub")
    .compile({ checkpointer: new MemorySaver() });
  const t0 = performance.now();
  await assert.rejects(g.invoke({ log: [] }, { configurable: { thread_id: "f" } }), /boom/);
  await sleep(10);
  assert.ok(performance.now() - t0 < 300, "the slow nodes stopped waiting");
  // A subgraph's nodes are stopped with its task (LangGraph.js leaves them running).
  assert.deepEqual(events.sort(), [["inner", "AbortError", "This operation was aborted"], ["slow", "AbortError", "This operation was aborted"]]);
});
