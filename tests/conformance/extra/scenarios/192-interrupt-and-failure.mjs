// One parallel node interrupts while its sibling fails later: the error wins; state and tasks show both.
import { capture, snapshot, thread, sleep } from "./_support.mjs";
export const name = "interrupt beside a failing sibling";
export const features = ["interrupts", "errors", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("ask", () => ({ log: [`ask:${interrupt("q")}`] }))
    .addNode("bad", async () => { await new Promise((r) => setTimeout(r, 20)); throw new RangeError("bad"); })
    .addNode("ok", () => ({ log: ["ok"] }))
    .addEdge(START, "ask").addEdge(START, "bad").addEdge(START, "ok").addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("if");
  const first = await capture(lib, () => g.invoke({ log: [] }, t));
  const hist = [];
  for await (const h of g.getStateHistory(t)) hist.push(snapshot(h, lib));
  return { first, newest: hist[0] };
}
