// node --test: LangChain message instances (@langchain/core's HumanMessage,
// AIMessage...) in state and the "messages" stream mode, as LangGraph.js has
// them. The instances here have LangChain's shape without its package.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, ToolMessage, isAIMessageChunk } from "@langchain/core/messages";
import { ChatGenerationChunk } from "@langchain/core/outputs";
import * as S from "../../www/superstep/node.js";

const { StateGraph, MessagesAnnotation, START, MemorySaver } = S;

before(() => S.init());

/** Shaped like @langchain/core's AIMessage: lc_namespace, getType(), toDict(). */
class AIMessage {
  lc_namespace = ["langchain_core", "messages"];
  constructor(fields) {
    this.fields = typeof fields === "string" ? { content: fields } : fields;
    this.id = this.fields.id;
    this.content = this.fields.content;
  }
  getType() {
    return "ai";
  }
  toDict() {
    return { type: "ai", data: { ...this.fields } };
  }
}

async function collect(p) {
  const out = [];
  for await (const c of await p) out.push(c);
  return out;
}

function graph() {
  const inner = new StateGraph(MessagesAnnotation)
    .addNode("inner", () => ({ messages: [new AIMessage({ content: "from inner", id: "i1" })] }))
    .addEdge(START, "inner")
    .compile();
  return new StateGraph(MessagesAnnotation)
    .addNode("bot", () => ({ messages: [new AIMessage({ content: "hi", id: "m1" })] }))
    .addNode("sub", inner)
    .addNode("edit", () => ({ messages: [new AIMessage({ content: "hi again", id: "m1" }), new AIMessage("new")] }))
    .addEdge(START, "bot")
    .addEdge("bot", "sub")
    .addEdge("sub", "edit")
    .compile({ checkpointer: new MemorySaver() });
}

test("message instances are kept as plain messages", async () => {
  const out = await graph().invoke({ messages: [{ role: "user", content: "yo" }] }, { configurable: { thread_id: "plain" } });
  assert.deepEqual(
    out.messages.map(({ type, content }) => [type, content]),
    [["human", "yo"], ["ai", "hi again"], ["ai", "from inner"], ["ai", "new"]],
  );
  assert.equal(out.messages[1].id, "m1");
});

test("the messages mode streams the messages nodes return, with their task's metadata", async () => {
  const chunks = await collect(graph().stream({ messages: [{ role: "user", content: "yo" }] }, { configurable: { thread_id: "m" }, streamMode: ["messages", "updates"] }));
  const messages = chunks.filter(([mode]) => mode === "messages").map(([, pair]) => pair);
  // "hi again" edits m1, which the node's input already held: not streamed again.
  // As LangGraph.js: without subgraphs: true, the subgraph node streams its new messages when it ends.
  assert.deepEqual(messages.map(([m, meta]) => [m.content, meta.langgraph_node, meta.langgraph_step]), [["hi", "bot", 1], ["from inner", "sub", 2], ["new", "edit", 3]]);
  // As the class its node returned it as.
  assert.ok(messages[1][0] instanceof AIMessage);
  assert.match(messages[1][1].checkpoint_ns, /^sub:[^|]+$/);
  const [msg, meta] = messages[0];
  // Streamed as the node's own message class, as LangGraph.js streams it.
  assert.ok(msg instanceof AIMessage);
  assert.deepEqual([msg.getType(), msg.id, meta.name, meta.thread_id, meta.langgraph_path], ["ai", "m1", "bot", "m", ["__pregel_pull", "bot"]]);
  assert.match(meta.checkpoint_ns, /^bot:/);
  // Each message is streamed before its node's update.
  assert.deepEqual(chunks.map(([mode]) => mode).slice(0, 2), ["messages", "updates"]);
  // A message without an id gets one, the same in the stream and in state.
  const streamedId = messages[2][0].id;
  const last = chunks.filter(([mode]) => mode === "updates").at(-1)[1].edit.messages[1];
  assert.equal(last.id, streamedId);
});

test("a subgraph's messages carry its namespace with subgraphs: true", async () => {
  const chunks = await collect(graph().stream({ messages: [] }, { configurable: { thread_id: "ns" }, streamMode: "messages", subgraphs: true }));
  assert.deepEqual(chunks.map(([ns, m]) => [ns.map((n) => n.split(":")[0]), m[0].content]), [[[], "hi"], [["sub"], "from inner"], [[], "new"]]);
});

test("only messages in a node's input count as already sent, as LangGraph.js's handler counts them", async () => {
  const State = S.Annotation.Root({ ...MessagesAnnotation.spec, meta: S.Annotation() });
  const g = new StateGraph(State)
    .addNode("a", () => ({ messages: [new AIMessage({ content: "hi", id: "m1" })] }))
    .addEdge(START, "a")
    .compile();
  // `meta` has m1's id but is no message: m1 is new, and streams.
  const chunks = await collect(g.stream({ meta: { id: "m1", note: "not a message" } }, { streamMode: "messages" }));
  assert.deepEqual(chunks.map(([m]) => [m.id, m.content]), [["m1", "hi"]]);
});

