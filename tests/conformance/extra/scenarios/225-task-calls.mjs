// task() inside nodes (the seeds: "tasks and interrupts in nodes"): a task's result is kept with the
// node's task, so a node re-run after an interrupt or a failure gets it back (streamed as a cached
// update) instead of running it again; calls are matched by order, concurrent ones by call order.
import { thread } from "./_support.mjs";
export const name = "task() results survive an interrupt and a failure";
export const features = ["interrupts", "persistence", "streaming"];
export const requires = ["task"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command, task } = lib;
  let runs = 0;
  const double = task("double", async (x) => {
    runs++;
    await new Promise((r) => setTimeout(r, 1));
    return x * 2;
  });
  const describe = task({ name: "describe" }, (x) => ({ text: `n=${x}`, at: runs }));
  const S = Annotation.Root({ v: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const updates = async (g, input, cfg) => {
    const out = [];
    for await (const c of await g.stream(input, { ...cfg, streamMode: "updates" })) out.push(c.__interrupt__ ? { __interrupt__: c.__interrupt__.map((i) => i.value) } : c);
    return out;
  };
  const res = {};

  // Two calls in a row, then an interrupt; the resume reuses both.
  const asks = new StateGraph(S)
    .addNode("n", async (s) => {
      const a = await double(s.v);
      const b = await double(a);
      const d = await describe(b);
      const ok = interrupt("ok?");
      return { v: b, log: [`${a},${b},${d.text},${ok}`] };
    })
    .addEdge(START, "n")
    .addEdge("n", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("a");
  res.first = await updates(asks, { v: 3 }, t);
  res.runsAfterFirst = runs;
  res.resumed = await updates(asks, new Command({ resume: "yes" }), t);
  res.runsAfterResume = runs;
  res.next = await updates(asks, { v: 1 }, t);
  res.runsAfterNext = runs;

  // In the tasks stream each call is a task of its own; a kept call starts again but reports no result.
  const taskEvents = async (input, cfg) => {
    const out = [];
    for await (const e of await asks.stream(input, { ...cfg, streamMode: "tasks" })) out.push([e.name, "input" in e ? e.input : e.result]);
    return out;
  };
  const tt = thread("tasks");
  res.tasksFirst = await taskEvents({ v: 2 }, tt);
  res.tasksResumed = await taskEvents(new Command({ resume: "ok" }), tt);

  // Concurrent calls keep their call order.
  runs = 0;
  const both = new StateGraph(S)
    .addNode("n", async (s) => {
      const [a, b] = await Promise.all([double(s.v), double(s.v + 1)]);
      const ok = interrupt("both?");
      return { v: a + b, log: [`${a}+${b}:${ok}`] };
    })
    .addEdge(START, "n")
    .compile({ checkpointer: new MemorySaver() });
  const u = thread("b");
  await both.invoke({ v: 5 }, u);
  res.concurrent = await both.invoke(new Command({ resume: "go" }), u);
  res.concurrentRuns = runs;

  // A node that fails after its calls; resuming the thread reuses them.
  runs = 0;
  let failed = false;
  const flaky = new StateGraph(S)
    .addNode("n", async (s) => {
      const a = await double(s.v);
      if (!failed) {
        failed = true;
        throw new Error("flaky");
      }
      return { v: a, log: ["recovered"] };
    })
    .addEdge(START, "n")
    .compile({ checkpointer: new MemorySaver() });
  const w = thread("c");
  try {
    await flaky.invoke({ v: 4 }, w);
  } catch (e) {
    res.failedWith = e.message;
  }
  res.recovered = await flaky.invoke(null, w);
  res.flakyRuns = runs;

  // Parallel nodes keep their calls apart.
  runs = 0;
  const pair = new StateGraph(S)
    .addNode("a", async () => ({ log: [`a:${await double(10)}:${interrupt("a?")}`] }))
    .addNode("b", async () => ({ log: [`b:${await double(20)}:${interrupt("b?")}`] }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .compile({ checkpointer: new MemorySaver() });
  const p = thread("d");
  await pair.invoke({}, p);
  const st = await pair.getState(p);
  const out = await pair.invoke(new Command({ resume: Object.fromEntries(st.tasks.flatMap((x) => x.interrupts).map((i) => [i.id, `ok-${i.value}`])) }), p);
  res.pair = [...out.log].sort();
  res.pairRuns = runs;
  return res;
}
