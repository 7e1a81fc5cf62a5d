// Replaying from a middle checkpoint: only later nodes run again, the stream of the replay, and the history afterwards.
import { collect, out, snapshot, thread } from "./_support.mjs";
export const name = "replay from the middle";
export const features = ["history", "replay", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const runs = { a: 0, b: 0, c: 0 };
  const node = (n) => () => { runs[n]++; return { log: [n] }; };
  const g = new StateGraph(S).addNode("a", node("a")).addNode("b", node("b")).addNode("c", node("c"))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("c", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("rm");
  await g.invoke({ log: [] }, t);
  const hist = [];
  for await (const s of await g.getStateHistory(t)) hist.push(s);
  const atB = hist.find((s) => s.next[0] === "b");
  const replay = await collect(g.stream(null, { ...atB.config, streamMode: "updates" }), out);
  const after = [];
  for await (const s of await g.getStateHistory(t)) after.push(snapshot(s, lib));
  return { replay, runs, latest: snapshot(await g.getState(t), lib), history: after.map((s) => [s.step, s.source, s.next, s.values.log.length]) };
}
