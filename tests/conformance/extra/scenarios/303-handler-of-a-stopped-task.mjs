// A task that a sibling's failure stopped, when its node has an `errorHandler`: LangGraph.js
// saves the abort as the task's error, so the thread's `next` leaves the task out and, on
// resume, its handler runs with an AbortError instead of the node; the node's edges are not
// followed. Without a handler the stopped node runs again. Stream chunks are as they come.
import { capture, clone } from "./_support.mjs";
export const name = "error handler of a stopped task";
export const features = ["errors", "checkpoints", "streaming"];
export const requires = [];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const res = {};
  for (const handled of [true, false]) {
    let fails = 0;
    const runs = { slow: 0 };
    const handler = (s, e) => ({ log: [`handled ${e.node}: ${e.error.name}`] });
    const g = new StateGraph(S)
      .addNode("fails", async () => {
        await new Promise((r) => setTimeout(r, 1));
        if (fails++ === 0) throw new RangeError("broken");
        return { log: ["fixed"] };
      })
      .addNode("slow", async () => {
        runs.slow += 1;
        await new Promise((r) => setTimeout(r, 30));
        return { log: ["slow"] };
      }, handled ? { errorHandler: handler } : {})
      .addNode("after", () => ({ log: ["after"] }))
      .addEdge(START, "fails")
      .addEdge(START, "slow")
      .addEdge("slow", "after")
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "t" } };
    const first = await capture(lib, () => g.invoke({ log: [] }, config));
    const st = await g.getState(config);
    const paused = { next: [...st.next].sort(), tasks: st.tasks.map((t) => [t.name, t.error ? t.error.name : null]).sort() };
    const chunks = [];
    for await (const c of await g.stream(null, { ...config, streamMode: "updates" })) chunks.push(clone(c));
    res[handled ? "withHandler" : "withoutHandler"] = { first, paused, chunks, values: (await g.getState(config)).values, runs };
  }
  return res;
}
