// Two parallel interrupts: resume only one by id, then the other; and a plain value when two are pending.
import { out, snapshot, thread, outcome, sortJson } from "./_support.mjs";
export const name = "partial resume of parallel interrupts";
export const features = ["interrupts", "checkpointer", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), y: Annotation() });
  const build = () => new StateGraph(S)
    .addNode("ax", () => ({ x: interrupt("x?") })).addNode("ay", () => ({ y: interrupt("y?") }))
    .addEdge(START, "ax").addEdge(START, "ay").compile({ checkpointer: new MemorySaver() });
  const g = build();
  const t = thread("pr");
  const paused = await g.invoke({}, t);
  const xId = paused.__interrupt__.find((i) => i.value === "x?").id;
  const afterOne = out(await g.invoke(new Command({ resume: { [xId]: "X" } }), t));
  const state = snapshot(await g.getState(t), lib);
  const yId = (await g.getState(t)).tasks.flatMap((task) => task.interrupts).find((i) => i.value === "y?").id;
  const done = out(await g.invoke(new Command({ resume: { [yId]: "Y" } }), t));
  const g2 = build();
  const t2 = thread("plain");
  await g2.invoke({}, t2);
  const plain = await outcome(lib, async () => out(await g2.invoke(new Command({ resume: "same" }), t2)));
  return { afterOne, state, done, plain };
}
