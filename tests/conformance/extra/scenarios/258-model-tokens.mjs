// The "messages" stream mode with a chat model: a LangChain model a node calls
// with its config streams its tokens, chunk by chunk, each with the model run's
// metadata (the task's, and the model's own `ls_*` fields); a model that cannot
// stream sends its whole message once; a model tagged "nostream" sends nothing,
// and the message the node returns streams instead; a returned message already
// streamed is not sent again. Also a subgraph's model (with `subgraphs: true`), and
// createReactAgent's; and streamEvents v3's message events for the same, which LangChain
// builds itself there (content blocks, finish reason).
// Ids (run ids) and task ids in namespaces are left out; chunks keep their order.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
export const name = "chat-model tokens in the messages stream";
export const features = ["messages", "streaming", "subgraphs"];
export const requires = ["createReactAgent"];

const typeOf = (m) => (typeof m._getType === "function" ? m._getType() : m.type);
const taskless = (ns) => (typeof ns === "string" ? ns.split("|").map((p) => p.split(":")[0]).join("|") : ns);

/** A message chunk and its metadata; ids as the order they first appear in. */
function normalizer() {
  const ids = [];
  const idOf = (id) => (typeof id !== "string" ? typeof id : (ids.includes(id) || ids.push(id), `#${ids.indexOf(id)}`));
  return ([m, meta]) => {
    const md = Object.fromEntries(Object.keys(meta).sort().map((k) => [k, /checkpoint_ns$/.test(k) ? taskless(meta[k]) : meta[k]]));
    return [typeOf(m), m.content, idOf(m.id), (m.tool_calls ?? []).map((c) => c.name), md];
  };
}

/** Answers at once (it cannot stream): tool calls for a question, a summary after tool answers. */
class Scripted extends BaseChatModel {
  _llmType() {
    return "scripted";
  }
  bindTools() {
    return this;
  }
  async _generate(messages) {
    const last = messages.at(-1);
    const message =
      last._getType() === "tool"
        ? new AIMessage({ content: `sum is ${last.content}` })
        : new AIMessage({ content: "", tool_calls: [{ name: "add", args: { a: 2, b: 3 }, id: "call_1", type: "tool_call" }] });
    return { generations: [{ text: String(message.content), message }] };
  }
}

export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, MemorySaver, createReactAgent } = lib;
  const out = {};
  const collect = async (label, graph, input, config = {}) => {
    const norm = normalizer();
    const chunks = [];
    for await (const chunk of await graph.stream(input, { streamMode: "messages", ...config })) {
      chunks.push(config.subgraphs ? [chunk[0].map(taskless), norm(chunk[1])] : norm(chunk));
    }
    out[label] = chunks;
  };
  const question = { messages: [{ role: "user", content: "hi", id: "h1" }] };

  const streaming = new FakeListChatModel({ responses: ["hey you", "second answer"] });
  const scripted = new Scripted({});
  const quiet = new FakeListChatModel({ responses: ["quiet one"] }).withConfig({ tags: ["nostream"] });
  const g = new StateGraph(MessagesAnnotation)
    .addNode("talk", async (s, config) => ({ messages: [await streaming.invoke(s.messages, config)] }))
    .addNode("whole", async (s, config) => ({ messages: [await scripted.invoke(s.messages, config)] }))
    .addNode("hushed", async (s, config) => ({ messages: [await quiet.invoke(s.messages, config)] }))
    .addEdge(START, "talk")
    .addEdge("talk", "whole")
    .addEdge("whole", "hushed")
    .compile({ checkpointer: new MemorySaver() });
  await collect("nodes", g, question, { configurable: { thread_id: "m" } });

  // A model called without the node's config finds it all the same (in Node).
  const implicit = new FakeListChatModel({ responses: ["no config"] });
  const bare = new StateGraph(MessagesAnnotation).addNode("bare", async (s) => ({ messages: [await implicit.invoke(s.messages)] })).addEdge(START, "bare").compile();
  await collect("implicitConfig", bare, question);

  const child = new StateGraph(MessagesAnnotation)
    .addNode("inner", async (s, config) => ({ messages: [await new FakeListChatModel({ responses: ["deep"] }).invoke(s.messages, config)] }))
    .addEdge(START, "inner")
    .compile();
  const parent = new StateGraph(MessagesAnnotation).addNode("sub", child).addEdge(START, "sub").compile();
  // Only with `subgraphs: true`: without it the subgraph node's new messages stream whole,
  // under the parent's node (scenario 298).
  await collect("subgraphTuples", parent, question, { subgraphs: true });

  // The same through streamEvents v3: a streamed message is one lifecycle of text deltas.
  const events = [];
  const run = await g.streamEvents({ messages: [{ role: "user", content: "again", id: "h2" }] }, { version: "v3", configurable: { thread_id: "ev" } });
  for await (const e of run) {
    if (e.method === "updates") events.push(["updates", e.params.node ?? null]);
    if (e.method !== "messages") continue;
    const { event, delta, content, reason, index, responseMetadata, usage } = e.params.data;
    const keys = (o) => (o ? Object.keys(o).sort() : null);
    events.push([event, e.params.node ?? null, index ?? null, delta?.text ?? content?.text ?? null, reason ?? null, keys(responseMetadata), keys(usage)]);
  }
  out.events = events;

  const add = tool(async ({ a, b }) => String(a + b), { name: "add", description: "Adds.", schema: z.object({ a: z.number(), b: z.number() }) });
  await collect("agent", createReactAgent({ llm: new Scripted({}), tools: [add] }), question);
  return out;
}
