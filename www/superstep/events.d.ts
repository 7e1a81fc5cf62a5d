// The event streams of the superstep package: `streamEvents` v2's LangChain events, v3's run
// streams and stream transformers, the `tools` stream mode's events, and the graph callbacks
// (re-exported by index.d.ts).
import type { Interrupt } from "./errors.js";

/** One event of `streamEvents` v2, as LangChain streams it. */
export interface StreamEvent {
  event: string;
  name: string;
  run_id: string;
  tags: string[];
  metadata: Record<string, any>;
  data: { input?: any; output?: any; chunk?: any; [key: string]: any };
}

/** LangChain's `streamEvents` filters: by name, by runnable type (`chain`, `chat_model`, `tool`…), by tag. */
export interface EventFilters {
  includeNames?: string[];
  includeTypes?: string[];
  includeTags?: string[];
  excludeNames?: string[];
  excludeTypes?: string[];
  excludeTags?: string[];
}

/** A `tools` stream chunk: one step of a LangChain tool a node called with its config. */
export interface ToolStreamEvent {
  event: "on_tool_start" | "on_tool_event" | "on_tool_end" | "on_tool_error";
  name: string;
  /** The tool call's id, when the tool was called with a model's tool call. */
  toolCallId?: string;
  /** `on_tool_start`: the input, as LangChain gives it (a JSON string). */
  input?: string;
  /** `on_tool_event`: what the tool streamed. */
  data?: unknown;
  /** `on_tool_end`: the tool's result (a ToolMessage for a tool call). */
  output?: unknown;
  /** `on_tool_error`: the tool's error. */
  error?: Error;
}

/** One event of `streamEvents` v3. */
export interface ProtocolEvent {
  type: "event";
  seq: number;
  /** `custom:<name>`: an item of a transformer's remote `StreamChannel`. */
  method: "lifecycle" | "checkpoints" | "values" | "updates" | "tasks" | "custom" | "messages" | "tools" | `custom:${string}`;
  params: { namespace: string[]; timestamp: number; node?: string; data: any };
}

/**
 * LangGraph.js 1.7's stream transformer: `process` sees each event of a v3 run
 * before it is logged (returning false drops it from the log, not from the
 * projections), and what `init` returns is the run stream's `extensions`: a
 * remote `StreamChannel` there logs its items as `custom:<name>` events, and a
 * promise's value ends the log as a `custom` event `{ name, payload }`.
 */
export interface StreamTransformer<P = Record<string, any>> {
  init(): P;
  /** `push` adds an event of one's own (it is shown to every transformer). */
  onRegister?(emitter: { push(namespace: string[], event: { type?: "event"; method: string; params: ProtocolEvent["params"] }): void }): void;
  process(event: ProtocolEvent): boolean;
  /** After a run that did not fail; the log ends once a promise it returns settles. */
  finalize?(): void | Promise<unknown>;
  fail?(error: unknown): void;
}
export type StreamTransformerFactory = () => StreamTransformer<any>;

/** A transformer's output: items to iterate from any point (named: also logged as events). */
export class StreamChannel<T = unknown> implements AsyncIterable<T> {
  constructor(name?: string);
  static local<T = unknown>(): StreamChannel<T>;
  static remote<T = unknown>(name: string): StreamChannel<T>;
  static isInstance(value: unknown): value is StreamChannel<unknown>;
  readonly channelName: string | undefined;
  push(item: T): void;
  iterate(startAt?: number): { next(): Promise<IteratorResult<T>> };
  toAsyncIterable(startAt?: number): AsyncIterable<T>;
  /** The items as Server-Sent Events bytes. */
  toEventStream(options?: { startAt?: number; event?: string | null; serialize?: (item: T) => string }): ReadableStream<Uint8Array>;
  get(index: number): T;
  readonly size: number;
  readonly done: boolean;
  close(): void;
  fail(error: unknown): void;
  [Symbol.asyncIterator](): AsyncIterator<T>;
}

