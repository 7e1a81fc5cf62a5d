// Send fan-out: each Send task's update chunk, values chunks, and Send args that are not state keys.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "send streams";
export const features = ["send", "stream-updates", "stream-values"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ items: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("work", (s) => ({ done: [`${s.item}:${s.items === undefined ? "no-items" : "items"}`] }))
    .addNode("end", (s) => ({ items: [...s.items, "end"] }))
    .addConditionalEdges(START, (s) => s.items.map((item) => new Send("work", { item })))
    .addEdge("work", "end").addEdge("end", END)
    .compile();
  const updates = await collect(g.stream({ items: ["a", "b", "c"] }, { streamMode: "updates" }), out);
  // Parallel tasks' update chunks: order within a superstep is not the contract.
  const first = sortJson(updates.slice(0, 3));
  const values = await collect(g.stream({ items: ["a", "b", "c"] }, { streamMode: "values" }), out);
  return { first, rest: updates.slice(3), values };
}
