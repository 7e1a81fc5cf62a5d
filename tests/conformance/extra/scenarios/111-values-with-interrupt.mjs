// Values and updates streams of a run that hits interrupt(), then the resume stream.
import { collect, out, thread } from "./_support.mjs";
export const name = "streams around an interrupt";
export const features = ["stream-values", "stream-updates", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const State = Annotation.Root({ q: Annotation(), a: Annotation() });
  const g = new StateGraph(State)
    .addNode("prep", (s) => ({ q: s.q + "?" }))
    .addNode("ask", (s) => ({ a: interrupt(s.q) }))
    .addEdge(START, "prep").addEdge("prep", "ask").addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const values = await collect(g.stream({ q: "why" }, { ...thread("v"), streamMode: "values" }), out);
  const resumed = await collect(g.stream(new Command({ resume: "because" }), { ...thread("v"), streamMode: ["values", "updates"] }), out);
  const updates = await collect(g.stream({ q: "how" }, { ...thread("u"), streamMode: "updates" }), out);
  return { values, resumed, updates };
}
