// A Send target with its own input schema receives the Send argument; its writes go to the shared state.
import { out } from "./_support.mjs";
export const name = "send to a node with an input schema";
export const features = ["send", "schemas"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ items: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const W = Annotation.Root({ item: Annotation(), factor: Annotation() });
  const g = new StateGraph(S)
    .addNode("work", (s) => ({ done: [`${s.item}x${s.factor ?? 1}`] }), { input: W })
    .addConditionalEdges(START, (s) => s.items.map((item, i) => new Send("work", { item, factor: i + 2 })))
    .addEdge("work", END)
    .compile();
  return { result: out(await g.invoke({ items: ["a", "b"] })) };
}
