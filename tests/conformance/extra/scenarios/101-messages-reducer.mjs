// messagesStateReducer / MessagesAnnotation: append, replace by id, remove.
import { msg } from "./_support.mjs";
export const name = "messages reducer";
export const features = ["reducers", "messages"];
export const requires = ["messagesStateReducer", "MessagesAnnotation"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MessagesAnnotation } = lib;
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", () => ({ messages: [{ role: "assistant", content: "hi", id: "m2" }] }))
    .addNode("b", () => ({ messages: [{ role: "assistant", content: "edited", id: "m2" }, { type: "human", content: "new" }] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END).compile();
  const r = await g.invoke({ messages: [{ role: "user", content: "hello", id: "m1" }] });
  const g2 = new StateGraph(MessagesAnnotation)
    .addNode("rm", () => ({ messages: [{ type: "remove", id: "m1" }] }))
    .addEdge(START, "rm").compile();
  const r2 = await g2.invoke({ messages: [{ role: "user", content: "a", id: "m1" }, { role: "user", content: "b", id: "m3" }] });
  return { r: r.messages.map(msg), r2: r2.messages.map(msg) };
}
