// Two per-thread subgraphs called from one node accumulate independently across parent calls; a per-invocation one starts fresh.
import { out, thread } from "./_support.mjs";
export const name = "per-thread subagents";
export const features = ["subgraphs", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const Agent = Annotation.Root({ msgs: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const agent = (name, checkpointer) => new StateGraph(Agent)
    .addNode("reply", (s) => ({ msgs: [`${name} reply ${s.msgs.length}`] }))
    .addEdge(START, "reply").addEdge("reply", END).compile(checkpointer === undefined ? { name } : { checkpointer, name });
  const fruit = agent("fruit", true);
  const veggie = agent("veggie", true);
  const fresh = agent("fresh", undefined);
  const P = Annotation.Root({ topic: Annotation(), counts: Annotation() });
  const g = new StateGraph(P)
    .addNode("ask", async (s) => {
      const f = await fruit.invoke({ msgs: [`about ${s.topic}`] });
      const v = await veggie.invoke({ msgs: [`about ${s.topic}`] });
      const n = await fresh.invoke({ msgs: [`about ${s.topic}`] });
      return { counts: [f.msgs.length, v.msgs.length, n.msgs.length] };
    })
    .addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("agents");
  const first = out(await g.invoke({ topic: "apples" }, t));
  const second = out(await g.invoke({ topic: "cherries" }, t));
  const other = out(await g.invoke({ topic: "kale" }, thread("other")));
  return { first, second, other };
}
