// Messages reducer inputs: strings, role objects, [role, content] pairs, replacement by id, generated ids.
import { out, msg } from "./_support.mjs";
export const name = "messages in several forms";
export const features = ["reducers", "messages"];
export const requires = ["MessagesAnnotation"];
export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, END } = lib;
  const g = new StateGraph(MessagesAnnotation)
    .addNode("bot", (s) => ({ messages: [{ role: "assistant", content: `seen ${s.messages.length}`, id: "m-bot" }] }))
    .addNode("fix", () => ({ messages: [{ role: "assistant", content: "fixed", id: "m-bot" }, ["user", "tuple"]] }))
    .addEdge(START, "bot").addEdge("bot", "fix").addEdge("fix", END).compile();
  const r = await g.invoke({ messages: [{ role: "user", content: "hi", id: "m1" }, { role: "system", content: "sys", id: "m0" }] });
  return { messages: r.messages.map(msg), count: r.messages.length };
}
