// A per-thread subgraph (checkpointer: true) paused inside: getState with subgraphs shows its
// state with the paused task and its interrupt; after the resume, a later run's snapshot shows the
// subgraph's kept state for its task.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "per-thread subgraph in snapshots";
export const features = ["subgraphs", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c1", () => ({ log: ["c1"] }))
    .addNode("c2", () => ({ log: ["c2:" + interrupt("sub?")] }))
    .addEdge(START, "c1").addEdge("c1", "c2").addEdge("c2", END)
    .compile({ checkpointer: true });
  const g = new StateGraph(S)
    .addNode("sub", child)
    .addNode("after", () => ({ log: ["after"] }))
    .addEdge(START, "sub").addEdge("sub", "after").addEdge("after", END)
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["after"] });
  const t = thread("pts");
  const first = out(await g.invoke({ log: [] }, t));
  const paused = snapshot(await g.getState(t, { subgraphs: true }), lib);
  const resumed = out(await g.invoke(new Command({ resume: "yes" }), t));
  const beforeAfter = snapshot(await g.getState(t, { subgraphs: true }), lib);
  return { first, paused, resumed, beforeAfter };
}
