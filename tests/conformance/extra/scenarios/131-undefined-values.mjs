// undefined and null in inputs, node updates (plain and reducer keys) and Command updates.
// (A key set to undefined reads undefined, as in LangGraph.js; graph input reads it as null.)
import { out, snapshot, thread, outcome, collect } from "./_support.mjs";
export const name = "undefined and null values";
export const features = ["basics", "reducers"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command } = lib;
  const S = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b ?? ["<nothing>"]), default: () => [] }) });
  const mk = (node) => new StateGraph(S)
    .addNode("a", node)
    .addNode("b", () => ({}))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const r = {};
  r.inputUndefined = await outcome(lib, async () => out(await mk(() => ({})).invoke({ x: undefined, log: ["i"] }, thread("1"))));
  r.inputNull = await outcome(lib, async () => out(await mk(() => ({})).invoke({ x: null }, thread("2"))));
  r.nodeUndefined = await outcome(lib, async () => out(await mk(() => ({ x: undefined })).invoke({ x: 1 }, thread("3"))));
  r.nodeNull = await outcome(lib, async () => out(await mk(() => ({ x: null })).invoke({ x: 1 }, thread("4"))));
  r.reducerUndefined = await outcome(lib, async () => out(await mk(() => ({ log: undefined })).invoke({ x: 1 }, thread("5"))));
  r.reducerNull = await outcome(lib, async () => out(await mk(() => ({ log: null })).invoke({ x: 1 }, thread("6"))));
  r.commandUndefined = await outcome(lib, async () => out(await mk(() => new Command({ update: { x: undefined } })).invoke({ x: 1 }, thread("7"))));
  r.updates = await collect(mk(() => ({ x: undefined, log: ["l"] })).stream({ x: 1 }, { ...thread("9"), streamMode: "updates" }), out);
  return r;
}
