// A waiting edge whose sources run in different supersteps.
import { collect, out } from "./_support.mjs";
export const name = "edges from lists";
export const features = ["edges", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addNode("b2", () => ({ log: ["b2"] })).addNode("j", () => ({ log: ["j"] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge("b", "b2").addEdge(["a", "b2"], "j").addEdge("j", END).compile();
  const updates = await collect(g.stream({}, { streamMode: "updates" }), (u) => Object.keys(u).sort().join(","));
  return { result: out(await g.invoke({})), updates };
}
