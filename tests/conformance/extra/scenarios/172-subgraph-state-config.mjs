// The subgraph state's own config: read it with getState, update the paused subgraph's state through it, then resume the parent.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "subgraph state by its config";
export const features = ["subgraphs", "interrupts", "update-state", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), topic: Annotation() });
  const child = new StateGraph(S)
    .addNode("prep", () => ({ log: ["prep"] }))
    .addNode("ask", (s) => ({ log: [`ask ${s.topic} -> ${interrupt(`about ${s.topic}?`)}`] }))
    .addEdge(START, "prep").addEdge("prep", "ask").addEdge("ask", END).compile();
  const g = new StateGraph(S).addNode("sub", child).addEdge(START, "sub").addEdge("sub", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("sc");
  await g.invoke({ log: [], topic: "cats" }, t);
  const parent = await g.getState(t, { subgraphs: true });
  const subConfig = parent.tasks[0].state.config;
  const direct = snapshot(await g.getState(subConfig), lib);
  await g.updateState(subConfig, { topic: "dogs" });
  const afterUpdate = snapshot(await g.getState(t, { subgraphs: true }), lib);
  const done = out(await g.invoke(new Command({ resume: "yes" }), t));
  return { direct, afterUpdate, done };
}
