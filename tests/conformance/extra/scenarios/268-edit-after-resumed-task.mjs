// Editing a paused superstep whose one task took a resume value and then failed, or
// paused at its next interrupt(): LangGraph.js saved that resume as a write, so the edit
// applies the task as run (with no writes of its own), which triggers nothing, and a
// deferred node waiting for the graph to settle becomes ready beside what the edit
// triggers.
import { snapshot, thread } from "./_support.mjs";
export const name = "an edit after a task that took a resume value";
export const features = ["update-state", "interrupts", "resume", "defer", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const bodies = {
    "fails after a resume": () => {
      const x = interrupt("q1");
      throw new TypeError(`after ${x}`);
    },
    "asks again after a resume": () => ({ log: [`b:${interrupt("q1")}${interrupt("q2")}`] }),
  };
  const out = {};
  for (const [label, body] of Object.entries(bodies)) {
    const g = new StateGraph(S)
      .addNode("b", body)
      .addNode("c", () => ({ log: ["c"] }))
      .addNode("e", () => ({ log: ["e"] }))
      .addNode("d", () => ({ log: ["d"] }), { defer: true })
      .addEdge(START, "b")
      .addEdge("b", "c")
      .addEdge("c", "e")
      .addEdge(START, "d")
      .compile({ checkpointer: new MemorySaver() });
    const t = thread(label);
    await g.invoke({ log: [] }, t);
    let resumed;
    try {
      resumed = await g.invoke(new Command({ resume: "R1" }), t);
    } catch (e) {
      resumed = { error: e.name };
    }
    await g.updateState(t, { log: ["z"] }, "c");
    const after = snapshot(await g.getState(t), lib);
    const end = await g.invoke(new Command({ resume: "R2" }), t);
    out[label] = { resumed: resumed.error ? resumed : { log: resumed.log }, after, end };
  }
  return out;
}
