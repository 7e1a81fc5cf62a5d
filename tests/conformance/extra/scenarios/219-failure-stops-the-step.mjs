// A failure stops its superstep, as LangGraph.js does: tasks that failed before anything could stop them
// make one AggregateError (each keeps its own error); a slower sibling still running is stopped (AbortError in
// its task, nothing written) and runs again when the thread resumes.
import { thread, snapshot } from "./_support.mjs";
export const name = "a failure stops the superstep";
export const features = ["errors", "parallel", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let broken = true;
  const cases = {
    bothSync: { a: () => { if (broken) throw new TypeError("a"); return { log: ["a"] }; }, b: () => { if (broken) throw new RangeError("b"); return { log: ["b"] }; } },
    bothMicrotask: { a: async () => { await null; if (broken) throw new TypeError("a"); return { log: ["a"] }; }, b: async () => { await null; if (broken) throw new RangeError("b"); return { log: ["b"] }; } },
    slowSibling: { a: async () => { await sleep(10); return { log: ["a"] }; }, b: () => { if (broken) throw new RangeError("b"); return { log: ["b"] }; } },
  };
  const res = {};
  for (const [name, nodes] of Object.entries(cases)) {
    broken = true;
    let g = new StateGraph(S);
    for (const [k, f] of Object.entries(nodes)) g = g.addNode(k, f).addEdge(START, k);
    g = g.compile({ checkpointer: new MemorySaver() });
    const t = thread(name);
    const r = {};
    try {
      await g.invoke({ log: [] }, t);
    } catch (e) {
      r.error = e.name;
      r.errors = e.errors ? e.errors.map((x) => x.name) : null;
    }
    await sleep(20);
    r.state = snapshot(await g.getState(t), lib);
    r.tasks = (await g.getState(t)).tasks.map((x) => [x.name, x.error ? (x.error.name ?? "Error") : null]).sort();
    broken = false;
    r.resumed = (await g.invoke(null, t)).log;
    res[name] = r;
  }
  return res;
}
