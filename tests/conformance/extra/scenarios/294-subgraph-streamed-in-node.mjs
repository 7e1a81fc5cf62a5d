// A node streams a compiled graph (graph.stream inside the node, as LangGraph.js
// code does to follow a subgraph's progress): the call is the node's subgraph, so
// the parent's stream (with subgraphs: true) gets its parts under the node too; the
// node reads them in its own modes, with namespaces relative to the call. An
// interrupt inside the streamed subgraph pauses the thread and the resume finishes it.
import { out, thread, collect, subgraphChunk, interrupts } from "./_support.mjs";
export const name = "subgraph streamed inside a node";
export const features = ["subgraphs", "streaming", "checkpointer", "interrupt"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), seen: Annotation() });
  const grand = new StateGraph(S).addNode("g", (s) => ({ x: s.x + 100 })).addEdge(START, "g").compile();
  const inner = new StateGraph(S)
    .addNode("i1", (s) => ({ x: s.x + 1 }))
    .addNode("i2", async (s) => ({ x: (await grand.invoke({ x: s.x })).x }))
    .addNode("ask", (s) => ({ x: s.x * interrupt(`scale ${s.x}?`) }))
    .addEdge(START, "i1").addEdge("i1", "i2").addEdge("i2", "ask").addEdge("ask", END)
    .compile();
  const local = (c) => (Array.isArray(c) && Array.isArray(c[0]) ? [c[0].map((p) => p.split(":")[0]), ...c.slice(1)] : c);
  const g = new StateGraph(S)
    .addNode("outer", async (s, config) => {
      const seen = [];
      for await (const c of await inner.stream({ x: s.x }, { ...config, streamMode: ["values", "updates"], subgraphs: true })) seen.push(local(out(c)));
      return { x: seen.at(-1)?.[2]?.x ?? null, seen };
    })
    .addEdge(START, "outer").addEdge("outer", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = thread("streamed");
  const first = await collect(g.stream({ x: 1 }, { ...cfg, streamMode: "updates", subgraphs: true }), subgraphChunk);
  const paused = await g.getState(cfg);
  const resumed = await collect(g.stream(new Command({ resume: 2 }), { ...cfg, streamMode: "updates", subgraphs: true }), subgraphChunk);
  const values = out((await g.getState(cfg)).values);
  return { first, next: paused.next, interrupts: interrupts(paused.tasks.flatMap((t) => t.interrupts)), resumed, values };
}
