// A router returning node names and Sends together, with a path map for the names.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "router mixing names and Sends";
export const features = ["send", "conditional-edges", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const g = new StateGraph(S)
    .addNode("start", () => ({}))
    .addNode("w", (s) => ({ log: [`w${s.n}`] })).addNode("x", () => ({ log: ["x"] }))
    .addEdge(START, "start")
    .addConditionalEdges("start", () => ["go-x", new Send("w", { n: 1 }), new Send("w", { n: 2 })], { "go-x": "x", w: "w" })
    .addEdge("w", END).addEdge("x", END).compile();
  const updates = await collect(g.stream({}, { streamMode: "updates" }), out);
  return { result: out(await g.invoke({})), first: updates[0], parallel: sortJson(updates.slice(1)) };
}
