// Cached node results: keyFunc, a second run hits the cache, what updates show.
import { collect, out } from "./_support.mjs";
export const name = "cache with key function";
export const features = ["cache"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, InMemoryCache } = lib;
  const S = Annotation.Root({ q: Annotation(), n: Annotation(), a: Annotation() });
  let calls = 0;
  const g = new StateGraph(S)
    .addNode("slow", (s) => { calls++; return { a: `answer ${s.q} #${calls}` }; }, { cachePolicy: { keyFunc: (s) => String(s.q) } })
    .addEdge(START, "slow").addEdge("slow", END)
    .compile({ cache: new InMemoryCache() });
  const r1 = out(await g.invoke({ q: "x", n: 1 }));
  const r2 = out(await g.invoke({ q: "x", n: 2 }));
  const r3 = out(await g.invoke({ q: "y", n: 3 }));
  const u = await collect(g.stream({ q: "x", n: 4 }, { streamMode: "updates" }), out);
  return { r1, r2, r3, u, calls };
}
