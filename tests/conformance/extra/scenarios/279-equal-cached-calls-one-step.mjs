// A superstep reads the cache once, before any of its tasks runs: two Sends with
// equal input to a cached node both run, although the first fills the cache.
export const name = "equal cached calls of one superstep all run";
export const features = ["cache", "send"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, Send, InMemoryCache } = lib;
  let calls = 0;
  const S = Annotation.Root({ out: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("fan", () => new Command({ goto: [new Send("work", { x: 1 }), new Send("work", { x: 1 }), new Send("work", { x: 2 })] }), { ends: ["work"] })
    .addNode("work", (s) => { calls += 1; return { out: [s.x * 10] }; }, { cachePolicy: { ttl: 60 } })
    .addEdge(START, "fan")
    .compile({ cache: new InMemoryCache() });
  const state = await g.invoke({});
  return { state, calls };
}
