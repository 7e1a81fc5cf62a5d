// A node's own error class propagates by name, through invoke, stream and a subgraph; the snapshot task records it.
import { capture, snapshot, thread } from "./_support.mjs";
export const name = "custom error classes";
export const features = ["errors", "subgraphs", "checkpointer"];
class QuotaError extends Error { constructor(m) { super(m); this.name = "QuotaError"; } }
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ v: Annotation() });
  const child = new StateGraph(S).addNode("boom", () => { throw new QuotaError("no"); }).addEdge(START, "boom").compile();
  const g = new StateGraph(S).addNode("pre", () => ({ v: 1 })).addNode("sub", child).addEdge(START, "pre").addEdge("pre", "sub").addEdge("sub", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("ce");
  const inv = await capture(lib, () => g.invoke({ v: 0 }, t));
  const chunks = [];
  const st = await capture(lib, async () => { for await (const c of await g.stream({ v: 0 }, { ...thread("ce2"), streamMode: "updates" })) chunks.push(c); return "done"; });
  const snap = snapshot(await g.getState(t), lib);
  const plainErr = await capture(lib, () => new StateGraph(S).addNode("x", () => { throw new TypeError("t"); }).addEdge(START, "x").compile().invoke({ v: 0 }));
  return { inv, st, chunks, snap, plainErr };
}
