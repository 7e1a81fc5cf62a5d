// History of a paused subgraph through its state config, and replaying the parent from before the subgraph.
import { out, snapshot, thread, collect } from "./_support.mjs";
export const name = "subgraph history and replay";
export const features = ["subgraphs", "history", "replay", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: [`c2=${interrupt("?")}`] }))
    .addEdge(START, "c1").addEdge("c1", "c2").addEdge("c2", END).compile();
  const g = new StateGraph(S).addNode("p", () => ({ log: ["p"] })).addNode("sub", child)
    .addEdge(START, "p").addEdge("p", "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("sh");
  await g.invoke({ log: [] }, t);
  const sub = (await g.getState(t, { subgraphs: true })).tasks[0].state;
  const subHist = [];
  for await (const s of await g.getStateHistory(sub.config)) subHist.push(snapshot(s, lib));
  const done = out(await g.invoke(new Command({ resume: "ok" }), t));
  const hist = [];
  for await (const s of await g.getStateHistory(t)) hist.push(s);
  const beforeSub = hist.find((s) => s.next.length === 1 && s.next[0] === "sub");
  const replay = await collect(g.stream(null, { ...beforeSub.config, streamMode: "updates" }), out);
  return { subHist: subHist.map((s) => [s.step, s.source, s.next, s.values.log]), done, replay };
}
