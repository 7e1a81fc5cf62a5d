// node --test: a run's metadata where LangGraph.js 1.7.3 shows it. Its
// integration tag, the call's metadata, a configurable `model` and the ids
// a configurable carries (assistant_id, run_id…) reach task events (without
// LangGraph's own keys, the run's tags last), streamEvents v2 and LangChain
// callbacks. Expected values recorded from LangGraph.js.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver, task } = S;

before(() => S.init());

const State = Annotation.Root({ x: Annotation() });
const call = { configurable: { thread_id: "t", model: "m", assistant_id: "as", user: "u" }, metadata: { k: 1 } };
const run = { ls_integration: "langgraph", k: 1, model: "m" };

test("task events carry the run's metadata, the enclosing nodes' and their own, without LangGraph's keys, then the run's tags", async () => {
  const double = task("tk", async (x) => x * 2);
  const sub = new StateGraph(State).addNode("c", () => ({ x: 2 }), { metadata: { inner: 1, langgraph_step: 5 } }).addEdge(START, "c").compile();
  const g = new StateGraph(State)
    .addNode("a", async () => ({ x: await double(1) }), { metadata: { own: "a" } })
    .addNode("sub", sub, { metadata: { enc: "s" } })
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .compile({ checkpointer: new MemorySaver() });
  const seen = {};
  for await (const [, , c] of await g.stream({ x: 0 }, { ...call, tags: ["t1", "seq:step:1"], streamMode: ["tasks"], subgraphs: true })) {
    if ("input" in c) seen[c.name] = c.metadata;
  }
  const tags = ["t1"];
  assert.deepEqual(seen, {
    a: { ...run, assistant_id: "as", own: "a", tags },
    tk: { ...run, assistant_id: "as", own: "a", tags },
    sub: { ...run, assistant_id: "as", enc: "s", tags },
    c: { ...run, assistant_id: "as", enc: "s", inner: 1, tags },
  });
  assert.deepEqual(Object.keys(seen.c), ["ls_integration", "k", "model", "assistant_id", "enc", "inner", "tags"]);
});

test("streamEvents v2 and LangChain callbacks see the run's metadata, the thread's id among LangGraph's ids", async () => {
  const g = new StateGraph(State).addNode("a", () => ({ x: 1 })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  const expected = { ...run, thread_id: "t", assistant_id: "as" };
  for await (const e of g.streamEvents({ x: 0 }, { version: "v2", ...call })) {
    if (e.event === "on_chain_start" && e.name === "LangGraph") assert.deepEqual(e.metadata, expected);
  }
  const started = [];
  class Handler extends BaseCallbackHandler {
    name = "h";
    handleChainStart(_chain, _inputs, _runId, _parent, _tags, metadata, _type, name) {
      started.push([name, metadata]);
    }
  }
  await g.invoke({ x: 0 }, { ...call, configurable: { ...call.configurable, thread_id: "u" }, callbacks: [new Handler()] });
  assert.deepEqual(started[0], ["LangGraph", { ...expected, thread_id: "u" }]);
  assert.deepEqual(Object.keys(started[0][1]), ["ls_integration", "k", "model", "thread_id", "assistant_id"]);
});

test("messages a node pushes carry its metadata as it is, and those its output streams their tags and name first", async () => {
  const { MessagesAnnotation, pushMessage } = S;
  const sub = new StateGraph(MessagesAnnotation).addNode("c", () => ({ messages: [{ role: "assistant", content: "out", id: "o1" }] })).addEdge(START, "c").compile();
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", (_s, config) => (pushMessage({ role: "assistant", content: "pushed", id: "p1" }, config), {}))
    .addNode("sub", sub)
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .compile({ checkpointer: new MemorySaver() });
  const seen = {};
  for await (const [message, metadata] of await g.stream({ messages: [] }, { ...call, streamMode: "messages" })) seen[message.content] = metadata;
  const order = ["ls_integration", "k", "model", "thread_id", "assistant_id", "langgraph_step", "langgraph_node", "langgraph_triggers", "langgraph_path", "langgraph_checkpoint_ns", "checkpoint_ns"];
  assert.deepEqual(Object.keys(seen.pushed), order);
  assert.deepEqual(Object.keys(seen.out), ["tags", "name", ...order]);
  assert.deepEqual([seen.out.tags, seen.out.name], [["graph:step:2"], "sub"]);
});
