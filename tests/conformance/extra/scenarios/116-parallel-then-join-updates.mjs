// Updates of a fan-out/fan-in graph and a list reducer fed by parallel nodes.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "fan-out / fan-in updates";
export const features = ["parallel", "stream-updates", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("fan", () => ({ log: ["fan"] }))
    .addNode("x", () => ({ log: ["x"] }))
    .addNode("y", () => ({ log: ["y"] }))
    .addNode("z", () => ({ log: ["z"] }))
    .addNode("join", (s) => ({ log: [`join saw ${s.log.length}`] }))
    .addEdge(START, "fan").addEdge("fan", "x").addEdge("fan", "y").addEdge("fan", "z")
    .addEdge(["x", "y", "z"], "join").addEdge("join", END).compile();
  const u = await collect(g.stream({}, { streamMode: "updates" }), out);
  return { result: await g.invoke({}), first: u[0], middle: sortJson(u.slice(1, 4)), last: u[4], count: u.length };
}
