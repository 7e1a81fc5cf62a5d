// A subgraph invoked inside a node interrupts; getState(subgraphs) and resume.
import { thread, snapshot, out } from "./_support.mjs";
export const name = "interrupt in a subgraph called from a node";
export const features = ["subgraphs", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const Sub = Annotation.Root({ x: Annotation() });
  const sub = new StateGraph(Sub).addNode("ask", (s) => ({ x: s.x + interrupt("more?") })).addEdge(START, "ask").compile();
  const Parent = Annotation.Root({ y: Annotation(), calls: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(Parent)
    .addNode("call", async (s) => { const r = await sub.invoke({ x: s.y }); return { y: r.x, calls: 1 }; })
    .addEdge(START, "call").addEdge("call", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = thread("ns");
  const paused = out(await g.invoke({ y: "a" }, cfg));
  const st = snapshot(await g.getState(cfg), lib);
  const done = out(await g.invoke(new Command({ resume: "b" }), cfg));
  return { paused, st, done };
}
