// Conditional edges with an array path map, a START router with a path map, and a router returning several keys.
import { out, sortJson } from "./_support.mjs";
export const name = "path map forms";
export const features = ["conditional-edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ route: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const mk = () => new StateGraph(S).addNode("x", () => ({ log: ["x"] })).addNode("y", () => ({ log: ["y"] })).addEdge("x", END).addEdge("y", END);
  const arr = mk().addNode("start", () => ({})).addEdge(START, "start").addConditionalEdges("start", (s) => s.route, ["x", "y"]).compile();
  const startMap = mk().addConditionalEdges(START, (s) => (s.route === "x" ? "go-x" : "go-y"), { "go-x": "x", "go-y": "y" }).compile();
  const multi = mk().addNode("start", () => ({})).addEdge(START, "start").addConditionalEdges("start", () => ["a", "b"], { a: "x", b: "y" }).compile();
  const toEnd = mk().addNode("start", () => ({ log: ["start"] })).addEdge(START, "start").addConditionalEdges("start", () => "stop", { stop: END, more: "x", other: "y" }).compile();
  return {
    arrX: out(await arr.invoke({ route: "x" })),
    arrY: out(await arr.invoke({ route: "y" })),
    startMap: out(await startMap.invoke({ route: "x" })),
    multi: sortJson(out(await multi.invoke({})).log),
    toEnd: out(await toEnd.invoke({})),
  };
}
