// Errors from a router, a reducer, a subgraph node, a subgraph's recursion limit, and parallel Send writes to a plain key.
import { outcome, out } from "./_support.mjs";
export const name = "error sources";
export const features = ["errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  class RouteError extends Error { constructor(m) { super(m); this.name = "RouteError"; } }
  class ReduceError extends Error { constructor(m) { super(m); this.name = "ReduceError"; } }
  class DeepError extends Error { constructor(m) { super(m); this.name = "DeepError"; } }
  const S = Annotation.Root({ x: Annotation(), n: Annotation({ reducer: (a, b) => { if (b < 0) throw new ReduceError("negative"); return a + b; }, default: () => 0 }) });
  const router = new StateGraph(S).addNode("a", () => ({ x: 1 })).addEdge(START, "a").addConditionalEdges("a", () => { throw new RouteError("no route"); }).compile();
  const reducer = new StateGraph(S).addNode("a", () => ({ n: -1 })).addEdge(START, "a").compile();
  const child = new StateGraph(S).addNode("c", () => { throw new DeepError("deep"); }).addEdge(START, "c").compile();
  const parent = new StateGraph(S).addNode("sub", child).addEdge(START, "sub").compile();
  const loopChild = new StateGraph(S).addNode("l", (s) => ({ n: 1 })).addEdge(START, "l").addEdge("l", "l").compile();
  const loopParent = new StateGraph(S).addNode("sub", loopChild).addEdge(START, "sub").compile();
  const sends = new StateGraph(S).addNode("w", (s) => ({ x: s.v })).addConditionalEdges(START, () => [new Send("w", { v: 1 }), new Send("w", { v: 2 })]).compile();
  return {
    router: await outcome(lib, async () => out(await router.invoke({}))),
    reducer: await outcome(lib, async () => out(await reducer.invoke({}))),
    subgraph: await outcome(lib, async () => out(await parent.invoke({}))),
    subgraphLoop: await outcome(lib, async () => out(await loopParent.invoke({}, { recursionLimit: 5 }))),
    sends: await outcome(lib, async () => out(await sends.invoke({}))),
  };
}
