// Command with update only next to a static edge, goto END, goto a list, and a router after a Command.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "command variants";
export const features = ["command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g1 = new StateGraph(S)
    .addNode("a", () => new Command({ update: { log: ["a"] } }))
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END).compile();
  const g2 = new StateGraph(S)
    .addNode("a", () => new Command({ update: { log: ["a"] }, goto: END }), { ends: [END] })
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END).compile();
  const g3 = new StateGraph(S)
    .addNode("a", () => new Command({ update: { log: ["a"] }, goto: ["b", "c"] }), { ends: ["b", "c"] })
    .addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").compile();
  const g4 = new StateGraph(S)
    .addNode("a", () => new Command({ update: { log: ["a"] }, goto: "b" }), { ends: ["b", "c"] })
    .addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addConditionalEdges("a", () => "c").compile();
  return {
    updateOnly: out(await g1.invoke({})),
    gotoEnd: out(await g2.invoke({})),
    gotoList: (await collect(g3.stream({}, { streamMode: "updates" }), out)).map((u) => sortJson(Object.keys(u))),
    gotoListResult: sortJson(out(await g3.invoke({})).log),
    gotoAndRouter: sortJson(out(await g4.invoke({})).log),
  };
}
