// A subgraph compiled with interruptBefore on its inner node pauses the parent; continuing with null finishes both.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "breakpoint inside a subgraph";
export const features = ["breakpoints", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addNode("c2", () => ({ log: ["c2"] }))
    .addEdge(START, "c1").addEdge("c1", "c2").compile({ interruptBefore: ["c2"] });
  const g = new StateGraph(S).addNode("p", () => ({ log: ["p"] })).addNode("sub", child).addNode("q", () => ({ log: ["q"] }))
    .addEdge(START, "p").addEdge("p", "sub").addEdge("sub", "q").addEdge("q", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("sb");
  const first = out(await g.invoke({ log: [] }, t));
  const paused = snapshot(await g.getState(t, { subgraphs: true }), lib);
  const done = out(await g.invoke(null, t));
  return { first, paused, done };
}
