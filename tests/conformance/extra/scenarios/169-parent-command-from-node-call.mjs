// Command.PARENT from a subgraph invoked inside a node, and an interrupt in such a subgraph with getState(subgraphs).
import { out, snapshot, thread } from "./_support.mjs";
export const name = "nested call: parent command and interrupt";
export const features = ["subgraphs", "command", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const jumper = new StateGraph(S).addNode("j", () => new Command({ update: { log: ["jumped"] }, goto: "land", graph: Command.PARENT })).addEdge(START, "j").compile();
  const g = new StateGraph(S)
    .addNode("call", async (s) => { await jumper.invoke({ log: [] }); return { log: ["not reached"] }; }, { ends: ["land"] })
    .addNode("land", () => ({ log: ["landed"] }))
    .addEdge(START, "call").addEdge("land", END).compile();
  const jumped = out(await g.invoke({ log: [] }));
  const asker = new StateGraph(S).addNode("ask", () => ({ log: [`ans=${interrupt("inner?")}`] })).addEdge(START, "ask").compile();
  const h = new StateGraph(S)
    .addNode("call", async () => { const r = await asker.invoke({ log: [] }); return { log: r.log }; })
    .addEdge(START, "call").addEdge("call", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("nested");
  const paused = out(await h.invoke({ log: [] }, t));
  const state = snapshot(await h.getState(t, { subgraphs: true }), lib);
  const done = out(await h.invoke(new Command({ resume: "42" }), t));
  return { jumped, paused, state, done };
}
