// Cancelling a run with an AbortSignal: the run rejects with the signal's reason at once, keeps its
// committed checkpoints (the stopped task leaves no error), and the thread resumes; an aborted signal stops
// a run before it writes anything; nodes see the signal as config.signal.
import { thread, snapshot } from "./_support.mjs";
export const name = "runs cancelled by an AbortSignal";
export const features = ["errors", "checkpointer", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let sawSignal = null;
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("slow", async (_, config) => {
      sawSignal = config.signal?.aborted === false;
      await sleep(100);
      return { log: ["slow"] };
    })
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a")
    .addEdge("a", "slow")
    .addEdge("slow", "c")
    .compile({ checkpointer: new MemorySaver() });
  const res = {};
  const t = thread("t");
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 20);
  try {
    await g.invoke({ log: [] }, { ...t, signal: controller.signal });
  } catch (e) {
    res.invokeError = [e.name, e === controller.signal.reason];
  }
  await sleep(120);
  res.sawSignal = sawSignal;
  res.afterAbort = snapshot(await g.getState(t), lib);
  res.resumed = (await g.invoke(null, t)).log;
  const u = thread("u");
  const c2 = new AbortController();
  const chunks = [];
  try {
    for await (const c of await g.stream({ log: [] }, { ...u, streamMode: "updates", signal: c2.signal })) {
      chunks.push(c);
      if (c.a) c2.abort();
    }
  } catch (e) {
    res.streamError = e.name;
  }
  res.chunks = chunks;
  const p = thread("p");
  try {
    await g.invoke({ log: [] }, { ...p, signal: AbortSignal.abort() });
  } catch (e) {
    res.preAborted = e.name;
  }
  res.preAbortedState = (await g.getState(p)).values;
  return res;
}
