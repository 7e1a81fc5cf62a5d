// The invoke config's tags and metadata reach the nodes: config.tags, and
// config.metadata with the run's keys after ls_integration (LangGraph.js's order),
// in a subgraph invoked in a node too; a chat model the node calls with its
// config streams its tokens with them in the messages stream.
import { FakeListChatModel } from "@langchain/core/utils/testing";
export const name = "run tags and metadata reach the nodes";
export const features = ["runtime", "messages", "subgraphs"];
export const requires = ["MessagesAnnotation"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, MessagesAnnotation } = lib;
  const seen = [];
  const look = (name) => (_s, config) => {
    const { langgraph_checkpoint_ns: _a, checkpoint_ns: _b, ...md } = config.metadata;
    seen.push({ name, tags: config.tags, metadata: md, keys: Object.keys(config.metadata) });
    return {};
  };
  const S = Annotation.Root({ x: Annotation() });
  const inner = new StateGraph(S).addNode("inner", look("inner")).addEdge(START, "inner").compile();
  const g = new StateGraph(S)
    .addNode("outer", async (s, config) => (look("outer")(s, config), await inner.invoke(s, config), {}))
    .addEdge(START, "outer")
    .compile({ checkpointer: new MemorySaver() });
  await g.invoke({ x: 1 }, { configurable: { thread_id: "tagged" }, tags: ["t1", "t2"], metadata: { user: "u", n: 2 } });
  await g.invoke({ x: 1 }, { configurable: { thread_id: "plain" } });
  const model = new FakeListChatModel({ responses: ["hi"] });
  const chat = new StateGraph(MessagesAnnotation)
    .addNode("talk", async (s, config) => ({ messages: [await model.invoke(s.messages, config)] }))
    .addEdge(START, "talk")
    .compile();
  const tokens = [];
  const stream = await chat.stream({ messages: [{ role: "user", content: "yo" }] }, { streamMode: "messages", tags: ["chat"], metadata: { user: "u" } });
  for await (const [m, meta] of stream) tokens.push({ content: m.content, tags: meta.tags, user: meta.user, node: meta.langgraph_node });
  return { seen, tokens };
}