test("without the messages mode nothing is streamed and ids are the reducer's", async () => {
  const chunks = await collect(graph().stream({ messages: [] }, { configurable: { thread_id: "u" }, streamMode: "updates" }));
  assert.equal(chunks.length, 3);
  assert.doesNotMatch(chunks[2].edit.messages[1].id ?? "", /^run-/);
});

test("pushMessage streams a message at once, writes it with the node's result, and streams it once", async () => {
  const { pushMessage, Command } = S;
  let attempts = 0;
  const g = new StateGraph(MessagesAnnotation)
    .addNode("talk", (s, config) => {
      attempts += 1;
      // A failed attempt's pushes are dropped with it: only the retry's count.
      pushMessage(new AIMessage({ content: `try ${attempts}`, id: `t${attempts}` }), config);
      if (attempts === 1) throw new Error("flaky");
      return { messages: [new AIMessage({ content: `try ${attempts}`, id: `t${attempts}` })] };
    }, { retryPolicy: { initialInterval: 1 } })
    .addNode("ask", async (s, config) => {
      await Promise.resolve();
      // After an await, through the node's config; paused, the push is not kept.
      pushMessage({ role: "assistant", content: `asking ${s.messages.length}`, id: `q${s.messages.length}` }, config);
      const answer = config.interrupt("ok?");
      return { messages: [["user", answer]] };
    })
    .addEdge(START, "talk")
    .addEdge("talk", "ask")
    .compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "push" } };
  const streamed = (chunks) => chunks.filter(([mode]) => mode === "messages").map(([, [m, meta]]) => `${meta.langgraph_node}:${m.content}`);
  const first = await collect(g.stream({ messages: [] }, { ...thread, streamMode: ["messages"] }));
  // The failed attempt's message went out before it failed, as a stream cannot take it back.
  assert.deepEqual(streamed(first), ["talk:try 1", "talk:try 2", "ask:asking 1"]);
  assert.deepEqual((await g.getState(thread)).values.messages.map((m) => m.content), ["try 2"]);
  const second = await collect(g.stream(new Command({ resume: "yes" }), { ...thread, streamMode: ["messages"] }));
  assert.deepEqual(streamed(second), ["ask:asking 1"]);
  const done = (await g.getState(thread)).values.messages;
  assert.deepEqual(done.map((m) => [m.type, m.content]), [["ai", "try 2"], ["ai", "asking 1"], ["human", "yes"]]);
  assert.throws(() => pushMessage({ role: "assistant", content: "x", id: "x" }), /inside a node/);
});

test("a message of a role LangChain does not know is an InvalidUpdateError, and the thread keeps its last state", async () => {
  const g = new StateGraph(MessagesAnnotation).addNode("n", (s) => ({ messages: [{ role: s.messages.length ? "wizard" : "user", content: "x" }] })).addEdge(START, "n").compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "roles" } };
  await g.invoke({ messages: [] }, t);
  await assert.rejects(g.invoke({ messages: [] }, t), (e) => e.name === "InvalidUpdateError" && /"wizard".*its type or role must be human \(user\)/.test(e.message));
  assert.deepEqual((await g.getState(t)).values.messages.map((m) => m.type), ["human"]);
});

test("the messages mode finds a node's messages in a Command's update, and a task() call's and an entrypoint's, as LangGraph.js's handler does", async () => {
  const { Command, task, entrypoint } = S;
  const make = task("make", async (x) => new AIMessage({ content: `made ${x}`, id: `m${x}` }));
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", () => new Command({ update: { messages: [new AIMessage({ content: "via command", id: "c1" })] }, goto: "b" }), { ends: ["b"] })
    .addNode("b", () => [new Command({ update: { messages: [new AIMessage({ content: "in list", id: "c2" })] } }), { messages: [new AIMessage({ content: "beside", id: "c3" })] }])
    .addNode("c", async () => ({ messages: [await make(1), new AIMessage({ content: "no id" }), new ToolMessage({ content: "tool", tool_call_id: "call_9" })] }))
    .addEdge(START, "a")
    .addEdge("b", "c")
    .compile();
  const chunks = await collect(g.stream({ messages: [] }, { streamMode: "messages" }));
  const shown = chunks.map(([m, meta]) => [m.content, meta.langgraph_node]);
  // The call's message streams as its own task's when it returns, and not again with its node's output.
  assert.deepEqual(shown, [["via command", "a"], ["in list", "b"], ["beside", "b"], ["made 1", "make"], ["no id", "c"], ["tool", "c"]]);
  const [, call] = chunks[3];
  assert.deepEqual([call.langgraph_triggers, call.langgraph_path], [["__pregel_push"], ["__pregel_push", ["__pregel_pull", "c"], 0, true]]);
  assert.match(call.checkpoint_ns, /^c:[^|]+\|make:[^|]+$/);
  // A message without an id gets its output's run id and place, as there.
  assert.match(chunks[4][0].id, /^run-[0-9a-f-]{36}-out-1$/);
  assert.match(chunks[5][0].id, /^run-[0-9a-f-]{36}-tool-call_9$/);
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (x) => ({ messages: [await make(x), new AIMessage({ content: "final", id: "f" })] }));
  const flow = await collect(wf.stream(2, { streamMode: "messages", configurable: { thread_id: "wf" } }));
  assert.deepEqual(flow.map(([m, meta]) => [m.content, meta.langgraph_node]), [["made 2", "make"], ["final", "wf"]]);
});

