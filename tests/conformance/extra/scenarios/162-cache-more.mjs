// Node caching: default keys from the input, two cached nodes, a cached node inside a loop, values/updates streams with hits.
import { collect, out } from "./_support.mjs";
export const name = "caching in more shapes";
export const features = ["cache"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, InMemoryCache } = lib;
  const S = Annotation.Root({ n: Annotation(), sq: Annotation(), half: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const calls = { sq: 0, half: 0 };
  const cache = new InMemoryCache();
  const g = new StateGraph(S)
    .addNode("square", (s) => { calls.sq++; return { sq: s.n * s.n, log: [`sq${s.n}`] }; }, { cachePolicy: {} })
    .addNode("halve", (s) => { calls.half++; return { half: s.n / 2 }; }, { cachePolicy: { ttl: 60 } })
    .addEdge(START, "square").addEdge(START, "halve").addEdge("square", END).addEdge("halve", END)
    .compile({ cache });
  const r1 = out(await g.invoke({ n: 4 }));
  const r2 = out(await g.invoke({ n: 4 }));
  const r3 = out(await g.invoke({ n: 5 }));
  const u = (await collect(g.stream({ n: 5 }, { streamMode: "updates" }), out)).sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
  const loopCalls = { n: 0 };
  const loop = new StateGraph(S)
    .addNode("step", (s) => { loopCalls.n++; return { n: s.n + 1, log: [`step${s.n}`] }; }, { cachePolicy: {} })
    .addEdge(START, "step").addConditionalEdges("step", (s) => (s.n >= 3 ? END : "step"))
    .compile({ cache: new InMemoryCache() });
  const l1 = out(await loop.invoke({ n: 0 }));
  const l2 = out(await loop.invoke({ n: 1 }));
  return { r1, r2, r3, u, calls, l1, l2, loopCalls: loopCalls.n };
}
