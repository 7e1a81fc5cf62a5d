// getState(..., { subgraphs: true }) while a subgraph task has not started: an empty state for a subgraph that
// keeps checkpoints (per invocation or per thread), none for a stateless one.
import { snapshot, thread } from "./_support.mjs";
export const name = "subgraph state before it starts";
export const features = ["subgraphs", "breakpoints", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const res = {};
  for (const [kind, opts] of [["inherit", {}], ["stateless", { checkpointer: false }], ["perThread", { checkpointer: true }]]) {
    const c = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addEdge(START, "c1").compile(opts);
    const g = new StateGraph(S).addNode("a", () => ({ log: ["a"] })).addNode("sub", c).addEdge(START, "a").addEdge("a", "sub").addEdge("sub", END)
      .compile({ checkpointer: new MemorySaver(), interruptBefore: ["sub"] });
    const t = thread(kind);
    await g.invoke({ log: [] }, t);
    res[kind] = snapshot(await g.getState(t, { subgraphs: true }), lib);
  }
  return res;
}
