// A node looping on itself with Command(goto) and a counter, next to a parallel node with a plain update.
import { collect, out, sortJson } from "./_support.mjs";
export const name = "Command loop with a parallel sibling";
export const features = ["command", "loops", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("loop", (s) => (s.n < 3 ? new Command({ update: { n: 1, log: [`loop${s.n}`] }, goto: "loop" }) : new Command({ update: { log: ["done"] }, goto: END })), { ends: ["loop", END] })
    .addNode("side", () => ({ log: ["side"] }))
    .addEdge(START, "loop").addEdge(START, "side").compile();
  const updates = await collect(g.stream({}, { streamMode: "updates" }), out);
  return { result: out(await g.invoke({})), first: sortJson(updates.slice(0, 2)), rest: updates.slice(2) };
}
