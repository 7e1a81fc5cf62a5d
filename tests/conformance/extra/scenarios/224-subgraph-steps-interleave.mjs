// A subgraph node's supersteps let its siblings run between them, as LangGraph's awaits do: a sync
// sibling's interrupt lands before the subgraph's own, and two parallel subgraphs alternate supersteps.
import { thread } from "./_support.mjs";
export const name = "subgraph supersteps interleave with sibling tasks";
export const features = ["subgraphs", "interrupts", "streaming", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = (tag, steps, ask) => {
    let g = new StateGraph(S);
    for (let i = 1; i <= steps; i++) g = g.addNode(`${tag}${i}`, () => ({ log: [`${tag}${i}${ask && i === steps ? ":" + interrupt(`${tag}?`) : ""}`] }));
    g = g.addEdge(START, `${tag}1`);
    for (let i = 1; i < steps; i++) g = g.addEdge(`${tag}${i}`, `${tag}${i + 1}`);
    return g.addEdge(`${tag}${steps}`, END).compile();
  };
  // A two-step subgraph that pauses at its end, beside a node that pauses at once.
  const paused = new StateGraph(S)
    .addNode("sub", child("s", 2, true))
    .addNode("quick", () => ({ log: [`q:${interrupt("quick?")}`] }))
    .addEdge(START, "sub")
    .addEdge(START, "quick")
    .addEdge("sub", END)
    .addEdge("quick", END)
    .compile({ checkpointer: new MemorySaver() });
  const invoked = (await paused.invoke({ log: [] }, thread("p"))).__interrupt__.map((i) => i.value);
  const chunks = [];
  for await (const [ns, c] of await paused.stream({ log: [] }, { ...thread("q"), streamMode: "updates", subgraphs: true }))
    chunks.push([ns.map((x) => x.split(":")[0]), c.__interrupt__ ? c.__interrupt__.map((i) => i.value) : c]);
  // Two parallel three-step subgraphs.
  const pair = new StateGraph(S)
    .addNode("a", child("a", 3, false))
    .addNode("b", child("b", 3, false))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge("a", END)
    .addEdge("b", END)
    .compile();
  const order = [];
  for await (const [ns, c] of await pair.stream({ log: [] }, { streamMode: "updates", subgraphs: true })) order.push([ns.map((x) => x.split(":")[0]), Object.keys(c)]);
  const out = await pair.invoke({ log: [] });
  return { invoked, chunks, order, log: out.log };
}
