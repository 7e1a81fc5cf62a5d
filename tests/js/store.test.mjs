// node --test: the long-term memory store (scenario 246 compares it with
// LangGraph.js): the very object reaches nodes, in every way a run starts.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, InMemoryStore, getStore } = S;
before(() => S.init());

const State = Annotation.Root({ n: Annotation() });

test("nodes get the compiled store itself, through config.store and getStore(), in invoke, stream and stepper", async () => {
  const store = new InMemoryStore();
  const seen = [];
  const g = new StateGraph(State)
    .addNode("a", (s, config) => (seen.push(config.store === store, getStore() === store, getStore(config) === store), { n: s.n + 1 }))
    .addEdge(START, "a").addEdge("a", END)
    .compile({ store });
  await g.invoke({ n: 0 });
  for await (const _ of await g.stream({ n: 0 }));
  // The stepper's first step takes the input; the second runs "a".
  const stepper = g.stepper({ n: 0 });
  await stepper.step();
  await stepper.step();
  assert.deepEqual(seen, Array(9).fill(true));
  // A node invoking another graph hands it the store too; without one, nodes see none.
  const inner = new StateGraph(State).addNode("i", (s, config) => ({ n: config.store === store ? 1 : -1 })).addEdge(START, "i").compile();
  const outer = new StateGraph(State).addNode("o", (s, config) => inner.invoke(s, config)).addEdge(START, "o").compile({ store });
  assert.deepEqual(await outer.invoke({ n: 0 }), { n: 1 });
  const bare = new StateGraph(State).addNode("a", (s, config) => ({ n: config.store === undefined && getStore() === undefined ? 1 : -1 })).addEdge(START, "a").compile();
  assert.deepEqual(await bare.invoke({ n: 0 }), { n: 1 });
});

test("a store's data never crosses into the engine's config", async () => {
  // A store whose JSON would throw: the config is read as JSON, the store is not.
  const store = Object.assign(new InMemoryStore(), { toJSON() { throw new Error("serialized the store"); } });
  const g = new StateGraph(State).addNode("a", () => ({ n: 1 })).addEdge(START, "a").compile({ store });
  assert.deepEqual(await g.invoke({ n: 0 }), { n: 1 });
});

test("bad namespaces are refused with an InvalidNamespaceError", async () => {
  const store = new InMemoryStore();
  for (const ns of [[], ["a.b"], ["a:b"], [""], "users", [1]]) {
    await assert.rejects(store.put(ns, "k", { v: 1 }), { name: "InvalidNamespaceError" }, JSON.stringify(ns));
  }
  assert.equal(await store.get([], "k"), null);
});
