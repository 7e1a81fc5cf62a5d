// updateState(config, null, END) finishes a paused superstep: its finished tasks' writes
// apply, and as with any superstep that triggers nothing, deferred nodes finish. With no
// superstep to finish (no task due) it only writes the checkpoint again: a deferred node a
// Command input's goto left waiting stays waiting, as in LangGraph.js.
import { thread } from "./_support.mjs";
export const name = "an END edit with nothing to finish leaves deferred nodes waiting";
export const features = ["time-travel", "deferred", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("d", () => ({ log: ["d"] }), { defer: true })
    .addEdge(START, "a")
    .addConditionalEdges("a", () => END, ["d", END])
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("end-edit");
  const out = {};
  out.first = await g.invoke({ log: [] }, t);
  out.command = await g.invoke(new Command({ update: { log: ["c"] }, goto: "d" }), t);
  out.before = (await g.getState(t)).next;
  await g.updateState(t, null, END);
  const after = await g.getState(t);
  out.after = { next: after.next, values: after.values, source: after.metadata.source };
  out.continued = await g.invoke(null, t);
  return out;
}
