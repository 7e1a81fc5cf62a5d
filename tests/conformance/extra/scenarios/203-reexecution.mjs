// Re-execution: a resumed node runs again from its start; work before interrupt() repeats, finished siblings do not.
import { out, thread } from "./_support.mjs";
export const name = "re-execution on resume";
export const features = ["interrupts", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const calls = { ask: 0, beforeAsk: 0, sibling: 0, after: 0 };
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("ask", () => { calls.ask++; calls.beforeAsk++; const a = interrupt("first"); const b = interrupt("second"); return { log: [`${a}+${b}`] }; })
    .addNode("sibling", () => { calls.sibling++; return { log: ["sib"] }; })
    .addNode("after", () => { calls.after++; return { log: ["after"] }; })
    .addEdge(START, "ask").addEdge(START, "sibling").addEdge(["ask", "sibling"], "after").addEdge("after", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("re");
  const r1 = out(await g.invoke({ log: [] }, t));
  const r2 = out(await g.invoke(new Command({ resume: "A" }), t));
  const r3 = out(await g.invoke(new Command({ resume: "B" }), t));
  return { r1, r2, r3, calls };
}
