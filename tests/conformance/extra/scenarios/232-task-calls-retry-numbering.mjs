// task() calls are numbered across a node's retries: a retry's calls go on from the failed
// attempt's numbers, so after a resume a retry reuses the calls the earlier run made under the
// same numbers (streamed as cached updates) instead of doing them again.
import { collect, thread } from "./_support.mjs";
export const name = "task() call numbering across retries and resumes";
export const features = ["interrupts", "retry", "streaming"];
export const requires = ["task"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command, task } = lib;
  const done = [];
  const look = task("look", async (k) => {
    done.push(k);
    await new Promise((r) => setTimeout(r, 1));
    return `${k}!`;
  });
  let attempts = 0;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", async (s, config) => {
      const r = await look("x");
      if (++attempts % 2 === 1) throw new RangeError("odd attempt");
      const v = config.interrupt ? config.interrupt("q") : interrupt("q");
      return { log: [r, v] };
    }, { retryPolicy: { maxAttempts: 2, initialInterval: 1, jitter: false } })
    .addEdge(START, "a").addEdge("a", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("numbering");
  const strip = (c) => (c.__interrupt__ ? { __interrupt__: c.__interrupt__.map((i) => i.value) } : c);
  const first = await collect(g.stream({ log: [] }, { ...t, streamMode: "updates" }), strip);
  const callsAfterFirst = done.length;
  const second = await collect(g.stream(new Command({ resume: "yes" }), { ...t, streamMode: "updates" }), strip);
  return { first, callsAfterFirst, second, calls: done.length, attempts };
}
