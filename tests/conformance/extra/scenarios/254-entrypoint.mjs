// The functional API: `entrypoint(name | options, fn)` returns what `fn` returns; `task()` calls
// stream as their own updates; an interrupt pauses the workflow and `Command({ resume })`
// runs it again with its calls' results kept; `entrypoint.final({ value, save })` returns
// `value` and keeps `save` for `getPreviousState()` in the thread's next run; `stream` yields
// updates unless told (the workflow's update is its return value, a values chunk its output);
// a workflow invoked inside a graph's node runs as its subgraph. Histories are left out: this
// engine's have the StateGraph's `__start__` step, one checkpoint more per run.
import { capture, interrupts, out } from "./_support.mjs";
export const name = "functional API: entrypoint, getPreviousState, entrypoint.final";
export const features = ["interrupts", "streaming", "checkpoints", "subgraphs"];
export const requires = ["entrypoint", "getPreviousState", "task"];
const noIds = (chunk) => JSON.parse(JSON.stringify(chunk, (k, v) => (k === "id" ? undefined : v)));
export async function run(lib) {
  const { entrypoint, getPreviousState, task, interrupt, Command, MemorySaver, StateGraph, Annotation, START } = lib;
  const collect = async (stream) => {
    const chunks = [];
    for await (const c of await stream) chunks.push(noIds(c));
    return chunks;
  };

  const plusOne = entrypoint("plusOne", async (x) => x + 1);
  const simple = {
    invoke: await plusOne.invoke(1),
    updates: await collect(plusOne.stream(41)),
    values: await collect(plusOne.stream(41, { streamMode: "values" })),
    both: await collect(plusOne.stream(1, { streamMode: ["values", "updates"] })),
    sync: out(await entrypoint("sync", (x) => ({ got: x })).invoke({ a: 1 })),
    failed: await capture(lib, () => entrypoint("bad", async () => { throw new TypeError("boom"); }).invoke(1)),
  };

  const double = task("double", async (x) => x * 2);
  const square = task("square", async (x) => x * x);
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (input) => {
    const prev = getPreviousState();
    const [d, s] = await Promise.all([double(input.n), square(input.n)]);
    const ok = interrupt({ ask: d + s });
    return entrypoint.final({ value: { d, s, ok, prev: prev ?? null }, save: (prev ?? 0) + d });
  });
  const config = { configurable: { thread_id: "1" } };
  const state = async () => {
    const st = await wf.getState(config);
    return { values: out(st.values), next: st.next, tasks: st.tasks.map((t) => [t.name, interrupts(t.interrupts)]) };
  };
  const first = await collect(wf.stream({ n: 3 }, { ...config, streamMode: ["updates", "values"] }));
  const paused = await state();
  const resumed = await collect(wf.stream(new Command({ resume: "yes" }), { ...config, streamMode: ["updates", "values"] }));
  const done = await state();
  const again = noIds(await wf.invoke({ n: 5 }, config));
  const answered = out(await wf.invoke(new Command({ resume: "no" }), config));
  const after = await state();

  const inner = entrypoint("inner", async (x) => ({ seen: x.v, doubled: await double(x.v) }));
  const S = Annotation.Root({ v: Annotation(), r: Annotation() });
  const outer = new StateGraph(S).addNode("call", async (s, c) => ({ r: await inner.invoke({ v: s.v }, c) })).addEdge(START, "call").compile();
  const nested = out(await outer.invoke({ v: 4 }));
  return { simple, first, paused, resumed, done, again, answered, after, nested };
}
