// Cache hits are served before any task of their superstep runs: their updates stream
// right after the step's task starts, and streamEvents v2 starts no chain for a hit
// (nor runs its router), while the task that runs beside it starts and ends.
import { thread } from "./_support.mjs";
export const name = "cache hits stream first and start no chain";
export const features = ["cache", "streaming"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, InMemoryCache } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("n", () => ({ log: ["n"] }), { cachePolicy: { ttl: 60 } })
    .addNode("z", () => ({ log: ["z"] }), { cachePolicy: { ttl: 60 } })
    .addNode("m", () => ({ log: ["m"] }))
    .addEdge(START, "a")
    .addEdge(START, "n")
    .addEdge(START, "z")
    .addConditionalEdges("n", () => "go", { go: "m", stop: END })
    .compile({ checkpointer: new MemorySaver(), cache: new InMemoryCache() });
  const out = {};
  for (const t of ["first", "second"]) {
    const items = [];
    for await (const [mode, d] of await g.stream({ log: [] }, { ...thread(t), streamMode: ["debug", "updates"] }))
      items.push(mode === "debug" ? `${d.type}:${d.payload.name ?? ""}` : `updates:${Object.keys(d).join("+")}`);
    // The first run's tasks finish in an order of their own timing: only what ran is compared.
    out[t] = t === "first" ? items.sort() : items;
  }
  const chains = [];
  for await (const e of g.streamEvents({ log: [] }, { version: "v2", ...thread("third") }))
    if (/^on_chain_(start|end)$/.test(e.event) && e.name !== "LangGraph" && e.name !== "__start__") chains.push(`${e.event}:${e.name}`);
  out.v2 = chains;
  return out;
}
