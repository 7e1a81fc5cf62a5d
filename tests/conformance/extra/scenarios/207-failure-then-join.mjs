// A delayed failure beside a finished sibling; after the fix, invoke(null) reruns only the failed node and the join fires.
import { outcome, out, snapshot, thread } from "./_support.mjs";
export const name = "failure before a join, then resume";
export const features = ["errors", "checkpointer", "parallel", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const runs = { good: 0, flaky: 0, join: 0 };
  let fail = true;
  const g = new StateGraph(S)
    .addNode("good", () => { runs.good++; return { log: ["good"] }; })
    .addNode("flaky", async () => { runs.flaky++; await new Promise((r) => setTimeout(r, 10)); if (fail) throw new Error("nope"); return { log: ["flaky"] }; })
    .addNode("join", (s) => { runs.join++; return { log: [`join@${s.log.length}`] }; })
    .addEdge(START, "good").addEdge(START, "flaky").addEdge(["good", "flaky"], "join").addEdge("join", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("fj");
  const first = await outcome(lib, () => g.invoke({ log: [] }, t));
  const hist = [];
  for await (const s of g.getStateHistory(t)) hist.push(s);
  const newest = snapshot(hist[0], lib);
  fail = false;
  const second = await outcome(lib, async () => out(await g.invoke(null, t)));
  const steps = [];
  for await (const s of g.getStateHistory(t)) steps.push([s.metadata.step, s.metadata.source, [...s.next].sort()]);
  return { first, newest, second, runs, steps };
}
