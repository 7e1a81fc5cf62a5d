// The "tasks" and "checkpoints" stream modes (normalised), next to "updates".
import { collect, out } from "./_support.mjs";
export const name = "tasks and checkpoints streams";
export const features = ["streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const chunks = await collect(g.stream({ log: [] }, { configurable: { thread_id: "t" }, streamMode: ["tasks", "checkpoints", "updates"] }));
  return chunks.map(([mode, data]) => {
    if (mode === "tasks") return [mode, { name: data.name, input: "input" in data ? out(data.input) : "-", result: "result" in data ? out(data.result) : "-", interrupts: data.interrupts ?? "-" }];
    if (mode === "checkpoints") return [mode, { values: out(data.values), next: data.next, source: data.metadata?.source, step: data.metadata?.step }];
    return [mode, out(data)];
  });
}
