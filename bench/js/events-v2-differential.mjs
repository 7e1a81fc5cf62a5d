// Differential check of `streamEvents(input, { version: "v2" })` against LangGraph.js:
// the same graphs on both, their events compared with run ids and task ids left out, and
// objects' keys in order. Two differences are known and set aside: LangGraph.js's graph
// chunks (`on_chain_stream`) interleave with the tasks' events by its own timing, so those
// are compared as a list of their own; and its createReactAgent runs the prompt and the model
// as a RunnableSequence, whose chain events (the sequence's and the prompt's) this package's
// createReactAgent, which calls the model itself, does not make.
//
//   node bench/js/events-v2-differential.mjs   (after `npm ci` in bench/js)
import * as LG from "@langchain/langgraph";
import { FakeListChatModel, FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { AIMessage } from "@langchain/core/messages";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { tool } from "@langchain/core/tools";
import { RunnableLambda } from "@langchain/core/runnables";
import { fileURLToPath } from "node:url";

const SS = await import(fileURLToPath(new URL("../../www/superstep/node.js", import.meta.url)));
await SS.init();

const ids = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16}/g;
// Messages by their content: LangGraph.js keeps LangChain message instances in state, this package plain messages.
const message = (x) => (x?.lc === 1 && x.kwargs ? { content: x.kwargs.content } : typeof x?.content === "string" && (x.type || x.role) ? { content: x.content } : x);
const sorted = (x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x);
const plain = (v) => JSON.parse(JSON.stringify(v ?? null, (k, x) => (k === "id" ? undefined : x)), (k, x) => sorted(message(x)));
const norm = (e) => JSON.stringify({ event: e.event, name: e.name, tags: e.tags, metadata: e.metadata, data: plain(e.data) }).replace(ids, "ID");

