// Command.PARENT from a subgraph node: update through the parent's reducer and goto a parent node; the subgraph's own update is lost.
import { collect, out, subgraphChunk } from "./_support.mjs";
export const name = "Command.PARENT with a reducer";
export const features = ["subgraphs", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const child = new StateGraph(S)
    .addNode("c1", () => ({ log: ["c1"] }))
    .addNode("c2", () => new Command({ update: { log: ["to parent"], n: 7 }, goto: "fin", graph: Command.PARENT }))
    .addEdge(START, "c1").addEdge("c1", "c2").compile();
  const g = new StateGraph(S).addNode("sub", child, { ends: ["fin"] }).addNode("fin", (s) => ({ log: [`fin n=${s.n}`] }))
    .addEdge(START, "sub").addEdge("fin", END).compile();
  const result = out(await g.invoke({ log: [] }));
  const chunks = await collect(g.stream({ log: [] }, { streamMode: "updates", subgraphs: true }), subgraphChunk);
  return { result, chunks };
}
