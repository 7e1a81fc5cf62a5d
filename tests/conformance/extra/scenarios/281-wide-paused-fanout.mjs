// A fan-out of 40 Sends, 8 of which ask with interrupt(): answered half by a resume
// map, the state edited while paused, then the rest answered; history throughout.
import { out, thread } from "./_support.mjs";
export const name = "a wide paused fan-out answered in parts";
export const features = ["send", "interrupts", "command", "update_state", "history"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, Send, interrupt } = lib;
  const S = Annotation.Root({
    n: Annotation(),
    note: Annotation(),
    results: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
    total: Annotation(),
  });
  const g = new StateGraph(S)
    .addNode("split", () => ({}))
    .addNode("work", (s) => ({ results: [s.i % 5 === 0 ? `${s.i}:${interrupt(`q${s.i}`)}` : `${s.i}`] }))
    .addNode("reduce", (s) => ({ total: s.results.length }))
    .addEdge(START, "split")
    .addConditionalEdges("split", (s) => Array.from({ length: s.n }, (_, i) => new Send("work", { i })))
    .addEdge("work", "reduce")
    .addEdge("reduce", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("wide");
  const first = await g.invoke({ n: 40 }, t);
  // Parallel interrupts' order is not LangGraph's contract: sorted.
  const asked = first.__interrupt__.map((i) => i.value).sort();
  const byValue = Object.fromEntries(first.__interrupt__.map((i) => [i.value, i.id]));
  const shown = (st) => ({
    next: st.next.length,
    waiting: st.tasks.filter((x) => x.interrupts.length).map((x) => x.interrupts[0].value).sort(),
    results: [...(st.values.results ?? [])].sort(),
  });
  const paused = shown(await g.getState(t));
  const half = Object.fromEntries(["q0", "q10", "q20", "q30"].map((q) => [byValue[q], q.toUpperCase()]));
  const second = await g.invoke(new Command({ resume: half }), t);
  const stillAsked = second.__interrupt__.map((i) => i.value).sort();
  const paused2 = shown(await g.getState(t));
  await g.updateState(t, { note: "edited" });
  const edited = shown(await g.getState(t));
  const st = await g.getState(t);
  const rest = Object.fromEntries(st.tasks.flatMap((x) => x.interrupts).map((i) => [i.id, String(i.value).toUpperCase()]));
  const done = out(await g.invoke(new Command({ resume: rest }), t));
  const history = [];
  for await (const h of g.getStateHistory(t)) history.push({ step: h.metadata.step, source: h.metadata.source, next: h.next.length, results: (h.values.results ?? []).length, note: h.values.note ?? null });
  return { asked, paused, stillAsked, paused2, edited, done, history };
}
