// Send tasks where one finishes and one interrupts; the newest state, resume with an update, and the final fan-in.
import { out, snapshot, thread, sortJson } from "./_support.mjs";
export const name = "Send tasks partly paused";
export const features = ["send", "interrupts", "checkpointer", "pending-writes"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, Send, interrupt } = lib;
  const S = Annotation.Root({ items: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), note: Annotation() });
  let runs = 0;
  const g = new StateGraph(S)
    .addNode("work", (s) => { runs++; return { done: [s.item === "b" ? `b=${interrupt("b?")}` : s.item] }; })
    .addNode("sum", (s) => ({ note: `${s.done.length} done, note=${s.note ?? "-"}` }))
    .addConditionalEdges(START, (s) => s.items.map((item) => new Send("work", { item })))
    .addEdge("work", "sum").addEdge("sum", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("sp");
  const paused = out(await g.invoke({ items: ["a", "b", "c"] }, t));
  const state = snapshot(await g.getState(t), lib);
  const done = out(await g.invoke(new Command({ resume: "B", update: { note: "x" } }), t));
  return { paused: { ...paused, done: sortJson(paused.done ?? []) }, state: { ...state, values: { ...state.values, done: sortJson(state.values.done ?? []) } }, done: { ...done, done: sortJson(done.done) }, runs };
}
