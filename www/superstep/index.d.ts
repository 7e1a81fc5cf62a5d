// Types of the superstep package: a LangGraph.js-shaped API over a wasm engine.

/** Loads the engine once (browsers: before building a graph). Importing the Node entry loads it already; there this is a no-op. */
export function init(source?: BufferSource | Response | URL | string | WebAssembly.Module): Promise<unknown>;
/** The engine's version string. */
export function engineVersion(): string;

export const START: "__start__";
export const END: "__end__";
/** The key under which `invoke` returns pending interrupts. */
export const INTERRUPT: "__interrupt__";

/** Plain JSON data: what state values must be. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** LangGraph.js's run control: `requestDrain` stops the run at its next superstep boundary with a `GraphDrained`. */
export class RunControl {
  requestDrain(reason?: string): void;
  readonly drainRequested: boolean;
  readonly drainReason: string | undefined;
}

export interface RunnableConfig {
  configurable?: { thread_id?: string; checkpoint_id?: string; checkpoint_ns?: string; [key: string]: unknown };
  recursionLimit?: number;
  context?: unknown;
  interruptBefore?: string[] | "*";
  interruptAfter?: string[] | "*";
  /** Cancels the run: it stops at once (rejecting with the signal's reason) and keeps what it committed. */
  signal?: AbortSignal;
  /** ms for the whole run, as LangChain's: past it the run is cancelled with a `TimeoutError`. */
  timeout?: number;
  /** A store for this run, in place of the graph's. */
  store?: BaseStore;
  metadata?: Record<string, unknown>;
  /** The run's tags, as LangChain's: `streamEvents` v2 reports them, and what nodes call inherits them there. */
  tags?: string[];
  /**
   * LangChain callbacks (handlers, or a callback manager): they hear of the graph's run and each
   * node task's run under it, and what a node calls with its config reports to them, as with LangGraph.js.
   */
  callbacks?: unknown;
  /** At most this many of a superstep's tasks run at once (subgraphs inherit it); for `batch`, also how many runs at once. */
  maxConcurrency?: number;
  /** Asks the run to stop at its next superstep boundary (`control.requestDrain(reason)`); every run has one, `config.control` in its nodes. */
  control?: RunControl;
  /** LangGraph's durability: "exit" stores only the checkpoint the run ends on (faster; a run that never ends leaves the thread as it was). Default "sync": every superstep. */
  durability?: "sync" | "async" | "exit";
  /** @deprecated LangGraph.js's older name: `false` is `durability: "exit"`, `true` is "async". Not beside `durability`. */
  checkpointDuring?: boolean;
  /**
   * The state keys this run's values, updates and output show (default: every key
   * streamed, the output schema's returned); a superstep that writes none of them
   * streams no values chunk. A single key as a string shows its value alone.
   */
  outputKeys?: string | string[];
}

export type StreamMode = "values" | "updates" | "debug" | "tasks" | "checkpoints" | "custom" | "messages" | "tools";

export interface StreamConfig extends RunnableConfig {
  streamMode?: StreamMode | StreamMode[];
  subgraphs?: boolean;
  /** `stream` only: the chunks as Server-Sent Events bytes (`event: mode[|ns]`, `data: json`), for `new Response(stream)`. */
  encoding?: "text/event-stream";
}

/**
 * What `stream` returns, as in LangGraph.js: a ReadableStream (read it with a
 * reader, answer with `new Response(stream)`) to iterate with `for await`.
 * `cancel()`, or leaving the loop early, stops the run: its signal aborts.
 */
export interface IterableReadableStream<T> extends ReadableStream<T> {
  [Symbol.asyncIterator](): AsyncIterableIterator<T>;
  next(): Promise<IteratorResult<T>>;
  return(): Promise<IteratorResult<T>>;
  cancel(reason?: unknown): Promise<void>;
}

/** What a node receives besides its state. */
export interface NodeConfig<C = any> {
  /**
   * The run's configurable, with this task's `checkpoint_ns` and `checkpoint_map` (the checkpoint
   * each enclosing graph's superstep runs from, and its own graph's, by namespace; `""` is the root).
   * A copy of the config (spread) still names the task while it runs.
   */
  configurable: Record<string, unknown> & { checkpoint_ns: string; checkpoint_map: Record<string, string> };
  /** The run's `context`, as given. */
  context: C;
  metadata: {
    ls_integration: "langgraph";
    /** The run's thread, where it has one. */
    thread_id?: string;
    langgraph_step: number;
    langgraph_node: string;
    langgraph_triggers: string[];
    langgraph_path: string[];
    langgraph_checkpoint_ns: string;
    checkpoint_ns: string;
    /** The invoke config's own metadata keys. */
    [key: string]: unknown;
  };
  remainingSteps: number;
  /** The invoke config's tags. */
  tags: string[];
  /** The run's recursion limit: a graph invoked in the node runs under it unless the call sets its own. */
  recursionLimit: number;
  /** The node's name, as LangGraph.js names the node's run; undefined where callbacks run. */
  runName?: string;
  /** The run's LangChain callbacks, under the task's run (and the messages stream's handler, while it streams). */
  callbacks?: any;
  /** Where and how the task runs (LangGraph's `execution_info`); `nodeAttempt` counts from 1 across retries. */
  executionInfo: {
    checkpointId: string;
    checkpointNs: string;
    taskId: string;
    threadId?: string;
    runId?: string;
    nodeAttempt: number;
    /** When the first attempt began, in ms since the epoch. */
    nodeFirstAttemptTime: number;
  };
  /**
   * Aborts when the run's own signal does, or when the run stops waiting for this node
   * (a sibling failed, the run was cancelled); under a `timeout`, a timeout aborts it too.
   */
  signal: AbortSignal;
  /** `interrupt()` that keeps working after an `await`. */
  interrupt<I = unknown, R = any>(value: I, options?: InterruptOptions): R;
  /** Emits a `custom` stream event (dropped once the attempt has timed out). */
  writer(value: unknown): void;
  /** Progress, for the node's `idleTimeout`; a no-op without one. */
  heartbeat(): void;
  /** The run's long-term memory store (the invoke config's, else `compile({ store })`'s). */
  store?: BaseStore;
  /** The run's control: `control.requestDrain(reason)` stops the run at its next superstep boundary. */
  control: RunControl;
}

