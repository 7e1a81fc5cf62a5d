// node --test: cancelling a run with an AbortSignal, as in LangGraph.js: it
// stops at once, rejects with the signal's reason, keeps what it committed,
// and the thread resumes.
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
  assert.equal(seen.signal, controller.signal);
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
});
