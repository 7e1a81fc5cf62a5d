// A per-thread subgraph's state read straight from its namespace: `getState` and
// `getStateHistory` with `checkpoint_ns: "b"` (a per-thread subgraph node) or `"o|inner"` (one
// inside a per-invocation subgraph, paused) resolve that subgraph, so the paused one shows its
// pending task; an empty namespace's snapshot hands back the config it was asked with; and
// `updateState` through the paused subgraph's config changes what it resumes with.
import { out, thread } from "./_support.mjs";
export const name = "per-thread subgraph state by namespace";
export const features = ["subgraphs", "checkpointer", "interrupts", "time-travel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, interrupt, Command } = lib;
  const S = Annotation.Root({ out: Annotation(), seen: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const sub = (ask) =>
    new StateGraph(S)
      .addNode("c1", (s) => ({ seen: 1, out: `c1#${s.seen}${ask ? ":" + interrupt("q") : ""}` }))
      .addEdge(START, "c1")
      .compile({ checkpointer: true });
  const outer = new StateGraph(S).addNode("inner", sub(true)).addEdge(START, "inner").compile();
  const g = new StateGraph(S).addNode("b", sub(false)).addNode("o", outer).addEdge(START, "b").addEdge("b", "o").compile({ checkpointer: new MemorySaver() });
  const t = thread("t");
  await g.invoke({}, t);
  const at = (ns) => ({ configurable: { thread_id: "t", checkpoint_ns: ns } });
  const view = (st) => ({ values: out(st.values), next: [...st.next], ns: st.config?.configurable?.checkpoint_ns ?? null, tasks: st.tasks.map((x) => [x.name, x.interrupts.map((i) => i.value)]) });
  const states = {};
  for (const ns of ["b", "o", "o|inner"]) states[ns] = view(await g.getState(at(ns)));
  const history = [];
  for await (const h of g.getStateHistory(at("o|inner"))) history.push([h.metadata?.step, h.metadata?.source, [...h.next], out(h.values)]);
  const empty = (await g.getState({ configurable: { thread_id: "none", user: 2 } })).config;
  // Change the paused subgraph's state through its own config, then resume the parent.
  const paused = await g.getState(at("o|inner"));
  await g.updateState(paused.config, { seen: 10 });
  const afterUpdate = view(await g.getState(at("o|inner")));
  const resumed = out(await g.invoke(new Command({ resume: "yes" }), t));
  return { states, history, empty, afterUpdate, resumed };
}
