// The seed's proactive recursion handling: a loop reads langgraph_step and stops before the limit.
import { out, capture } from "./_support.mjs";
export const name = "step counter graceful stop";
export const features = ["recursion-limit", "loops"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), stop: Annotation() });
  const build = () => new StateGraph(S)
    .addNode("work", (s, config) => ({ n: 1, stop: config.metadata.langgraph_step >= 6 ? "limit" : null }))
    .addEdge(START, "work").addConditionalEdges("work", (s) => (s.stop ? END : "work"))
    .compile();
  const graceful = out(await build().invoke({ n: 0 }, { recursionLimit: 10 }));
  const failing = await capture(lib, () => build().invoke({ n: 0 }, { recursionLimit: 4 }));
  return { graceful, failing };
}
