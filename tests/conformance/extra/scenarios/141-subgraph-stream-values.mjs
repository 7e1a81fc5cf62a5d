// A subgraph node streamed with subgraphs: true in values and debug modes.
import { collect, subgraphChunk, debugEvent, ns } from "./_support.mjs";
export const name = "subgraph values and debug streams";
export const features = ["subgraphs", "stream-subgraphs", "stream-values"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: ["c2"] }))
    .addEdge(START, "c1").addEdge("c1", "c2").addEdge("c2", END).compile();
  const g = new StateGraph(S).addNode("p", () => ({ log: ["p"] })).addNode("sub", child)
    .addEdge(START, "p").addEdge("p", "sub").addEdge("sub", END).compile();
  const values = await collect(g.stream({ log: [] }, { streamMode: "values", subgraphs: true }), subgraphChunk);
  const multi = await collect(g.stream({ log: [] }, { streamMode: ["updates", "values"], subgraphs: true }), subgraphChunk);
  const debug = await collect(g.stream({ log: [] }, { streamMode: "debug", subgraphs: true }), (c) => [ns(c[0]), debugEvent(c[1], lib)]);
  return { values, multi, debug };
}
