// interrupt() inside a router: the paused run's output and values stream show the
// node's writes beside the pause, its state does not, and resuming runs the node again.
import { out, thread } from "./_support.mjs";
export const name = "interrupt inside a router";
export const features = ["interrupts", "conditional-edges", "checkpointer", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  let aRuns = 0;
  const build = () =>
    new StateGraph(S)
      .addNode("a", () => { aRuns++; return { x: 1, log: ["a"] }; })
      .addNode("b", () => ({ log: ["b"] }))
      .addNode("c", () => ({ log: ["c"] }))
      .addEdge(START, "a")
      .addConditionalEdges("a", () => (interrupt("route?") === "b" ? "b" : "c"))
      .compile({ checkpointer: new MemorySaver() });
  const g = build();
  const t = thread("ri");
  const paused = out(await g.invoke({ x: 0 }, t));
  const state = (await g.getState(t)).values;
  const done = out(await g.invoke(new Command({ resume: "b" }), t));
  const s = build();
  const ts = thread("ri-stream");
  // The paused task's result event shows no writes.
  const values = [];
  const pausedTasks = [];
  for await (const [mode, c] of await s.stream({ x: 0 }, { ...ts, streamMode: ["values", "tasks"] })) {
    if (mode === "values") values.push(out(c));
    else if ("result" in c) pausedTasks.push([c.name, c.result, c.interrupts.length]);
  }
  const tasks = [];
  for await (const c of await s.stream(new Command({ resume: "c" }), { ...ts, streamMode: "tasks" })) if ("result" in c) tasks.push([c.name, c.result]);
  return { paused, state, done, values, pausedTasks, tasks, aRuns };
}
