// Static breakpoints in a two-mode stream: the root streams {__interrupt__: []} in both modes; a subgraph's
// breakpoint shows only as its parent's interrupt chunk.
import { subgraphChunk, thread } from "./_support.mjs";
export const name = "breakpoint stream chunks";
export const features = ["streaming", "breakpoints", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const res = {};
  for (const variant of ["interruptBefore", "interruptAfter", "child"]) {
    let g;
    if (variant === "child") {
      const c = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: ["c2"] })).addEdge(START, "c1").addEdge("c1", "c2").compile({ interruptBefore: ["c2"] });
      g = new StateGraph(S).addNode("a", () => ({ log: ["a"] })).addNode("sub", c).addEdge(START, "a").addEdge("a", "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver() });
    } else {
      g = new StateGraph(S).addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
        .compile({ checkpointer: new MemorySaver(), [variant]: ["b"] });
    }
    const t = thread(variant);
    const runs = [];
    for (const input of [{ log: [] }, null]) {
      const chunks = [];
      for await (const c of await g.stream(input, { ...t, streamMode: ["updates", "values"], subgraphs: true })) chunks.push(subgraphChunk(c));
      runs.push(chunks);
    }
    res[variant] = runs;
  }
  return res;
}