/**
 * LangGraph.js's name for what a node gets as its second argument, typed as there:
 * each field optional (a node's config has them all; see `NodeConfig`).
 */
export type LangGraphRunnableConfig<C = Record<string, any>> = Partial<Omit<NodeConfig<C>, "configurable">> & { configurable?: Record<string, any> };

// ---------------------------------------------------------------- values
export class Send<A = unknown> {
  /** `options.timeout`: the task's own timeout (milliseconds or a policy), in place of the node's, as in LangGraph.js. */
  constructor(node: string, args: A, options?: { timeout?: TimeoutPolicy });
  readonly lg_name: "Send";
  node: string;
  args: A;
  timeout?: { runTimeout?: number; idleTimeout?: number; refreshOn: "auto" | "heartbeat" };
}

export interface CommandParams<U = Record<string, unknown>> {
  update?: U | [string, unknown][];
  goto?: string | Send | (string | Send)[];
  resume?: unknown;
  graph?: string;
}

export class Command<U = Record<string, unknown>> {
  static readonly PARENT: "__parent__";
  constructor(params?: CommandParams<U>);
  readonly lg_name: "Command";
  update?: U | [string, unknown][];
  /** Always a list, as in LangGraph.js (a single goto becomes a list of one). */
  goto: (string | Send)[];
  resume?: unknown;
  graph?: string;
}

/** Replaces a channel's value instead of reducing into it. */
export class Overwrite<T = unknown> {
  constructor(value: T);
  readonly lg_name: "Overwrite";
  /** Where the value is kept, as in LangGraph.js (and its JSON). */
  __overwrite__: T;
  readonly value: T;
}

/** Pauses the run and asks for a value; returns it once resumed. */
/** `responseSchema`: the answer expected (a zod schema, which also parses the answer, or JSON Schema), carried by the interrupt as `response_schema`. */
export interface InterruptOptions {
  responseSchema?: unknown;
}
/** As LangGraph.js: `I` types the value shown, `R` the resume value returned. */
export function interrupt<I = unknown, R = any>(value: I, options?: InterruptOptions): R;
/**
 * Side work of the node that calls it: the result is kept with the node's task,
 * so a node run again after pausing or failing gets it back without calling `fn`.
 * `retry` tries a failed call again (the node does not run again); `timeout`
 * fails a slow call with a `NodeTimeoutError`.
 */
export function task<A extends unknown[], R>(
  options: string | { name: string; retry?: RetryPolicy; timeout?: TimeoutPolicy; cachePolicy?: { keyFunc?: (args: unknown[]) => string; ttl?: number } | boolean },
  fn: (...args: A) => R | Promise<R>,
): (...args: A) => Promise<R>;
/**
 * The running node's config (undefined outside a node; in browsers, only before its first `await`).
 * In Node, inside a LangChain runnable (a tool, a model) the node called, that runnable's, as in LangGraph.js.
 */
export function getConfig(): NodeConfig | undefined;
/** The state the running task was given; pass the node's `config` after an `await` in browsers. */
export function getCurrentTaskInput<S = Record<string, unknown>>(config?: NodeConfig): S;
/** The running node's `custom` stream writer. */
export function getWriter(config?: NodeConfig): (value: unknown) => void;
/**
 * Streams `message` on the "messages" mode at once and writes it to
 * `stateKey` ("messages" unless told; `null` only streams it) with the
 * node's result; returns it as a plain message. It needs an `id`. Pass the
 * node's config as `options` after an `await` in a browser.
 */
export function pushMessage(message: unknown, options?: Partial<NodeConfig> & { stateKey?: string | null }): { type: string; content: unknown; id: string; [key: string]: unknown };
/** The running node's store (`config.store`); undefined without one. */
export function getStore(config?: NodeConfig): BaseStore | undefined;
/** Emits a `custom` stream event from the running node. */
export function writer(value: unknown): void;
export function isCommand(value: unknown): value is Command;
/** Whether an `invoke` result holds interrupts (the run paused). */
export function isInterrupted<V = unknown>(values: unknown): values is { __interrupt__: Interrupt<V>[] };

// ---------------------------------------------------------------- errors (errors.d.ts)
export * from "./errors.js";
import type { BaseLangGraphError, ErrorHandler, GraphValueError, Interrupt, NodeTimeoutError, ThreadLockedError } from "./errors.js";
// ---------------------------------------------------------------- event streams (events.d.ts)
export * from "./events.js";
import type { StreamEvent, EventFilters, StreamTransformerFactory, GraphRunStream } from "./events.js";
// ---------------------------------------------------------------- checkpointers, cache, store (persistence.d.ts)
export * from "./persistence.js";
import type { Checkpointer, CheckpointSaverLike, InMemoryCache, BaseStore } from "./persistence.js";
// ---------------------------------------------------------------- schema
export * from "./channels.js";
export * from "./aliases.js";
import type { StateGraphArgs, ExtractStateType, ExtractUpdateType } from "./aliases.js";
import type { ToolCall } from "./agents.js";
import type { BaseChannel } from "./channels.js";
export type Reducer<V, U = V> = (left: V, right: U) => V;

