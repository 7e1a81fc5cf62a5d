// pushMessage(message, { stateKey }) inside a node: the message goes out on the "messages" stream at
// once and is written to the messages channel with the node's own update (so "updates" shows both
// writes); returning the same message again streams it once. stateKey: null only streams it; a
// message without an id is refused.
import { capture, msg, out } from "./_support.mjs";
export const name = "pushMessage";
export const features = ["messages", "streaming"];
export const requires = ["MessagesAnnotation", "pushMessage"];
export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, END, pushMessage } = lib;
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", async () => {
      pushMessage({ role: "assistant", content: "pushed", id: "m1" });
      return { messages: [{ role: "assistant", content: "returned", id: "m2" }] };
    })
    .addNode("b", async () => ({ messages: [pushMessage({ role: "assistant", content: "again", id: "m3" })] }))
    .addNode("c", async () => {
      pushMessage({ role: "assistant", content: "only streamed", id: "m4" }, { stateKey: null });
      return {};
    })
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("c", END)
    .compile();
  const chunks = [];
  for await (const [mode, c] of await g.stream({ messages: [] }, { streamMode: ["messages", "updates"] })) {
    if (mode === "messages") chunks.push(["messages", msg(c[0]), c[1].langgraph_node]);
    else chunks.push(["updates", Object.fromEntries(Object.entries(c).map(([node, u]) => [node, (Array.isArray(u) ? u : [u]).map((w) => (w && w.messages ? [w.messages].flat().map(msg) : out(w)))]))]);
  }
  const final = (await g.invoke({ messages: [] })).messages.map(msg);
  const noId = await capture(lib, () => new StateGraph(MessagesAnnotation)
    .addNode("a", async () => (pushMessage({ role: "assistant", content: "no id" }), {})).addEdge(START, "a").compile().invoke({ messages: [] }));
  return { chunks, final, noId };
}
