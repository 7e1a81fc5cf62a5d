// Annotation.Root built by spreading another root's spec, and input/output schemas that reuse a root.
import { out, msg } from "./_support.mjs";
export const name = "spread annotation roots";
export const features = ["schemas", "messages"];
export const requires = ["MessagesAnnotation"];
export async function run(lib) {
  const { StateGraph, Annotation, MessagesAnnotation, START, END } = lib;
  const S = Annotation.Root({ ...MessagesAnnotation.spec, turns: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(S)
    .addNode("bot", (s) => ({ messages: [{ role: "assistant", content: `turn ${s.turns}`, id: "m-a" }], turns: 1 }))
    .addEdge(START, "bot").addEdge("bot", END).compile();
  const r = await g.invoke({ messages: [{ role: "user", content: "hi", id: "m-u" }] });
  const Base = Annotation.Root({ a: Annotation(), b: Annotation() });
  const Wide = Annotation.Root({ ...Base.spec, c: Annotation() });
  const h = new StateGraph({ stateSchema: Wide, input: Base, output: Annotation.Root({ c: Annotation() }) })
    .addNode("join", (s) => ({ c: `${s.a}+${s.b}` })).addEdge(START, "join").addEdge("join", END).compile();
  return { messages: r.messages.map(msg), turns: r.turns, h: out(await h.invoke({ a: 1, b: 2, c: "ignored" })) };
}
