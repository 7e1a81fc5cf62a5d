// A node that throws at once beside a subgraph node: as in LangGraph.js, where a
// subgraph's run starts some steps after its task, the failure stops the subgraph
// before it runs, streams or saves anything. Neither task shows a subgraph state in
// getState(subgraphs: true), the stopped one records an AbortError, and resuming
// finishes both. Beside a node that pauses at once instead, the subgraph runs, and its
// first parts come after the pause.
import { thread, subgraphChunk, snapshot, interrupts, errorName } from "./_support.mjs";
export const name = "a failure at once stops a subgraph sibling before it starts";
export const features = ["subgraphs", "errors", "checkpointer", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  let failing = true;
  let childRuns = 0;
  const sub = new StateGraph(S).addNode("s1", () => (childRuns++, { path: ["s1"] })).addNode("s2", () => ({ path: ["s2"] }))
    .addEdge(START, "s1").addEdge("s1", "s2").compile();
  const parent = (sibling) =>
    new StateGraph(S).addNode("child", sub).addNode("p", sibling)
      .addEdge(START, "child").addEdge(START, "p")
      .compile({ checkpointer: new MemorySaver() });
  const streamed = async (g, input, cfg) => {
    const chunks = [];
    try {
      for await (const c of await g.stream(input, { ...cfg, streamMode: ["updates", "values"], subgraphs: true })) chunks.push(subgraphChunk(c));
      return { chunks };
    } catch (e) {
      return { chunks, error: errorName(e, lib) };
    }
  };
  const g = parent(() => {
    if (failing) throw new RangeError("boom");
    return { path: ["p"] };
  });
  const cfg = thread("fail");
  const first = await streamed(g, {}, cfg);
  const runsAfterFailure = childRuns;
  const state = snapshot(await g.getState(cfg, { subgraphs: true }), lib);
  failing = false;
  // The output only: LangGraph.js 1.7.3 lets the stopped subgraph's run go on unseen
  // after the failure, so its resume finds it finished (its stream shows only its end).
  const resumed = await g.invoke(null, cfg);
  const h = parent((_s) => ({ path: [`p:${interrupt("go?")}`] }));
  const hcfg = thread("pause");
  const paused = await streamed(h, {}, hcfg);
  const pausedState = snapshot(await h.getState(hcfg, { subgraphs: true }), lib);
  const answered = await streamed(h, new Command({ resume: "yes" }), hcfg);
  const clean = (r) => ({ ...r, chunks: r.chunks.map((c) => (c[2]?.__interrupt__ ? [c[0], c[1], { __interrupt__: interrupts(c[2].__interrupt__) }] : c)) });
  return { first, runsAfterFailure, state, resumed, childRuns, paused: clean(paused), pausedState, answered: clean(answered) };
}
