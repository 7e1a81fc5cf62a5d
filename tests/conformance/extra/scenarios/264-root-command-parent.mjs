// A Command addressed to the parent graph, returned by a node of the root graph, which
// has none: LangGraph.js drops it. The task ends with no writes (so its edge does not
// fire), its siblings' writes apply, the superstep is saved, and invoke and stream agree.
import { collect, outcome, snapshot, thread } from "./_support.mjs";
export const name = "Command.PARENT from the root graph";
export const features = ["command", "subgraphs", "errors", "checkpoints"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => new Command({ graph: Command.PARENT, update: { log: ["up"] }, goto: "b" }), { ends: ["b"] })
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addNode("d", () => ({ log: ["d"] }))
    .addEdge(START, "a")
    .addEdge(START, "d")
    .addEdge("a", "c")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("root-parent");
  const invoked = await outcome(lib, () => g.invoke({ log: ["in"] }, t));
  const state = snapshot(await g.getState(t), lib);
  const history = [];
  for await (const s of g.getStateHistory(t)) history.push(snapshot(s, lib));
  const again = await outcome(lib, () => g.invoke(null, t));
  const streamed = await outcome(lib, () => collect(g.stream({ log: ["in"] }, { ...thread("root-parent-2"), streamMode: ["updates", "values"] })));
  return { invoked, state, history, again, streamed };
}
