// State of a thread that never ran, null input on it, and getState after a finished run.
import { capture, outcome, snapshot, thread, out } from "./_support.mjs";
export const name = "empty thread";
export const features = ["checkpointer", "history"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const g = new StateGraph(S).addNode("a", (s) => ({ x: (s.x ?? 0) + 1 })).addEdge(START, "a").addEdge("a", END).compile({ checkpointer: new MemorySaver() });
  const before = snapshot(await g.getState(thread("none")), lib);
  const history = [];
  for await (const s of await g.getStateHistory(thread("none"))) history.push(s);
  const nullOnEmpty = await outcome(lib, async () => out(await g.invoke(null, thread("none2"))));
  await g.invoke({ x: 1 }, thread("t"));
  const after = snapshot(await g.getState(thread("t")), lib);
  const nullOnDone = await outcome(lib, async () => out(await g.invoke(null, thread("t"))));
  const afterNull = snapshot(await g.getState(thread("t")), lib);
  return { before, historyLength: history.length, nullOnEmpty, after, nullOnDone, afterNull };
}
