// values mode with subgraphs: true through three levels: each namespace streams its own states.
import { subgraphChunk } from "./_support.mjs";
export const name = "values stream of nested subgraphs";
export const features = ["streaming", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const gc = new StateGraph(S).addNode("g1", () => ({ log: ["g1"] })).addEdge(START, "g1").compile();
  const c = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("gc", gc).addEdge(START, "c1").addEdge("c1", "gc").compile();
  const p = new StateGraph(S).addNode("p1", () => ({ log: ["p1"] })).addNode("c", c).addEdge(START, "p1").addEdge("p1", "c").addEdge("c", END).compile();
  const chunks = [];
  for await (const ch of await p.stream({ log: [] }, { streamMode: "values", subgraphs: true })) chunks.push(subgraphChunk(ch));
  return { chunks };
}
