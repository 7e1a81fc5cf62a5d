// Custom stream events from a parent node and from inside a subgraph, with subgraphs: true and with several modes.
import { collect, subgraphChunk, out } from "./_support.mjs";
export const name = "custom stream with subgraphs";
export const features = ["stream-custom", "subgraphs", "stream-subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const child = new StateGraph(S).addNode("inner", (s, config) => { config.writer({ from: "inner", x: s.x }); return { x: s.x + 1 }; })
    .addEdge(START, "inner").addEdge("inner", END).compile();
  const g = new StateGraph(S)
    .addNode("outer", (s, config) => { config.writer("outer says hi"); return { x: s.x * 10 }; })
    .addNode("sub", child)
    .addEdge(START, "outer").addEdge("outer", "sub").addEdge("sub", END).compile();
  const flat = await collect(g.stream({ x: 1 }, { streamMode: "custom" }), out);
  const nested = await collect(g.stream({ x: 1 }, { streamMode: ["custom", "updates"], subgraphs: true }), subgraphChunk);
  return { flat, nested };
}
