// Command({ resume, goto }) and Command({ goto }) sent to a paused thread.
import { out, snapshot, thread, sortJson } from "./_support.mjs";
export const name = "goto while paused";
export const features = ["command", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = () => new StateGraph(S)
    .addNode("ask", () => ({ log: [`ask=${interrupt("?")}`] }), { ends: ["extra"] }).addNode("extra", () => ({ log: ["extra"] })).addNode("after", () => ({ log: ["after"] }))
    .addEdge(START, "ask").addEdge("ask", "after").addEdge("extra", END).addEdge("after", END)
    .compile({ checkpointer: new MemorySaver() });
  const g = build();
  const t = thread("g1");
  await g.invoke({ log: [] }, t);
  const withResume = out(await g.invoke(new Command({ resume: "yes", goto: "extra" }), t));
  const h = build();
  const t2 = thread("g2");
  await h.invoke({ log: [] }, t2);
  const gotoOnly = out(await h.invoke(new Command({ goto: "extra" }), t2));
  const state = snapshot(await h.getState(t2), lib);
  return { withResume: sortJson(withResume.log ?? []), withResumeInterrupt: withResume.__interrupt__ ?? null, gotoOnly, state };
}
