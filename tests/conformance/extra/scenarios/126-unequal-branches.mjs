// Branches of unequal length into one node without a waiting edge: it runs once per arrival.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "unequal branches";
export const features = ["parallel", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] })).addNode("d", () => ({ log: ["d"] }))
    .addNode("e", (s) => ({ log: [`e${s.log.length}`] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("c", "d")
    .addEdge("b", "e").addEdge("d", "e").addEdge("e", END)
    .compile();
  const updates = await collect(g.stream({}, { streamMode: "updates" }), out);
  const result = out(await g.invoke({}));
  const joined = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] })).addNode("d", () => ({ log: ["d"] }))
    .addNode("e", (s) => ({ log: [`e${s.log.length}`] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("c", "d")
    .addEdge(["b", "d"], "e").addEdge("e", END)
    .compile();
  const joinedResult = out(await joined.invoke({}));
  // Step 3 runs d and e in parallel: their chunk order is not the contract.
  const names = updates.map((u) => Object.keys(u)[0]);
  return { updates: [...names.slice(0, 3), ...sortJson(names.slice(3, 5)), ...names.slice(5)], result, joinedResult };
}
