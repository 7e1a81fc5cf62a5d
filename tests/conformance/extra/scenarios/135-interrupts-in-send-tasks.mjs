// interrupt() inside Send tasks: all pause, resume by id map, results in Send order.
import { out, snapshot, thread, sortJson } from "./_support.mjs";
export const name = "interrupts in Send tasks";
export const features = ["interrupts", "send", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Send, Command, interrupt } = lib;
  const S = Annotation.Root({ items: Annotation(), answers: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("ask", (s) => ({ answers: [`${s.item}=${interrupt(`value for ${s.item}?`)}`] }))
    .addConditionalEdges(START, (s) => s.items.map((item) => new Send("ask", { item })))
    .addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("send-int");
  const paused = await g.invoke({ items: ["a", "b", "c"] }, t);
  const state = snapshot(await g.getState(t), lib);
  const map = {};
  for (const i of paused.__interrupt__) map[i.id] = i.value.split(" ")[2].replace("?", "").toUpperCase();
  const done = out(await g.invoke(new Command({ resume: map }), t));
  return { pausedValues: sortJson(paused.__interrupt__.map((i) => i.value)), state, done };
}