function graphs(lib) {
  const agent = lib === LG ? createReactAgent : lib.createReactAgent;
  const agentModel = new FakeStreamingChatModel({ sleep: 0, responses: [new AIMessage({ content: "calling", tool_calls: [{ name: "echo", args: { x: "y" }, id: "c1" }] }), new AIMessage("done")] });
  const { StateGraph, Annotation, START, END, Send, Command, MemorySaver, MessagesAnnotation, interrupt } = lib;
  const St = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const sub = new StateGraph(St).addNode("s1", () => ({ log: ["s1"] })).addEdge(START, "s1").compile();
  const model = new FakeListChatModel({ responses: ["hi there"] });
  const echo = tool(async ({ x }) => `echo ${x}`, { name: "echo", description: "echo", schema: { type: "object", properties: { x: { type: "string" } } } });
  const plus = RunnableLambda.from((x) => x + 1).withConfig({ runName: "plus" });
  return [
    ["sends, a command, a subgraph", new StateGraph(St).addNode("a", () => ({ n: 1 })).addNode("w", (x) => ({ log: [`w${x.n}`] })).addNode("b", () => new Command({ update: { n: 2 }, goto: "sub" }), { ends: ["sub"] }).addNode("sub", sub).addEdge(START, "a").addConditionalEdges("a", () => [new Send("w", { n: 5 }), "b"]).compile(), [{ n: 0 }]],
    ["an interrupt and its resume", new StateGraph(St).addNode("a", () => ({ log: [interrupt("q?")] })).addNode("b", () => ({ n: 1 })).addEdge(START, "a").addEdge("a", "b").compile({ checkpointer: new MemorySaver() }), [{ n: 0 }, new Command({ resume: "yes" })], { configurable: { thread_id: "t" } }],
    ["a chat model, a tool, a chain; tags and metadata", new StateGraph(MessagesAnnotation).addNode("agent", async (s, c) => { const m = await model.invoke(s.messages, c); await echo.invoke({ x: "y" }, c); await plus.invoke(1, c); return { messages: [m] }; }).addEdge(START, "agent").addEdge("agent", END).compile(), [{ messages: [{ role: "user", content: "yo" }] }], { tags: ["T"], metadata: { m: 1 } }],
    ["an interrupt inside a subgraph, and its resume", new StateGraph(St).addNode("pre", () => ({ n: 1 })).addNode("inner", new StateGraph(St).addNode("ask", () => ({ log: [interrupt("ok?")] })).addNode("after", () => ({ n: 10 })).addEdge(START, "ask").addEdge("ask", "after").compile()).addEdge(START, "pre").addEdge("pre", "inner").compile({ checkpointer: new MemorySaver() }), [{ n: 0 }, new Command({ resume: "sure" })], { configurable: { thread_id: "s" } }],
    ["a subgraph with state of its own per thread, called twice", (() => {
      const own = new StateGraph(St).addNode("c", (s) => ({ log: [`c${s.log.length}`] })).addEdge(START, "c").compile({ checkpointer: true });
      return new StateGraph(St).addNode("p", own).addNode("q", (s) => ({ n: 1 })).addEdge(START, "p").addEdge("p", "q").addConditionalEdges("q", (s) => (s.n < 2 ? "p" : END)).compile({ checkpointer: new MemorySaver() });
    })(), [{ n: 0 }], { configurable: { thread_id: "own" } }],
    ["an error handler", new StateGraph(St).addNode("bad", () => { throw new RangeError("x"); }, { errorHandler: () => ({ log: ["handled"] }) }).addEdge(START, "bad").compile(), [{ n: 0 }]],
    ["a subgraph that leaves with Command.PARENT", (() => {
      const up = new StateGraph(St).addNode("c1", () => new Command({ graph: Command.PARENT, goto: "n1", update: { log: ["up"] } })).addEdge(START, "c1").compile();
      return new StateGraph(St).addNode("n0", up, { ends: ["n1"] }).addNode("n1", () => ({ n: 1 })).addEdge(START, "n0").compile();
    })(), [{ n: 0 }]],
    ["a retried node", (() => {
      let tries = 0;
      return new StateGraph(St).addNode("flaky", () => (tries++ === 0 ? Promise.reject(new Error("once")) : { n: 1 }), { retryPolicy: { maxAttempts: 2, initialInterval: 0, jitter: false, retryOn: () => true } }).addEdge(START, "flaky").compile();
    })(), [{ n: 0 }]],
    ["a ReAct agent: a model that calls a tool, then answers", agent({ llm: agentModel, tools: [echo] }), [{ messages: [{ role: "user", content: "go" }] }]],
    ["a loop with values chunks", new StateGraph(St).addNode("tick", (s) => ({ n: 1 })).addEdge(START, "tick").addConditionalEdges("tick", (s) => (s.n >= 3 ? END : "tick")).compile(), [{ n: 0 }], { streamMode: "values" }],
  ];
}

async function run(lib) {
  const out = [];
  for (const [label, g, inputs, config = {}] of graphs(lib)) {
    for (const input of inputs) {
      const events = [];
      try {
        for await (const e of g.streamEvents(input, { version: "v2", ...config })) events.push(e);
      } catch (e) {
        events.push({ event: "error", name: e.name, tags: [], metadata: {}, data: {} });
      }
      const kept = events.filter((e) => e.name !== "RunnableSequence" && !(e.name === "prompt" && e.tags.includes("seq:step:1")));
      out.push({
        label,
        events: kept.filter((e) => e.event !== "on_chain_stream").map(norm),
        chunks: kept.filter((e) => e.event === "on_chain_stream").map(norm),
      });
    }
  }
  return out;
}

const [theirs, ours] = [await run(LG), await run(SS)];
let bad = 0;
theirs.forEach((t, i) => {
  const o = ours[i];
  for (const part of ["events", "chunks"]) {
    const n = Math.max(t[part].length, o[part].length);
    for (let k = 0; k < n; k++) {
      if (t[part][k] === o[part][k]) continue;
      bad++;
      console.log(`${t.label}, ${part} ${k}:\n  lg   ${t[part][k]}\n  ours ${o[part][k]}`);
      break;
    }
  }
});
console.log(bad ? `${bad} differences` : `${theirs.length} runs agree`);
process.exitCode = bad ? 1 : 0;
