// node --test: invoke's and stream's `outputKeys`, as LangGraph.js takes them
// (the shapes themselves are compared with LangGraph.js in conformance scenario 297).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;

before(() => S.init());

const State = Annotation.Root({ a: Annotation(), b: Annotation() });
const graph = () =>
  new StateGraph(State)
    .addNode("one", () => ({ a: 1 }))
    .addNode("two", () => ({ b: 2 }))
    .addEdge(START, "one")
    .addEdge("one", "two")
    .compile({ checkpointer: new MemorySaver() });
const thread = (id) => ({ configurable: { thread_id: id } });

test("a list of keys limits values and updates; a lone key shows its value alone", async () => {
  const g = graph();
  const chunks = [];
  for await (const c of await g.stream({}, { ...thread("s"), outputKeys: ["b"], streamMode: ["values", "updates"] })) chunks.push(c);
  assert.deepEqual(chunks, [["updates", { one: {} }], ["updates", { two: { b: 2 } }], ["values", { b: 2 }]]);
  const lone = [];
  for await (const c of await g.stream({}, { ...thread("l"), outputKeys: "a", streamMode: ["values", "updates"] })) lone.push(c);
  assert.deepEqual(lone, [["updates", { one: 1 }], ["values", 1], ["updates", {}]]);
  assert.deepEqual([await g.invoke({}, { ...thread("i"), outputKeys: ["a"] }), await g.invoke({}, { ...thread("j"), outputKeys: "b" })], [{ a: 1 }, 2]);
});

test("an unknown key fails the call before it runs; a key that is not a string is a TypeError", async () => {
  const g = graph();
  await assert.rejects(g.invoke({ a: 0 }, { ...thread("u"), outputKeys: ["a", "nope"] }), { name: "Error", message: /Key nope not found in channels/ });
  assert.deepEqual((await g.getState(thread("u"))).values, {});
  await assert.rejects(g.invoke({}, { outputKeys: [1] }), { name: "TypeError", message: /bad config: outputKeys: expected a state key or a list of them/ });
});

test("a graph invoked or streamed in a node takes its own outputKeys; an unknown one fails the node", async () => {
  const sub = graph();
  const seen = [];
  const caller = (outputKeys) =>
    new StateGraph(State)
      .addNode("n", async (s, c) => {
        seen.push(await sub.invoke({}, { ...c, outputKeys }));
        for await (const chunk of await sub.stream({}, { ...c, outputKeys, streamMode: "values" })) seen.push(chunk);
        return {};
      })
      .addEdge(START, "n")
      .compile();
  await caller("b").invoke({});
  assert.deepEqual(seen, [2, 2]);
  await assert.rejects(caller(["nope"]).invoke({}), { message: /Key nope not found in channels/ });
});
