// A two-node loop hits the recursion limit after exactly recursionLimit node runs.
import { capture, collect, out } from "./_support.mjs";
export const name = "loop limit count";
export const features = ["loops", "recursion-limit", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  let runs = 0;
  const g = new StateGraph(S)
    .addNode("a", () => { runs++; return { n: 1 }; })
    .addNode("b", () => { runs++; return { n: 10 }; })
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "a")
    .compile();
  const err = await capture(lib, () => g.invoke({ n: 0 }, { recursionLimit: 5 }));
  const runsInvoke = runs;
  runs = 0;
  const chunks = [];
  const streamErr = await capture(lib, async () => { for await (const c of await g.stream({ n: 0 }, { recursionLimit: 4, streamMode: "values" })) chunks.push(out(c)); });
  // A run that ends exactly at the limit succeeds.
  const stop = new StateGraph(S)
    .addNode("a", () => ({ n: 1 }))
    .addConditionalEdges(START, () => "a")
    .addConditionalEdges("a", (s) => (s.n >= 3 ? "__end__" : "a"))
    .compile();
  const exact = await capture(lib, () => stop.invoke({ n: 0 }, { recursionLimit: 3 }));
  const under = await capture(lib, () => stop.invoke({ n: 0 }, { recursionLimit: 2 }));
  return { err, runsInvoke, streamErr, runsStream: runs, chunks, exact: out(exact), under: out(under) };
}
