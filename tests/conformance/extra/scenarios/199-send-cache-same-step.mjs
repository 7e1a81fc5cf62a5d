// Sends with equal arguments to a cached node: the second run of the graph hits the cache for each.
import { out } from "./_support.mjs";
export const name = "cached send targets";
export const features = ["cache", "send"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send, InMemoryCache } = lib;
  let calls = 0;
  const S = Annotation.Root({ xs: Annotation(), out: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("sq", (s) => { calls += 1; return { out: [s.x * s.x] }; }, { cachePolicy: {} })
    .addConditionalEdges(START, (s) => s.xs.map((x) => new Send("sq", { x })))
    .addEdge("sq", END)
    .compile({ cache: new InMemoryCache() });
  const first = out(await g.invoke({ xs: [2, 3] }));
  const c1 = calls;
  const chunks = [];
  for await (const c of await g.stream({ xs: [3, 4] }, { streamMode: "updates" })) chunks.push(JSON.stringify(c));
  return { first, c1, c2: calls, chunks: chunks.sort() };
}
