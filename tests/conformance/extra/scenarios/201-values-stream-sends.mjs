// values stream through Send fan-out and a subgraph: one state per superstep.
import { out } from "./_support.mjs";
export const name = "values stream with sends";
export const features = ["streaming", "send"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ xs: Annotation(), out: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("fan", () => ({}))
    .addNode("w", (s) => ({ out: [s.x] }))
    .addNode("sum", (s) => ({ out: [s.out.reduce((a, b) => a + b, 0)] }))
    .addEdge(START, "fan").addConditionalEdges("fan", (s) => s.xs.map((x) => new Send("w", { x }))).addEdge("w", "sum").addEdge("sum", END)
    .compile();
  const values = [];
  for await (const c of await g.stream({ xs: [1, 2, 3] }, { streamMode: "values" })) values.push(out(c));
  return { values };
}
