// debug events with subgraphs: true carry namespaces; the child's task events come before the parent's task result.
import { debugEvent, ns } from "./_support.mjs";
export const name = "debug stream with subgraphs";
export const features = ["streaming", "subgraphs", "debug"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c1", () => ({ log: ["c1"] })).addEdge(START, "c1").addEdge("c1", END).compile();
  const g = new StateGraph(S).addNode("p", () => ({ log: ["p"] })).addNode("sub", child).addEdge(START, "p").addEdge("p", "sub").addEdge("sub", END).compile();
  const events = [];
  for await (const [nsp, e] of await g.stream({ log: [] }, { streamMode: "debug", subgraphs: true })) events.push([ns(nsp), debugEvent(e, lib)]);
  return { events };
}
