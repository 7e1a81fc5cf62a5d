// A node that throws: the error propagates with its class; succeeded siblings are not re-run on resume.
import { thread, snapshot, capture, out } from "./_support.mjs";
export const name = "node error then resume";
export const features = ["errors", "checkpointer", "pending-writes"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  class Flaky extends Error { constructor(m) { super(m); this.name = "Flaky"; } }
  let okCalls = 0, badCalls = 0;
  const g = new StateGraph(State)
    .addNode("ok", () => { okCalls++; return { log: ["ok"] }; })
    .addNode("bad", async () => { badCalls++; await new Promise((r) => setTimeout(r, 5)); if (badCalls === 1) throw new Flaky("boom"); return { log: ["bad"] }; })
    .addEdge(START, "ok").addEdge(START, "bad").compile({ checkpointer: new MemorySaver() });
  const cfg = thread("err");
  const failed = await capture(lib, () => g.invoke({}, cfg));
  const hist = [];
  for await (const s of g.getStateHistory(cfg)) hist.push(snapshot(s, lib));
  const resumed = out(await g.invoke(null, cfg));
  return { failed, newest: hist[0], resumed, okCalls, badCalls };
}
