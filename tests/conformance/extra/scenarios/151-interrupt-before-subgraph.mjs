// interruptBefore on a subgraph node at the parent, and interruptBefore inside the subgraph's own compile.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "breakpoints around subgraphs";
export const features = ["breakpoints", "subgraphs", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const mkChild = (opts) => new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: ["c2"] }))
    .addEdge(START, "c1").addEdge("c1", "c2").addEdge("c2", END).compile(opts);
  const parentOf = (child, opts) => new StateGraph(S).addNode("p", () => ({ log: ["p"] })).addNode("sub", child)
    .addEdge(START, "p").addEdge("p", "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver(), ...opts });
  const a = parentOf(mkChild({}), { interruptBefore: ["sub"] });
  const ta = thread("a");
  const a1 = out(await a.invoke({ log: [] }, ta));
  const aState = snapshot(await a.getState(ta), lib);
  const a2 = out(await a.invoke(null, ta));
  const b = parentOf(mkChild({ interruptBefore: ["c2"] }), {});
  const tb = thread("b");
  const b1 = out(await b.invoke({ log: [] }, tb));
  const bState = snapshot(await b.getState(tb, { subgraphs: true }), lib);
  const b2 = out(await b.invoke(null, tb));
  return { a1, aState, a2, b1, bState, b2 };
}