/** A run's events at one namespace, and its projections. */
export class GraphRunStream<S = Record<string, unknown>> implements AsyncIterable<ProtocolEvent> {
  readonly path: string[];
  /** What the run's stream transformers' `init()` returned (a subgraph's stream has none). */
  readonly extensions: Record<string, any>;
  [Symbol.asyncIterator](): AsyncIterator<ProtocolEvent>;
  /** The state after each superstep here; awaited, the last one. */
  readonly values: AsyncIterable<S> & PromiseLike<S>;
  /** The final state; rejects if the run fails. */
  readonly output: Promise<S>;
  readonly interrupted: boolean;
  readonly interrupts: { interruptId: string; payload: unknown }[];
  /** Streams of the subgraphs directly under this one, as they start. */
  readonly subgraphs: AsyncIterable<SubgraphRunStream>;
  readonly lifecycle: AsyncIterable<{ namespace: string[]; timestamp: number; event: "running" | "started" | "completed" | "failed"; graph_name: string; error?: string }>;
  /** One stream per message of the nodes directly under this namespace. */
  readonly messages: AsyncIterable<MessageStream>;
  /** `messages` of node `node` only. */
  messagesFrom(node: string): AsyncIterable<MessageStream>;
  abort(reason?: unknown): void;
  readonly signal: AbortSignal;
}

/** A protocol `messages` event's data: `message-start`, `content-block-start|delta|finish`, `usage`, `message-finish`. */
export interface MessageStreamEvent {
  event: string;
  [key: string]: unknown;
}

/** Iterable for its parts; awaited, the whole. */
export type Projection<T, W> = AsyncIterable<T> & PromiseLike<W>;

/**
 * One message's stream, shaped as LangChain's `ChatModelStream`. Awaiting it
 * gives `output` too; the type leaves that out, as TypeScript would then take
 * the streams `for await` yields for the messages they resolve to.
 */
export interface MessageStream extends AsyncIterable<MessageStreamEvent> {
  readonly namespace: string[];
  readonly node?: string;
  readonly text: Projection<string, string>;
  readonly reasoning: Projection<string, string>;
  readonly toolCalls: Projection<Record<string, unknown>, Record<string, unknown>[]>;
  readonly usage: Projection<Record<string, number>, Record<string, number> | undefined>;
  readonly output: Promise<PlainAIMessage>;
}

/** The whole message of a `MessageStream`: content blocks, as LangChain's v1 output. */
export interface PlainAIMessage {
  type: "ai";
  id?: string;
  content: Record<string, unknown>[];
  usage_metadata?: Record<string, number>;
  response_metadata: Record<string, unknown>;
}

export class SubgraphRunStream extends GraphRunStream {
  /** The node that runs the subgraph. */
  readonly name: string;
  readonly index: number;
}

/** Where a run stood when a graph callback heard of it. */
export type GraphLifecycleStatus = "pending" | "done" | "interrupt_before" | "interrupt_after" | "out_of_steps" | "draining";
/** A run (the root, or a subgraph at `checkpointNs`) continues from checkpoint `checkpointId`. */
export interface GraphResumeEvent {
  /** The chain run of the graph the event is about (a resumed subgraph's own). */
  readonly runId: string | undefined;
  readonly status: GraphLifecycleStatus;
  readonly checkpointId: string;
  readonly checkpointNs: readonly string[];
}
/** The root run paused: on `interrupt()` calls ("pending"), or at a breakpoint (no interrupts). */
export interface GraphInterruptEvent extends GraphResumeEvent {
  readonly interrupts: readonly Interrupt[];
}
export type GraphLifecycleEvent = GraphInterruptEvent | GraphResumeEvent;
/**
 * LangGraph.js 1.7's graph callbacks: extend it and pass an instance in a run's
 * `callbacks` (or `withConfig`'s). Its methods are awaited before the run goes
 * on; an error they throw is a warning, unless `raiseError` is set.
 */
export class GraphCallbackHandler {
  name: string;
  raiseError?: boolean;
  static isInstance(value: unknown): value is GraphCallbackHandler;
  handleInterrupt?(event: GraphInterruptEvent): void | Promise<void>;
  handleResume?(event: GraphResumeEvent): void | Promise<void>;
}
