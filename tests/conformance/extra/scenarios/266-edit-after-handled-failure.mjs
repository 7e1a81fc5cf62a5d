// Editing a paused superstep in which a node failed and its error handler took over:
// LangGraph.js's handler is a task of its own that the edit's plan does not list, so
// the edit (as another node, or as END) keeps a finished sibling's write but not what
// the handler wrote; the state before the edit shows it neither.
import { snapshot, thread } from "./_support.mjs";
export const name = "an edit after an error handler took over a failed node";
export const features = ["update-state", "errors", "interrupts", "checkpoints"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = () =>
    new StateGraph(S)
      .addNode("a", () => { throw new RangeError("boom"); }, { errorHandler: () => ({ log: ["handled"] }) })
      .addNode("b", () => ({ log: [`b:${interrupt("q")}`] }))
      .addNode("c", () => ({ log: ["c"] }))
      .addEdge(START, "a")
      .addEdge(START, "b")
      .addEdge(START, "c")
      .compile({ checkpointer: new MemorySaver() });
  const out = {};
  for (const [label, values, asNode] of [["as b", { log: ["z"] }, "b"], ["as END", null, END]]) {
    const g = build();
    const t = thread(label);
    await g.invoke({ log: [] }, t);
    const before = snapshot(await g.getState(t), lib);
    await g.updateState(t, values, asNode);
    const after = snapshot(await g.getState(t), lib);
    const resumed = await g.invoke(new Command({ resume: "R" }), t);
    out[label] = { before: { values: before.values, next: before.next }, after, resumed };
  }
  return out;
}
