// A subgraph node's interrupt seen through updates streams with subgraphs: true, and the resume stream.
import { collect, subgraphChunk, thread } from "./_support.mjs";
export const name = "subgraph interrupt streams";
export const features = ["subgraphs", "interrupts", "stream-subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("ask", () => ({ log: [`ok=${interrupt("approve?")}`] }))
    .addEdge(START, "c1").addEdge("c1", "ask").addEdge("ask", END).compile();
  const g = new StateGraph(S).addNode("sub", child).addNode("after", () => ({ log: ["after"] }))
    .addEdge(START, "sub").addEdge("sub", "after").addEdge("after", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("si");
  const first = await collect(g.stream({ log: [] }, { ...t, streamMode: "updates", subgraphs: true }), subgraphChunk);
  const second = await collect(g.stream(new Command({ resume: "yes" }), { ...t, streamMode: "updates", subgraphs: true }), subgraphChunk);
  return { first, second };
}
