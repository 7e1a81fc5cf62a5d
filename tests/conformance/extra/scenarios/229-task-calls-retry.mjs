// task() in a node with a retry policy: a retry does the node's calls again, even one kept from
// the run before the resume (its interrupt's answer is kept), as LangGraph.js does.
import { thread } from "./_support.mjs";
export const name = "task() calls across retries";
export const features = ["interrupts", "retry"];
export const requires = ["task"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command, task } = lib;
  const calls = [];
  const look = task("look", async (k) => (calls.push(k), `${k}!`));
  let attempts = 0;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const retryPolicy = { maxAttempts: 3, initialInterval: 1, jitter: false };
  const g = new StateGraph(S)
    .addNode("plain", async () => {
      const r = await look("p");
      if (calls.filter((c) => c === "p").length === 1) throw new RangeError("first try");
      return { log: [r] };
    }, { retryPolicy })
    .addNode("asks", async (s, config) => {
      const r = await look("a");
      const ok = config.interrupt ? config.interrupt("ok?") : interrupt("ok?");
      if (++attempts === 1) throw new RangeError("first try after the answer");
      const r2 = await look("b");
      return { log: [`${r}:${ok}:${r2}`] };
    }, { retryPolicy })
    .addEdge(START, "plain").addEdge("plain", "asks").addEdge("asks", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("retry-calls");
  const paused = await g.invoke({ log: [] }, t);
  const callsBeforeResume = [...calls];
  const done = await g.invoke(new Command({ resume: "yes" }), t);
  return { paused: paused.log, callsBeforeResume, done: done.log, calls };
}
