// A small typed program against the package's .d.ts; `tsc --noEmit` must accept it.
import { Annotation, Command, END, GraphDrained, StreamChannel, GraphCallbackHandler, RunControl, INTERRUPT, isUnknownInterruptError, InMemoryStore, MemorySaver, MessageGraph, NodeTimeoutError, Overwrite, Send, START, StateGraph, getCurrentTaskInput, getStore, interrupt, isInterrupted, task, writer } from "../../www/superstep/index.js";
import type { StepSnapshot, ToolStreamEvent, StreamTransformer, GraphInterruptEvent, GraphResumeEvent } from "../../www/superstep/index.js";
import { BaseStore, MessagesAnnotation, ToolNode, toolsCondition, MessagesValue, ReducedValue, StateSchema, UntrackedValue, DeltaValue, MessagesDeltaValue, entrypoint, getPreviousState } from "../../www/superstep/index.js";
import type { StoreOperation } from "../../www/superstep/index.js";
import { withLangGraph, MessagesZodState, registry, MessagesZodMeta } from "../../www/superstep/zod.js";
import { z } from "zod";
import { BaseCheckpointSaver, createReactAgent, isInvalidResume, BinaryOperatorAggregate, DeltaChannel, UntrackedValueChannel, messagesStateReducer } from "../../www/superstep/index.js";
import type { LangGraphRunnableConfig, SaverConfig, SavedCheckpoint, SavedCheckpointTuple } from "../../www/superstep/index.js";
import { MemorySaver as LangGraphMemorySaver } from "@langchain/langgraph-checkpoint";
import { type BaseMessage, AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { tool } from "@langchain/core/tools";
import type { RunnableConfig as LangChainConfig } from "@langchain/core/runnables";
import type { StateGraphArgs, CompiledStateGraph as Compiled, Messages, StateType, UpdateType, GraphNode, ConditionalEdgeRouter, Runtime, BinaryOperator, SingleReducer } from "../../www/superstep/index.js";

const State = Annotation.Root({
  topic: Annotation<string>(),
  jokes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  // Left uncalled, as LangGraph.js allows: still a string channel.
  mood: Annotation<string>,
});
const moody: typeof State.State["mood"] = "calm";
const moodUpdate: typeof State.Update = { mood: moody };

const shout = task({ name: "shout", retry: { maxAttempts: 2, initialInterval: 100 }, timeout: 1_000 }, async (text: string) => text.toUpperCase());

const graph = new StateGraph(State)
  .addNode("plan", async (s, config) => (config.heartbeat(), { topic: await shout(s.topic) }), { timeout: { idleTimeout: 5_000, refreshOn: "heartbeat" } })
  .addNode("joke", (s) => {
    writer({ progress: getCurrentTaskInput<{ topic: string }>().topic });
    void getStore()?.put(["topics"], s.topic, { seen: true });
    return { jokes: [`about ${s.topic}`] };
  })
  .addNode(
    "ask",
    (_s, config) => {
      const ok = interrupt<string, boolean>("ok?", { responseSchema: z.boolean() });
      return ok ? new Command({ goto: END }) : { jokes: [config.metadata.langgraph_node] };
    },
    { defer: true, errorHandler: (_s, e) => ({ jokes: [`${e.node} failed: ${String(e.error)}`] }) },
  )
  // A Send's target takes what the Send carries, typed as the node declares it.
  .addNode("tell", async (sent: { topic: string; teller: number }) => ({ jokes: [`${sent.teller} on ${sent.topic}`] }))
  .addEdge(START, "plan")
  .addConditionalEdges({ source: "plan", path: (s) => [new Send("joke", { topic: s.topic }), "ask"] })
  .setNodeDefaults({ retryPolicy: { maxAttempts: 2, retryOn: (e) => e instanceof NodeTimeoutError && e.kind === "run" }, cachePolicy: false, timeout: 60_000, errorHandler: (_s, e) => new Command({ goto: END, update: { topic: e.node } }) })
  .compile({ checkpointer: new MemorySaver(), store: new InMemoryStore(), description: "jokes on a topic" });

graph.name = "jokes";
graph.stepTimeout = 30_000;
graph.streamMode = ["values", "updates"];
graph.interruptAfter = ["tell"];
graph.interruptAfter = undefined;
const describeTool = (e: ToolStreamEvent): string => `${e.event} ${e.name} ${e.toolCallId ?? ""} ${e.error?.message ?? ""}`;
void describeTool;

async function main(): Promise<string[]> {
  const out = await graph.invoke({ topic: "cats" }, { configurable: { thread_id: "t" } });
  const stepper = await graph.stepper({ topic: "dogs" }, { configurable: { thread_id: "u" } });
  const snap = await stepper.step();
  const direct: StepSnapshot<typeof State.State> = await graph.stepper({ topic: "eels" }, { configurable: { thread_id: "x" } }).step();
  const n: number = snap.step;
  const chunks: unknown[] = await graph.invoke({ topic: "owls" }, { configurable: { thread_id: "v" }, streamMode: "updates" });
  const fork = await graph.updateState({ configurable: { thread_id: "t" } }, null, "__copy__");
  for await (const h of graph.getStateHistory({ configurable: { thread_id: "t" } })) {
    const written: unknown[] = h.tasks.map((t) => t.result);
    void written;
  }
  await graph.bulkUpdateState(fork, [{ updates: [{ values: { topic: "bats" }, asNode: "plan" }, { values: { jokes: ["one"] }, asNode: "joke" }] }]);
  const paused = isInterrupted<string>(out) ? out[INTERRUPT][0].value : "";
  const asked: string = graph.validate().isInterrupted<string>(out) ? out.__interrupt__[0].value : "";
  const joins: [string[], string][] = [...new StateGraph(State).addEdge(["a", "b"], "c").waitingEdges];
  const nodeNames: string[] = Object.keys(graph.nodes).concat(Object.keys(new StateGraph(State).nodes));
  const limited = graph.withConfig({ recursionLimit: 5 });
  const outs = await limited.batch([{ topic: "a" }, { topic: "b" }], [{ configurable: { thread_id: "w1" } }, { configurable: { thread_id: "w2" } }]);
  const run = await graph.streamEvents({ topic: "eels" }, { version: "v3", configurable: { thread_id: "e" } });
  for await (const e of run) if (e.method === "updates") void e.params.namespace;
  const final = await run.output;
  for await (const m of run.messagesFrom("plan")) {
    const text: string = await m.text;
    const whole = await m.output;
    void [text, whole.content.length, m.node];
  }
  // Version "v2": LangChain's callback events, iterated at once.
  for await (const e of graph.streamEvents({ topic: "rays" }, { version: "v2", includeTypes: ["chat_model"], tags: ["t"] })) {
    if (e.event === "on_chat_model_stream") void String(e.data.chunk?.content);
  }
  return [out.mood, String(moodUpdate.mood), ...out.jokes, String(n), String(direct.step), String(chunks.length), paused, asked, String(joins.length), limited.getName(), ...outs.map((o) => o.topic), final.topic];
}
void main;
void ((e: unknown) => isInvalidResume(e) || undefined);

// LangGraph.js 1.x state: a StateSchema of zod fields, and a zod object with LangGraph meta.
const Agent = new StateSchema({
  messages: MessagesValue,
  step: z.string(),
  count: z.number().default(0),
  history: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.string(), reducer: (all, one) => [...all, one] }),
  scratch: new UntrackedValue(z.object({ hits: z.number() }), { guard: false }),
  events: new DeltaValue(z.array(z.string()).default(() => []), { inputSchema: z.string(), reducer: (all, batch) => [...all, ...batch] }),
});
const Chat = new StateSchema({ messages: MessagesDeltaValue });
const chat = new StateGraph(Chat).addNode("reply", (s) => ({ messages: [{ role: "ai", content: `${s.messages.length} so far` }] })).addEdge(START, "reply").compile();
void chat;
const agent = new StateGraph(Agent)
  .addNode("count", (s) => ({ count: s.count + s.messages.length + (s.scratch?.hits ?? 0), history: s.step, scratch: { hits: 1 }, events: s.step }))
  .addEdge(START, "count")
  .compile();
