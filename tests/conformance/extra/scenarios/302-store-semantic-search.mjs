// Long-term memory searched by meaning: an InMemoryStore with an index (the app's
// embeddings, here letter counts) embeds the texts at its fields when items are put
// (LangGraph's paths: "text", "tags[*]", "meta.{x, y}"; `index: false` leaves an item
// out, a list of fields replaces the index's for that item), and a search with a `query`
// ranks items by the cosine similarity of their best field, with a score; filters,
// `offset` and `limit` still apply, and an item without vectors comes after, unscored.
// A node searches the graph's store the same way.
export const name = "store semantic search";
export const features = ["store"];
export const requires = ["InMemoryStore"];

const letters = (t) => [..."abcde"].map((ch) => [...t].filter((c) => c === ch).length + 0.01);
const brief = (items) => items.map((i) => [i.namespace.join("/"), i.key, i.score == null ? null : Number(i.score.toFixed(3))]);

export async function run(lib) {
  const { StateGraph, Annotation, START, InMemoryStore } = lib;
  const res = {};
  const embedded = [];
  const embeddings = { embedDocuments: async (texts) => (embedded.push(texts.length), texts.map(letters)), embedQuery: async (t) => letters(t) };
  const store = new InMemoryStore({ index: { dims: 5, embeddings, fields: ["text", "tags[*]", "meta.{x, y}"] } });
  await store.put(["docs"], "1", { text: "aaaa", tags: ["c", "dd"] });
  await store.put(["docs"], "2", { text: "bbbb", meta: { x: "eee", y: null } });
  await store.put(["docs", "sub"], "3", { text: "abab", other: 1 });
  await store.put(["docs"], "4", { text: "eeee" }, false);
  await store.put(["docs"], "5", { text: "aaaa", body: "ddddd" }, ["body"]);
  const [, inBatch] = await store.batch([{ namespace: ["docs"], key: "6", value: { text: "ccca" } }, { namespacePrefix: ["docs"], query: "cc", limit: 10, offset: 0 }]);
  // A batch's search sees the store as the batch found it.
  res.inBatch = brief(inBatch);
  res.queries = {};
  for (const [q, offset] of [["aaab", 0], ["eee", 0], ["dd", 1], ["ccc", 0]]) res.queries[q] = brief(await store.search(["docs"], { query: q, limit: 4, offset }));
  res.filtered = brief(await store.search(["docs"], { query: "ab", filter: { other: 1 } }));
  res.noQuery = brief(await store.search(["docs", "sub"]));
  res.embedded = embedded;

  const S = Annotation.Root({ q: Annotation(), found: Annotation() });
  const g = new StateGraph(S)
    .addNode("recall", async (s, config) => ({ found: brief(await config.store.search(["docs"], { query: s.q, limit: 2 })) }))
    .addEdge(START, "recall")
    .compile({ store });
  res.node = (await g.invoke({ q: "bbb" })).found;
  return res;
}
