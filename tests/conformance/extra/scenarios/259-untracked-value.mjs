// `UntrackedValue` state fields (LangGraph.js 1.x): a value nodes read and write during a
// run but that no checkpoint keeps. Streams and the run's result show it; `getState`,
// the history and a resumed run do not (it starts again from its schema's default, or
// unset). `guard: true` (the default) allows one write a superstep; `guard: false`
// keeps the last. Saved writes and Send arguments drop it too.
import { z } from "zod";
import { capture, out } from "./_support.mjs";
export const name = "UntrackedValue state fields";
export const features = ["state", "persistence", "interrupts"];
export const requires = ["StateSchema", "ReducedValue", "UntrackedValue"];
export async function run(lib) {
  const { StateGraph, StateSchema, ReducedValue, UntrackedValue, START, END, Command, Send, interrupt, MemorySaver } = lib;
  const log = new ReducedValue(z.array(z.string()).default(() => []), { reducer: (a, b) => a.concat(b) });
  const State = new StateSchema({
    n: z.number().default(0),
    log,
    conn: new UntrackedValue(z.string().default("none")),
    bare: new UntrackedValue(),
    loose: new UntrackedValue(z.string(), { guard: false }),
  });
  const g = new StateGraph(State)
    .addNode("open", () => ({ conn: "c1", bare: { k: 1 }, n: 1 }))
    .addNode("ask", (s) => {
      const before = `${s.conn}/${JSON.stringify(s.bare ?? null)}`;
      const answer = interrupt("go?");
      return { log: [`ask:${before}:${answer}:${s.conn}/${JSON.stringify(s.bare ?? null)}`], n: s.n + 1 };
    })
    .addNode("l1", () => ({ loose: "x" }))
    .addNode("l2", () => ({ loose: "y" }))
    .addNode("end", (s) => ({ log: [`end:${s.conn}:${s.loose}`] }))
    .addEdge(START, "open").addEdge("open", "ask").addEdge("ask", "l1").addEdge("ask", "l2")
    .addEdge(["l1", "l2"], "end").addEdge("end", END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "u" } };
  const first = [];
  for await (const c of await g.stream({ n: 0 }, { ...config, streamMode: ["values", "updates"] })) first.push(out(c));
  const paused = await g.getState(config);
  const history = [];
  for await (const s of g.getStateHistory(config)) history.push(out(s.values));
  const resumed = [];
  for await (const c of await g.stream(new Command({ resume: "yes" }), { ...config, streamMode: "values" })) resumed.push(out(c));
  const after = out((await g.getState(config)).values);

  // Without a checkpointer the value lives for the run.
  const plain = new StateGraph(State)
    .addNode("a", () => ({ conn: "live" }))
    .addNode("b", (s) => ({ log: [`b:${s.conn}`] }))
    .addEdge(START, "a").addEdge("a", "b").compile();
  const result = out(await plain.invoke({ log: ["in"], conn: "given" }));

  // Two writes in one superstep: an error with the guard, the last write without it.
  const twice = (key) => new StateGraph(State)
    .addNode("p", () => ({ [key]: "p" })).addNode("q", () => ({ [key]: "q" }))
    .addEdge(START, "p").addEdge(START, "q").compile();
  const guarded = await capture(lib, () => twice("conn").invoke({}));
  const unguarded = out(await capture(lib, () => twice("loose").invoke({})));

  // A Send's untracked argument keys, across a breakpoint before its target.
  const sends = new StateGraph(State)
    .addNode("fan", () => new Command({ goto: [new Send("w", { conn: "sent", n: 7, log: ["s"] })] }), { ends: ["w"] })
    .addNode("w", (s) => ({ log: [`w:${s.conn}:${s.n}`] }))
    .addEdge(START, "fan")
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["w"] });
  const sconfig = { configurable: { thread_id: "s" } };
  await sends.invoke({ conn: "start" }, sconfig);
  const sendResult = out(await sends.invoke(null, sconfig));

  // updateState on an untracked key is not kept.
  const updateConfig = { configurable: { thread_id: "up" } };
  await g.invoke({ n: 5 }, updateConfig);
  await g.updateState(updateConfig, { conn: "edited", n: 6 });
  const updated = out((await g.getState(updateConfig)).values);

  return { first, paused: { values: out(paused.values), next: paused.next }, history, resumed, after, result, guarded, unguarded, sendResult, updated };
}
