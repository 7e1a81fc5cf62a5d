// interruptBefore "*" at compile time and interruptAfter a list at invoke time.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "breakpoints with *";
export const features = ["breakpoints", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = (opts) => new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("b", END).addEdge("c", END)
    .compile({ checkpointer: new MemorySaver(), ...opts });
  const star = build({ interruptBefore: "*" });
  const t = thread("star");
  const steps = [out(await star.invoke({ log: [] }, t)), snapshot(await star.getState(t), lib)];
  for (let i = 0; i < 3; i++) steps.push(out(await star.invoke(null, t)), snapshot(await star.getState(t), lib));
  const after = build({});
  const t2 = thread("after");
  const a1 = out(await after.invoke({ log: [] }, { ...t2, interruptAfter: ["a"] }));
  const a2 = out(await after.invoke(null, t2));
  return { steps, a1, a2 };
}
