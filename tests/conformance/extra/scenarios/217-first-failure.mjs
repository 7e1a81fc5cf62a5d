// When two parallel nodes fail, the run raises the error of the one that failed first in time (a sync node's
// TypeError before a slower async node listed first), through invoke and stream.
export const name = "the first failure in time is raised";
export const features = ["errors", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a_slow", async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new RangeError("slow failed");
    })
    .addNode("b_fast", () => {
      throw new TypeError("fast failed");
    })
    .addEdge(START, "a_slow")
    .addEdge(START, "b_fast")
    .addEdge("a_slow", END)
    .addEdge("b_fast", END)
    .compile();
  const res = {};
  try {
    await g.invoke({ log: [] });
  } catch (e) {
    res.invoke = e.name;
  }
  try {
    for await (const _ of await g.stream({ log: [] }, { streamMode: "updates" }));
  } catch (e) {
    res.stream = e.name;
  }
  return res;
}