export interface Channel<V = unknown, U = V> {
  reducer?: Reducer<V, U>;
  default?: () => V;
}

/** `Annotation<T>()` keeps the last value; `Annotation({ reducer, default })` reduces. */
export function Annotation<V>(): Channel<V>;
export function Annotation<V, U = V>(spec: { reducer: Reducer<V, U>; default?: () => V }): Channel<V, U>;
export namespace Annotation {
  function Root<S extends Record<string, Channel<any, any> | BaseChannel<any, any> | typeof Annotation>>(spec: S): AnnotationRoot<S>;
}

/** A spec entry's channel: `Annotation<T>()`, or `Annotation<T>` left uncalled (as LangGraph.js allows). */
type ChannelOf<C> = C extends (...args: any[]) => infer R ? R : C;

export interface AnnotationRoot<S> {
  lc_graph_name: "AnnotationRoot";
  spec: S;
  /** The state's type: `typeof MyState.State`. */
  State: { [K in keyof S]: ChannelOf<S[K]> extends BaseChannel<infer V, any> ? V : ChannelOf<S[K]> extends Channel<infer V, any> ? V : unknown };
  Update: { [K in keyof S]?: ChannelOf<S[K]> extends BaseChannel<infer V, infer U> ? U | Overwrite<V> : ChannelOf<S[K]> extends Channel<infer V, infer U> ? U | Overwrite<V> : unknown };
}

/** A message's type, as LangChain's messages name it. */
export type MessageType = "human" | "ai" | "generic" | "developer" | "system" | "function" | "tool" | "remove";
/** A chat message in state (a type, not an interface: LangChain takes it as its own message fields). */
export type Message = {
  type: MessageType;
  /** Text, or content blocks. */
  content: string | any[];
  id: string;
  /** The text of `content`, as LangChain's messages have it (not enumerable, as LangChain's message mark). */
  readonly text: string;
  /** `type`, as LangChain's messages have it. */
  getType(): MessageType;
  name?: string;
  /** An AI message's tool calls. */
  tool_calls?: ToolCall[];
  invalid_tool_calls?: unknown[];
  /** A tool message's call. */
  tool_call_id?: string;
  status?: string;
  artifact?: unknown;
  additional_kwargs?: Record<string, unknown>;
  response_metadata?: Record<string, unknown>;
  usage_metadata?: Record<string, unknown>;
};
export type MessageLike = string | [string, unknown] | { type?: string; role?: string; content: unknown; id?: string };
export { messagesStateReducer as addMessages };
/**
 * `M`: the message type the state declares (LangChain's `BaseMessage` in code typed against
 * LangGraph.js; its messages here are plain objects that LangChain's checks take as its own).
 */
export function messagesStateReducer<M = Message>(left: M[] | MessageLike | MessageLike[], right: M[] | MessageLike | MessageLike[]): M[];
/** LangGraph.js's batch messages reducer (`MessagesDeltaValue`'s): writes in one pass, ids as given, an unknown id's removal ignored. */
export function messagesDeltaReducer<M = Message>(state: M[] | MessageLike[], writes: Array<M | M[] | MessageLike | MessageLike[]>): M[];
export const REMOVE_ALL_MESSAGES: "__remove_all__";
export const MessagesAnnotation: AnnotationRoot<{ messages: Channel<Message[], MessageLike | MessageLike[]> }>;

