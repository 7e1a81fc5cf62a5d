// Replaying from the checkpoint an interrupt paused on asks again; resuming the fork answers it there.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "replay from an interrupted checkpoint";
export const features = ["time-travel", "interrupts", "history"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("ask", () => ({ log: [`ask:${interrupt("q")}`] }))
    .addNode("z", () => ({ log: ["z"] }))
    .addEdge(START, "a").addEdge("a", "ask").addEdge("ask", "z").addEdge("z", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("rp");
  await g.invoke({ log: [] }, t);
  const done = out(await g.invoke(new Command({ resume: "first" }), t));
  const hist = [];
  for await (const h of g.getStateHistory(t)) hist.push(h);
  const pausedAt = hist.find((h) => h.next.includes("ask"));
  const replay = out(await g.invoke(null, pausedAt.config));
  const after = snapshot(await g.getState(t), lib);
  const resumed = out(await g.invoke(new Command({ resume: "second" }), t));
  const steps = [];
  for await (const h of g.getStateHistory(t)) steps.push([h.metadata.step, h.metadata.source]);
  return { done, replay, after, resumed, steps };
}
