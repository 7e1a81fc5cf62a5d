// Editing a paused superstep whose finished part leaves nothing triggered: as in
// LangGraph.js, that part is applied as a superstep of its own (a failed node that its
// error handler took over counts as run, with no writes), so a deferred node waiting
// for the graph to settle becomes ready beside what the edit itself triggers.
import { snapshot, thread } from "./_support.mjs";
export const name = "an edit that settles a paused superstep readies a deferred node";
export const features = ["update-state", "errors", "interrupts", "defer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => { throw new RangeError("boom"); }, { errorHandler: () => ({ log: ["handled"] }) })
    .addNode("b", () => ({ log: [`b:${interrupt("q")}`] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addNode("d", () => ({ log: ["d"] }), { defer: true })
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge(START, "d")
    .addEdge("b", "c")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("edit-defer");
  await g.invoke({ log: [] }, t);
  const before = snapshot(await g.getState(t), lib);
  await g.updateState(t, { log: ["z"] }, "b");
  const after = snapshot(await g.getState(t), lib);
  const resumed = await g.invoke(null, t);
  return { before, after, resumed };
}
