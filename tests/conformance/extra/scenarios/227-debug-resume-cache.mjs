// Task and checkpoint events around a resume and a cache hit: a resumed superstep's checkpoint
// lists what each task saved (interrupts, error, result); every task of the step starts again,
// but only those that run report a result; a cache hit reports its update, not a task result.
import { collect, debugEvent, sortJson, thread } from "./_support.mjs";
export const name = "debug and task events on resume and cache hits";
export const features = ["stream-debug", "stream-tasks", "stream-checkpoints", "interrupts", "cache", "errors"];
export const requires = ["InMemoryCache"];

const checkpointTasks = (ts, lib) =>
  (ts ?? [])
    .map((t) => ({
      name: t.name,
      interrupts: (t.interrupts ?? []).map((i) => i.value),
      error: t.error ? t.error.name ?? null : null,
      result: t.result === undefined ? null : t.result,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));

function event(lib) {
  return ([mode, d]) => {
    if (mode === "debug") {
      const e = debugEvent(d, lib);
      if (d.type === "checkpoint") e.tasks = checkpointTasks(d.payload.tasks, lib);
      return ["debug", e];
    }
    if (mode === "checkpoints") return ["checkpoints", { step: d.metadata.step, next: [...d.next].sort(), tasks: checkpointTasks(d.tasks, lib) }];
    if (mode === "tasks") return ["tasks", "result" in d ? { name: d.name, result: d.result ?? null, done: true } : { name: d.name, input: d.input }];
    return [mode, d];
  };
}

export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt, InMemoryCache } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const modes = { streamMode: ["debug", "checkpoints", "tasks"] };

  // A pauses, B finishes in the same superstep; then the resume.
  const paused = new StateGraph(S)
    .addNode("a", () => ({ log: [`a:${interrupt("a?")}`] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge("a", "c").addEdge("b", "c").addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t1 = thread("pause");
  const pauseFirst = sortJson(await collect(paused.stream({ log: [] }, { ...t1, ...modes }), event(lib)));
  const pauseResume = sortJson(await collect(paused.stream(new Command({ resume: "yes" }), { ...t1, ...modes }), event(lib)));

  // F fails once while G finishes; the retry run resumes the superstep.
  let failures = 0;
  const failing = new StateGraph(S)
    .addNode("f", async () => {
      await new Promise((r) => setTimeout(r, 5));
      if (failures++ === 0) throw new RangeError("once");
      return { log: ["f"] };
    })
    .addNode("g", () => ({ log: ["g"] }))
    .addEdge(START, "f").addEdge(START, "g").addEdge("f", END).addEdge("g", END)
    .compile({ checkpointer: new MemorySaver() });
  const t2 = thread("fail");
  let failError = null;
  try {
    await collect(failing.stream({ log: [] }, { ...t2, ...modes }), event(lib));
  } catch (e) {
    failError = e.name;
  }
  const failResume = sortJson(await collect(failing.stream(null, { ...t2, ...modes }), event(lib)));

  // A cached node on its second run.
  const cached = new StateGraph(S)
    .addNode("k", () => ({ log: ["k"] }), { cachePolicy: { ttl: 60 } })
    .addNode("m", () => ({ log: ["m"] }))
    .addEdge(START, "k").addEdge(START, "m").addEdge("k", END).addEdge("m", END)
    .compile({ checkpointer: new MemorySaver(), cache: new InMemoryCache() });
  const cacheModes = { streamMode: ["debug", "tasks", "updates"] };
  await collect(cached.stream({ log: [] }, { ...thread("c1"), ...cacheModes }));
  const cacheHit = sortJson(await collect(cached.stream({ log: [] }, { ...thread("c2"), ...cacheModes }), event(lib)));

  return { pauseFirst, pauseResume, failError, failResume, cacheHit };
}
