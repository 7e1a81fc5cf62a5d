// getStateHistory(config, { filter }): only checkpoints whose metadata has the given key/values, newest
// first, with `limit` counted after the filter; an empty filter keeps everything.
export const name = "history filtered by metadata";
export const features = ["checkpointer", "history"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ n: 1 }))
    .addNode("b", () => ({ n: 1 }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "t" } };
  await g.invoke({ n: 0 }, t);
  await g.updateState(t, { n: 5 });
  await g.invoke({ n: 1 }, t);
  const res = {};
  const cases = { loop: { filter: { source: "loop" } }, loop2: { filter: { source: "loop" }, limit: 2 }, step1: { filter: { step: 1 } }, update: { filter: { source: "update" } }, input: { filter: { source: "input" } }, none: { filter: { source: "fork" } }, empty: { filter: {}, limit: 3 } };
  for (const [k, opts] of Object.entries(cases)) {
    const out = [];
    for await (const s of g.getStateHistory(t, opts)) out.push([s.metadata.step, s.metadata.source, s.values.n]);
    res[k] = out;
  }
  return res;
}
