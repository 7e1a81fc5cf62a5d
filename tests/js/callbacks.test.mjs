// node --test: LangChain callbacks given to a run (`config.callbacks`), as LangGraph.js
// reports to them: the graph's chain run, each task's under it, and what a node calls
// with its config under the task's run, and a router's run under its node's (checked
// against LangGraph.js 1.7.3, which also reports a hidden __start__ task and its
// router, which this package does not).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { RunnableSequence } from "@langchain/core/runnables";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MessagesAnnotation } = S;
before(() => S.init());

/** A handler that records each run: its name, its parent's name, tags, node metadata, and how it ended. */
function recorder() {
  const runs = new Map();
  const h = new (class extends BaseCallbackHandler {
    name = "recorder";
    handleChainStart(chain, input, runId, parentRunId, tags, metadata, _type, runName) {
      runs.set(runId, { name: runName ?? chain.id.at(-1), parent: parentRunId, tags, node: metadata?.langgraph_node, input });
    }
    handleChainEnd(output, runId) {
      runs.get(runId).end = output;
    }
    handleChainError(e, runId) {
      runs.get(runId).error = e.message;
    }
    handleChatModelStart(_l, _m, runId, parentRunId, _x, tags, metadata) {
      runs.set(runId, { name: "model", parent: parentRunId, tags, node: metadata?.langgraph_node });
    }
  })();
  const settled = () => new Promise((r) => setTimeout(r, 20));
  const list = () => [...runs.values()].map((r) => ({ ...r, parent: runs.get(r.parent)?.name ?? null }));
  return { h, settled, list };
}

test("a list of handlers hears the graph's run, each task's run under it, and a model the node calls; a failure errors both", async () => {
  const { h, settled, list } = recorder();
  const model = new FakeListChatModel({ responses: ["hi"] });
  const State = Annotation.Root({ x: Annotation() });
  const g = new StateGraph(State)
    .addNode("bot", async (s, config) => ((keys = Object.keys(config)), { x: (await model.invoke("q", config)).content }))
    .addEdge(START, "bot")
    .compile();
  let keys;
  assert.deepEqual(await g.invoke({ x: 1 }, { callbacks: [h], tags: ["T"], metadata: { m: 1 } }), { x: "hi" });
  // As LangGraph.js's: the node's config has callbacks, and so no runName.
  assert.ok(keys.includes("callbacks") && !keys.includes("runName"), keys.join());
  await settled();
  const [graph, bot, llm] = list();
  assert.deepEqual(graph, { name: "LangGraph", parent: null, tags: ["T"], node: undefined, input: { x: 1 }, end: { x: "hi" } });
  assert.deepEqual({ ...bot, input: { ...bot.input } }, { name: "bot", parent: "LangGraph", tags: ["graph:step:1", "T"], node: "bot", input: { x: 1 }, end: { x: "hi" } });
  // A plain list cannot parent LangChain's own runs (superstep/langchain's manager does); the node's metadata and the run's tags reach it.
  assert.deepEqual(llm, { name: "model", parent: null, tags: ["T"], node: "bot" });

  const failing = recorder();
  const bad = new StateGraph(State).addNode("fail", () => { throw new Error("boom"); }).addEdge(START, "fail").compile();
  await assert.rejects(bad.invoke({ x: 1 }, { callbacks: [failing.h] }), /boom/);
  await failing.settled();
  assert.deepEqual(failing.list().map((r) => [r.name, r.parent, r.error]), [["LangGraph", null, "boom"], ["fail", "LangGraph", "boom"]]);
  // A sibling the failure stops never settles: its run ends cancelled with the graph's.
  const stopped = recorder();
  const slow = new StateGraph(State)
    .addNode("fail", async () => { throw new Error("boom"); })
    .addNode("slow", () => new Promise((r) => setTimeout(() => r({}), 200)))
    .addEdge(START, "fail")
    .addEdge(START, "slow")
    .compile();
  await assert.rejects(slow.invoke({ x: 1 }, { callbacks: [stopped.h] }), /boom/);
  await stopped.settled();
  assert.deepEqual(stopped.list().map((r) => [r.name, r.error]).sort(), [["LangGraph", "boom"], ["fail", "boom"], ["slow", "The task was cancelled"]]);
});