// ---------------------------------------------------------------- functional API
export interface EntrypointOptions {
  name: string;
  checkpointer?: Checkpointer | CheckpointSaverLike | boolean;
  store?: BaseStore;
  cache?: InMemoryCache;
  timeout?: TimeoutPolicy;
  retryPolicy?: RetryPolicy;
}
/** What `entrypoint.final` returns: `value` is the output, `save` what `getPreviousState()` gives the next run. */
export interface EntrypointFinal<V, S> {
  value?: V;
  save?: S;
  __lg_type: "__pregel_final";
}
type Returned<O> = O extends EntrypointFinal<infer V, any> ? V : O;
/** LangGraph.js's functional API: `fn` runs as the one node of a graph; `task()` calls, `interrupt()` and checkpoints work inside it. */
export function entrypoint<I, O>(options: string | EntrypointOptions, fn: (input: I, config: NodeConfig) => O | Promise<O>): Entrypoint<I, Returned<O>>;
export namespace entrypoint {
  function final<V, S>(result: { value?: V; save?: S }): EntrypointFinal<V, S>;
}
/** Inside an entrypoint: what its previous run on the thread returned (or saved with `entrypoint.final`). */
export function getPreviousState<S = unknown>(config?: NodeConfig): S | undefined;
export class Entrypoint<I = unknown, O = unknown> {
  readonly name: string;
  getName(suffix?: string): string;
  withConfig(config: StreamConfig & { streamTransformers?: StreamTransformerFactory[] }): Entrypoint<I, O>;
  /** What `streamEvents` v3 runs each event through (`withConfig({ streamTransformers })` adds to it). */
  readonly streamTransformers: StreamTransformerFactory[];
  /** The workflow's return value, or `{ __interrupt__ }` when it paused. */
  invoke(input: I | Command | null, config?: RunnableConfig | NodeConfig | (StreamConfig & { streamMode?: "values" })): Promise<O>;
  invoke(input: I | Command | null, config: StreamConfig & { streamMode: Exclude<StreamMode, "values"> | StreamMode[] }): Promise<any[]>;
  /** `updates` unless told: `{ [name]: returnValue }` and `{ [task]: result }`; a values chunk is the output. */
  stream(input: I | Command | null, config?: StreamConfig): Promise<IterableReadableStream<any>>;
  /** `values` is the last return value (null before the first). */
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot<O | null>>;
  getStateHistory(config: RunnableConfig, options?: { limit?: number; before?: RunnableConfig; filter?: Record<string, unknown> }): AsyncIterable<StateSnapshot<O | null>>;
  /** v2: the workflow and each task() call start and end as chains, its return value through LangGraph.js's hidden `pluckReturnValue` and `pluckSaveValue`. */
  streamEvents(input: I | Command | null, options: StreamConfig & { version: "v2" } & EventFilters): IterableReadableStream<StreamEvent>;
  streamEvents(input: I | Command | null, options: RunnableConfig & { version: "v3"; transformers?: StreamTransformerFactory[] }): Promise<GraphRunStream<O>>;
  batch(inputs: (I | Command | null)[], options?: RunnableConfig | RunnableConfig[], batchOptions?: { maxConcurrency?: number; returnExceptions?: false }): Promise<O[]>;
  batch(inputs: (I | Command | null)[], options: RunnableConfig | RunnableConfig[] | undefined, batchOptions: { maxConcurrency?: number; returnExceptions: true }): Promise<(O | Error)[]>;
  /** `values` as the workflow's return value (or an `entrypoint.final`: its value, and the value saved for the next run). */
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
  bulkUpdateState(config: RunnableConfig, supersteps: Array<{ updates: Array<{ values: unknown; asNode?: string }> }>): Promise<RunnableConfig>;
  /** Settable, as LangGraph.js's fields, for the runs that start after. */
  checkpointer: CompileOptions["checkpointer"];
  store: BaseStore | undefined;
  cache: InMemoryCache | undefined;
  /** The longest one superstep may run, in ms (see CompiledStateGraph's). */
  stepTimeout?: number;
  readonly config?: StreamConfig;
  readonly nodes: CompiledStateGraph["nodes"];
  validate(): this;
  /** START → the workflow → END. */
  getGraph(config?: GetGraphConfig): DrawableGraph;
  getGraphAsync(config?: GetGraphConfig): Promise<DrawableGraph>;
  /** None: a workflow has no subgraph nodes. */
  getSubgraphs(namespace?: string, recurse?: boolean): Generator<[string, CompiledStateGraph<any, any>]>;
  getSubgraphsAsync(namespace?: string, recurse?: boolean): AsyncGenerator<[string, CompiledStateGraph<any, any>]>;
  clearCache(): Promise<void>;
  readonly lc_runnable: true;
  transform(chunks: AsyncIterable<any>, config?: StreamConfig): AsyncGenerator<any>;
  pipe: CompiledStateGraph["pipe"];
  withRetry: CompiledStateGraph["withRetry"];
  withFallbacks: CompiledStateGraph["withFallbacks"];
  withListeners: CompiledStateGraph["withListeners"];
  asTool: CompiledStateGraph["asTool"];
  pick: CompiledStateGraph["pick"];
  assign: CompiledStateGraph["assign"];
}

// ---------------------------------------------------------------- prebuilt (agents.d.ts)
export * from "./agents.js";

// ---------------------------------------------------------------- state schemas
/** A Standard Schema (zod, valibot, arktype...): https://standardschema.dev */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output };
  };
}
export type StandardResult<O> = { readonly value: O; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string }> };
type SchemaInput<S> = S extends StandardSchemaV1<infer I, any> ? I : unknown;
type SchemaOutput<S> = S extends StandardSchemaV1<any, infer O> ? O : unknown;
export function isStandardSchema(value: unknown): value is StandardSchemaV1;

/** A field reduced by `reducer`; updates are checked by `inputSchema` (else `valueSchema`), an Overwrite by `valueSchema`. */
export class ReducedValue<V = any, U = V> {
  constructor(valueSchema: StandardSchemaV1<any, V>, init: { inputSchema?: StandardSchemaV1<any, U>; reducer: (current: V, update: U) => V; jsonSchemaExtra?: Record<string, unknown> });
  readonly valueSchema: StandardSchemaV1<any, V>;
  readonly inputSchema: StandardSchemaV1<any, U>;
  readonly reducer: (current: V, update: U) => V;
  static isInstance(value: unknown): value is ReducedValue;
}
/** LangGraph.js's messages field: `messagesStateReducer` over a list that starts empty. */
export const MessagesValue: ReducedValue<Message[], MessageLike | MessageLike[]>;

/**
 * A field no checkpoint keeps (a connection, a cache): it lives for one run, and a
 * run restored from a checkpoint starts from `schema`'s default. `guard` (default
 * true) allows one write a superstep; `guard: false` keeps the last of several.
 */
export class UntrackedValue<V = any> {
  constructor(schema?: StandardSchemaV1<any, V>, init?: { guard?: boolean });
  readonly schema: StandardSchemaV1<any, V> | undefined;
  readonly guard: boolean;
  static isInstance(value: unknown): value is UntrackedValue;
}

/**
 * A field whose reducer takes a superstep's writes at once: `reducer(current, writes)`.
 * It must not care how writes are batched (LangGraph.js replays them in one call).
 */
