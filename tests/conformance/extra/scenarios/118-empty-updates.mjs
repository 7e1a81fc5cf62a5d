// Nodes returning undefined, null and {}: updates chunks and final state.
import { collect, out } from "./_support.mjs";
export const name = "empty updates";
export const features = ["basics", "stream-updates"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("u", () => undefined)
    .addNode("n", () => null)
    .addNode("e", () => ({}))
    .addNode("w", () => ({ log: ["w"], x: undefined }))
    .addEdge(START, "u").addEdge("u", "n").addEdge("n", "e").addEdge("e", "w").addEdge("w", END)
    .compile();
  const updates = await collect(g.stream({ x: 1 }, { streamMode: "updates" }), out);
  const values = await collect(g.stream({ x: 1 }, { streamMode: "values" }), out);
  const result = out(await g.invoke({ x: 1 }));
  return { updates, values, result };
}
