// Parallel interrupts reach the stream and invoke's __interrupt__ in the order the tasks paused (a sync
// node before a slower async one listed first), as LangGraph streams each task's interrupt when it happens.
import { out, thread } from "./_support.mjs";
export const name = "parallel interrupts in the order they happen";
export const features = ["interrupts", "streaming", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = () =>
    new StateGraph(S)
      .addNode("a_slow", async (s, config) => {
        await new Promise((r) => setTimeout(r, 10));
        return { log: [`a:${(config.interrupt ?? interrupt)("a?")}`] };
      })
      .addNode("b_fast", () => ({ log: [`b:${interrupt("b?")}`] }))
      .addEdge(START, "a_slow")
      .addEdge(START, "b_fast")
      .addEdge("a_slow", END)
      .addEdge("b_fast", END)
      .compile({ checkpointer: new MemorySaver() });
  const g = build();
  const t = thread("o");
  const invoked = (await g.invoke({ log: [] }, t)).__interrupt__.map((i) => i.value);
  const h = build();
  const u = thread("s");
  const streamed = out(await (async () => { const c = []; for await (const x of await h.stream({ log: [] }, { ...u, streamMode: ["updates", "values"] })) c.push(x); return c; })());
  const st = await g.getState(t);
  const resumed = await g.invoke(new Command({ resume: Object.fromEntries(st.tasks.flatMap((x) => x.interrupts).map((i) => [i.id, `ok-${i.value}`])) }), t);
  return {
    invoked,
    streamed: streamed.map(([m, c]) => [m, c.__interrupt__ ? c.__interrupt__.map((i) => i.value) : c]),
    resumed: { log: [...resumed.log].sort() },
  };
}
