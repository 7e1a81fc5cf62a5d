// updates and values streams of an interrupted run and of its resume with Command(update, resume).
import { collect, out, thread } from "./_support.mjs";
export const name = "streams across a resume with update";
export const features = ["interrupts", "stream-values", "stream-updates", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ q: Annotation(), a: Annotation(), note: Annotation() });
  const g = new StateGraph(S)
    .addNode("ask", (s) => ({ a: interrupt(`answer ${s.q}?`) }))
    .addNode("show", (s) => ({ note: `${s.a}/${s.note ?? "-"}` }))
    .addEdge(START, "ask").addEdge("ask", "show").addEdge("show", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("svr");
  const first = await collect(g.stream({ q: "why" }, { ...t, streamMode: ["values", "updates"] }), out);
  const second = await collect(g.stream(new Command({ resume: "because", update: { note: "n" } }), { ...t, streamMode: ["values", "updates"] }), out);
  return { first, second };
}
