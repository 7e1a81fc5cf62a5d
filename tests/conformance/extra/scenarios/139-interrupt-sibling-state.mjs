// One node interrupts while a sibling finishes: getState (newest, with pending writes) versus history.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "interrupt next to a finished sibling";
export const features = ["interrupts", "checkpointer", "pending-writes"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ ra: Annotation(), rb: Annotation() });
  let aRuns = 0;
  const g = new StateGraph(S)
    .addNode("a", () => { aRuns++; return { ra: "done" }; })
    .addNode("b", () => ({ rb: interrupt("b?") }))
    .addEdge(START, "a").addEdge(START, "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("is");
  const paused = out(await g.invoke({}, t));
  const state = snapshot(await g.getState(t), lib);
  const hist = [];
  for await (const s of await g.getStateHistory(t)) hist.push(s);
  const newest = snapshot(hist[0], lib);
  const byId = snapshot(await g.getState(hist[0].config), lib);
  const done = out(await g.invoke(new Command({ resume: "yes" }), t));
  return { paused, state, newest, byId, done, aRuns };
}
