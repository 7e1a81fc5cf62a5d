// getStateHistory newest first, with a limit; sources and steps; parent chain through replays.
import { snapshot, thread } from "./_support.mjs";
export const name = "history with limit";
export const features = ["history", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ n: 1 })).addNode("b", () => ({ n: 10 }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("h");
  await g.invoke({ n: 100 }, t);
  await g.invoke({ n: 1000 }, t);
  const all = [];
  for await (const s of await g.getStateHistory(t)) all.push(snapshot(s, lib));
  const two = [];
  for await (const s of await g.getStateHistory(t, { limit: 2 })) two.push(snapshot(s, lib));
  return { all, two };
}