const Zoo = z.object({ animals: withLangGraph(z.array(z.string()), { reducer: { fn: (a: string[], b: string[]) => a.concat(b) }, default: () => [] }) });
const zoo = new StateGraph(Zoo).addNode("add", (s) => ({ animals: [...s.animals, "owl"] })).addEdge(START, "add").compile();
// LangGraph.js's zod messages state, its field reused in a state of one's own.
const Talk = z.object({ messages: MessagesZodState.shape.messages, turns: z.number() });
const talk = new StateGraph(MessagesZodState).addNode("reply", (s) => ({ messages: [{ role: "ai", content: `${s.messages.length}` }] })).addEdge(START, "reply").compile();
void [Talk, talk];
async function schemas(): Promise<[number, string[]]> {
  const a = await agent.invoke({ step: "one", history: "start" });
  const b = await zoo.invoke({ animals: ["cat"] });
  return [a.count, b.animals];
}
void schemas;

// LangGraph.js's channel classes in place of Annotation(...), in an Annotation.Root and in a plain object.
const Tally = Annotation.Root({
  total: new BinaryOperatorAggregate<number>((a, b) => a + b, () => 0),
  seen: new DeltaChannel<string[], string>((all, batch) => [...all, ...batch]),
  scratch: new UntrackedValueChannel<{ hits: number }>({ guard: false }),
});
const tally = new StateGraph(Tally).addNode("add", (s) => ({ total: s.total + 1, seen: "x", scratch: { hits: s.seen.length } })).addEdge(START, "add").compile();
const bare = new StateGraph({ n: new BinaryOperatorAggregate<number, string>((a, b) => a + b.length) }).addNode("a", (s) => ({ n: String(s.n) })).addEdge(START, "a").compile();
async function channels(): Promise<[number, string[], number]> {
  const t = await tally.invoke({ total: 1 });
  return [t.total, t.seen, (await bare.invoke({ n: "abc" })).n];
}
void channels;

