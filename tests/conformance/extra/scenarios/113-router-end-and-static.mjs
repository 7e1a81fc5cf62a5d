// A router returning END, a router list with END, and a node with both a static edge and a router.
export const name = "routers with END and static edges";
export const features = ["conditional-edges", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const State = Annotation.Root({ n: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addConditionalEdges("a", (s) => (s.n > 0 ? ["c", END] : END))
    .compile();
  return { pos: await g.invoke({ n: 1 }), zero: await g.invoke({ n: 0 }) };
}
