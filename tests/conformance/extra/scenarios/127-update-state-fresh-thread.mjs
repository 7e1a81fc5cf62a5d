// updateState on a thread that never ran, as a node, then continue with null.
import { out, snapshot, thread, outcome } from "./_support.mjs";
export const name = "updateState on a fresh thread";
export const features = ["checkpointer", "update-state"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("fresh");
  await g.updateState(t, { log: ["seed"] }, "a");
  const s1 = snapshot(await g.getState(t), lib);
  const r = await outcome(lib, async () => out(await g.invoke(null, t)));
  const s2 = snapshot(await g.getState(t), lib);
  const t2 = thread("fresh2");
  await g.updateState(t2, { log: ["x"] });
  const s3 = snapshot(await g.getState(t2), lib);
  const r2 = await outcome(lib, async () => out(await g.invoke(null, t2)));
  return { s1, r, s2, s3, r2 };
}