// The functional API: a workflow's output type is what its function returns (or `final`'s value).
const total = entrypoint({ name: "total", checkpointer: new MemorySaver() }, async (n: number) => {
  const before = getPreviousState<number>() ?? 0;
  return entrypoint.final({ value: { sum: before + n }, save: before + n });
});
async function workflow(): Promise<number> {
  const out = await total.invoke(2, { configurable: { thread_id: "w" } });
  const snap = await total.getState({ configurable: { thread_id: "w" } });
  return out.sum + (snap.values?.sum ?? 0);
}
void workflow;

// A store of one's own: batch() only.
class NullStore extends BaseStore {
  async batch(operations: StoreOperation[]): Promise<any[]> {
    return operations.map(() => null);
  }
}
void new StateGraph(Agent).addNode("n", () => ({})).addEdge(START, "n").compile({ store: new NullStore() });

// An agent's tool step.
const weather = { name: "weather", invoke: async (call: { args: Record<string, any> }) => `sunny in ${String(call.args.city)}` };
void new StateGraph(MessagesAnnotation)
  .addNode("agent", () => ({ messages: [{ type: "ai", content: "", tool_calls: [{ name: "weather", args: { city: "Oslo" }, id: "1" }] }] }))
  .addNode("tools", new ToolNode([weather]))
  .addNode("echo", (s) => ({ messages: [{ type: "ai", content: `${s.messages.at(-1)?.getType()}: ${s.messages.at(-1)?.text}` }] }))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition, ["tools", END])
  .addEdge("tools", "agent")
  .compile();

// Checkpointers written in JS: LangGraph.js's own, and one's own on BaseCheckpointSaver.
class RowsSaver extends BaseCheckpointSaver {
  rows = new Map<string, SavedCheckpointTuple>();
  async getTuple(config: SaverConfig) {
    return this.rows.get(config.configurable?.checkpoint_id ?? [...this.rows.keys()].sort().at(-1) ?? "");
  }
  async *list() {
    yield* [...this.rows.values()].reverse();
  }
  async put(config: SaverConfig, checkpoint: SavedCheckpoint, metadata: Record<string, unknown>) {
    const at = { configurable: { ...config.configurable, checkpoint_id: checkpoint.id } };
    this.rows.set(checkpoint.id, { config: at, checkpoint, metadata, parentConfig: config, pendingWrites: [] });
    return at;
  }
  async putWrites() {}
}
void new StateGraph(State).addNode("n", () => ({})).addEdge(START, "n").compile({ checkpointer: new RowsSaver() });
void new StateGraph(State).addNode("n", () => ({})).addEdge(START, "n").compile({ checkpointer: new LangGraphMemorySaver() });

