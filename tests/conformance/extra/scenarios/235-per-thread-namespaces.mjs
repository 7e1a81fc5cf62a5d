// Per-thread subgraphs (`compile({ checkpointer: true })`) live under namespaces without task
// ids, as in LangGraph.js: they stream under `node` (and `node`, `1` for a node's second call),
// not `node:<task id>`, so `streamEvents` counts one lifecycle per call; and one nested in a
// per-invocation subgraph keeps its state across the thread's turns (its namespace drops the
// parent's task id too), pauses and resumes there.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "per-thread subgraph namespaces";
export const features = ["subgraphs", "checkpointer", "streaming", "interrupts"];
const shape = (namespace) => namespace.map((p) => (String(p).includes(":") ? String(p).split(":")[0] + ":<id>" : String(p)));
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const last = () => Annotation();
  // A per-thread subgraph that counts its runs in a channel of its own and writes `key`.
  const counter = (tag, key, ask) =>
    new StateGraph(Annotation.Root({ [key]: last(), seen: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) }))
      .addNode("c1", (s) => ({ seen: 1, [key]: `${tag}#${s.seen + 1}${ask && s.seen === 1 ? ":" + interrupt(tag + "?") : ""}` }))
      .addEdge(START, "c1")
      .compile({ checkpointer: true });

  // 1. Namespaces in `stream` and `streamEvents`: a node calling one per-thread subgraph twice,
  //    a per-thread subgraph node, and a per-invocation one.
  const twice = counter("twice", "x");
  const perInvocation = new StateGraph(Annotation.Root({ rc: last() })).addNode("c1", () => ({ rc: "pi" })).addEdge(START, "c1").compile();
  const g = new StateGraph(Annotation.Root({ ra: last(), rb: last(), rc: last() }))
    .addNode("a", async () => {
      const r1 = await twice.invoke({});
      const r2 = await twice.invoke({});
      return { ra: [r1.x, r2.x] };
    })
    .addNode("b", counter("node", "rb"))
    .addNode("c", perInvocation)
    .addEdge(START, "a").addEdge(START, "b").addEdge(START, "c")
    .compile({ checkpointer: new MemorySaver() });
  const streamed = [];
  for (let turn = 0; turn < 2; turn++) {
    const chunks = [];
    for await (const [namespace, c] of await g.stream({}, { ...thread("ns"), streamMode: "updates", subgraphs: true })) chunks.push(JSON.stringify([shape(namespace), out(c)]));
    streamed.push(chunks.sort());
  }
  const events = [];
  if (g.streamEvents) {
    const run = await g.streamEvents({}, { version: "v3", ...thread("ev") });
    for await (const e of run) if (e.method === "lifecycle") events.push(JSON.stringify([shape(e.params.namespace), e.params.data.event]));
    events.sort();
  }

  // 2. A per-thread subgraph inside a per-invocation one keeps its state across turns, and
  //    pauses and resumes there.
  const S = Annotation.Root({ out: last() });
  const outer = new StateGraph(S).addNode("inner", counter("inner", "out", true)).addEdge(START, "inner").compile();
  const h = new StateGraph(S).addNode("outer", outer).addEdge(START, "outer").addEdge("outer", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("nested");
  const turns = [];
  for (const input of [{}, {}, new Command({ resume: "yes" }), {}]) {
    const chunks = [];
    for await (const [namespace, c] of await h.stream(input, { ...t, streamMode: "updates", subgraphs: true })) chunks.push(JSON.stringify([shape(namespace), out(c)]));
    turns.push({ chunks: chunks.sort(), state: snapshot(await h.getState(t, { subgraphs: true }), lib) });
  }
  return { streamed, events, turns };
}
