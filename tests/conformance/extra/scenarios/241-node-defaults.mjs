// setNodeDefaults: a graph-wide retry and cache policy, set before or after addNode; a node's own
// options win (cachePolicy: false opts out); later calls override earlier ones field by field.
import { capture, out } from "./_support.mjs";
export const name = "graph-wide node defaults";
export const features = ["retry", "cache"];
export const requires = ["InMemoryCache"];
class Flaky extends Error { constructor() { super("flaky"); this.name = "Flaky"; } }
export async function run(lib) {
  const { StateGraph, Annotation, START, END, InMemoryCache } = lib;
  const S = Annotation.Root({ n: Annotation(), va: Annotation(), vb: Annotation(), vc: Annotation() });
  const calls = { a: 0, b: 0, c: 0 };
  const flaky = (key, fails) => (s) => { calls[key] += 1; if (calls[key] <= fails) throw new Flaky(); return { [`v${key}`]: s.n * 10 + calls[key] }; };
  const retry = { maxAttempts: 3, initialInterval: 1, jitter: false };

  // Set after addNode: "a" fails twice and the default's third attempt succeeds.
  const after = new StateGraph(S).addNode("a", flaky("a", 2)).addEdge(START, "a").addEdge("a", END)
    .setNodeDefaults({ retryPolicy: retry }).compile();
  const retried = out(await after.invoke({ n: 1 }));
  const retriedCalls = calls.a;

  // A node's own policy wins over the default: one attempt, so it fails.
  calls.b = 0;
  const own = new StateGraph(S).setNodeDefaults({ retryPolicy: retry })
    .addNode("b", flaky("b", 1), { retryPolicy: { maxAttempts: 1 } }).addEdge(START, "b").addEdge("b", END).compile();
  const ownPolicy = await capture(lib, () => own.invoke({ n: 1 }));
  const ownCalls = calls.b;

  // Two calls merge: the retry default stays when a cache default is added; "c" opts out of caching.
  calls.a = 0; calls.b = 0; calls.c = 0;
  const cached = new StateGraph(S)
    .setNodeDefaults({ retryPolicy: retry })
    .addNode("a", flaky("a", 1))
    .addNode("c", flaky("c", 0), { cachePolicy: false })
    .addEdge(START, "a").addEdge(START, "c").addEdge("a", END).addEdge("c", END)
    .setNodeDefaults({ cachePolicy: { ttl: 60 } })
    .compile({ cache: new InMemoryCache() });
  const first = out(await cached.invoke({ n: 2 }));
  const second = out(await cached.invoke({ n: 2 }));
  return { retried, retriedCalls, ownPolicy, ownCalls, first, second, cachedCalls: { ...calls } };
}