/** Streams its answer in two chunks, handing each to the callbacks as provider models do. */
class TwoChunks extends BaseChatModel {
  _llmType() {
    return "two-chunks";
  }
  async _generate() {
    throw new Error("streams only");
  }
  async *_streamResponseChunks(_messages, _options, runManager) {
    for (const text of ["hel", "lo"]) {
      const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

/** A graph whose one node, "talk", answers with `model` called with the node's config. */
const talking = (model) =>
  new StateGraph(MessagesAnnotation)
    .addNode("talk", async (s, config) => ({ messages: [await model.invoke(s.messages, config)] }))
    .addEdge(START, "talk")
    .compile();

test("a model's token chunks stream as the model's own chunk class, as in LangGraph.js", async () => {
  const g = talking(new TwoChunks({}));
  let joined;
  const ids = new Set();
  for await (const [chunk, meta] of await g.stream({ messages: [{ role: "user", content: "hi" }] }, { streamMode: "messages" })) {
    assert.ok(isAIMessageChunk(chunk), "an AIMessageChunk");
    assert.equal(meta.langgraph_node, "talk");
    assert.ok(!Object.keys(chunk).some((k) => k.startsWith("__superstep")), "no tag left on it");
    ids.add(chunk.id);
    joined = joined ? joined.concat(chunk) : chunk;
  }
  assert.equal(joined.content, "hello");
  assert.equal(ids.size, 1, "one id for the run's chunks");
});

test("a model in a subgraph streams its tokens only with subgraphs: true; without, its node's end streams the message once, as in LangGraph.js", async () => {
  const inner = talking(new TwoChunks({}));
  const g = new StateGraph(MessagesAnnotation)
    .addNode("ask", async (s, config) => ({ messages: (await inner.invoke(s, config)).messages.slice(s.messages.length) }))
    .addEdge(START, "ask")
    .compile();
  const shown = async (subgraphs) =>
    (await collect(g.stream({ messages: [{ role: "user", content: "hi" }] }, { streamMode: "messages", subgraphs }))).map((c) => {
      const [ns, [m, meta]] = subgraphs ? c : [[], c];
      return [ns.length, m.content, meta.langgraph_node, m.getType()];
    });
  // The subgraph's tokens are left out; the message the model made streams whole when "ask" ends.
  assert.deepEqual(await shown(false), [[0, "hello", "ask", "ai"]]);
  // With them, the tokens; "ask" returning the message they made does not send it again.
  assert.deepEqual(await shown(true), [[1, "hel", "talk", "ai"], [1, "lo", "talk", "ai"]]);
});

test("a model a task() call runs streams its tokens under the call's metadata, as LangGraph.js runs the call as its own task", async () => {
  const model = new TwoChunks({});
  const ask = S.task("ask", async (messages) => model.invoke(messages));
  const g = new StateGraph(MessagesAnnotation)
    .addNode("n", async (s) => ({ messages: [await ask(s.messages)] }))
    .addEdge(START, "n")
    .compile({ checkpointer: new MemorySaver() });
  const chunks = await collect(g.stream({ messages: [{ role: "user", content: "hi" }] }, { streamMode: "messages", configurable: { thread_id: "call" } }));
  // The tokens, and not the message again when the call or the node returns it.
  assert.deepEqual(chunks.map(([m, meta]) => [m.content, meta.langgraph_node, meta.langgraph_triggers, meta.tags]), [
    ["hel", "ask", ["__pregel_push"], ["seq:step:1"]],
    ["lo", "ask", ["__pregel_push"], ["seq:step:1"]],
  ]);
  assert.match(chunks[0][1].checkpoint_ns, /^n:[^|]+\|ask:[^|]+$/);
});

test("a model given a copy of the node's config, or its own tags and metadata, inherits the run's, as through LangGraph.js's callback manager", async () => {
  const model = new TwoChunks({});
  const configs = {
    copy: (config) => ({ ...config }),
    ownTags: (config) => ({ ...config, tags: ["mine"] }),
    ownMetadata: (config) => ({ ...config, metadata: { mine: 1 } }),
  };
  for (const [how, configFor] of Object.entries(configs)) {
    const g = new StateGraph(MessagesAnnotation)
      .addNode("talk", async (s, config) => ({ messages: [await model.invoke(s.messages, configFor(config))] }))
      .addEdge(START, "talk")
      .compile();
    const metas = [];
    for await (const [, meta] of await g.stream({ messages: [] }, { streamMode: "messages", tags: ["run"], metadata: { rm: 2 } })) metas.push(meta);
    assert.equal(metas.length, 2, how);
    const { tags, langgraph_node, rm, mine } = metas[0];
    assert.deepEqual({ tags, langgraph_node, rm, mine }, { tags: how === "ownTags" ? ["run", "mine"] : ["run"], langgraph_node: "talk", rm: 2, mine: how === "ownMetadata" ? 1 : undefined }, how);
  }
  // A message a node returns carries the run's tags after its step's.
  const g = new StateGraph(MessagesAnnotation).addNode("bot", () => ({ messages: [new AIMessage({ content: "hi", id: "b1" })] })).addEdge(START, "bot").compile();
  const [[, meta]] = await collect(g.stream({ messages: [] }, { streamMode: "messages", tags: ["run"] }));
  assert.deepEqual(meta.tags, ["graph:step:1", "run"]);
});

test("LangChain's checks know the plain messages in state: a router asking AIMessage.isInstance routes as in LangGraph.js", async () => {
  const LC = await import("@langchain/core/messages");
  const seen = [];
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("agent", (s) => {
      seen.push(s.messages.map((m) => m instanceof LC.HumanMessage));
      const call = [{ id: "c1", name: "look", args: {} }];
      return { messages: [s.messages.length > 1 ? new LC.AIMessage("done") : new LC.AIMessage({ content: "", tool_calls: call })] };
    })
    .addNode("tools", () => ({ messages: [new LC.ToolMessage({ content: "found", tool_call_id: "c1" })] }))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", (s) => (LC.AIMessage.isInstance(s.messages.at(-1)) && s.messages.at(-1).tool_calls?.length ? "tools" : "__end__"))
    .addEdge("tools", "agent")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "lc" } };
  const out = await graph.invoke({ messages: [{ role: "user", content: "hi" }] }, config);
  assert.deepEqual(out.messages.map((m) => m.type), ["human", "ai", "tool", "ai"]);
  assert.deepEqual(seen, [[true], [true, false, false]]);
  assert.deepEqual(out.messages.map((m) => [LC.AIMessage.isInstance(m), LC.ToolMessage.isInstance(m)]), [[false, false], [true, false], [false, true], [true, false]]);
  // Snapshots and streams hand out marked messages too.
  assert.ok((await graph.getState(config)).values.messages.every((m) => LC.BaseMessage.isInstance(m)));
  for await (const chunk of await graph.stream({ messages: ["again"] }, { ...config, streamMode: "values" })) {
    assert.ok(chunk.messages.every((m) => LC.BaseMessage.isInstance(m)));
  }
  assert.ok(LC.HumanMessage.isInstance(S.messagesStateReducer([], [{ role: "user", content: "x" }])[0]));
  // The read accessors of LangChain's messages, as LangGraph.js's quickstart prints a run.
  assert.deepEqual(out.messages.map((m) => `[${m.getType()}]: ${m.text}`), ["[human]: hi", "[ai]: ", "[tool]: found", "[ai]: done"]);
  const blocks = S.messagesStateReducer([], [{ type: "ai", content: [{ type: "text", text: "a" }, { type: "image_url", image_url: "u" }, { type: "text", text: "b" }] }]);
  assert.equal(blocks[0].text, "ab");
  // The mark is invisible to JSON and to keys: the message stays plain data.
  assert.deepEqual(Object.keys(out.messages[0]).sort(), ["content", "id", "type"]);
  assert.equal(JSON.stringify(out.messages[0]), JSON.stringify({ content: "hi", type: "human", id: out.messages[0].id }));
  // LangChain's older checks call `_getType()` (the LangGraph.js docs' routers use them), and a
  // provider reads `additional_kwargs` and `response_metadata`: empty where the message has none.
  assert.deepEqual(out.messages.map((m) => [LC.isAIMessage(m), LC.isSystemMessage(m), LC.isBaseMessage(m)]), [[false, false, true], [true, false, true], [false, false, true], [true, false, true]]);
  assert.deepEqual([out.messages[0].additional_kwargs, out.messages[0].response_metadata], [{}, {}]);
  assert.match(LC.getBufferString(out.messages), /^Human: hi\nAI: .*look.*\nTool: found\nAI: done$/);
});
