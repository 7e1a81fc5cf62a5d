// A node invokes the same compiled subgraph twice with different inputs (per-invocation state), under a checkpointer.
import { out, thread, collect, subgraphChunk } from "./_support.mjs";
export const name = "subgraph called twice in a node";
export const features = ["subgraphs", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const Sub = Annotation.Root({ q: Annotation(), a: Annotation() });
  const sub = new StateGraph(Sub).addNode("answer", (s) => ({ a: `A(${s.q})` })).addEdge(START, "answer").addEdge("answer", END).compile();
  const P = Annotation.Root({ qs: Annotation(), answers: Annotation() });
  const g = new StateGraph(P)
    .addNode("ask", async (s) => { const r1 = await sub.invoke({ q: s.qs[0] }); const r2 = await sub.invoke({ q: s.qs[1] }); return { answers: [r1.a, r2.a] }; })
    .addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
  const r = out(await g.invoke({ qs: ["x", "y"] }, thread("twice")));
  const chunks = await collect(g.stream({ qs: ["u", "v"] }, { ...thread("twice2"), streamMode: "updates", subgraphs: true }), subgraphChunk);
  return { r, chunks };
}
