// A node fails next to a sibling that succeeds: the error, getState tasks, and a retry run after fixing input.
import { outcome, snapshot, thread, out } from "./_support.mjs";
export const name = "parallel failure state";
export const features = ["errors", "checkpointer", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ ok: Annotation(), bad: Annotation(), flag: Annotation() });
  let okRuns = 0;
  let fail = true;
  const g = new StateGraph(S)
    .addNode("good", () => { okRuns++; return { ok: "done" }; })
    .addNode("flaky", async () => { await new Promise((r) => setTimeout(r, 5)); if (fail) throw new Error("nope"); return { bad: "fixed" }; })
    .addEdge(START, "good").addEdge(START, "flaky").addEdge("good", END).addEdge("flaky", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("pf");
  const first = await outcome(lib, () => g.invoke({ flag: 1 }, t));
  const state = snapshot(await g.getState(t), lib);
  const hist = [];
  for await (const s of await g.getStateHistory(t)) hist.push(s);
  const newest = snapshot(hist[0], lib);
  const byId = snapshot(await g.getState(hist[0].config), lib);
  fail = false;
  const second = await outcome(lib, async () => out(await g.invoke(null, t)));
  return { first, state, newest, byId, second, okRuns };
}
