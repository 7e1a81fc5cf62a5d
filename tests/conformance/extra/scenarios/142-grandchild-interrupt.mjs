// An interrupt two subgraph levels down: output, getState(subgraphs) nesting, resume, history of the root.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "grandchild interrupt";
export const features = ["subgraphs", "interrupts", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const leaf = new StateGraph(S).addNode("ask", () => ({ log: [`answer ${interrupt("deep?")}`] })).addEdge(START, "ask").addEdge("ask", END).compile();
  const mid = new StateGraph(S).addNode("pre", () => ({ log: ["pre"] })).addNode("leaf", leaf).addEdge(START, "pre").addEdge("pre", "leaf").addEdge("leaf", END).compile();
  const root = new StateGraph(S).addNode("mid", mid).addNode("after", () => ({ log: ["after"] }))
    .addEdge(START, "mid").addEdge("mid", "after").addEdge("after", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("deep");
  const paused = out(await root.invoke({ log: ["start"] }, t));
  const state = snapshot(await root.getState(t, { subgraphs: true }), lib);
  const flat = snapshot(await root.getState(t), lib);
  const done = out(await root.invoke(new Command({ resume: "42" }), t));
  const hist = [];
  for await (const s of await root.getStateHistory(t)) hist.push(snapshot(s, lib));
  return { paused, state, flat, done, history: hist.map((h) => [h.step, h.source, h.next]) };
}