// A node typed as in LangGraph.js.
const tagged = (s: typeof State.State, config: LangGraphRunnableConfig): typeof State.Update => ({ jokes: [`${s.topic} in ${String(config.metadata?.langgraph_node)}`] });
void new StateGraph(State).addNode("tagged", tagged).addEdge(START, "tagged").compile();

// LangGraph.js's read API on the engine's saver.
async function newestStep(saver: MemorySaver): Promise<number | undefined> {
  const tuple = await saver.getTuple({ configurable: { thread_id: "w" } });
  for await (const t of saver.list({ configurable: { thread_id: "w" } }, { limit: 1 })) void t.checkpoint.id;
  return tuple?.metadata?.step as number | undefined;
}
void newestStep;

// The prebuilt ReAct agent, with any chat model alike.
const echoModel = { invoke: async (messages: unknown[]) => ({ type: "ai", content: `${messages.length} messages` }), bindTools: () => echoModel };
const reactAgent = createReactAgent({ llm: echoModel, tools: [weather], prompt: "Be brief.", checkpointer: new MemorySaver(), name: "helper" });
void reactAgent.invoke({ messages: [{ role: "user", content: "hi" }] }, { configurable: { thread_id: "r" } });

// LangGraph.js's MessageGraph: nodes and routers get the message list.
const echo = new MessageGraph().addNode("echo", (messages) => ({ role: "ai", content: `${messages.length}` })).addEdge(START, "echo").addConditionalEdges("echo", (messages) => (messages.length > 3 ? END : "echo")).compile();
void echo.invoke([{ role: "user", content: "hi" }]);

// LangGraph.js's other error classes port as they are.
export function describeError(e: unknown): string {
  if (isUnknownInterruptError(e)) return `${e.reason}: ${e.pendingIds.join(", ")}`;
  return e instanceof GraphDrained ? e.reason : String(e);
}

// A run's control, and what a node reads of its task (LangGraph.js's executionInfo).
const control = new RunControl();
const drainable = new StateGraph(State)
  .addNode("n", (_s, config) => {
    if (config.executionInfo.nodeAttempt > 1 || config.recursionLimit < 10) config.control.requestDrain("busy");
    const ns: string = config.configurable.checkpoint_ns;
    // Always a signal (no `?.`), for fetch and the like.
    const stopped: boolean = config.signal.aborted;
    return { topic: `${ns}:${config.executionInfo.taskId}:${stopped}` };
  })
  .addEdge(START, "n")
  .compile({ checkpointer: new MemorySaver() });
void drainable.invoke({ topic: "t" }, { configurable: { thread_id: "c" }, control }).catch((e) => (e instanceof GraphDrained ? e.reason : control.drainReason));

// A workflow's events and state edits, typed as the compiled graph's.
async function workflowEvents(): Promise<string[]> {
  const names: string[] = [];
  for await (const e of total.streamEvents(1, { version: "v2", configurable: { thread_id: "w" } })) names.push(e.name);
  await total.updateState({ configurable: { thread_id: "w" } }, entrypoint.final({ value: { sum: 0 }, save: 0 }));
  const sums: { sum: number }[] = await total.batch([1, 2], [{ configurable: { thread_id: "a" } }, { configurable: { thread_id: "b" } }]);
  const drawn: string = total.getGraph({ xray: 1 }).drawMermaid({ withStyles: false, curveStyle: "basis" });
  return [...names, ...sums.map((s) => String(s.sum)), ...Object.keys(total.getGraph().nodes), drawn];
}
void workflowEvents;

