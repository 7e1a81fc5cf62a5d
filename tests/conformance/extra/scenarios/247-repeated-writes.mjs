// A task that writes one channel more than once (a list of Commands, or a Command whose update is
// a list of pairs): "updates" shows its writes as a list of one-key objects, in order; the "tasks"
// and "debug" results (and a paused step's task results in getState) wrap the repeated channel as
// {$writes: [...]}; state reduces every write.
import { out, ns } from "./_support.mjs";
export const name = "a task's repeated writes to one channel in streams";
export const features = ["streaming", "command", "interrupts"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });
  const g = new StateGraph(S)
    .addNode("many", () => [new Command({ update: { log: ["1"] } }), new Command({ update: { log: ["2"], x: 1 } })])
    .addNode("pairs", () => new Command({ update: [["log", "3"], ["log", "4"]] }))
    .addNode("once", () => ({ log: ["5"] }))
    .addNode("ask", () => ({ x: interrupt("ok?") }))
    .addEdge(START, "many").addEdge(START, "pairs").addEdge(START, "once")
    .addEdge("many", "ask").addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "rw" } };
  const chunks = [];
  for await (const [mode, c] of await g.stream({ log: [] }, { ...cfg, streamMode: ["updates", "tasks", "debug"] })) {
    if (mode === "updates") chunks.push(["updates", out(c)]);
    else if (mode === "tasks" && "result" in c) chunks.push(["tasks", c.name, out(c.result)]);
    else if (mode === "debug" && c.type === "task_result") chunks.push(["debug", c.payload.name, out(c.payload.result)]);
  }
  // Parallel tasks finish in any order: sort by mode and node.
  chunks.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const state = await g.getState(cfg);
  // A paused step's finished task (beside one that paused) shows its result the same way.
  const side = new StateGraph(S)
    .addNode("many", () => [new Command({ update: { log: ["1"] } }), new Command({ update: { log: ["2"], x: 1 } })])
    .addNode("ask", () => ({ x: interrupt("ok?") }))
    .addEdge(START, "many").addEdge(START, "ask")
    .compile({ checkpointer: new MemorySaver() });
  await side.invoke({ log: [] }, cfg);
  // Sorted by name: the order of a step's tasks is not LangGraph's contract.
  const results = (await side.getState(cfg)).tasks.map((t) => [t.name, out(t.result ?? null)]).sort((a, b) => a[0].localeCompare(b[0]));
  return { chunks, values: out(state.values), next: state.next, results };
}
