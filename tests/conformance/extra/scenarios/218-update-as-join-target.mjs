// updateState as a node: a plain edge's target that was next does not run again, but a waiting edge's target
// does (its barrier stays full), so its successor runs twice; a router's target behaves like a plain edge's.
import { thread, snapshot } from "./_support.mjs";
export const name = "updateState as a node waiting on a join";
export const features = ["update_state", "breakpoints", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const n = (k) => () => ({ log: [k] });
  const res = {};
  const chain = new StateGraph(S).addNode("a", n("a")).addNode("b", n("b")).addNode("c", n("c"))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"] });
  const join = new StateGraph(S).addNode("a", n("a")).addNode("c", n("c")).addNode("j", n("j")).addNode("k", n("k"))
    .addEdge(START, "a").addEdge(START, "c").addEdge(["a", "c"], "j").addEdge("j", "k").compile({ checkpointer: new MemorySaver(), interruptBefore: ["j"] });
  const routed = new StateGraph(S).addNode("a", n("a")).addNode("b", n("b")).addNode("c", n("c"))
    .addEdge(START, "a").addConditionalEdges("a", () => "b").addEdge("b", "c").compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"] });
  for (const [kind, g, as] of [["chain", chain, "b"], ["join", join, "j"], ["routed", routed, "b"]]) {
    const t = thread(kind);
    await g.invoke({ log: [] }, t);
    await g.updateState(t, { log: ["upd"] }, as);
    const after = snapshot(await g.getState(t), lib);
    const out = await g.invoke(null, t);
    res[kind] = { next: [...after.next].sort(), log: out.log };
  }
  return res;
}
