// A resume with an update and a goto, whose resumed node pauses again: the goto's node
// ran in the resumed superstep, but the state shows only the update, and the tasks only
// the paused node (LangGraph.js's getState applies the null writes without new versions).
import { thread } from "./_support.mjs";
export const name = "a resume's goto task is not shown while its superstep is paused again";
export const features = ["interrupt", "command", "persistence"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("ask", () => ({ log: [interrupt("first?"), interrupt("second?")] }), { ends: ["c"] })
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("goto-paused");
  const out = {};
  await g.invoke({ log: ["in"] }, t);
  const resumed = await g.invoke(new Command({ resume: "A", update: { log: ["u"] }, goto: "c" }), t);
  out.resumed = { log: resumed.log, asked: resumed.__interrupt__.map((i) => i.value) };
  const s = await g.getState(t);
  out.state = { values: s.values, next: s.next, tasks: s.tasks.map((x) => [x.name, x.interrupts.map((i) => i.value)]) };
  return out;
}
