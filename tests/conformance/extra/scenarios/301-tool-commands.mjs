// LangChain tools that return a Command, as LangGraph's multi-agent docs use them. A
// tool's Command passes through LangChain as it is (not as a ToolMessage's text): in a
// ToolNode it updates the graph's state and routes; from an agent (createReactAgent)
// added as a subgraph node, `graph: Command.PARENT` hands off to another agent.
// Message ids are left out.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
export const name = "tools returning Commands: state updates and agent handoffs";
export const features = ["command", "subgraphs", "messages"];
export const requires = ["createReactAgent", "ToolNode"];

/** A chat model that answers from a script, one message per call. */
class Scripted extends BaseChatModel {
  constructor(script) {
    super({});
    this.script = script;
    this.i = 0;
  }
  _llmType() {
    return "scripted";
  }
  bindTools() {
    return this;
  }
  async _generate() {
    const m = this.script[Math.min(this.i++, this.script.length - 1)];
    return { generations: [{ text: "", message: new AIMessage(m) }] };
  }
}

const typeOf = (m) => (typeof m._getType === "function" ? m._getType() : m.type);
const brief = (messages) => messages.map((m) => [typeOf(m), m.content, m.name ?? null, m.tool_call_id ?? null]);
const ns = (n) => n.map((p) => p.split(":")[0]).join("|");

export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, MessagesAnnotation, ToolNode, createReactAgent } = lib;
  const res = {};

  // A ToolNode whose tool updates state beside its message, and routes on.
  const S = Annotation.Root({ ...MessagesAnnotation.spec, user: Annotation(), done: Annotation() });
  const remember = tool(
    async ({ who }, config) =>
      new Command({
        update: { user: who, messages: [new ToolMessage({ content: `remembered ${who}`, tool_call_id: config.toolCall.id })] },
        goto: "finish",
      }),
    { name: "remember", schema: z.object({ who: z.string() }) },
  );
  const g = new StateGraph(S)
    .addNode("tools", new ToolNode([remember]), { ends: ["finish"] })
    .addNode("finish", (s) => ({ done: `bye ${s.user}` }))
    .addEdge(START, "tools")
    .addEdge("finish", END)
    .compile();
  const call = new AIMessage({ content: "", tool_calls: [{ name: "remember", args: { who: "ann" }, id: "t1" }] });
  const out = await g.invoke({ messages: [call] });
  res.toolNode = { messages: brief(out.messages), user: out.user, done: out.done };

  // Agents that hand off to each other with Command.PARENT.
  const handoff = (to) =>
    tool(
      async (_, config) =>
        new Command({
          goto: to,
          graph: Command.PARENT,
          update: { messages: [new ToolMessage({ content: `to ${to}`, name: `to_${to}`, tool_call_id: config.toolCall.id })], active: to },
        }),
      { name: `to_${to}`, schema: z.object({}) },
    );
  const alice = createReactAgent({ llm: new Scripted([{ content: "", tool_calls: [{ name: "to_bob", args: {}, id: "c1" }] }]), tools: [handoff("bob")], name: "alice" });
  const bob = createReactAgent({ llm: new Scripted([{ content: "bob here" }]), tools: [handoff("alice")], name: "bob" });
  const A = Annotation.Root({ ...MessagesAnnotation.spec, active: Annotation() });
  const team = new StateGraph(A)
    .addNode("alice", alice, { ends: ["bob"] })
    .addNode("bob", bob, { ends: ["alice"] })
    .addEdge(START, "alice")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "team" } };
  const chunks = [];
  for await (const [n, u] of await team.stream({ messages: [{ role: "user", content: "hi" }] }, { ...t, subgraphs: true })) chunks.push([ns(n), Object.keys(u)]);
  const st = await team.getState(t);
  res.handoff = { chunks, messages: brief(st.values.messages), active: st.values.active, next: st.next };
  return res;
}
