// The recursion limit counts supersteps, not tasks: a wide Send fan-out fits a small limit; stream chunks before the error.
import { capture, collect, out, sortJson } from "./_support.mjs";
export const name = "recursion limit with Send";
export const features = ["recursion-limit", "send", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ n: Annotation(), hits: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(S)
    .addNode("w", () => ({ hits: 1 }))
    .addConditionalEdges(START, (s) => Array.from({ length: s.n }, () => new Send("w", {})))
    .addEdge("w", END).compile();
  const wide = out(await g.invoke({ n: 20 }, { recursionLimit: 2 }));
  const loop = new StateGraph(S)
    .addNode("l", (s) => ({ hits: 1 }))
    .addEdge(START, "l").addConditionalEdges("l", (s) => (s.hits > 100 ? END : "l")).compile();
  const chunks = [];
  const err = await capture(lib, async () => { for await (const c of await loop.stream({ n: 0 }, { recursionLimit: 3, streamMode: "values" })) chunks.push(out(c)); });
  return { wide, err, chunks };
}
