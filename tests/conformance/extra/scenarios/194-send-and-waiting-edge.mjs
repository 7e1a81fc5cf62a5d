// Send tasks and a static branch feed one waiting edge; the join fires once both static sources ran.
import { out } from "./_support.mjs";
export const name = "sends beside a waiting edge";
export const features = ["send", "edges", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });
  const g = new StateGraph(S)
    .addNode("split", () => ({ log: ["split"] }))
    .addNode("side", () => ({ log: ["side"] }))
    .addNode("w", (s) => ({ log: [`w${s.x}`] }))
    .addNode("join", (s) => ({ log: [`join@${s.log.length}`] }))
    .addEdge(START, "split").addEdge(START, "side")
    .addConditionalEdges("split", () => [new Send("w", { x: 1 }), new Send("w", { x: 2 })])
    .addEdge(["split", "side"], "join").addEdge("w", END).addEdge("join", END)
    .compile();
  const steps = [];
  for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) steps.push(JSON.stringify(c));
  return { result: out(await g.invoke({ log: [] })), steps: steps.sort() };
}
