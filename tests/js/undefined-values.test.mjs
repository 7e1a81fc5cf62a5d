// node --test: a state key set to `undefined`, as LangGraph.js 1.7.3 has it: the
// run reads `undefined` (the key still there), a checkpoint keeps no value for it,
// a JS reducer gets `undefined`, and graph input reads it as null.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = S;
before(() => S.init());

const State = Annotation.Root({
  x: Annotation(),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  seen: Annotation({ reducer: (a, b) => a.concat([b === undefined ? "undefined" : JSON.stringify(b)]), default: () => [] }),
});

test("the run reads a key set to undefined as undefined, the key kept; the checkpoint has no value for it", async () => {
  const reads = [];
  const read = (name) => (s) => (reads.push([name, "x" in s, s.x]), {});
  const g = new StateGraph(State)
    .addNode("clear", () => ({ x: undefined }))
    .addNode("next", read("next"))
    .addNode("ask", (s) => (reads.push(["ask", "x" in s, s.x]), { log: [interrupt("?")] }))
    .addEdge(START, "clear").addEdge("clear", "next").addEdge("next", "ask")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "u" } };
  const paused = await g.invoke({ x: 1 }, t);
  assert.ok("x" in paused && paused.x === undefined);
  const state = await g.getState(t);
  assert.ok(!("x" in state.values));
  // A new run (the resume) starts from the checkpoint: no value, as LangGraph.js's serializer left it.
  await g.invoke(new Command({ resume: "ok" }), t);
  assert.deepEqual(reads, [["next", true, undefined], ["ask", true, undefined], ["ask", false, undefined]]);
});

test("updates chunks, task results and stepper writes show the key as undefined", async () => {
  const g = new StateGraph(State).addNode("clear", () => ({ x: undefined, log: ["c"] })).addEdge(START, "clear").compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "w" } };
  const chunks = [];
  for await (const c of await g.stream({ x: 1 }, { ...t, streamMode: "updates" })) chunks.push(c);
  assert.deepEqual(chunks, [{ clear: { x: undefined, log: ["c"] } }]);
  const history = [];
  for await (const h of g.getStateHistory(t)) history.push(...h.tasks.map((k) => k.result));
  assert.deepEqual(history[0], { x: undefined, log: ["c"] });
  const stepper = await g.stepper({ x: 1 }, { configurable: { thread_id: "s" } });
  const steps = [await stepper.step(), await stepper.step()];
  assert.deepEqual(steps.map((s) => s.tasks.map((k) => [k.name, k.writes])), [[["__start__", [["x", 1]]]], [["clear", [["x", undefined], ["log", ["c"]]]]]]);
});

test("a JS reducer gets undefined, a built-in one null; graph input reads undefined as null", async () => {
  const g = new StateGraph(State)
    .addNode("a", (s) => ({ seen: undefined, log: undefined, x: s.x === null ? "input was null" : "input was not null" }))
    .addEdge(START, "a")
    .compile();
  assert.deepEqual(await g.invoke({ x: undefined }), { x: "input was null", log: [null], seen: ["undefined"] });
});

test("updateState and Command updates set a key to undefined as a node does", async () => {
  const g = new StateGraph(State)
    .addNode("a", () => new Command({ update: { x: undefined } }))
    .addNode("b", (s) => ({ log: [`b saw ${"x" in s ? String(s.x) : "nothing"}`] }))
    .addEdge(START, "a").addEdge("a", "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "c" } };
  assert.deepEqual((await g.invoke({ x: 1 }, t)).log, ["b saw undefined"]);
  await g.updateState(t, { x: 2 });
  assert.equal((await g.getState(t)).values.x, 2);
  await g.updateState(t, { x: undefined });
  assert.ok(!("x" in (await g.getState(t)).values));
});

test("a big state (converted through JSON text) keeps the undefined key", async () => {
  const g = new StateGraph(State)
    .addNode("a", () => ({ x: undefined, log: Array.from({ length: 40 }, (_, i) => ({ i, tags: ["t"] })) }))
    .addEdge(START, "a")
    .compile();
  const values = [];
  for await (const v of await g.stream({ x: { deep: { list: [1, 2, 3] } } }, { streamMode: "values" })) values.push(v);
  assert.equal(values.length, 2);
  assert.ok("x" in values[1] && values[1].x === undefined && values[1].log.length === 40);
});
