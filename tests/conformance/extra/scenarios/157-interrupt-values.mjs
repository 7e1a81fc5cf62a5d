// Interrupt values of several shapes, getState tasks' interrupts, and a resume with an object.
import { out, snapshot, thread, outcome } from "./_support.mjs";
export const name = "interrupt payloads";
export const features = ["interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ got: Annotation() });
  const g = new StateGraph(S)
    .addNode("ask", () => ({ got: interrupt({ question: "pick", options: [1, 2, 3], nested: { deep: true } }) }))
    .addEdge(START, "ask").addEdge("ask", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("iv");
  const paused = out(await g.invoke({}, t));
  const state = snapshot(await g.getState(t), lib);
  const done = out(await g.invoke(new Command({ resume: { choice: 2, why: ["a", null] } }), t));
  const g2 = new StateGraph(S).addNode("ask", () => ({ got: interrupt(null) ?? "was null" })).addEdge(START, "ask").compile({ checkpointer: new MemorySaver() });
  const t2 = thread("iv2");
  const p2 = out(await g2.invoke({}, t2));
  const d2 = await outcome(lib, async () => out(await g2.invoke(new Command({ resume: null }), t2)));
  const d3 = out(await g2.invoke(new Command({ resume: 0 }), t2));
  return { paused, state, done, p2, d2, d3 };
}
