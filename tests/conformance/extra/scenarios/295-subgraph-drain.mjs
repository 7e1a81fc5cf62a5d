// A drain reaches subgraphs (LangGraph.js's RunControl): a subgraph, added as a node
// or invoked in one, stops at its own superstep boundary, and GraphDrained passes up
// through its parent's task, which records no error. The sibling's write is kept,
// the subgraph's state is saved where it stopped, and a null input continues it
// there. A pause that finished before the drain in the same superstep does not stop
// the run drained-free: as LangGraph.js's runner counts it, the run ends GraphDrained.
import { thread, subgraphChunk, snapshot, interrupts } from "./_support.mjs";
export const name = "a drain stops subgraphs at their own boundaries";
export const features = ["runtime", "subgraphs", "checkpointer", "errors"];
export const requires = ["RunControl", "isGraphDrained"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const drains = (name) => (_s, config) => {
    if (!config.configurable.lifted) config.control.requestDrain(`stop in ${name}`);
    return { path: [name] };
  };
  const sub = new StateGraph(S).addNode("s1", drains("s1")).addNode("s2", () => ({ path: ["s2"] }))
    .addEdge(START, "s1").addEdge("s1", "s2").compile();
  const drainedError = async (p) => {
    try {
      return { ok: await p };
    } catch (e) {
      return { error: e.name, reason: e.reason ?? null, isDrained: lib.isGraphDrained(e) };
    }
  };
  const parent = (child, sibling) =>
    new StateGraph(S).addNode("p", sibling).addNode("child", child).addNode("after", () => ({ path: ["after"] }))
      .addEdge(START, "p").addEdge(START, "child").addEdge(["p", "child"], "after")
      .compile({ checkpointer: new MemorySaver() });
  const result = {};
  const invoked = async (s, config) => ({ path: (await sub.invoke(s, config)).path.slice(s.path.length) });
  for (const [form, child] of [["node", sub], ["invoked", invoked]]) {
    const g = parent(child, () => ({ path: ["p"] }));
    const cfg = thread(form);
    const chunks = [];
    const first = await drainedError((async () => {
      for await (const c of await g.stream({}, { ...cfg, streamMode: ["updates"], subgraphs: true })) chunks.push(subgraphChunk(c));
      return "finished";
    })());
    const state = snapshot(await g.getState(cfg, { subgraphs: true }), lib);
    const resumed = await drainedError(g.invoke(null, { configurable: { thread_id: form, lifted: true } }));
    const history = [];
    for await (const h of g.getStateHistory(cfg)) history.push([h.metadata.step, [...h.next].sort(), h.values.path]);
    result[form] = { first, chunks, state, resumed, history };
  }
  const asks = (_s) => ({ path: [`p:${interrupt("go?")}`] });
  const g = parent(sub, asks);
  const cfg = thread("pause");
  const first = await drainedError(g.invoke({}, cfg));
  const state = snapshot(await g.getState(cfg, { subgraphs: true }), lib);
  const resumed = await drainedError(g.invoke(new Command({ resume: "yes" }), { configurable: { thread_id: "pause", lifted: true } }));
  result.pauseFirst = { first: first.ok ? { ok: { ...first.ok, __interrupt__: interrupts(first.ok.__interrupt__ ?? []) } } : first, state, resumed };
  return result;
}
