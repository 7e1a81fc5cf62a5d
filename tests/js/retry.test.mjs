// node --test: retry policies as LangGraph.js has them. Intervals are in
// milliseconds (the engine counts seconds); scenarios 243 and 244 compare the
// default retryOn and task() retries with LangGraph.js.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, task } = S;
before(() => S.init());

const State = Annotation.Root({ n: Annotation() });
const failing = (times, calls) => () => {
  calls.push(Date.now());
  if (calls.length <= times) throw new Error("flaky");
  return { n: calls.length };
};
const one = (fn, retryPolicy) => new StateGraph(State).addNode("a", fn, { retryPolicy }).addEdge(START, "a").addEdge("a", END).compile();
const gaps = (calls) => calls.slice(1).map((t, i) => t - calls[i]);

test("retry intervals are milliseconds, growing by backoffFactor up to maxInterval", { timeout: 10_000 }, async () => {
  const calls = [];
  assert.deepEqual(await one(failing(2, calls), { initialInterval: 60, backoffFactor: 2 }).invoke({ n: 0 }), { n: 3 });
  const [first, second] = gaps(calls);
  // 60 then 120 ms; read as seconds they would be a minute and two.
  assert.ok(first >= 55 && first < 1000, `first wait ${first} ms`);
  assert.ok(second >= 115 && second < 1000, `second wait ${second} ms`);
  const capped = [];
  await one(failing(2, capped), { initialInterval: 400, maxInterval: 30 }).invoke({ n: 0 });
  for (const gap of gaps(capped)) assert.ok(gap >= 25 && gap < 300, `capped wait ${gap} ms`);
});

test("a retryOn that throws retries nothing, and the node's own error stands", async () => {
  const calls = [];
  const boom = one(failing(5, calls), { initialInterval: 1, retryOn: () => { throw new Error("judge failed"); } });
  await assert.rejects(boom.invoke({ n: 0 }), /flaky/);
  assert.equal(calls.length, 1);
});

test("task() retries the call alone, each try under its timeout", async () => {
  let tries = 0;
  let nodeRuns = 0;
  const slowThenQuick = task({ name: "fetchish", retry: { maxAttempts: 3, initialInterval: 1 }, timeout: 40 }, async () => {
    tries += 1;
    await new Promise((r) => setTimeout(r, tries === 1 ? 400 : 1));
    return tries;
  });
  const g = new StateGraph(State).addNode("a", async () => (nodeRuns++, { n: await slowThenQuick() })).addEdge(START, "a").compile();
  assert.deepEqual(await g.invoke({ n: 0 }), { n: 2 });
  assert.deepEqual([tries, nodeRuns], [2, 1]);
  assert.throws(() => task({ name: "bad", timeout: -1 }, () => 1), (e) => e.name === "GraphValidationError" && /task "bad": runTimeout/.test(e.message));
});

test("maxConcurrency: a failure stops the superstep, and the tasks still waiting for a slot run on resume", async () => {
  const State2 = Annotation.Root({ items: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const started = [];
  let failing = true;
  let running = 0;
  let peak = 0;
  const g = new StateGraph(State2)
    .addNode("work", async (s) => {
      started.push(s.item);
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, s.item === "a" ? 10 : 150));
      running--;
      if (failing && s.item === "a") throw new RangeError("a failed");
      return { done: [s.item] };
    })
    .addConditionalEdges(START, (s) => s.items.map((item) => new S.Send("work", { item })))
    .addEdge("work", END)
    .compile({ checkpointer: new S.MemorySaver() });
  const cfg = { configurable: { thread_id: "mc" }, maxConcurrency: 2 };
  await assert.rejects(g.invoke({ items: ["a", "b", "c", "d"] }, cfg), RangeError);
  assert.deepEqual(started, ["a", "b"], "c and d never started");
  const state = await g.getState(cfg);
  assert.equal(state.next.length, 4);
  // b was stopped, and c and d were stopped before they could start: all run again.
  assert.deepEqual(state.tasks.map((t) => t.error?.name ?? null), ["RangeError", "AbortError", "AbortError", "AbortError"]);
  // As LangGraph.js: the message the node threw, not the engine's wrapping of it, kept
  // as the plain record LangGraph.js gives back (so JSON shows the message too).
  assert.deepEqual(state.tasks[0].error, { message: "a failed", name: "RangeError" });
  assert.equal(JSON.stringify(state.tasks[0].error), '{"message":"a failed","name":"RangeError"}');
  failing = false;
  started.length = 0;
  // The stopped b's promise cannot be stopped: let it end before counting again.
  await new Promise((r) => setTimeout(r, 200));
  peak = 0;
  assert.deepEqual((await g.invoke(null, cfg)).done, ["a", "b", "c", "d"]);
  assert.deepEqual(started, ["a", "b", "c", "d"]);
  assert.equal(peak, 2);
  // A limit of 1 runs the tasks one at a time, and keeps every write (LangGraph.js 1.7.3 loses them all).
  started.length = 0;
  peak = 0;
  const one = await g.invoke({ items: ["w", "x", "y"] }, { configurable: { thread_id: "one" }, maxConcurrency: 1 });
  assert.deepEqual([one.done, started, peak], [["w", "x", "y"], ["w", "x", "y"], 1]);
});
