// Synchronous nodes of one superstep, some pausing in interrupt() and some returning: as in
// LangGraph.js, those that threw finish first (their interrupt chunks stream first, in task
// order), then those that returned (a returned update goes through more steps); the task
// results stream in that order too. On resume, the answered node's update comes after the
// one still asking. A one-node superstep is unchanged.
import { collect, out, thread } from "./_support.mjs";
export const name = "synchronous interrupts finish before synchronous returns";
export const features = ["interrupts", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const ok = (name) => () => ({ log: [name] });
  const ask = (name) => () => ({ log: [`${name}:${interrupt(`${name}?`)}`] });
  const g = new StateGraph(S)
    .addNode("a", ok("a"))
    .addNode("b", ask("b"))
    .addNode("c", ok("c"))
    .addNode("d", ask("d"))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge(START, "c")
    .addEdge(START, "d")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("sync");
  const shown = ([mode, data]) =>
    mode === "tasks" ? [mode, { name: data.name, result: "result" in data ? out(data.result) : "-", interrupts: (data.interrupts ?? []).map((i) => i.value) }] : [mode, out(data)];
  const first = (await collect(g.stream({ log: [] }, { ...t, streamMode: ["updates", "tasks"] }))).map(shown);
  const st = await g.getState(t);
  const b = st.tasks.flatMap((task) => task.interrupts).find((i) => i.value === "b?");
  const resumed = (await collect(g.stream(new Command({ resume: { [b.id]: "yes" } }), { ...t, streamMode: "updates" }))).map(out);
  return { first, resumed, state: out((await g.getState(t)).values) };
}
