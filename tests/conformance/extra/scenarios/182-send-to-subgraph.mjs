// Sends fan out to a compiled subgraph node; each child gets its own input and the parent reduces their outputs.
import { out, thread } from "./_support.mjs";
export const name = "send to a subgraph node";
export const features = ["send", "subgraphs", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send, MemorySaver } = lib;
  const C = Annotation.Root({ item: Annotation(), results: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(C).addNode("work", (s) => ({ results: [s.item * 10] })).addNode("check", (s) => ({ results: [s.results.length] }))
    .addEdge(START, "work").addEdge("work", "check").compile();
  const P = Annotation.Root({ items: Annotation(), results: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(P).addNode("fan", () => ({})).addNode("child", child)
    .addEdge(START, "fan").addConditionalEdges("fan", (s) => s.items.map((i) => new Send("child", { item: i })), ["child"]).addEdge("child", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("ss");
  const chunks = [];
  for await (const [nsp, c] of await g.stream({ items: [1, 2] }, { ...t, streamMode: "updates", subgraphs: true })) chunks.push([nsp.length, c]);
  const nested = chunks.filter(([n]) => n > 0).map(([, c]) => c).sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  const top = chunks.filter(([n]) => n === 0).map(([, c]) => c);
  const state = out((await g.getState(t)).values);
  return { nested, top, state };
}
