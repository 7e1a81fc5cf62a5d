// interruptBefore "*" and interruptAfter given at invoke time, continued with null each time.
import { out, thread } from "./_support.mjs";
export const name = "invoke-time breakpoints";
export const features = ["breakpoints", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S).addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("ib");
  const steps = [out(await g.invoke({ log: [] }, { ...t, interruptBefore: "*" }))];
  steps.push(out(await g.invoke(null, { ...t, interruptBefore: "*" })));
  steps.push(out(await g.invoke(null, { ...t, interruptBefore: "*" })));
  const t2 = thread("ia");
  const after = [out(await g.invoke({ log: [] }, { ...t2, interruptAfter: "*" }))];
  after.push(out(await g.invoke(null, { ...t2, interruptAfter: "*" })));
  after.push(out(await g.invoke(null, { ...t2, interruptAfter: "*" })));
  return { steps, after };
}
