// A node invokes a subgraph with a copy of its own config that adds a configurable key
// ({ ...config, configurable: { ...config.configurable, k } }, as LangGraph.js code does):
// the call is still the node's subgraph (its interrupt pauses the parent's thread and
// resumes), and the child's nodes see the added key. Nodes also see their task's
// checkpoint_ns and LangGraph.js's metadata keys.
import { out, thread, collect, subgraphChunk, interrupts } from "./_support.mjs";
export const name = "subgraph invoked with a copy of the node's config";
export const features = ["subgraphs", "checkpointer", "interrupt", "configurable"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), seen: Annotation() });
  const shape = (config) => ({
    // Keys with a value, sorted: LangGraph.js also keeps internals and an undefined checkpoint_id.
    configurable: Object.keys(config.configurable).filter((k) => !k.startsWith("__") && k !== "checkpoint_map" && config.configurable[k] !== undefined).sort(),
    ns: config.configurable.checkpoint_ns.split("|").map((part) => part.split(":")[0]),
    metadata: Object.keys(config.metadata),
  });
  const inner = new StateGraph(S)
    .addNode("ask", (s, config) => {
      const answer = interrupt(`x is ${s.x}?`);
      return { x: s.x + answer + config.configurable.bonus, seen: shape(config) };
    })
    .addEdge(START, "ask").addEdge("ask", END).compile();
  const g = new StateGraph(S)
    .addNode("outer", async (s, config) => {
      const before = shape(config);
      const r = await inner.invoke({ x: s.x }, { ...config, configurable: { ...config.configurable, bonus: 100 } });
      return { x: r.x, seen: { outer: before, inner: r.seen } };
    })
    .addEdge(START, "outer").addEdge("outer", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "copied", user: "u" } };
  const first = await collect(g.stream({ x: 1 }, { ...cfg, streamMode: "updates", subgraphs: true }), subgraphChunk);
  const paused = await g.getState(cfg);
  const resumed = await collect(g.stream(new Command({ resume: 5 }), { ...cfg, streamMode: "updates", subgraphs: true }), subgraphChunk);
  const done = await g.getState(cfg);
  return { first, next: paused.next, interrupts: interrupts(paused.tasks.flatMap((t) => t.interrupts)), resumed, values: out(done.values) };
}
