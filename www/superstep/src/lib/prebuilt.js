// LangGraph.js's prebuilt tool step: `ToolNode` runs the tool calls of the last
// AI message and answers each with a tool message; `toolsCondition` routes to
// "tools" while there are calls to run. A tool is anything with a `name` and
// `invoke(toolCall, config)`, LangChain's tools included. Messages are plain
// objects here (LangChain message instances are accepted too).
import { Command, END, isCommand, isGraphBubbleUp, isSend } from "./types.js";
import { isMessageOf, randomId } from "./messages.js";

export const isAi = (m) => isMessageOf(m, "ai");
export const isToolMessage = (m) => isMessageOf(m, "tool");
const lastMessage = (state) => (Array.isArray(state) ? state.at(-1) : state?.messages?.at(-1));

/** What a tool gets beside its call, as LangGraph.js's ToolNode gives it: the node's config fields, the state and the call's id. */
function runtimeOf(config, state, call) {
  const c = config ?? {};
  const writer = typeof c.writer === "function" ? c.writer.bind(c) : null;
  return { configurable: c.configurable, metadata: c.metadata, signal: c.signal, context: c.context, store: c.store ?? null, writer, interrupt: c.interrupt, state, toolCallId: call.id ?? "", config };
}

/** The tool calls of `ai` (the last AI message) that no tool message answers yet. */
export function pendingToolCalls(messages, ai = messages.findLast(isAi)) {
  const answered = new Set(messages.filter(isToolMessage).map((m) => m.tool_call_id));
  return ai?.tool_calls?.filter((c) => c.id == null || !answered.has(c.id)) ?? [];
}

/** "tools" when the last message asks for tool calls, else END. */
export function toolsCondition(state) {
  return (lastMessage(state)?.tool_calls?.length ?? 0) > 0 ? "tools" : END;
}

/** A node that runs the last AI message's tool calls (those not answered yet), in parallel. */
export class ToolNode {
  constructor(tools, { name = "tools", handleToolErrors = true } = {}) {
    this.tools = tools;
    this.name = name;
    this.handleToolErrors = handleToolErrors;
  }

  /** As a node: `{ messages: [toolMessage...] }` (a list for a list input), with tools' Commands beside it. */
  async invoke(input, config) {
    let outputs;
    if (input && typeof input === "object" && "lg_tool_call" in input) {
      // One call sent on its own: `new Send("tools", { ...state, lg_tool_call })`.
      const { lg_tool_call: call, ...state } = input;
      outputs = [await this.#run(call, config, state)];
    } else {
      const messages = Array.isArray(input) ? input : input?.messages;
      if (!Array.isArray(messages)) throw new Error("ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.");
      const ai = messages.findLast(isAi);
      if (!ai) throw new Error("ToolNode only accepts AIMessages as input.");
      outputs = await Promise.all(pendingToolCalls(messages, ai).map((c) => this.#run(c, config, input)));
    }
    const wrap = (o) => (Array.isArray(input) ? [o] : { messages: [o] });
    if (!outputs.some(isCommand)) return Array.isArray(input) ? outputs : { messages: outputs };
    // Tools' Commands go out as they are; Sends to the parent merge into one Command.
    const combined = [];
    let toParent = null;
    for (const o of outputs) {
      if (!isCommand(o)) combined.push(wrap(o));
      else if (o.graph === Command.PARENT && Array.isArray(o.goto) && o.goto.every(isSend)) {
        if (toParent) toParent.goto.push(...o.goto);
        else toParent = new Command({ graph: Command.PARENT, goto: [...o.goto] });
      } else combined.push(o);
    }
    if (toParent) combined.push(toParent);
    return combined;
  }

  async #run(call, config, state) {
    const tool = this.tools.find((t) => t.name === call.name);
    try {
      if (!tool) throw new Error(`Tool "${call.name}" not found.`);
      const output = await tool.invoke({ ...call, type: "tool_call" }, runtimeOf(config, state, call));
      if (isToolMessage(output) || isCommand(output)) return output;
      // An id of its own, as LangGraph.js's ToolMessage gets one when it enters the state (streamed updates show it).
      return { type: "tool", id: randomId(), status: "success", name: tool.name, content: typeof output === "string" ? output : JSON.stringify(output), tool_call_id: call.id };
    } catch (e) {
      if (!this.handleToolErrors || isGraphBubbleUp(e)) throw e;
      return { type: "tool", id: randomId(), status: "error", content: `Error: ${e.message}\n Please fix your mistakes.`, name: call.name, tool_call_id: call.id ?? "" };
    }
  }
}
