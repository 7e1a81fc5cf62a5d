// Thread history, updateState with asNode, replay from a checkpoint (fork).
import { thread, snapshot, out } from "./_support.mjs";
export const name = "history, updateState, replay and fork";
export const features = ["history", "update-state", "replay", "fork", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  let bCalls = 0;
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => { bCalls++; return { log: ["b"] }; })
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = thread("h");
  await g.invoke({ log: ["in"] }, cfg);
  const history = [];
  for await (const s of g.getStateHistory(cfg)) history.push(snapshot(s, lib));
  const all = [];
  for await (const s of g.getStateHistory(cfg)) all.push(s);
  const beforeB = all.find((s) => s.next.length === 1 && s.next[0] === "b");
  const replayed = out(await g.invoke(null, beforeB.config));
  const afterReplay = [];
  for await (const s of g.getStateHistory(cfg, { limit: 3 })) afterReplay.push(snapshot(s, lib));
  const forkCfg = await g.updateState(beforeB.config, { log: ["edited"] }, "a");
  const forked = snapshot(await g.getState(forkCfg), lib);
  const continued = out(await g.invoke(null, forkCfg));
  const latest = snapshot(await g.getState(cfg), lib);
  return { history, replayed, afterReplay, bCalls, forked, continued, latest };
}
