// `durability: "exit"` in the run config: a run stores only the checkpoint it ends on (paused,
// finished), each a child of the last stored one; the paused thread resumes, and the final state
// is the one a run storing every superstep reaches.
import { clone, out } from "./_support.mjs";
export const name = "durability exit";
export const features = ["checkpoints", "history", "interrupts"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: [interrupt("c?")] }))
    .addNode("d", () => ({ log: ["d"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("c", "d")
    .compile({ checkpointer: new MemorySaver() });
  const history = async (config) => {
    const h = [];
    for await (const s of g.getStateHistory(config)) h.push({ step: s.metadata.step, source: s.metadata.source, values: clone(s.values), next: [...s.next], parent: !!s.parentConfig });
    return h;
  };
  const result = {};
  for (const durability of ["exit", "sync"]) {
    const config = { configurable: { thread_id: durability }, durability };
    const paused = out(await g.invoke({ log: ["in"] }, config));
    const pausedHistory = await history(config);
    const resumed = clone(await g.invoke(new Command({ resume: "yes" }), config));
    const again = out(await g.invoke({ log: ["again"] }, config));
    const state = await g.getState(config);
    result[durability] = { paused, pausedHistory, resumed, again, next: state.next, history: (await history(config)).map((h) => [h.step, h.source]) };
  }
  return result;
}
