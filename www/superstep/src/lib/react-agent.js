// LangGraph.js's prebuilt `createReactAgent`: a model node ("agent") that calls a
// chat model with the messages, and a ToolNode ("tools") that runs the calls it
// asks for, until it asks for none. Plain JS on the public API. The chat model is
// the app's own (LangChain's or anything with `invoke`, and `bindTools` to be
// given the tools); a system prompt goes to it as a `{ role: "system" }` message.
import { Annotation, END, START, Send } from "./types.js";
import { StateGraph } from "./graph.js";
import { isMessageOf, messagesStateReducer } from "./messages.js";
import { ToolNode, isAi, isToolMessage, pendingToolCalls } from "./prebuilt.js";

const isTool = (t) => !!t && typeof t.invoke === "function";
const isSystem = (m) => isMessageOf(m, "system");

/** LangGraph.js's default agent state: the messages and a structured response. */
export const createReactAgentAnnotation = () =>
  Annotation.Root({ messages: Annotation({ reducer: messagesStateReducer, default: () => [] }), structuredResponse: Annotation });

/** What the model is given for a state: the prompt's way (none, a system text or message, a function, a runnable). */
function promptOf(prompt, stateModifier, messageModifier) {
  if ([prompt, stateModifier, messageModifier].filter((x) => x != null).length > 1) {
    throw new Error("Expected only one of prompt, stateModifier, or messageModifier, got multiple values");
  }
  if (messageModifier != null) {
    if (typeof messageModifier === "function") return (state) => messageModifier(state.messages);
    if (isTool(messageModifier)) return (state, config) => messageModifier.invoke(state.messages, config);
    if (!(typeof messageModifier === "string" || isSystem(messageModifier))) throw new Error(`Unexpected type for messageModifier: ${typeof messageModifier}`);
  }
  const p = stateModifier ?? messageModifier ?? prompt;
  if (p == null) return (state) => state.messages;
  if (typeof p === "string") return (state) => [{ role: "system", content: p }, ...(state.messages ?? [])];
  if (isSystem(p)) return (state) => [p, ...state.messages];
  if (typeof p === "function") return p;
  if (isTool(p)) return (state, config) => p.invoke(state, config);
  throw new Error(`Got unexpected type for 'prompt': ${typeof p}`);
}

/** The model with the tools bound, unless they are already (`model.bindTools(...)` handed in). */
function withTools(llm, tools) {
  const bound = Array.isArray(llm.kwargs?.tools) ? llm.kwargs.tools : Array.isArray(llm.config?.tools) ? llm.config.tools : null;
  if (bound) {
    if (bound.length !== tools.length) throw new Error("Number of tools in the model.bindTools() and tools passed to createReactAgent must match");
    return llm;
  }
  if (typeof llm.bindTools === "function") return llm.bindTools(tools);
  if (isTool(llm.bound) && typeof llm.bound.bindTools === "function") return llm.bound.bindTools(tools);
  throw new Error(`llm ${llm} must define bindTools method.`);
}

/** The messages the model reads: a pre-model hook's `llmInputMessages` if it left any. */
function modelInput({ messages, llmInputMessages, ...rest }) {
  return { messages: llmInputMessages?.length > 0 ? llmInputMessages : messages, ...rest };
}

/**
 * A compiled ReAct agent, as LangGraph.js's `createReactAgent`: `llm`, `tools`
 * (a list or a ToolNode), `prompt`, `stateSchema`, `checkpointer`, `interruptBefore`,
 * `interruptAfter`, `store`, `name`, `responseFormat`, `preModelHook`, `postModelHook`,
 * `version` ("v1": one tools step for all calls; "v2": one task per call).
 */