// A stream is a ReadableStream: iterated, cancelled, or sent as Server-Sent Events.
async function served(): Promise<Response> {
  const updates = await graph.stream({ topic: "moths" }, { configurable: { thread_id: "s" } });
  for await (const chunk of updates) if (chunk) break;
  const events = await graph.stream({ topic: "moths" }, { configurable: { thread_id: "s" }, encoding: "text/event-stream", streamMode: ["updates", "values"] });
  const reader: ReadableStreamDefaultReader<any> = events.getReader();
  reader.releaseLock();
  await (await total.stream(1, { configurable: { thread_id: "x" } })).cancel("enough");
  return new Response(events, { headers: { "Content-Type": "text/event-stream" } });
}
void served;

// A Send with its own timeout; an Overwrite's value.
const timedSend = new Send("n", { topic: "t" }, { timeout: { runTimeout: 1_000 } });
const cleared: string[] = new Overwrite<string[]>([]).value;
void [timedSend.timeout?.runTimeout, cleared];

// LangGraph.js 1.7's stream transformers: a projection in `extensions`, events dropped or added.
const nodeNames = (): StreamTransformer<{ nodes: StreamChannel<string> }> => {
  const nodes = StreamChannel.remote<string>("nodes");
  return { init: () => ({ nodes }), process: (e) => (e.method === "updates" && nodes.push(String(e.params.node)), e.method !== "tasks") };
};
async function transformed(): Promise<string[]> {
  const traced = graph.withConfig({ streamTransformers: [nodeNames] });
  const run = await traced.streamEvents({ topic: "yaks" }, { version: "v3", transformers: [nodeNames], configurable: { thread_id: "y" } });
  const names: string[] = [];
  for await (const n of run.extensions.nodes as StreamChannel<string>) names.push(n);
  const bytes: ReadableStream<Uint8Array> = run.extensions.nodes.toEventStream();
  void bytes;
  return [...names, String(traced.streamTransformers.length)];
}
void transformed;
void new StateGraph(State).addNode("n", () => ({})).addEdge(START, "n").compile({ transformers: [nodeNames] });

// LangGraph.js 1.7's graph callbacks: hear the root run's pauses and every resume.
class PauseLog extends GraphCallbackHandler {
  paused: string[] = [];
  handleInterrupt(event: GraphInterruptEvent) {
    this.paused.push(`${event.status} at ${event.checkpointId}: ${event.interrupts.map((i) => String(i.value)).join(", ")}`);
  }
  async handleResume(event: GraphResumeEvent) {
    this.paused.push(`resumed ${event.checkpointNs.join("|")} from ${event.checkpointId}`);
  }
}
void graph.withConfig({ callbacks: [new PauseLog()] }).invoke({ topic: "gnus" }, { configurable: { thread_id: "g" } });

// TypeScript written against LangGraph.js's types ports as it is.
// Its first API: `{ channels }` for a state interface given as the type argument.
interface Counter { count: number; log: string[] }
const counterChannels: StateGraphArgs<Counter>["channels"] = {
  count: { value: (_a: number, b: number) => b, default: () => 0 },
  log: { value: (a: string[], b: string[]) => a.concat(b), default: () => [] },
};
const counter = new StateGraph<Counter>({ channels: counterChannels }).addNode("inc", (s) => ({ count: s.count + 1, log: [`at ${s.count}`] })).addEdge(START, "inc").compile();
const inferred = new StateGraph({ channels: { n: { reducer: (a: number, b: number) => a + b, default: () => 0 }, last: null } });
const inferredNode = inferred.addNode("double", (s) => ({ n: s.n * 2 }));
// A compiled graph annotated with LangGraph.js's type arguments (node names and more).
const Tally2 = Annotation.Root({ n: Annotation<number>(), said: Annotation<Messages>() });
function tallyGraph(): Compiled<typeof Tally2.State, typeof Tally2.Update, "a" | "b"> {
  return new StateGraph(Tally2).addNode("a", (s) => ({ n: s.n + 1 })).addEdge(START, "a").compile();
}
// LangGraph.js 1.x's node and router types, and a node's runtime.
const stepNode: GraphNode<typeof Tally2> = (state, config) => ({ n: state.n + (config.configurable?.step ?? 1) });
const stepRoute: ConditionalEdgeRouter<typeof Tally2, Record<string, any>, "a"> = (state) => (state.n > 2 ? END : "a");
const withRuntime = async (state: typeof Tally2.State, runtime: Runtime<{ userId: string }>) => ({ n: state.n + (runtime.context?.userId.length ?? 0) });
const routed = new StateGraph(Tally2).addNode("a", stepNode).addNode("b", withRuntime).addEdge(START, "a").addConditionalEdges("a", stepRoute).compile();
const spec2 = { n: Annotation<number>() };
const tallyState: StateType<typeof spec2> = { n: 1 };
const tallyUpdate: UpdateType<typeof spec2> = {};
const plus: BinaryOperator<number> = (a, b) => a + b;
const summed: SingleReducer<number> = { reducer: plus, default: () => 0 };
const asInvokeConfig: LangGraphRunnableConfig = { configurable: { thread_id: "t" } };
async function ported(): Promise<[number, string[], number]> {
  const c = await counter.invoke({ count: 1 });
  return [c.count, c.log, (await routed.invoke({ n: 0 })).n];
}
void [inferredNode, tallyGraph, tallyState, tallyUpdate, summed, asInvokeConfig, ported];

