// Debug and multiple stream modes on a two-node chain.
import { collect, debugEvent, out } from "./_support.mjs";
export const name = "debug stream and several modes";
export const features = ["stream-debug", "stream-modes"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const State = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("a", (s) => ({ x: s.x + 1, log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END).compile();
  return {
    debug: await collect(g.stream({ x: 1 }, { streamMode: "debug" }), (e) => debugEvent(e, lib)),
    multi: await collect(g.stream({ x: 1 }, { streamMode: ["updates", "values"] }), out),
  };
}
