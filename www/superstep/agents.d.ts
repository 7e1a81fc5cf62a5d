// LangGraph.js's prebuilt agent parts (also from `superstep/prebuilt`): the tool step and the ReAct agent.
import type { END, NodeConfig, BaseStore, Message, MessageLike, RunnableLike, AnnotationRoot, StateSchema, Checkpointer, CheckpointSaverLike, CompiledStateGraph, Channel } from "./index.js";

/** A tool call of an AI message. */
export interface ToolCall {
  name: string;
  args: Record<string, any>;
  id?: string;
  type?: "tool_call";
}
/** Anything with a name that can be invoked with a tool call: LangChain's tools, or `{ name, invoke }`. */
export interface ToolLike {
  name: string;
  invoke(call: ToolCall, runtime: { state: unknown; toolCallId: string; config: NodeConfig; configurable?: Record<string, any>; store?: BaseStore | null; writer?: ((chunk: unknown) => void) | null; signal?: AbortSignal }): unknown;
}
/**
 * LangGraph.js's tool step: runs the last AI message's unanswered tool calls in parallel and
 * answers each with a tool message (a failure as an error message unless `handleToolErrors: false`).
 */
export class ToolNode {
  constructor(tools: ToolLike[], options?: { name?: string; handleToolErrors?: boolean });
  readonly tools: ToolLike[];
  invoke(input: { messages: unknown[] } | unknown[], config?: NodeConfig): Promise<unknown>;
}
/** "tools" while the last message has tool calls, else END. */
export function toolsCondition(state: { messages: unknown[] } | unknown[]): "tools" | typeof END;

/** A chat model as the agent uses it: LangChain's, or anything alike. */
export interface ChatModelLike {
  invoke(messages: any, config?: any): Promise<any>;
  bindTools?(tools: any[], kwargs?: any): any;
  withStructuredOutput?(schema: any, options?: any): { invoke(messages: any, config?: any): Promise<unknown> };
}
export type AgentState = { messages: Message[]; structuredResponse?: unknown };
/** LangGraph.js's `createReactAgent` options. */
export interface CreateReactAgentParams {
  llm: ChatModelLike | ((state: AgentState, config: NodeConfig) => ChatModelLike | Promise<ChatModelLike>);
  tools: ToolLike[] | ToolNode;
  /** A system text or message, or what the model reads: `(state, config) => messages`, or a runnable. */
  prompt?: string | MessageLike | ((state: AgentState, config: NodeConfig) => unknown[] | Promise<unknown[]>) | { invoke(state: AgentState, config?: NodeConfig): unknown };
  stateModifier?: CreateReactAgentParams["prompt"];
  messageModifier?: string | MessageLike | ((messages: Message[]) => unknown[] | Promise<unknown[]>);
  stateSchema?: AnnotationRoot<any> | StateSchema<any>;
  checkpointer?: Checkpointer | CheckpointSaverLike | boolean;
  checkpointSaver?: Checkpointer | CheckpointSaverLike;
  interruptBefore?: ("agent" | "tools" | string)[];
  interruptAfter?: ("agent" | "tools" | string)[];
  store?: BaseStore;
  /** The agent's name: its AI messages carry it, and it names the compiled graph. */
  name?: string;
  /** A schema (or `{ schema, prompt }`) for `structuredResponse`, made by the model's `withStructuredOutput` at the end. */
  responseFormat?: unknown;
  /** A node before the model; `llmInputMessages` it returns are what the model reads instead of `messages`. */
  preModelHook?: RunnableLike<any>;
  postModelHook?: RunnableLike<any>;
  /** "v1": one tools step runs every call; "v2": one task per call. */
  version?: "v1" | "v2";
}
/** A compiled ReAct agent: "agent" calls the model, "tools" runs its tool calls, until it asks for none. */
export function createReactAgent(params: CreateReactAgentParams): CompiledStateGraph<AgentState & Record<string, any>, Record<string, any>>;
export function createReactAgentAnnotation(): AnnotationRoot<{ messages: Channel<Message[], MessageLike | MessageLike[]>; structuredResponse: Channel<unknown, unknown> }>;