// LangGraph.js's agent tutorial, typed with LangChain's message classes.
const AgentState = Annotation.Root({
  messages: Annotation<BaseMessage[]>({ reducer: messagesStateReducer, default: () => [] }),
  sender: Annotation<string>({ reducer: (x, y) => y ?? x ?? "user", default: () => "user" }),
});
async function callModel(state: typeof AgentState.State, config?: LangGraphRunnableConfig) {
  const last = state.messages[state.messages.length - 1];
  void config;
  return { messages: [new AIMessage(`echo ${String(last.content)}`)] };
}
function shouldContinue(state: typeof MessagesAnnotation.State) {
  const last = state.messages[state.messages.length - 1] as AIMessage;
  return last.tool_calls?.length ? "tools" : END;
}
const tutorial = new StateGraph(AgentState).addNode("agent", callModel).addEdge(START, "agent").addEdge("agent", END).compile();
const tools = new StateGraph(MessagesAnnotation).addNode("agent", async () => ({ messages: [new AIMessage("hi")] })).addNode("tools", new ToolNode([])).addEdge(START, "agent").addConditionalEdges("agent", shouldContinue).compile();
async function tutorialRun(): Promise<BaseMessage[]> {
  void (await tools.invoke({ messages: [new HumanMessage("x")] }));
  return (await tutorial.invoke({ messages: [new HumanMessage("hi")] })).messages;
}
void tutorialRun;
// A chat model reads the state's messages, plain ones included, as LangChain's own.
const chatModel = new FakeListChatModel({ responses: ["hi"] });
const chatting = new StateGraph(MessagesAnnotation)
  .addNode("agent", async (state) => ({ messages: [await chatModel.invoke([new SystemMessage("be brief"), ...state.messages])] }))
  .addEdge(START, "agent")
  .compile();
void chatting;
// LangChain tools in a ToolNode and a ReAct agent over a LangChain model; a node typed with LangChain's config.
const search = tool(async ({ query }: { query: string }) => `results for ${query}`, { name: "search", description: "Search", schema: z.object({ query: z.string() }) });
const toolLoop = new StateGraph(MessagesAnnotation)
  .addNode("agent", async (state, config?: LangChainConfig) => ({ messages: [await chatModel.invoke(state.messages, config)] }))
  .addNode("tools", new ToolNode([search]))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition, ["tools", END])
  .addEdge("tools", "agent")
  .compile({ checkpointer: new MemorySaver() });
const chatAgent = createReactAgent({ llm: chatModel, tools: [search], checkpointSaver: new MemorySaver() });
void [toolLoop, chatAgent];
// A zod 4 state whose fields take LangGraph meta through zod's own `register`.
const Registered = z.object({
  messages: z.array(z.custom<BaseMessage>()).register(registry, MessagesZodMeta),
  count: z.number().default(0),
});
const registered = new StateGraph(Registered).addNode("tally", (s) => ({ count: s.count + s.messages.length })).addEdge(START, "tally").compile();
void registered;
