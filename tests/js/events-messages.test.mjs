// node --test: the `messages` projection of a v3 run stream (`run.messages`,
// `run.messagesFrom(node)`, a subgraph's `messages`), as LangGraph.js 1.7.3
// gives it: one ChatModelStream-shaped stream per message of the nodes
// directly under the namespace. Checked against LangGraph.js on the same graph.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import * as S from "../../www/superstep/node.js";

const { StateGraph, MessagesAnnotation, START } = S;

before(() => S.init());

function graph() {
  const model = new FakeListChatModel({ responses: ["streamed reply", "second reply"] });
  const call = async (s, c) => ({ messages: [await model.invoke(s.messages, c)] });
  const sub = new StateGraph(MessagesAnnotation)
    .addNode("inner", call)
    .addNode("inner2", () => ({ messages: [new AIMessage({ content: "from inner2", id: "i2" })] }))
    .addEdge(START, "inner")
    .addEdge("inner", "inner2")
    .compile();
  return new StateGraph(MessagesAnnotation)
    .addNode("b", () => ({ messages: [new AIMessage({ content: "from b", id: "b1" })] }))
    .addNode("llm", call)
    .addNode("sub", sub)
    .addEdge(START, "b")
    .addEdge("b", "llm")
    .addEdge("llm", "sub")
    .compile();
}

const input = { messages: [{ role: "user", content: "hi", id: "u" }] };

test("run.messages: a stream per message of the root's nodes; its text, deltas and whole message", async () => {
  const run = await graph().streamEvents(input, { version: "v3" });
  const seen = [];
  // Awaiting each message inside the loop does not wait on the loop.
  for await (const m of run.messages) {
    const deltas = [];
    for await (const d of m.text) deltas.push(d);
    const whole = await m;
    seen.push([m.node, await m.text, deltas.length, whole.content, whole.response_metadata.output_version, AIMessage.isInstance(whole), whole.id === (m.node === "b" ? "b1" : whole.id)]);
  }
  assert.deepEqual(seen, [
    ["b", "from b", 1, [{ type: "text", text: "from b" }], "v1", true, true],
    ["llm", "streamed reply", 14, [{ type: "text", text: "streamed reply" }], "v1", true, true],
  ]);
  const raw = [];
  for await (const m of run.messages) for await (const e of m) raw.push(e.event);
  assert.deepEqual(raw.slice(0, 5), ["message-start", "content-block-start", "content-block-delta", "content-block-finish", "message-finish"]);
  assert.deepEqual((await run.output).messages.map((m) => m.text), ["hi", "from b", "streamed reply", "second reply", "from inner2"]);
});

test("messagesFrom(node) keeps one node's; a subgraph's stream has its own nodes' messages", async () => {
  const run = await graph().streamEvents(input, { version: "v3" });
  const fromLlm = [];
  for await (const m of run.messagesFrom("llm")) fromLlm.push(await m.text);
  const subs = [];
  for await (const s of run.subgraphs) {
    const texts = [];
    for await (const m of s.messages) texts.push(`${m.node}: ${await m.text}`);
    subs.push(texts);
  }
  assert.deepEqual(fromLlm, ["streamed reply"]);
  // As LangGraph.js: the plain nodes b and llm show as subgraph entries too, with no messages of their own.
  assert.deepEqual(subs, [[], [], ["inner: second reply", "inner2: from inner2"]]);
});

test("a node's tool message is not streamed, a human's carries its role, as LangGraph.js's protocol handler does", async () => {
  const g = new StateGraph(MessagesAnnotation)
    .addNode("t", () => ({
      messages: [new ToolMessage({ content: "tool out", tool_call_id: "c1", id: "t1" }), new HumanMessage({ content: "human", id: "h1" }), new AIMessage({ content: "ai", id: "a1" })],
    }))
    .addEdge(START, "t")
    .compile();
  const run = await g.streamEvents({ messages: [] }, { version: "v3" });
  const starts = [];
  for await (const e of run) if (e.method === "messages" && e.params.data.event === "message-start") starts.push([e.params.data.id, e.params.data.role ?? "ai"]);
  const texts = [];
  for await (const m of run.messages) texts.push(await m.text);
  assert.deepEqual(starts, [["h1", "human"], ["a1", "ai"]]);
  assert.deepEqual(texts, ["human", "ai"]);
});

test("a message with no text awaits to empty text, no tool calls and no usage", async () => {
  const g = new StateGraph(MessagesAnnotation)
    .addNode("t", () => ({ messages: [new AIMessage({ content: [], id: "e1" })] }))
    .addEdge(START, "t")
    .compile();
  const run = await g.streamEvents({ messages: [] }, { version: "v3" });
  const seen = [];
  for await (const m of run.messages) seen.push([await m.text, await m.reasoning, await m.toolCalls, await m.usage, (await m.output).content]);
  assert.deepEqual(seen, [["", "", [], undefined, []]]);
});

test("a v3 run's messages leave out a Command's update, and a task() call's are under its own namespace, as LangGraph.js's protocol handler has them", async () => {
  const { Command, task } = S;
  const make = task("make", async (x) => new AIMessage({ content: `made ${x}`, id: `m${x}` }));
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", () => new Command({ update: { messages: [new AIMessage({ content: "via command", id: "c1" })] }, goto: "b" }), { ends: ["b"] })
    .addNode("b", async () => ({ messages: [await make(1), new AIMessage({ content: "plain", id: "p1" })] }))
    .addEdge(START, "a")
    .compile();
  const run = await g.streamEvents(input, { version: "v3" });
  const seen = [];
  for await (const m of run.messages) seen.push([m.node, await m.text]);
  assert.deepEqual(seen, [["b", "plain"]]);
  const starts = [];
  for await (const e of await g.streamEvents(input, { version: "v3" })) {
    if (e.method === "messages" && e.params.data.event === "message-start") starts.push([e.params.namespace.map((p) => p.split(":")[0]), e.params.node]);
  }
  assert.deepEqual(starts, [[["b", "make"], "make"], [["b"], "b"]]);
});
