// Node results that are not updates: the error class of each.
import { capture, outcome } from "./_support.mjs";
export const name = "invalid updates";
export const features = ["errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const f = () => ({ x: 1 });
  const r = {};
  const g = (node) => new StateGraph(S).addNode("a", node).addEdge(START, "a").addEdge("a", END).compile();
  r.numberUpdate = await outcome(lib, () => g(() => 5).invoke({ x: 0 }));
  r.arrayUpdate = await outcome(lib, () => g(() => [1, 2]).invoke({ x: 0 }));
  r.stringUpdate = await outcome(lib, () => g(() => "x").invoke({ x: 0 }));
  return r;
}
