// Fork from the checkpoint before a parallel superstep with updateState(asNode) and continue the fork.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "fork before a parallel step";
export const features = ["time-travel", "fork", "update-state", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), pick: Annotation() });
  const g = new StateGraph(S)
    .addNode("start", () => ({ log: ["start"] }))
    .addNode("l", () => ({ log: ["l"] })).addNode("r", () => ({ log: ["r"] }))
    .addNode("join", (s) => ({ log: [`join${s.log.length}`] }))
    .addEdge(START, "start").addEdge("start", "l").addEdge("start", "r").addEdge(["l", "r"], "join").addEdge("join", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("fp");
  const full = out(await g.invoke({ log: [] }, t));
  const hist = [];
  for await (const h of g.getStateHistory(t)) hist.push(h);
  const beforeParallel = hist.find((h) => h.next.includes("l"));
  const forkCfg = await g.updateState(beforeParallel.config, { pick: "L", log: ["edited"] }, "l");
  const forkSnap = snapshot(await g.getState(forkCfg), lib);
  const forked = out(await g.invoke(null, forkCfg));
  const steps = [];
  for await (const h of g.getStateHistory(t)) steps.push([h.metadata.step, h.metadata.source, [...h.next].sort()]);
  return { full, forkSnap, forked, steps };
}
