// config.writer emits custom chunks from a node and a subgraph node, mixed with updates.
import { out, ns } from "./_support.mjs";
export const name = "custom writer with updates";
export const features = ["streaming", "custom", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ v: Annotation() });
  const child = new StateGraph(S).addNode("inner", (s, config) => { config.writer?.({ from: "inner", v: s.v }); return { v: s.v + 1 }; }).addEdge(START, "inner").compile();
  const g = new StateGraph(S)
    .addNode("outer", (s, config) => { config.writer?.("progress 1"); config.writer?.({ n: 2 }); return { v: 1 }; })
    .addNode("sub", child)
    .addEdge(START, "outer").addEdge("outer", "sub").addEdge("sub", END).compile();
  const flat = [];
  for await (const c of await g.stream({ v: 0 }, { streamMode: ["custom", "updates"] })) flat.push(out(c));
  const nested = [];
  for await (const c of await g.stream({ v: 0 }, { streamMode: ["custom"], subgraphs: true })) nested.push([ns(c[0]), c[1], out(c[2])]);
  return { flat, nested };
}
