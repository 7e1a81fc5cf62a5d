// The debug stream of a checkpointed run: checkpoint events around the tasks, then an interrupt and its resume.
import { collect, debugEvent, thread } from "./_support.mjs";
export const name = "debug stream with a checkpointer";
export const features = ["stream-debug", "checkpointer", "interrupts"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), ok: Annotation() });
  const g = new StateGraph(S)
    .addNode("a", (s) => ({ x: s.x + 1 }))
    .addNode("ask", () => ({ ok: interrupt("ok?") }))
    .addEdge(START, "a").addEdge("a", "ask").addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("dbg");
  const first = await collect(g.stream({ x: 1 }, { ...t, streamMode: "debug" }), (e) => debugEvent(e, lib));
  const second = await collect(g.stream(new Command({ resume: "yes" }), { ...t, streamMode: "debug" }), (e) => debugEvent(e, lib));
  return { first, second };
}
