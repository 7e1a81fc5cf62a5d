// Static breakpoints before and after a node; continue with invoke(null).
import { thread, snapshot, collect, out } from "./_support.mjs";
export const name = "static breakpoints";
export const features = ["breakpoints", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = () => new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("c", END);
  const g = build().compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"], interruptAfter: ["b"] });
  const cfg = thread("bp");
  const first = out(await g.invoke({}, cfg));
  const s1 = snapshot(await g.getState(cfg), lib);
  const second = out(await g.invoke(null, cfg));
  const s2 = snapshot(await g.getState(cfg), lib);
  const third = out(await g.invoke(null, cfg));
  const g2 = build().compile({ checkpointer: new MemorySaver() });
  const cfg2 = thread("bp2", { interruptBefore: ["c"] });
  const atInvoke = out(await g2.invoke({}, cfg2));
  const updates = await collect(build().compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"] }).stream({}, { ...thread("bp3"), streamMode: "updates" }), out);
  return { first, s1, second, s2, third, atInvoke, updates };
}
