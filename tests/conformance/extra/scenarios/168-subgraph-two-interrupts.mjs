// A subgraph node asks twice (two interrupts in sequence inside the child), resumed twice from the parent, with a parent-level Command update in between.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "two interrupts inside a subgraph";
export const features = ["subgraphs", "interrupts", "checkpointer", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), note: Annotation() });
  const child = new StateGraph(S)
    .addNode("q1", () => ({ log: [`a1=${interrupt("first?")}`] }))
    .addNode("q2", (s) => ({ log: [`a2=${interrupt("second?")} note=${s.note ?? "-"}`] }))
    .addEdge(START, "q1").addEdge("q1", "q2").addEdge("q2", END).compile();
  const g = new StateGraph(S).addNode("sub", child).addNode("end", (s) => ({ log: [`end note=${s.note ?? "-"}`] }))
    .addEdge(START, "sub").addEdge("sub", "end").addEdge("end", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("two");
  const p1 = out(await g.invoke({ log: [] }, t));
  const p2 = out(await g.invoke(new Command({ resume: "A" }), t));
  const s2 = snapshot(await g.getState(t, { subgraphs: true }), lib);
  const done = out(await g.invoke(new Command({ resume: "B", update: { note: "parent" } }), t));
  return { p1, p2, s2, done };
}