export class DeltaValue<V = any, U = V> {
  constructor(valueSchema: StandardSchemaV1<any, V>, init: { inputSchema?: StandardSchemaV1<any, U>; reducer: (current: V, writes: U[]) => V; snapshotFrequency?: number; jsonSchemaExtra?: Record<string, unknown> });
  readonly valueSchema: StandardSchemaV1<any, V>;
  readonly inputSchema: StandardSchemaV1<any, U>;
  readonly reducer: (current: V, writes: U[]) => V;
  static isInstance(value: unknown): value is DeltaValue;
}
/** LangGraph.js's messages field over `messagesDeltaReducer`. */
export const MessagesDeltaValue: DeltaValue<Message[], MessageLike | MessageLike[]>;

type SchemaFields = Record<string, StandardSchemaV1<any, any> | ReducedValue<any, any> | DeltaValue<any, any> | UntrackedValue<any>>;
/**
 * LangGraph.js 1.x state: Standard Schema fields keep the last value (a schema's
 * default is the field's), ReducedValue fields reduce. The graph's input and
 * every node's update are checked by the fields' schemas.
 */
export class StateSchema<F extends SchemaFields = SchemaFields> {
  constructor(fields: F);
  readonly fields: F;
  /** The state's type: `typeof MyState.State`. */
  State: { [K in keyof F]: F[K] extends ReducedValue<infer V, any> | DeltaValue<infer V, any> ? V : F[K] extends UntrackedValue<infer V> ? V : SchemaOutput<F[K]> };
  Update: { [K in keyof F]?: F[K] extends ReducedValue<infer V, infer U> | DeltaValue<infer V, infer U> ? U | Overwrite<V> : F[K] extends UntrackedValue<infer V> ? V : SchemaInput<F[K]> };
  static isInstance(value: unknown): value is StateSchema;
}

/** LangGraph meta of a zod field: a reducer (`schema` types its updates) and a default. */
export type LangGraphMeta<V = any, U = V> = {
  reducer?: { fn: (current: V, update: U) => V; schema?: unknown };
  default?: () => V;
  jsonSchemaExtra?: Record<string, unknown>;
};
/** `withLangGraph(z.array(z.string()), { reducer: { fn, schema }, default })`, as in `@langchain/langgraph/zod`. */
export function withLangGraph<T>(schema: T, meta: LangGraphMeta): T;
/** The registry of zod meta: `z.array(...).register(registry, { reducer: { fn }, default })` (zod 4). */
export const registry: { add(schema: unknown, meta: LangGraphMeta): unknown; get(schema: unknown): LangGraphMeta | undefined; has(schema: unknown): boolean; remove(schema: unknown): unknown; clear(): unknown };
export const schemaMetaRegistry: typeof registry;
export const MessagesZodMeta: LangGraphMeta<Message[], MessageLike | MessageLike[]>;

// ---------------------------------------------------------------- graphs
export type NodeResult<U> = U | Command<U> | Command<U>[] | void | null | undefined;
/** An object run as a node through its `invoke(state, config)` (a LangChain runnable, a ToolNode). */
export interface RunnableLike<S> {
  invoke(state: S, config?: NodeConfig): unknown;
}
export type NodeFunction<S, U> = (state: S, config: NodeConfig) => NodeResult<U> | Promise<NodeResult<U>>;
export type Router<S> = (state: S, config: NodeConfig) => string | Send | (string | Send)[] | Promise<string | Send | (string | Send)[]>;

export interface CachePolicy {
  ttl?: number;
  /** Called with `[input]`, as LangGraph.js does; the default key is the input's JSON. */
  keyFunc?: (args: unknown[]) => string;
}

/**
 * As LangGraph.js's: intervals in ms (defaults 500, doubling, at most 128,000;
 * no jitter); without `retryOn`, every failure is retried but cancellations,
 * `GraphValueError`, HTTP statuses 400-407 and 409, and an exhausted quota.
 */
export interface RetryPolicy {
  maxAttempts?: number;
  initialInterval?: number;
  backoffFactor?: number;
  maxInterval?: number;
  retryOn?: (error: unknown) => boolean;
}

/**
 * A node attempt's time limits, in ms: `runTimeout` caps the attempt,
 * `idleTimeout` caps time without progress (custom stream writes, `task()`
 * calls and `config.heartbeat()`; only heartbeats with `refreshOn:
 * "heartbeat"`). A number is a `runTimeout`.
 */
export type TimeoutPolicy = number | { runTimeout?: number; idleTimeout?: number; refreshOn?: "auto" | "heartbeat" };

export interface NodeOptions {
  input?: AnnotationRoot<any>;
  ends?: string[];
  /** `false` opts out of a default set by `setNodeDefaults`. */
  cachePolicy?: CachePolicy | boolean;
  retryPolicy?: RetryPolicy;
  /** Fails an attempt that runs too long with a `NodeTimeoutError`; not for a compiled graph added as a node. */
  timeout?: TimeoutPolicy;
  /** Run only once nothing else is left to run (LangGraph's deferred nodes). */
  defer?: boolean;
  metadata?: Json;
  /** Runs instead of failing the run when the node fails after its retries (a node `__error_handler__<name>`). */
  errorHandler?: ErrorHandler;
}

export interface CompileOptions {
  checkpointer?: Checkpointer | CheckpointSaverLike | boolean;
  interruptBefore?: string[] | "*";
  interruptAfter?: string[] | "*";
  cache?: InMemoryCache;
  /** Long-term memory shared by every thread; nodes read it as `config.store`. */
  store?: BaseStore;
  name?: string;
  /** Shown as the compiled graph's `description`. */
  description?: string;
  /** Stream transformers (factories) every `streamEvents` v3 run of the graph goes through. */
  transformers?: StreamTransformerFactory[];
}

