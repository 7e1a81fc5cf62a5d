// An interrupt inside a subgraph node: the parent pauses, getState(subgraphs) shows it, resume finishes.
import { thread, snapshot, out } from "./_support.mjs";
export const name = "interrupt inside a subgraph";
export const features = ["subgraphs", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const State = Annotation.Root({ foo: Annotation() });
  const sub = new StateGraph(State)
    .addNode("subNode", (s) => ({ foo: s.foo + interrupt("Provide value:") }))
    .addEdge(START, "subNode").compile();
  const g = new StateGraph(State).addNode("node1", sub).addEdge(START, "node1").addEdge("node1", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = thread("sub");
  const paused = out(await g.invoke({ foo: "" }, cfg));
  const state = snapshot(await g.getState(cfg, { subgraphs: true }), lib);
  const resumed = out(await g.invoke(new Command({ resume: "bar" }), cfg));
  return { paused, state, resumed };
}
