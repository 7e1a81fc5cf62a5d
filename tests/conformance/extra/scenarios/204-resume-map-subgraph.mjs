// Interrupts inside two parallel subgraph tasks, answered with one resume map keyed by interrupt id.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "resume map into subgraphs";
export const features = ["interrupts", "subgraphs", "send", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, Send, interrupt } = lib;
  const C = Annotation.Root({ topic: Annotation(), answers: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(C).addNode("q", (s) => ({ answers: [`${s.topic}=${interrupt(`about ${s.topic}`)}`] })).addEdge(START, "q").compile();
  const P = Annotation.Root({ topics: Annotation(), answers: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(P).addNode("child", child)
    .addConditionalEdges(START, (s) => s.topics.map((topic) => new Send("child", { topic })))
    .addEdge("child", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("rms");
  const first = await g.invoke({ topics: ["cats", "dogs"] }, t);
  const map = {};
  for (const i of first.__interrupt__) map[i.id] = i.value.toUpperCase();
  const done = out(await g.invoke(new Command({ resume: map }), t));
  return { asked: first.__interrupt__.map((i) => i.value).sort(), done: { answers: [...done.answers].sort() }, st: snapshot(await g.getState(t), lib) };
}
