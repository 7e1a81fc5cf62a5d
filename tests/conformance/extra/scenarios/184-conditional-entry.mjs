// A conditional entry point (router from START) with a path map, fanning out to several nodes.
import { out } from "./_support.mjs";
export const name = "conditional entry point";
export const features = ["conditional-edges", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ kind: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("x", () => ({ log: ["x"] })).addNode("y", () => ({ log: ["y"] })).addNode("z", () => ({ log: ["z"] }))
    .addConditionalEdges(START, (s) => (s.kind === "both" ? ["one", "two"] : s.kind === "none" ? END : "one"), { one: "x", two: "y", [END]: END })
    .addEdge("x", "z").addEdge("y", "z").addEdge("z", END)
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ kind: "both", log: [] }, { streamMode: "updates" })) chunks.push(Object.keys(c)[0]);
  return {
    both: out(await g.invoke({ kind: "both", log: [] })),
    one: out(await g.invoke({ kind: "one", log: [] })),
    none: out(await g.invoke({ kind: "none", log: [] })),
    order: chunks,
  };
}