export interface StateSnapshot<S = Record<string, unknown>> {
  values: S;
  next: string[];
  /**
   * `result`: what the task wrote when it ran from this checkpoint (its output keys), as LangGraph.js.
   * `state`, for a subgraph's task: its snapshot with `getState(config, { subgraphs: true })`, else the config that reads it.
   */
  tasks: {
    id: string;
    name: string;
    path: string[];
    error?: { message: string; name: string };
    interrupts: Interrupt[];
    state?: StateSnapshot | { configurable: { thread_id: string; checkpoint_ns: string } };
    result?: unknown;
  }[];
  /** `parents`: a subgraph's names the checkpoint of each enclosing graph it ran under, by namespace ("" for the root). */
  metadata?: { source: "input" | "loop" | "update" | "fork"; step: number; parents: Record<string, string>; thread_id?: string };
  /** A subgraph's also maps each enclosing graph's namespace, and its own, to a checkpoint (`checkpoint_map`). */
  config: { configurable: { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string; checkpoint_map?: Record<string, string> } };
  parentConfig?: { configurable: { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string } };
  createdAt?: string;
}

/** One superstep as the stepping API reports it. */
export interface StepSnapshot<S = Record<string, unknown>> {
  step: number;
  tasks: {
    id: string;
    name: string;
    path: string;
    triggers: string[];
    input: Json;
    writes: [string, Json][];
    error: string | null;
    interrupts: Interrupt[];
    cached: boolean;
  }[];
  /** After the step. Lists and objects a step did not change are the same objects as in the step before: treat them as read-only. */
  state: S;
  changed: string[];
  next: string[];
  outcome: { kind: "continue" | "done" | "interrupted" | "error"; interrupts?: Interrupt[]; error?: { name: string; message: string } };
}

export interface Stepper<S = Record<string, unknown>> {
  /** Runs exactly one superstep; calls made together run in turn. */
  step(): Promise<StepSnapshot<S>>;
  /** These three throw until the run has started (await the stepper, or its first step). */
  readonly next: string[];
  readonly state: S;
  readonly recursionLimit: number;
}

