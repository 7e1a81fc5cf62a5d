// A subgraph node compiled with checkpointer true (state per thread) versus the default (fresh per call).
import { out, thread } from "./_support.mjs";
export const name = "subgraph persistence modes";
export const features = ["subgraphs", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const Sub = Annotation.Root({ turns: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), msg: Annotation() });
  const makeSub = (checkpointer) => new StateGraph(Sub).addNode("talk", (s) => ({ turns: [s.msg] })).addEdge(START, "talk").addEdge("talk", END).compile(checkpointer === undefined ? {} : { checkpointer });
  const P = Annotation.Root({ msg: Annotation(), seen: Annotation() });
  const parent = (sub) => new StateGraph(P)
    .addNode("call", async (s) => { const r = await sub.invoke({ msg: s.msg }); return { seen: r.turns }; })
    .addEdge(START, "call").addEdge("call", END)
    .compile({ checkpointer: new MemorySaver() });
  const perThread = parent(makeSub(true));
  const perCall = parent(makeSub(undefined));
  const t = thread("p1");
  const a1 = out(await perThread.invoke({ msg: "hi" }, t));
  const a2 = out(await perThread.invoke({ msg: "again" }, t));
  const b1 = out(await perCall.invoke({ msg: "hi" }, thread("p2")));
  const b2 = out(await perCall.invoke({ msg: "again" }, thread("p2")));
  return { a1, a2, b1, b2 };
}
