// Long-term memory: compile({ store }) hands every node (a subgraph's too) the same store through
// config.store, across threads; an invoke config's store replaces the graph's for that run. The
// store's own API as LangGraph.js's InMemoryStore has it: get, put (null deletes), delete, search
// with filters, limit and offset, listNamespaces with prefix, suffix and maxDepth.
import { out } from "./_support.mjs";
export const name = "long-term memory store";
export const features = ["store", "subgraphs"];
export const requires = ["InMemoryStore"];
const plain = (item) => item && { key: item.key, namespace: item.namespace, value: item.value };
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, InMemoryStore } = lib;
  const S = Annotation.Root({ user: Annotation(), seen: Annotation() });
  const remember = async (s, config) => {
    const ns = ["memories", s.user];
    const before = await config.store.get(ns, "visits");
    const visits = (before?.value.count ?? 0) + 1;
    await config.store.put(ns, "visits", { count: visits });
    return { seen: visits };
  };
  const sub = new StateGraph(S).addNode("inner", async (s, config) => {
    const hits = await config.store.search(["memories"]);
    return { seen: hits.length };
  }).addEdge(START, "inner").compile();
  const store = new InMemoryStore();
  const g = new StateGraph(S).addNode("remember", remember).addNode("sub", sub)
    .addEdge(START, "remember").addEdge("remember", "sub").addEdge("sub", END)
    .compile({ checkpointer: new MemorySaver(), store });
  const runs = [];
  for (const [thread, user] of [["t1", "ann"], ["t2", "ann"], ["t3", "bob"]]) {
    runs.push(out(await g.invoke({ user }, { configurable: { thread_id: thread } })));
  }
  const other = new InMemoryStore();
  const elsewhere = out(await g.invoke({ user: "ann" }, { configurable: { thread_id: "t4" }, store: other }));
  const afterElsewhere = plain(await store.get(["memories", "ann"], "visits"));
  const inOther = plain(await other.get(["memories", "ann"], "visits"));

  // The store itself.
  const s = new InMemoryStore();
  for (const [ns, key, value] of [
    [["users", "a", "prefs"], "theme", { v: "dark", n: 1 }],
    [["users", "a", "prefs"], "lang", { v: "ko", n: 2 }],
    [["users", "b", "prefs"], "theme", { v: "light", n: 3 }],
    [["users", "b", "notes"], "n1", { v: "hi", n: 4 }],
    [["docs"], "d1", { v: "x", n: 5 }],
  ]) await s.put(ns, key, value);
  await s.put(["users", "a", "prefs"], "theme", { v: "dim", n: 6 });
  const keys = (items) => items.map((i) => `${i.namespace.join("/")}#${i.key}=${i.value.v}`);
  const search = {
    all: keys(await s.search([])),
    users: keys(await s.search(["users"])),
    userA: keys(await s.search(["users", "a"])),
    filtered: keys(await s.search(["users"], { filter: { n: { $gte: 3 } } })),
    equal: keys(await s.search([], { filter: { v: "hi" } })),
    inList: keys(await s.search([], { filter: { v: { $in: ["x", "ko"] } } })),
    paged: keys(await s.search(["users"], { limit: 2, offset: 1 })),
  };
  await s.put(["docs"], "d1", null);
  await s.delete(["users", "b", "notes"], "n1");
  const gone = [await s.get(["docs"], "d1"), await s.get(["users", "b", "notes"], "n1")];
  const namespaces = {
    all: await s.listNamespaces(),
    prefix: await s.listNamespaces({ prefix: ["users", "*", "prefs"] }),
    suffix: await s.listNamespaces({ suffix: ["notes"] }),
    depth: await s.listNamespaces({ maxDepth: 2 }),
    paged: await s.listNamespaces({ limit: 1, offset: 1 }),
  };
  return { runs, elsewhere, afterElsewhere, inOther, search, gone, namespaces, updated: plain(await s.get(["users", "a", "prefs"], "theme")) };
}