/** LangGraph.js's further type arguments (node names, schemas, return types, transformers) are taken and not used. */
export class CompiledStateGraph<S = Record<string, unknown>, U = Partial<S>, _N extends string = string, _I = unknown, _O = unknown, _C = unknown, _R = unknown, _In = unknown, _W = unknown, _T = unknown> {
  /** The name given to `compile`; settable, as in LangGraph.js. */
  name?: string;
  /** The description given to `compile`. */
  description?: string;
  /**
   * The longest one superstep may run, in ms; unset, no limit. Settable, as in
   * LangGraph.js. A superstep that runs longer stops the run with a `TimeoutError`
   * (LangGraph.js throws `Error("Abort")`): what it finished is kept, and the
   * tasks still running run again on resume.
   */
  stepTimeout?: number;
  /** What `stream()` streams when the call names no mode (default `["updates"]`); settable. */
  streamMode: StreamMode | StreamMode[];
  /**
   * What `compile()` was given (breakpoints: "*", a list, or undefined). Settable,
   * as LangGraph.js's fields: the runs that start after use the new value.
   */
  checkpointer: CompileOptions["checkpointer"];
  store: BaseStore | undefined;
  cache: InMemoryCache | undefined;
  interruptBefore: string[] | "*" | undefined;
  interruptAfter: string[] | "*" | undefined;
  /** The retry policy of nodes without their own (LangGraph.js's field; settable, not a compile option). */
  retryPolicy: RetryPolicy | undefined;
  /** Defaults every call merges under its own config (set by `withConfig`). */
  readonly config?: StreamConfig;
  /** `compile({ transformers })`, and those `withConfig({ streamTransformers })` added. */
  streamTransformers: StreamTransformerFactory[];
  /** The nodes by name, START first (`Object.keys(graph.nodes)`); a compiled graph added as a node is in its `subgraphs`. */
  readonly nodes: Record<string, { name: string; metadata: Record<string, unknown>; ends: string[]; subgraphs: CompiledStateGraph<any, any>[] }>;
  /** The name given to `compile`, else "LangGraph"; then `suffix`. */
  getName(suffix?: string): string;
  /** The same graph with `config` as the defaults of every call (and its `streamTransformers` added to the graph's). */
  withConfig(config: StreamConfig & { streamTransformers?: StreamTransformerFactory[] }): CompiledStateGraph<S, U>;
  /** This graph (compiling validated it). */
  validate(): this;
  /** Whether `values` (an `invoke` result) is paused on an interrupt. */
  isInterrupted<V = unknown>(values: unknown): values is { __interrupt__: Interrupt<V>[] };
  /** `invoke` per input, in parallel; `options` is one config for all or one per input. */
  batch(inputs: (U | Command | null)[], options?: RunnableConfig | RunnableConfig[], batchOptions?: { maxConcurrency?: number; returnExceptions?: false }): Promise<S[]>;
  batch(inputs: (U | Command | null)[], options: RunnableConfig | RunnableConfig[] | undefined, batchOptions: { maxConcurrency?: number; returnExceptions: true }): Promise<(S | Error)[]>;
  /** `[name, graph]` for each node that is a compiled graph (names joined by "|" when `recurse`). */
  getSubgraphs(namespace?: string, recurse?: boolean): Generator<[string, CompiledStateGraph<any, any>]>;
  getSubgraphsAsync(namespace?: string, recurse?: boolean): AsyncGenerator<[string, CompiledStateGraph<any, any>]>;
  /** Forgets the node results cached in the cache this graph was compiled with. */
  clearCache(): Promise<void>;
  /** Inside a node, pass the node's `config` to run this graph as its subgraph (needed after an `await` in browsers). */
  invoke(input: U | Command | null, config?: RunnableConfig | NodeConfig | (StreamConfig & { streamMode?: "values" })): Promise<S & { __interrupt__?: Interrupt[] }>;
  /** With another stream mode (or a list of modes), the run's chunks, as `stream` yields them. */
  invoke(input: U | Command | null, config: StreamConfig & { streamMode: Exclude<StreamMode, "values"> | StreamMode[] }): Promise<any[]>;
  /** The run's chunks; `streamMode` is "updates" unless given, as in LangGraph.js. */
  stream(input: U | Command | null, config?: StreamConfig): Promise<IterableReadableStream<any>>;
  /** Returns at once; `step()` waits for the run to start. Awaiting it resolves once started. */
  stepper(input: U | Command | null, config?: RunnableConfig): Stepper<S> & PromiseLike<Stepper<S>>;
  /** LangGraph's v3 event protocol. */
  streamEvents(input: U | Command | null, options: RunnableConfig & { version: "v3"; transformers?: StreamTransformerFactory[] }): Promise<GraphRunStream<S>>;
  /**
   * LangChain's callback events of the run (version "v2"), at once, as LangGraph.js returns them:
   * the graph's and each task's chain events, the graph's stream chunks, and the events of what a
   * node calls with its config (chat models, tools, chains, retrievers).
   */
  streamEvents(input: U | Command | null, options: StreamConfig & { version: "v2" } & EventFilters): IterableReadableStream<StreamEvent>;
  /**
   * The thread's state. Without a `checkpoint_id`, its newest, with a paused or failed
   * superstep's finished writes applied: writes that conflict reject with `InvalidUpdateError`.
   */
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot<S>>;
  /** Newest first; `filter` keeps checkpoints whose metadata has these key/values (e.g. `{ source: "loop" }`). */
  getStateHistory(config: RunnableConfig, options?: { limit?: number; before?: RunnableConfig; filter?: Record<string, unknown> }): AsyncIterable<StateSnapshot<S>>;
  /**
   * A new checkpoint with `values` written as node `asNode`. `asNode` may also be
   * `"__copy__"` (fork the checkpoint unchanged; `values` null or `[values, asNode][]`),
   * `"__input__"` (queue `values` as a new input) or END with `values` null (finish the
   * paused superstep).
   */
  updateState(config: RunnableConfig, values: U | null | Array<[U, string]>, asNode?: string): Promise<RunnableConfig>;
  /** Each superstep's updates applied together as one new checkpoint; returns the last one's config. */
  bulkUpdateState(config: RunnableConfig, supersteps: Array<{ updates: Array<{ values: U | null; asNode?: string }> }>): Promise<RunnableConfig>;
  readonly warnings: string[];
  /** LangChain takes the graph as a runnable (in a RunnableSequence or a RunnableMap), as LangGraph.js's. */
  readonly lc_runnable: true;
  /** LangChain's streaming through a runnable: the input's chunks combined, then the graph's stream chunks. */
  transform(chunks: AsyncIterable<any>, config?: StreamConfig): AsyncGenerator<any>;
  /** LangChain's Runnable methods, once `superstep/langchain` is imported (they throw a TypeError that says so before). */
  pipe(next: unknown): any;
  withRetry(fields?: { stopAfterAttempt?: number; onFailedAttempt?: (error: any, input: any) => any }): any;
  withFallbacks(fields: unknown): any;
  withListeners(listeners: unknown): any;
  asTool(fields: { name?: string; description?: string; schema: unknown }): any;
  pick(keys: string | string[]): any;
  assign(mapping: Record<string, unknown>): any;
}

/** A node of `getGraph()`: START and END have no metadata. */
export interface DrawableNode {
  id: string;
  name: string;
  data: { name?: string };
  metadata: Record<string, unknown> | null;
}
/** LangChain's `drawMermaid` options. */
export interface MermaidParams {
  withStyles?: boolean;
  curveStyle?: string;
  nodeColors?: Record<string, string>;
  wrapLabelNWords?: number;
}
/** `getGraph()`'s options: `xray` draws subgraph nodes as their graphs (true: all levels, a number: that many). */
export interface GetGraphConfig {
  xray?: boolean | number;
}
/** `getGraph()`: the nodes and the edges `drawMermaid` draws (`data` is a path map key; ids `node:inner` under an xray). */
export interface DrawableGraph {
  nodes: Record<string, DrawableNode>;
  edges: Array<{ source: string; target: string; conditional: boolean; data?: string }>;
  firstNode(): DrawableNode | undefined;
  lastNode(): DrawableNode | undefined;
  drawMermaid(params?: MermaidParams): string;
  /** The drawing as a PNG Blob, rendered by the mermaid.ink service (a network call), as LangChain's. */
  drawMermaidPng(params?: MermaidParams & { backgroundColor?: string }): Promise<Blob>;
  toJSON(): { nodes: Array<{ id: string; type: "runnable" | "schema"; data: { name?: string }; metadata?: Record<string, unknown> }>; edges: DrawableGraph["edges"] };
}

/** A state definition: an Annotation.Root, a StateSchema, or a zod object (its fields' meta from `withLangGraph` or `registry`). */
export type StateDefinition = AnnotationRoot<any> | StateSchema<any> | StandardSchemaV1<any, any>;

