// A per-thread subgraph node (checkpointer true) that interrupts: getState(subgraphs) while paused, accumulated state across runs.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "per-thread subgraph state";
export const features = ["subgraphs", "checkpointer", "interrupts"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const Sub = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), topic: Annotation() });
  const child = new StateGraph(Sub).addNode("note", (s) => ({ notes: [`${s.topic}:${interrupt(`note on ${s.topic}?`)}`] }))
    .addEdge(START, "note").addEdge("note", END).compile({ checkpointer: true });
  const P = Annotation.Root({ topic: Annotation(), count: Annotation() });
  const g = new StateGraph(P)
    .addNode("ask", async (s) => { const r = await child.invoke({ topic: s.topic }); return { count: r.notes.length }; })
    .addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("pts");
  const p1 = out(await g.invoke({ topic: "a" }, t));
  const r1 = out(await g.invoke(new Command({ resume: "one" }), t));
  const p2 = out(await g.invoke({ topic: "b" }, t));
  const r2 = out(await g.invoke(new Command({ resume: "two" }), t));
  return { p1, r1, p2, r2 };
}
