// An Overwrite returned by a node, as the updates stream shows it, and the state it leaves.
import { out } from "./_support.mjs";
export const name = "overwrite in the updates stream";
export const features = ["reducers", "streaming"];
export const requires = ["Overwrite"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Overwrite } = lib;
  const S = Annotation.Root({ items: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("add", () => ({ items: ["x"] }))
    .addNode("reset", () => ({ items: new Overwrite(["fresh"]) }))
    .addEdge(START, "add").addEdge("add", "reset").addEdge("reset", END)
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ items: ["in"] }, { streamMode: ["updates", "values"] })) chunks.push(out(c));
  return { chunks };
}
