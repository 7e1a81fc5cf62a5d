// Stream chunk shapes: a one-element mode list gives [mode, chunk]; subgraphs with one mode; values with an output schema.
import { collect, out, ns } from "./_support.mjs";
export const name = "stream chunk shapes";
export const features = ["streaming", "stream-subgraphs", "schemas"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ a: Annotation(), b: Annotation() });
  const child = new StateGraph(S).addNode("c", (s) => ({ b: `${s.a}!` })).addEdge(START, "c").addEdge("c", END).compile();
  const g = new StateGraph({ stateSchema: S, output: Annotation.Root({ b: Annotation() }) })
    .addNode("p", () => ({ a: "x" })).addNode("sub", child).addEdge(START, "p").addEdge("p", "sub").addEdge("sub", END).compile();
  const oneList = await collect(g.stream({ a: "in" }, { streamMode: ["updates"] }), out);
  const subOne = await collect(g.stream({ a: "in" }, { streamMode: ["values"], subgraphs: true }), (c) => [ns(c[0]), ...c.slice(1).map(out)]);
  const values = await collect(g.stream({ a: "in" }, { streamMode: "values" }), out);
  const result = out(await g.invoke({ a: "in" }));
  return { oneList, subOne, values, result };
}
