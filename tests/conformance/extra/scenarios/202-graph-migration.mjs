// Graph migration: a paused thread resumes on a changed graph (new node after the paused one, new state key),
// and a finished thread continues on a graph with a different topology.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "graph migrations";
export const features = ["checkpointer", "interrupts", "migration"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const saver = new MemorySaver();
  const S1 = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), old: Annotation() });
  const g1 = new StateGraph(S1)
    .addNode("a", () => ({ log: ["a"], old: "kept?" }))
    .addNode("ask", () => ({ log: [`ask:${interrupt("q")}`] }))
    .addEdge(START, "a").addEdge("a", "ask").addEdge("ask", END)
    .compile({ checkpointer: saver });
  const t = thread("mig");
  await g1.invoke({ log: [] }, t);
  const S2 = Annotation.Root({
    log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
    added: Annotation({ reducer: (a, b) => a + b, default: () => 100 }),
  });
  const g2 = new StateGraph(S2)
    .addNode("a", () => ({ log: ["a2"] }))
    .addNode("ask", (s) => ({ log: [`ask2:${interrupt("q")}:${s.added}`] }))
    .addNode("extra", () => ({ log: ["extra"], added: 1 }))
    .addEdge(START, "a").addEdge("a", "ask").addEdge("ask", "extra").addEdge("extra", END)
    .compile({ checkpointer: saver });
  const pausedOnNew = snapshot(await g2.getState(t), lib);
  const resumed = out(await g2.invoke(new Command({ resume: "yes" }), t));
  const t2 = thread("mig2");
  await g1.invoke({ log: [] }, t2);
  await g1.invoke(new Command({ resume: "one" }), t2);
  const g3 = new StateGraph(S2)
    .addNode("z", (s) => ({ log: [`z saw ${s.log.length}`] }))
    .addEdge(START, "z").addEdge("z", END)
    .compile({ checkpointer: saver });
  const finishedOnNew = snapshot(await g3.getState(t2), lib);
  const continued = out(await g3.invoke({ log: ["more"] }, t2));
  return { pausedOnNew, resumed, finishedOnNew, continued };
}
