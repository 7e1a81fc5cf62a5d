// A resume whose goto makes two tasks write one LastValue key is refused at the barrier;
// an edit as END then finishes the paused superstep with its own task's write and the
// resume's update, leaving out the task only the goto started.
import { thread, errorName } from "./_support.mjs";
export const name = "an END edit after a refused resume leaves the goto's task out";
export const features = ["time-travel", "command", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("b", () => (interrupt("q"), { x: "b", log: ["b"] }), { ends: ["c"] })
    .addNode("c", () => ({ x: "c", log: ["c"] }))
    .addEdge(START, "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("end-edit-refused");
  const out = {};
  await g.invoke({}, t);
  try {
    await g.invoke(new Command({ resume: "ok", goto: "c", update: { log: ["u"] } }), t);
  } catch (e) {
    out.resumeError = errorName(e, lib);
  }
  await g.updateState(t, null, END);
  const s = await g.getState(t);
  out.edited = { values: s.values, next: s.next, source: s.metadata.source, step: s.metadata.step };
  out.continued = await g.invoke(null, t);
  return out;
}
