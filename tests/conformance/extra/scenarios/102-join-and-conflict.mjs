// Waiting edges join parallel branches; two parallel writes to a last-value key fail.
import { capture } from "./_support.mjs";
export const name = "join edges and parallel write conflict";
export const features = ["edges", "parallel", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("b2", () => ({ log: ["b2"] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge("b", "b2")
    .addEdge(["a", "b2"], "c").addEdge("c", END).compile();
  const conflict = new StateGraph(State)
    .addNode("p", () => ({ x: 1 })).addNode("q", () => ({ x: 2 }))
    .addEdge(START, "p").addEdge(START, "q").compile();
  return { joined: await g.invoke({}), conflict: await capture(lib, () => conflict.invoke({})) };
}
