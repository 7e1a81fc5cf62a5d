// The "messages" stream mode and subgraphs. Without `subgraphs: true` a
// subgraph's tokens and messages stay out of the stream; the node that ran the
// subgraph (a subgraph node, or a function invoking a graph) streams the new
// messages of its output whole when it ends, under its own metadata, as it does
// any node's. With `subgraphs: true` the subgraph's own nodes stream them, and a
// message already streamed, or already in a streaming task's input, is not sent
// again (a subgraph node's plain message in a later task's input, say).
// Ids (run ids) and task ids in namespaces are left out; chunks keep their order.
import { AIMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
export const name = "subgraph messages in the messages stream";
export const features = ["messages", "streaming", "subgraphs"];

const typeOf = (m) => (typeof m._getType === "function" ? m._getType() : m.type);
const taskless = (ns) => ns.split("|").map((p) => p.split(":")[0]).join("|");

export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, MemorySaver } = lib;
  const model = new FakeListChatModel({ responses: ["ab", "cd", "ef", "gh"] });
  const ask = async (s, config) => ({ messages: [await model.invoke(s.messages, config)] });
  const inner = new StateGraph(MessagesAnnotation)
    .addNode("talk", ask)
    .addNode("plain", () => ({ messages: [{ role: "assistant", content: "plain one", id: "p1" }] }))
    .addNode("made", () => ({ messages: [new AIMessage({ content: "made one", id: "x1" })] }))
    .addEdge(START, "talk")
    .addEdge("talk", "plain")
    .addEdge("plain", "made")
    .compile();
  const middle = new StateGraph(MessagesAnnotation).addNode("inner", inner).addEdge(START, "inner").compile();
  const g = new StateGraph(MessagesAnnotation)
    .addNode("top", ask)
    .addNode("mid", middle)
    .addNode("call", async (s, config) => ({ messages: (await inner.invoke(s, config)).messages.slice(s.messages.length) }))
    .addEdge(START, "top")
    .addEdge("top", "mid")
    .addEdge("mid", "call")
    .compile({ checkpointer: new MemorySaver() });
  const out = {};
  for (const subgraphs of [false, true]) {
    const chunks = [];
    const ids = [];
    const idOf = (id) => (typeof id !== "string" ? typeof id : id.startsWith("run-") ? (ids.includes(id) || ids.push(id), `#${ids.indexOf(id)}`) : id);
    const input = { messages: [{ role: "user", content: "hi", id: "h1" }] };
    for await (const chunk of await g.stream(input, { streamMode: "messages", subgraphs, configurable: { thread_id: `t${subgraphs}` } })) {
      const [ns, [m, meta]] = subgraphs ? chunk : [[], chunk];
      chunks.push([ns.map(taskless), typeOf(m), m.content, idOf(m.id), meta.langgraph_node, taskless(meta.langgraph_checkpoint_ns), meta.langgraph_step]);
    }
    out[subgraphs ? "withSubgraphs" : "without"] = chunks;
  }
  return out;
}
