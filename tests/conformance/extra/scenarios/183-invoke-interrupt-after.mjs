// interruptAfter given at invoke time; updateState while stopped; continuing runs the rest.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "interruptAfter at invoke time";
export const features = ["breakpoints", "update-state"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("b", END).addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("ia");
  const first = out(await g.invoke({ log: [] }, { ...t, interruptAfter: ["a"] }));
  const s1 = snapshot(await g.getState(t), lib);
  await g.updateState(t, { log: ["edit"] });
  const s2 = snapshot(await g.getState(t), lib);
  const done = out(await g.invoke(null, t));
  const hist = [];
  for await (const h of g.getStateHistory(t)) hist.push([h.metadata.step, h.metadata.source, [...h.next].sort()]);
  return { first, s1, s2, done, hist };
}
