// node --test: a compiled graph's `stepTimeout`, LangGraph.js's field. A
// superstep that runs longer stops the run as an abort does (what finished is
// kept, the rest runs again on resume), with a TimeoutError where LangGraph.js
// throws a bare `Error("Abort")`.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;

before(() => S.init());

const Log = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** START → a → b → c, each node taking its time in ms. */
function chain([a, b, c], seen = {}) {
  const node = (name, ms) => async (_, config) => {
    seen[name] = config.signal;
    await sleep(ms);
    return { log: [name] };
  };
  return new StateGraph(Log)
    .addNode("a", node("a", a))
    .addNode("b", node("b", b))
    .addNode("c", node("c", c))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", "c")
    .compile({ checkpointer: new MemorySaver(), name: "chain", description: "three steps" });
}

test("a superstep past stepTimeout stops the run, keeping what finished, and the thread resumes", async () => {
  const seen = {};
  const g = chain([10, 400, 10], seen);
  assert.deepEqual([g.name, g.description, g.stepTimeout], ["chain", "three steps", undefined]);
  g.stepTimeout = 100;
  assert.equal(g.stepTimeout, 100);
  const cfg = { configurable: { thread_id: "t" } };
  const t0 = performance.now();
  await assert.rejects(g.invoke({ log: ["in"] }, cfg), (e) => e.name === "TimeoutError" && /step timeout of 100 ms/.test(e.message));
  assert.ok(performance.now() - t0 < 350, "rejected before the slow node finished");
  // The stopped node's signal aborted, so its fetch would stop too.
  assert.equal(seen.b.aborted, true);
  const state = await g.getState(cfg);
  assert.deepEqual([state.values.log, state.next, state.tasks.map((t) => t.error ?? null)], [["in", "a"], ["b"], [null]]);
  g.stepTimeout = undefined;
  assert.deepEqual((await g.invoke(null, cfg)).log, ["in", "a", "b", "c"]);
});

test("the limit is per superstep, not per run", async () => {
  const g = chain([60, 60, 60]);
  g.stepTimeout = 150;
  assert.deepEqual((await g.invoke({ log: [] }, { configurable: { thread_id: "t" } })).log, ["a", "b", "c"]);
  // A limit past what a timer can hold never runs out (setTimeout would fire at once).
  g.stepTimeout = 2 ** 40;
  assert.deepEqual((await g.invoke({ log: [] }, { configurable: { thread_id: "u" } })).log, ["a", "b", "c"]);
});

test("a stepper's step past the limit ends with the timeout as its outcome", async () => {
  const g = chain([10, 300, 10]);
  g.stepTimeout = 100;
  const stepper = g.stepper({ log: [] }, { configurable: { thread_id: "t" } });
  const outcomes = [];
  for (let i = 0; i < 3; i++) outcomes.push((await stepper.step()).outcome);
  assert.deepEqual(outcomes.slice(0, 2).map((o) => o.kind), ["continue", "continue"]);
  assert.equal(outcomes[2].kind, "error");
  assert.equal(outcomes[2].error.name, "TimeoutError");
});

test("stepTimeout takes milliseconds; 0 or undefined clears it", () => {
  const g = chain([1, 1, 1]);
  for (const bad of [-1, "100", NaN, {}]) assert.throws(() => (g.stepTimeout = bad), TypeError);
  g.stepTimeout = 50;
  g.stepTimeout = 0;
  assert.equal(g.stepTimeout, undefined);
});
