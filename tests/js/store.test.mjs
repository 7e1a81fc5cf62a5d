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

test("a store extending BaseStore implements batch() only; InMemoryStore's batch reads before it writes, as LangGraph.js's", async () => {
  class MapStore extends S.BaseStore {
    data = new Map();
    ops = [];
    async batch(ops) {
      this.ops.push(...ops.map((op) => Object.keys(op).sort().join(",")));
      return ops.map((op) => {
        if ("namespacePrefix" in op) return [...this.data.values()].filter((i) => i.namespace[0] === op.namespacePrefix[0]).slice(op.offset, op.offset + op.limit);
        if ("matchConditions" in op) return [...new Set([...this.data.values()].map((i) => i.namespace.join("/")))].map((n) => n.split("/"));
        const id = `${op.namespace.join("/")}#${op.key}`;
        if (!("value" in op)) return this.data.get(id) ?? null;
        if (op.value === null) this.data.delete(id);
        else this.data.set(id, { namespace: op.namespace, key: op.key, value: op.value });
        return null;
      });
    }
  }
  const store = new MapStore();
  const g = new StateGraph(Annotation.Root({ out: Annotation() }))
    .addNode("n", async (_s, config) => {
      await config.store.put(["u", "1"], "pref", { color: "red" });
      const got = await config.store.get(["u", "1"], "pref");
      const found = await config.store.search(["u"]);
      const spaces = await config.store.listNamespaces({ prefix: ["u"] });
      await config.store.delete(["u", "1"], "pref");
      return { out: { got: got.value, found: found.length, spaces, after: await config.store.get(["u", "1"], "pref") } };
    })
    .addEdge(START, "n")
    .compile({ store });
  assert.deepEqual(await g.invoke({}), { out: { got: { color: "red" }, found: 1, spaces: [["u", "1"]], after: null } });
  assert.deepEqual(store.ops, ["index,key,namespace,value", "key,namespace", "filter,limit,namespacePrefix,offset,query", "limit,matchConditions,maxDepth,offset", "key,namespace,value", "key,namespace"]);
  await assert.rejects(store.put(["langgraph"], "k", {}), (e) => e.name === "InvalidNamespaceError");

  const memory = new InMemoryStore();
  const strip = (items) => items.map((i) => (i && typeof i === "object" && "value" in i ? i.value : i));
  assert.deepEqual(strip(await memory.batch([{ namespace: ["a"], key: "k", value: { n: 1 } }, { namespace: ["a"], key: "k", value: { n: 2 } }, { namespace: ["a"], key: "k" }])), [null, null, null]);
  const [got, deleted, found] = await memory.batch([{ namespace: ["a"], key: "k" }, { namespace: ["a"], key: "k", value: null }, { namespacePrefix: ["a"], limit: 10, offset: 0 }]);
  assert.deepEqual([got.value, deleted, strip(found)], [{ n: 2 }, null, [{ n: 2 }]]);
  assert.equal(await memory.get(["a"], "k"), null);
  assert.ok(memory instanceof S.BaseStore);
});