export function createReactAgent(params) {
  const { llm, tools, prompt, stateModifier, messageModifier, stateSchema, contextSchema, checkpointer, checkpointSaver } = params;
  const { interruptBefore, interruptAfter, store, name, responseFormat, preModelHook, postModelHook, version = "v1" } = params;
  const [toolList, toolNode] = Array.isArray(tools) ? [tools, new ToolNode(tools.filter(isTool))] : [tools.tools, tools];
  const promptFn = promptOf(prompt, stateModifier, messageModifier);
  let staticModel = null;
  const model = async (state, config) => (typeof llm === "function" ? llm(state, config) : (staticModel ??= await withTools(llm, toolList)));
  const returnDirect = new Set(toolList.filter((t) => isTool(t) && t.returnDirect).map((t) => t.name));

  const callModel = async (state, config) => {
    const input = await promptFn(modelInput(state), config);
    // LangGraph.js runs the model as the second step of prompt | model, and LangChain tags it so.
    const response = await (await model(state, config)).invoke(input, { ...config, tags: [...(config.tags ?? []), "seq:step:2"] });
    response.name = name;
    if (response.lc_kwargs) response.lc_kwargs.name = name;
    return { messages: [response] };
  };
  const structuredResponse = async (state, config) => {
    if (responseFormat == null) throw new Error("Attempted to generate structured output with no passed response schema.");
    // A model with tools bound (a RunnableBinding) structures with the model it wraps.
    const chat = typeof llm === "function" ? await llm(state, config) : isTool(llm.bound) ? llm.bound : llm;
    if (typeof chat.withStructuredOutput !== "function") throw new Error("Expected `llm` to be a ChatModel with .withStructuredOutput() method");
    const messages = [...state.messages];
    let structured;
    if (typeof responseFormat === "object" && "schema" in responseFormat) {
      const { prompt: instructions, schema, ...options } = responseFormat;
      structured = chat.withStructuredOutput(schema, options);
      if (instructions != null) messages.unshift({ role: "system", content: instructions });
    } else structured = chat.withStructuredOutput(responseFormat);
    const response = await structured.invoke(messages, config);
    if (response == null) throw new Error("Failed to parse structured response against the provided `responseFormat` schema");
    return { structuredResponse: response };
  };

  const toTools = (state, calls) => (version === "v2" ? calls.map((call) => new Send("tools", { ...state, lg_tool_call: call })) : "tools");
  const done = responseFormat != null ? "generate_structured_response" : END;
  const ends = (map) => Object.fromEntries(Object.entries(map).filter(([, v]) => v != null));
  const entry = preModelHook != null ? "pre_model_hook" : "agent";

  const graph = new StateGraph(stateSchema ?? createReactAgentAnnotation(), contextSchema).addNode("tools", toolNode);
  if (!("messages" in graph.channels)) throw new Error("Missing required `messages` key in state schema.");
  let input;
  if (preModelHook != null) {
    graph.addNode("pre_model_hook", preModelHook).addEdge("pre_model_hook", "agent");
    input = Annotation.Root({ ...graph.channels, llmInputMessages: Annotation({ reducer: (_, update) => messagesStateReducer([], update), default: () => [] }) });
  }
  graph.addNode("agent", callModel, { input }).addEdge(START, entry);
  const doneMap = { generate_structured_response: responseFormat != null ? "generate_structured_response" : null, [END]: responseFormat != null ? null : END };
  if (postModelHook != null) {
    graph.addNode("post_model_hook", postModelHook).addEdge("agent", "post_model_hook");
    const after = (state) => {
      const calls = pendingToolCalls(state.messages);
      if (calls.length > 0) return toTools(state, calls);
      return isToolMessage(state.messages.at(-1)) ? entry : done;
    };
    graph.addConditionalEdges("post_model_hook", after, ends({ tools: "tools", [entry]: entry, ...doneMap }));
  } else {
    const after = (state) => {
      const last = state.messages.at(-1);
      return isAi(last) && last.tool_calls?.length ? toTools(state, last.tool_calls) : done;
    };
    graph.addConditionalEdges("agent", after, ends({ tools: "tools", ...doneMap }));
  }
  if (responseFormat !== undefined) graph.addNode("generate_structured_response", structuredResponse).addEdge("generate_structured_response", END);
  if (returnDirect.size > 0) {
    const afterTools = (state) => {
      for (const m of state.messages.toReversed()) {
        if (!isToolMessage(m)) break;
        if (m.name !== undefined && returnDirect.has(m.name)) return END;
      }
      return entry;
    };
    graph.addConditionalEdges("tools", afterTools, ends({ [entry]: entry, [END]: END }));
  } else graph.addEdge("tools", entry);
  return graph.compile({ checkpointer: checkpointer ?? checkpointSaver, interruptBefore, interruptAfter, store, name });
}