/** LangGraph.js's further type arguments (node names, schemas, return types) are taken and not used. */
export class StateGraph<A = AnnotationRoot<any>, S = ExtractStateType<A>, U = ExtractUpdateType<A>, _N extends string = string, _I = unknown, _O = unknown, _C = unknown, _R = unknown, _In = unknown, _W = unknown> {
  constructor(
    schema: A | { state?: StateDefinition; stateSchema?: StateDefinition; input?: StateDefinition; output?: StateDefinition; context?: StateDefinition } | StateGraphArgs<S>,
    /** Input and output schemas, or the context schema (a zod object checks each run's `context`). */
    options?: { input?: StateDefinition; output?: StateDefinition; context?: StateDefinition } | StateDefinition,
  );
  /** `I` is the node's input: the state unless told, or what a `Send` to it carries (as LangGraph.js types it). */
  addNode<I = S>(name: string, fn: NodeFunction<I, U> | CompiledStateGraph<any, any> | RunnableLike<I>, options?: NodeOptions): this;
  addNode(nodes: Record<string, NodeFunction<S, U>>): this;
  addEdge(from: string | string[], to: string): this;
  addConditionalEdges(source: string, router: Router<S> | RunnableLike<S>, pathMap?: Record<string, string> | string[]): this;
  addConditionalEdges(edge: { source: string; path: Router<S> | RunnableLike<S>; pathMap?: Record<string, string> | string[] }): this;
  addSequence(nodes: [string, NodeFunction<S, U>][] | Record<string, NodeFunction<S, U>>): this;
  setEntryPoint(node: string): this;
  setFinishPoint(node: string): this;
  /** Graph-wide `retryPolicy`, `cachePolicy`, `timeout` and `errorHandler` (a node's own options win); applied at compile(). */
  setNodeDefaults(defaults: { retryPolicy?: RetryPolicy; cachePolicy?: CachePolicy | boolean; timeout?: TimeoutPolicy; errorHandler?: ErrorHandler }): this;
  /** The nodes added so far, by name (error handlers included), as LangGraph.js keeps them. */
  readonly nodes: Record<string, { fn: NodeFunction<any, any> | CompiledStateGraph<any, any> | RunnableLike<any>; metadata?: Record<string, unknown>; ends?: string[] }>;
  /** The state's channels, by key. */
  readonly channels: Record<string, { reducer?: (a: any, b: any) => any; default?: unknown }>;
  /** `[sources, target]` of each waiting edge. */
  readonly waitingEdges: Set<[string[], string]>;
  /** Every edge as `[from, to]`, a waiting edge's sources one by one. */
  readonly allEdges: Set<[string, string]>;
  /** Throws the `GraphValidationError` that `compile()` would (given these `interruptBefore` nodes). */
  validate(interrupt?: string[]): void;
  compile(options?: CompileOptions): CompiledStateGraph<S, U>;
}

/** LangGraph.js's (deprecated) MessageGraph: the state is the message list. */
export class MessageGraph {
  constructor();
  /** `fn` gets the list and returns a message or a list of them (or a Command). */
  addNode(name: string, fn: (messages: any[], config: NodeConfig) => MessageLike | MessageLike[] | Command | Promise<MessageLike | MessageLike[] | Command>, options?: NodeOptions): this;
  addEdge(from: string | string[], to: string): this;
  addConditionalEdges(source: string, router: (messages: any[], config: NodeConfig) => string | string[] | Send | Send[] | Promise<string | string[] | Send | Send[]>, pathMap?: Record<string, string> | string[]): this;
  setEntryPoint(node: string): this;
  setFinishPoint(node: string): this;
  compile(options?: CompileOptions): CompiledMessageGraph;
}
/** A compiled MessageGraph: input, output, state and values chunks are message lists; an update is what the node returned. */
export class CompiledMessageGraph {
  readonly name: string;
  withConfig(config: RunnableConfig): CompiledMessageGraph;
  invoke(input: MessageLike | MessageLike[] | Command | null, config?: StreamConfig): Promise<any>;
  stream(input: MessageLike | MessageLike[] | Command | null, config?: StreamConfig): Promise<IterableReadableStream<any>>;
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot<any>>;
  getStateHistory(config: RunnableConfig, options?: { limit?: number; before?: RunnableConfig; filter?: Record<string, unknown> }): AsyncIterable<StateSnapshot<any>>;
  updateState(config: RunnableConfig, values: MessageLike | MessageLike[] | null, asNode?: string): Promise<RunnableConfig>;
  getName(suffix?: string): string;
  drawMermaid(params?: MermaidParams): string;
  getGraph(config?: GetGraphConfig): DrawableGraph;
  getGraphAsync(config?: GetGraphConfig): Promise<DrawableGraph>;
}

export class GraphDocumentError extends BaseLangGraphError {
  problems: { path: string; message: string }[];
}
/** A graph, saver or cache built before `init()` has loaded the engine (the browser entry; importing the Node entry loads it). */
export class EngineNotLoadedError extends BaseLangGraphError {}

/** A graph loaded from a document (`StateGraph.fromJSON`). */
export class DocumentGraph {
  compile(options?: CompileOptions): CompiledStateGraph;
  toJSON(): Record<string, unknown>;
}

export namespace StateGraph {
  /** Loads a graph document; `functions` back `code` nodes and routers that name a `fn`. */
  function fromJSON(doc: string | Record<string, unknown>, options?: { functions?: Record<string, (...args: any[]) => any> }): DocumentGraph;
}

export interface CompiledStateGraph<S, U, _N extends string, _I, _O, _C, _R, _In, _W, _T> {
  drawMermaid(params?: MermaidParams): string;
  getGraph(config?: GetGraphConfig): DrawableGraph;
  getGraphAsync(config?: GetGraphConfig): Promise<DrawableGraph>;
  toJSON(): Record<string, unknown>;
}
