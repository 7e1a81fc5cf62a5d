// Time travel with a per-thread subgraph (checkpointer: true) as a node: replaying an old
// checkpoint, or continuing a fork updateState made there, starts the subgraph from its state as
// of that checkpoint (LangGraph.js's replay state), not from its newest; a later ordinary run
// goes on from the newest.
import { out, thread } from "./_support.mjs";
export const name = "time travel with a per-thread subgraph";
export const features = ["subgraphs", "time-travel", "fork", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c1", (s) => ({ log: ["seen " + s.log.length] }))
    .addEdge(START, "c1")
    .compile({ checkpointer: true });
  const g = new StateGraph(S)
    .addNode("prep", () => ({ log: ["prep"] }))
    .addNode("agent", child)
    .addEdge(START, "prep").addEdge("prep", "agent").addEdge("agent", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("tt");
  const turns = [];
  turns.push(out((await g.invoke({ log: [] }, t)).log));
  turns.push(out((await g.invoke({ log: [] }, t)).log));
  const hist = [];
  for await (const h of g.getStateHistory(t)) hist.push(h);
  const travels = [];
  // Newest first: the second turn's checkpoint before agent, then the first turn's.
  for (const before of hist.filter((h) => h.next.includes("agent"))) {
    const fc = await g.updateState(before.config, { log: ["edited"] }, "prep");
    const forked = out((await g.invoke(null, fc)).log);
    const replayed = out((await g.invoke(null, before.config)).log);
    travels.push({ forked, replayed });
  }
  const after = out((await g.invoke({ log: [] }, t)).log);
  return { turns, travels, after };
}
