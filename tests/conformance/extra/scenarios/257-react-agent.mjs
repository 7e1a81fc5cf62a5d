// The prebuilt ReAct agent, `createReactAgent({ llm, tools, ... })`: a model node
// ("agent") and a ToolNode ("tools") in a loop until the model asks for no tool. The
// model here is a scripted LangChain chat model (it answers from the conversation, so
// both engines get the same replies), the tools LangChain `tool()`s. Covered: the
// tools bound to the model, a system prompt (text or function), the v2 one-task-per-call
// step, a `returnDirect` tool, a breakpoint before the tools with a checkpointer, a
// pre-model hook's `llmInputMessages`, a post-model hook, an agent `name` and a
// `responseFormat`. What the model saw and every update are compared, ids left out.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
export const name = "prebuilt createReactAgent";
export const features = ["messages", "send", "interrupts"];
export const requires = ["createReactAgent"];

const typeOf = (m) => (typeof m._getType === "function" ? m._getType() : typeof m.getType === "function" ? m.getType() : m.type);
const norm = (m) => [typeOf(m), m.content, (m.tool_calls ?? []).map((c) => [c.name, c.args, c.id]), m.name ?? null, m.tool_call_id ?? null];
const normList = (v) => (Array.isArray(v) ? v.map(norm) : v);
const normUpdates = (chunk) =>
  Object.fromEntries(
    Object.entries(chunk).map(([node, u]) => [node, u && typeof u === "object" && !Array.isArray(u) ? { ...u, messages: normList(u.messages), llmInputMessages: normList(u.llmInputMessages) } : u]),
  );

/** Replies from the conversation: a question gets tool calls, tool answers get a summary. */
class ScriptedModel extends BaseChatModel {
  constructor(calls, log) {
    super({});
    this.calls = calls;
    this.log = log;
    this.boundTools = [];
  }
  _llmType() {
    return "scripted";
  }
  bindTools(tools) {
    this.boundTools = tools.map((t) => t.name);
    return this;
  }
  withStructuredOutput(schema) {
    return { invoke: async (messages) => ({ answer: messages.at(-1).content, keys: Object.keys(schema.shape ?? {}) }) };
  }
  async _generate(messages) {
    this.log.push(messages.map((m) => [m._getType(), m.content]));
    const last = messages.at(-1);
    const toolAnswers = [];
    for (const m of messages.toReversed()) {
      if (m._getType() !== "tool") break;
      toolAnswers.unshift(m.content);
    }
    const round = messages.filter((m) => m._getType() === "ai").length;
    const message =
      last._getType() === "tool" || round >= this.calls.length
        ? new AIMessage({ content: `done: ${toolAnswers.join(", ")}` })
        : new AIMessage({ content: "", tool_calls: this.calls[round].map((c, i) => ({ ...c, id: `call_${round}_${i}`, type: "tool_call" })) });
    return { generations: [{ text: String(message.content), message }] };
  }
}

export async function run(lib) {
  const { createReactAgent, MemorySaver } = lib;
  const add = tool(async ({ a, b }) => String(a + b), { name: "add", description: "Adds.", schema: z.object({ a: z.number(), b: z.number() }) });
  const shout = tool(async ({ text }) => text.toUpperCase(), { name: "shout", description: "Shouts.", schema: z.object({ text: z.string() }) });
  const lookup = tool(async ({ q }) => `found ${q}`, { name: "lookup", description: "Looks up.", schema: z.object({ q: z.string() }), returnDirect: true });
  const question = { messages: [{ role: "user", content: "add 2 and 3, then shout hi" }] };
  const twoRounds = [[{ name: "add", args: { a: 2, b: 3 } }], [{ name: "shout", args: { text: "hi" } }]];
  const parallel = [[{ name: "add", args: { a: 1, b: 1 } }, { name: "shout", args: { text: "yo" } }]];

  const out = {};
  const trial = async (label, calls, params, config, input = question) => {
    const log = [];
    const llm = new ScriptedModel(calls, log);
    const agent = createReactAgent({ llm, tools: [add, shout, lookup], ...params });
    const updates = [];
    for await (const chunk of await agent.stream(input, { streamMode: "updates", ...config })) updates.push(normUpdates(chunk));
    out[label] = { bound: llm.boundTools, seen: log, updates };
    return { agent, llm, log };
  };

  await trial("basic", twoRounds, {});
  await trial("prompt", parallel, { prompt: "Be brief." });
  await trial("promptFn", parallel, { prompt: (state) => [{ role: "system", content: `n=${state.messages.length}` }, ...state.messages] });
  await trial("v2", parallel, { version: "v2" });
  await trial("returnDirect", [[{ name: "lookup", args: { q: "x" } }]], {});
  await trial("named", parallel, { name: "helper" });
  await trial("preHook", twoRounds, { preModelHook: (state) => ({ llmInputMessages: state.messages.slice(-1) }) });
  await trial("postHook", twoRounds, { postModelHook: (state) => ({ messages: [] }) });
  await trial("structured", parallel, { responseFormat: z.object({ answer: z.string() }) });

  const config = { configurable: { thread_id: "agent" } };
  const paused = await trial("breakpoint", parallel, { checkpointer: new MemorySaver(), interruptBefore: ["tools"] }, config);
  const state = await paused.agent.getState(config);
  const resumed = await paused.agent.invoke(null, config);
  out.breakpoint.next = state.next;
  out.breakpoint.resumed = resumed.messages.map(norm);
  out.breakpoint.seenAfter = paused.log.length;
  return out;
}
