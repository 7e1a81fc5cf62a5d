// Command.PARENT from a subgraph node, and custom stream events via config.writer.
import { collect, out } from "./_support.mjs";
export const name = "Command.PARENT and custom stream";
export const features = ["command", "subgraphs", "stream-custom"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const State = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const sub = new StateGraph(State)
    .addNode("handoff", () => new Command({ update: { path: ["handoff"] }, goto: "billing", graph: Command.PARENT }))
    .addEdge(START, "handoff").compile();
  const g = new StateGraph(State)
    .addNode("triage", sub, { ends: ["billing"] })
    .addNode("billing", () => ({ path: ["billing"] }))
    .addEdge(START, "triage").addEdge("billing", END).compile();
  const parent = await g.invoke({});
  const w = new StateGraph(State)
    .addNode("a", (s, config) => { config.writer({ progress: 1 }); config.writer("done"); return { path: ["a"] }; })
    .addEdge(START, "a").compile();
  const custom = await collect(w.stream({}, { streamMode: "custom" }), out);
  const both = await collect(w.stream({}, { streamMode: ["custom", "updates"] }), out);
  return { parent, custom, both };
}
