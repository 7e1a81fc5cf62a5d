// values and updates streams with subgraphs: true across an interrupt inside a subgraph node and its resume.
import { collect, subgraphChunk, thread } from "./_support.mjs";
export const name = "subgraph streams across a resume";
export const features = ["subgraphs", "stream-subgraphs", "interrupts", "stream-values"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: [`c2=${interrupt("?")}`] }))
    .addEdge(START, "c1").addEdge("c1", "c2").addEdge("c2", END).compile();
  const g = new StateGraph(S).addNode("sub", child).addEdge(START, "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("svr2");
  const first = await collect(g.stream({ log: [] }, { ...t, streamMode: ["values", "updates"], subgraphs: true }), subgraphChunk);
  const second = await collect(g.stream(new Command({ resume: "ok" }), { ...t, streamMode: ["values", "updates"], subgraphs: true }), subgraphChunk);
  return { first, second };
}
