// getState(subgraphs: true) of a finished run with a subgraph node, and of one paused before the subgraph ran.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "subgraph state snapshots";
export const features = ["subgraphs", "checkpointer", "history"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c", () => ({ log: ["c"] })).addEdge(START, "c").addEdge("c", END).compile();
  const g = new StateGraph(S).addNode("gate", () => ({ log: [interrupt("go?")] })).addNode("sub", child)
    .addEdge(START, "gate").addEdge("gate", "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("ss");
  await g.invoke({ log: [] }, t);
  const paused = snapshot(await g.getState(t, { subgraphs: true }), lib);
  await g.invoke(new lib.Command({ resume: "go" }), t);
  const done = snapshot(await g.getState(t, { subgraphs: true }), lib);
  const hist = [];
  for await (const s of await g.getStateHistory(t)) hist.push(snapshot(s, lib));
  return { paused, done, history: hist.map((h) => ({ step: h.step, next: h.next, tasks: h.tasks.map((x) => x.name) })) };
}
