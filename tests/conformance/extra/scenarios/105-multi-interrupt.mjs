// Two interrupts in one node (matched by order) and two parallel interrupts.
import { thread, snapshot, out, sortJson } from "./_support.mjs";
export const name = "several interrupts";
export const features = ["interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const State = Annotation.Root({ a: Annotation(), b: Annotation(), x: Annotation(), y: Annotation() });
  const g = new StateGraph(State)
    .addNode("ask", () => { const a = interrupt("first?"); const b = interrupt("second?"); return { a, b }; })
    .addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
  const cfg = thread("multi");
  const p1 = out(await g.invoke({}, cfg));
  const p2 = out(await g.invoke(new Command({ resume: 1 }), cfg));
  const s2 = snapshot(await g.getState(cfg), lib);
  const done = out(await g.invoke(new Command({ resume: 2 }), cfg));
  const par = new StateGraph(State)
    .addNode("ax", () => ({ x: interrupt("x?") }))
    .addNode("ay", () => ({ y: interrupt("y?") }))
    .addEdge(START, "ax").addEdge(START, "ay").compile({ checkpointer: new MemorySaver() });
  const pc = thread("par");
  const paused = await par.invoke({}, pc);
  const map = {};
  for (const i of paused.__interrupt__) map[i.id] = `answer ${i.value}`;
  const resumed = out(await par.invoke(new Command({ resume: map }), pc));
  return { p1, p2, s2, done, pausedCount: paused.__interrupt__.length, pausedValues: sortJson(paused.__interrupt__.map((i) => i.value)), resumed };
}
