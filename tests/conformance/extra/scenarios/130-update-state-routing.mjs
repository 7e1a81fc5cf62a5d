// updateState as START on a finished thread, and as a node whose edges are a router.
import { out, snapshot, thread, outcome } from "./_support.mjs";
export const name = "updateState routing";
export const features = ["checkpointer", "update-state"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), go: Annotation() });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addConditionalEdges("a", (s) => (s.go === "c" ? "c" : "b"))
    .addEdge("b", END).addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("s");
  await g.invoke({ go: "b" }, t);
  await g.updateState(t, { log: ["restart"] }, START);
  const s1 = snapshot(await g.getState(t), lib);
  const r1 = await outcome(lib, async () => out(await g.invoke(null, t)));
  await g.updateState(t, { go: "c" }, "a");
  const s2 = snapshot(await g.getState(t), lib);
  const r2 = await outcome(lib, async () => out(await g.invoke(null, t)));
  const t2 = thread("cond-entry");
  const ce = new StateGraph(S)
    .addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addConditionalEdges(START, (s) => (s.go === "c" ? "c" : "b"))
    .compile({ checkpointer: new MemorySaver() });
  await ce.updateState(t2, { go: "c" });
  const s3 = snapshot(await ce.getState(t2), lib);
  const r3 = await outcome(lib, async () => out(await ce.invoke(null, t2)));
  return { s1, r1, s2, r2, s3, r3 };
}
