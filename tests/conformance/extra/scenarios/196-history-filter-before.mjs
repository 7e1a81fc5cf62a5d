// getStateHistory with a limit and a `before` config pages through history.
import { thread } from "./_support.mjs";
export const name = "history paging with before";
export const features = ["history", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(S).addNode("a", () => ({ n: 1 })).addNode("b", () => ({ n: 10 })).addNode("c", () => ({ n: 100 }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("hp");
  await g.invoke({ n: 0 }, t);
  const pages = [];
  let before;
  for (let i = 0; i < 4; i++) {
    const page = [];
    for await (const h of g.getStateHistory(t, { limit: 2, ...(before ? { before } : {}) })) page.push([h.metadata.step, h.values.n]);
    if (!page.length) break;
    pages.push(page);
    const all = [];
    for await (const h of g.getStateHistory(t, { limit: 2, ...(before ? { before } : {}) })) all.push(h);
    before = all[all.length - 1].config;
  }
  return { pages };
}