test("a router's run is LangChain's RunnableLambda under its node's task: the state with the node's writes in, { output } out", async () => {
  const { h, settled, list } = recorder();
  const N = Annotation.Root({ n: Annotation(), m: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(N)
    .addNode("a", (s) => ({ n: s.n + 1 }))
    .addNode("b", (s) => ({ n: s.n * 10 }))
    .addNode("c", (s) => ({ m: [s.x] }))
    .addConditionalEdges(START, () => "a")
    .addConditionalEdges("a", (s) => (s.n > 0 ? "b" : "__end__"), ["b", "__end__"])
    .addConditionalEdges("b", () => [new S.Send("c", { x: 1 })])
    .addEdge("c", "__end__")
    .compile();
  assert.deepEqual(await g.invoke({ n: 1 }, { callbacks: [h], tags: ["T"] }), { n: 20, m: [1] });
  await settled();
  const shown = list().map(({ name, parent, tags, node, input, end }) => [name, parent, tags, node, { ...input }, end]);
  assert.deepEqual(shown, [
    ["LangGraph", null, ["T"], undefined, { n: 1 }, { n: 20, m: [1] }],
    ["a", "LangGraph", ["graph:step:1", "T"], "a", { n: 1, m: [] }, { n: 2 }],
    ["RunnableLambda", "a", ["T"], "a", { n: 2, m: [] }, { output: "b" }],
    ["b", "LangGraph", ["graph:step:2", "T"], "b", { n: 2, m: [] }, { n: 20 }],
    ["RunnableLambda", "b", ["T"], "b", { n: 20, m: [] }, { output: [new S.Send("c", { x: 1 })] }],
    ["c", "LangGraph", ["graph:step:3", "T"], "c", { x: 1 }, { m: [1] }],
  ]);
  // As there, the router runs inside its node's task: the task's run ends after the router's.
  const order = [];
  const names = new Map();
  const ordered = new (class extends BaseCallbackHandler {
    name = "ordered";
    handleChainStart(_c, _i, runId, _p, _t, _m, _type, name) {
      names.set(runId, name);
      order.push(`start ${name}`);
    }
    handleChainEnd(_o, runId) {
      order.push(`end ${names.get(runId)}`);
    }
  })();
  const two = new StateGraph(N).addNode("a", () => ({ n: 1 })).addNode("b", () => ({ n: 2 })).addEdge(START, "a").addConditionalEdges("a", () => "b").addEdge("b", "__end__").compile();
  await two.invoke({ n: 0 }, { callbacks: [ordered] });
  await settled();
  assert.deepEqual(order, ["start LangGraph", "start a", "start RunnableLambda", "end RunnableLambda", "end a", "start b", "end b", "end LangGraph"]);
  // A subgraph node's task run waits for its router too, as there.
  order.length = 0;
  const inner = new StateGraph(N).addNode("i", () => ({ n: 1 })).addEdge(START, "i").compile();
  const outer = new StateGraph(N).addNode("sub", inner).addNode("b", () => ({ n: 2 })).addEdge(START, "sub").addConditionalEdges("sub", () => "b").addEdge("b", "__end__").compile();
  await outer.invoke({ n: 0 }, { callbacks: [ordered] });
  await settled();
  assert.deepEqual(order, ["start LangGraph", "start sub", "start LangGraph", "start i", "end i", "end LangGraph", "start RunnableLambda", "end RunnableLambda", "end sub", "start b", "end b", "end LangGraph"]);
  // A graph document's code node (its routers may be rules, run in the engine) ends first; its code router's run is still under it.
  const doc = StateGraph.fromJSON({
    format: "superstep.graph",
    version: 1,
    name: "routed",
    channels: [{ key: "n", reducer: "overwrite" }],
    nodes: [
      { id: "a", kind: "code", code: "return { n: 1 };" },
      { id: "b", kind: "code", code: "return { n: 2 };" },
    ],
    edges: [{ from: "__start__", to: "a" }, { from: "b", to: "__end__" }],
    routers: [{ from: "a", code: "return 'b';" }],
  }).compile();
  const fromDoc = recorder();
  await doc.invoke({ n: 0 }, { callbacks: [fromDoc.h] });
  await fromDoc.settled();
  assert.deepEqual(fromDoc.list().map((r) => [r.name, r.parent]), [["LangGraph", null], ["a", "LangGraph"], ["RunnableLambda", "a"], ["b", "LangGraph"]]);
  // A router that throws errors its run, its task's (which waited for it, as there) and the graph's.
  const failing = recorder();
  const bad = new StateGraph(N).addNode("a", () => ({ n: 1 })).addEdge(START, "a").addConditionalEdges("a", () => { throw new Error("no way"); }).compile();
  await assert.rejects(bad.invoke({ n: 0 }, { callbacks: [failing.h] }), /no way/);
  await failing.settled();
  assert.deepEqual(failing.list().map((r) => [r.name, r.parent, r.error]), [["LangGraph", null, "no way"], ["a", "LangGraph", "no way"], ["RunnableLambda", "a", "no way"]]);
});

test("a callback manager from a LangChain sequence nests all: the sequence, the graph, the task, the model", async () => {
  const { h, settled, list } = recorder();
  const model = new FakeListChatModel({ responses: ["hi"] });
  const g = new StateGraph(MessagesAnnotation)
    .addNode("bot", async (s, config) => ({ messages: [await model.invoke(s.messages, config)] }))
    .addEdge(START, "bot")
    .compile({ name: "chat" });
  const seq = RunnableSequence.from([(x) => ({ messages: [{ role: "user", content: x }] }), g]);
  await seq.invoke("hello", { callbacks: [h] });
  await settled();
  const parents = Object.fromEntries(list().map((r) => [r.name, r.parent]));
  assert.equal(parents.chat, "RunnableSequence");
  assert.equal(parents.bot, "chat");
  assert.equal(parents.model, "bot");
  // So LangChain's own event stream over the sequence sees the graph's tasks and their model, as with LangGraph.js (less its hidden __start__).
  const events = [];
  for await (const e of seq.streamEvents("hello", { version: "v2" })) if (e.event.endsWith("_start")) events.push(`${e.event} ${e.name}`);
  assert.deepEqual(events, ["on_chain_start RunnableSequence", "on_chain_start RunnableLambda", "on_chain_start chat", "on_chain_start bot", "on_chat_model_start FakeListChatModel"]);
});

test("streaming with callbacks: both the stream and the handlers hear the run; a handler that throws only warns", async () => {
  const { h, settled, list } = recorder();
  const thrower = { handleChainStart() { throw new Error("handler bug"); } };
  const warned = [];
  const warn = console.warn;
  console.warn = (m) => warned.push(String(m));
  try {
    const g = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(START, "a").compile();
    const chunks = [];
    for await (const c of await g.stream({ x: 1 }, { callbacks: [h, thrower], streamMode: "values", runName: "mine" })) chunks.push(c);
    assert.deepEqual(chunks, [{ x: 1 }, { x: 2 }]);
    await settled();
    // The config's runName names the graph's run, as in LangChain.
    assert.deepEqual(list().map((r) => [r.name, r.parent, r.end]), [["mine", null, { x: 2 }], ["a", "mine", { x: 2 }]]);
    assert.ok(warned.some((m) => m.includes("handler bug")), warned.join());
  } finally {
    console.warn = warn;
  }
});

test("a pause errors its task's run with GraphInterrupt and ends the graph's with its state; the resume reports each run in order", async () => {
  const { MemorySaver, Command, interrupt } = S;
  const seen = [];
  const names = new Map();
  const h = {
    handleChainStart: (_c, _i, id, parent, _t, _m, _k, name) => (names.set(id, name), seen.push(`+${name}<${names.get(parent) ?? "-"}`)),
    handleChainEnd: (out, id) => seen.push(`-${names.get(id)} ${JSON.stringify(out)}`),
    handleChainError: (e, id) => seen.push(`!${names.get(id)} ${e.name}`),
  };
  const g = new StateGraph(Annotation.Root({ x: Annotation() }))
    .addNode("ask", () => ({ x: interrupt("ok?") }))
    .addNode("after", (s) => ({ x: s.x + "!" }))
    .addEdge(START, "ask")
    .addEdge("ask", "after")
    .compile({ checkpointer: new MemorySaver() });
  const c = { configurable: { thread_id: "p" }, callbacks: [h] };
  await g.invoke({ x: "a" }, c);
  await g.invoke(new Command({ resume: "yes" }), c);
  // As LangGraph.js 1.7.3 reports the same two calls.
  assert.deepEqual(seen, [
    "+LangGraph<-", "+ask<LangGraph", "!ask GraphInterrupt", '-LangGraph {"x":"a"}',
    "+LangGraph<-", "+ask<LangGraph", '-ask {"x":"yes"}', "+after<LangGraph", '-after {"x":"yes!"}', '-LangGraph {"x":"yes!"}',
  ]);
});

test("subgraphs nest as in LangGraph.js: a graph a node invokes runs inside the node's run, a subgraph node's graph inside its task's", async () => {
  const seen = [];
  const names = new Map();
  const h = {
    handleChainStart: (_c, _i, id, parent, _t, _m, _k, name) => (names.set(id, name), seen.push(`+${name}<${names.get(parent) ?? "-"}`)),
    handleChainEnd: (_o, id) => seen.push(`-${names.get(id)}`),
    handleChainError: (e, id) => seen.push(`!${names.get(id)} ${e.name}`),
  };
  const S = Annotation.Root({ x: Annotation() });
  const inner = new StateGraph(S).addNode("i1", (s) => ({ x: s.x + 1 })).addEdge(START, "i1").compile();
  const g = new StateGraph(S)
    .addNode("call", async (s, config) => ({ x: (await inner.invoke({ x: s.x }, config)).x }))
    .addNode("sub", inner)
    .addEdge(START, "call")
    .addEdge("call", "sub")
    .compile();
  assert.deepEqual(await g.invoke({ x: 0 }, { callbacks: [h] }), { x: 2 });
  await new Promise((r) => setTimeout(r, 20));
  // LangGraph.js 1.7.3's reports of the same run (less its hidden __start__ tasks).
  assert.deepEqual(seen, [
    "+LangGraph<-", "+call<LangGraph", "+LangGraph<call", "+i1<LangGraph", "-i1", "-LangGraph", "-call",
    "+sub<LangGraph", "+LangGraph<sub", "+i1<LangGraph", "-i1", "-LangGraph", "-sub", "-LangGraph",
  ]);
  // A failing subgraph errors the node's runs, its graph's and the graph's.
  seen.length = 0;
  const failing = new StateGraph(S).addNode("f", () => { throw new TypeError("bad"); }).addEdge(START, "f").compile();
  const outer = new StateGraph(S).addNode("sub", failing).addEdge(START, "sub").compile();
  await assert.rejects(outer.invoke({ x: 0 }, { callbacks: [h] }), /bad/);
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(seen, ["+LangGraph<-", "+sub<LangGraph", "+LangGraph<sub", "+f<LangGraph", "!f TypeError", "!LangGraph TypeError", "!sub TypeError", "!LangGraph TypeError"]);
});

test("a graph invoked by a LangChain tool the node calls runs inside the tool's run, as in LangGraph.js", async () => {
  const { tool } = await import("@langchain/core/tools");
  const { z } = await import("zod");
  const seen = [];
  const names = new Map();
  const h = {
    handleChainStart: (_c, _i, id, parent, _t, _m, _k, name) => (names.set(id, name), seen.push(`${name}<${names.get(parent) ?? "-"}`)),
    handleToolStart: (_t, _i, id, parent, _tags, _m, name) => (names.set(id, name), seen.push(`${name}<${names.get(parent) ?? "-"}`)),
  };
  const S = Annotation.Root({ x: Annotation() });
  const helper = new StateGraph(S).addNode("work", (s) => ({ x: s.x * 2 })).addEdge(START, "work").compile({ name: "helper" });
  const ask = tool(async ({ x }, config) => (await helper.invoke({ x }, config)).x, { name: "ask_helper", schema: z.object({ x: z.number() }) });
  const g = new StateGraph(S).addNode("boss", async (s, config) => ({ x: await ask.invoke({ x: s.x }, config) })).addEdge(START, "boss").compile();
  assert.deepEqual(await g.invoke({ x: 2 }, { callbacks: [h] }), { x: 4 });
  await new Promise((r) => setTimeout(r, 20));
  // The tool's run has no parent for a plain list (LangChain's manager would give it the node's); the helper is inside the tool's.
  assert.deepEqual(seen, ["LangGraph<-", "boss<LangGraph", "ask_helper<-", "helper<ask_helper", "work<helper"]);
});
