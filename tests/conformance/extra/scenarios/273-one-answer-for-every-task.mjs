// A single resume value is LangGraph's null resume: every task of the resumed superstep
// may take it once, at its first interrupt() without an answer of its own, not only the
// task that paused. Here a resume's goto adds a task to the paused superstep, and it asks
// too. (A second resume of the same step is left out: LangGraph.js then drops the first
// resume's goto.)
import { thread } from "./_support.mjs";
export const name = "a single resume value answers every task of the step once";
export const features = ["interrupts", "resume", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("ask", () => ({ log: [`ask ${interrupt("ask?")}`] }))
    .addNode("extra", () => ({ log: [`extra ${interrupt("extra?")}`] }))
    .addEdge(START, "ask")
    .addConditionalEdges("ask", () => END, ["extra", END])
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("null-resume");
  const out = [];
  const values = (c) => ("__interrupt__" in c ? { __interrupt__: c.__interrupt__.map((i) => i.value) } : c);
  for (const input of [{ log: [] }, new Command({ resume: "yes", goto: "extra" })]) {
    const chunks = [];
    for await (const c of await g.stream(input, { ...t, streamMode: "updates" })) chunks.push(values(c));
    // Parallel tasks: the order their updates stream in is not the point.
    out.push(chunks.map((c) => JSON.stringify(c)).sort());
  }
  out.push((await g.getState(t)).values);
  return out;
}
