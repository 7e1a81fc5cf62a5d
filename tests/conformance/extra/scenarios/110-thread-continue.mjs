// A plain input on a finished thread starts again from START keeping state; values stream with a checkpointer.
import { thread, snapshot, collect, out } from "./_support.mjs";
export const name = "threads continue";
export const features = ["checkpointer", "threads"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), turn: Annotation() });
  const g = new StateGraph(State)
    .addNode("reply", (s) => ({ log: [`reply ${s.turn}`] }))
    .addEdge(START, "reply").addEdge("reply", END).compile({ checkpointer: new MemorySaver() });
  const cfg = thread("t");
  const one = await g.invoke({ turn: 1, log: ["q1"] }, cfg);
  const two = await g.invoke({ turn: 2, log: ["q2"] }, cfg);
  const st = snapshot(await g.getState(cfg), lib);
  const vals = await collect(g.stream({ turn: 3 }, { ...cfg, streamMode: "values" }), out);
  return { one, two, st, vals };
}
