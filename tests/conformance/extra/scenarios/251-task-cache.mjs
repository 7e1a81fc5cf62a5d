// A task's `cachePolicy`: with the graph compiled with a cache, a call whose arguments (or
// `keyFunc([args])`) were seen in an earlier run returns the stored result without running, and
// streams as a cached update; results are stored when the node's run ends, so two calls of one run
// with the same key both run (the later result is kept). Without a cache nothing is cached.
export const name = "task cache policy";
export const features = ["caching", "streaming"];
export const requires = ["task", "InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, task, InMemoryCache } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  let calls = 0;
  const double = task({ name: "double", cachePolicy: { ttl: 60 } }, async (x) => { calls += 1; return x * 2; });
  const keyed = task({ name: "keyed", cachePolicy: { keyFunc: ([args]) => String(args[0] % 2) } }, async (x) => { calls += 1; return x * 10; });
  const always = task({ name: "always", cachePolicy: true }, async (a, b) => { calls += 1; return `${a}${b}`; });
  const build = (cache) => new StateGraph(S)
    .addNode("a", async (s) => ({ log: [await double(s.log.length + 1), await double(5), await keyed(s.log.length), await keyed(s.log.length + 2), await always("x", 1)] }))
    .addEdge(START, "a")
    .compile(cache ? { cache } : {});
  const result = {};
  for (const [label, g] of [["cached", build(new InMemoryCache())], ["uncached", build()]]) {
    calls = 0;
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const chunks = [];
      for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) chunks.push(c);
      runs.push({ chunks, calls });
    }
    const other = await g.invoke({ log: ["one"] });
    result[label] = { runs, other, calls };
  }
  return result;
}
