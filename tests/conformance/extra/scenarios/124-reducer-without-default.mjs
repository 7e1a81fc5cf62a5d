// A reducer without a default: the first write, then later ones; and parallel writes to it.
import { out, capture } from "./_support.mjs";
export const name = "reducer without default";
export const features = ["reducers"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ total: Annotation({ reducer: (a, b) => (a ?? 100) + b }), tag: Annotation({ reducer: (a, b) => `${a}|${b}` }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ total: 1, tag: "a" }))
    .addNode("b", () => ({ total: 2, tag: "b" }))
    .addNode("c", () => ({ total: 3, tag: "c" }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("b", END).addEdge("c", END)
    .compile();
  const noInput = out(await g.invoke({}));
  const withInput = out(await g.invoke({ total: 10, tag: "in" }));
  return { noInput, withInput };
}
