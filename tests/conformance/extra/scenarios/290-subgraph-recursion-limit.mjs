// A subgraph runs under its parent run's recursion limit (as a node, or invoked in a
// node with or without the node's config), unless the call sets its own; nodes read the
// run's limit as config.recursionLimit.
import { outcome } from "./_support.mjs";
export const name = "a subgraph inherits the run's recursion limit";
export const features = ["subgraphs", "recursion-limit"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ x: Annotation(), seen: Annotation() });
  // 40 supersteps: over the default limit of 25.
  const loop = new StateGraph(S)
    .addNode("i", (s, config) => ({ x: s.x + 1, seen: [config.recursionLimit] }))
    .addEdge(START, "i")
    .addConditionalEdges("i", (s) => (s.x >= 40 ? END : "i"))
    .compile();
  const calling = (callConfig) =>
    new StateGraph(S)
      .addNode("call", async (s, config) => {
        const r = await loop.invoke({ x: 0 }, callConfig(config));
        return { x: r.x, seen: [...r.seen, config.recursionLimit] };
      })
      .addEdge(START, "call")
      .compile();
  const asNode = new StateGraph(S).addNode("loop", loop).addEdge(START, "loop").compile();
  const cases = {
    asNodeDefault: () => asNode.invoke({ x: 0 }),
    asNode100: () => asNode.invoke({ x: 0 }, { recursionLimit: 100 }),
    noConfig100: () => calling(() => undefined).invoke({ x: 0 }, { recursionLimit: 100 }),
    nodeConfig100: () => calling((c) => c).invoke({ x: 0 }, { recursionLimit: 100 }),
    callSets60: () => calling(() => ({ recursionLimit: 60 })).invoke({ x: 0 }),
    callSets10: () => calling(() => ({ recursionLimit: 10 })).invoke({ x: 0 }, { recursionLimit: 100 }),
  };
  const out = {};
  for (const [k, f] of Object.entries(cases)) out[k] = await outcome(lib, f);
  return out;
}
