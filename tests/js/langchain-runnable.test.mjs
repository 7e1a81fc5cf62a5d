// node --test: a compiled graph among LangChain's runnables, as LangGraph.js's is one.
// LangChain takes it as a runnable as it is (RunnableSequence, RunnableMap, streaming
// through a sequence); `superstep/langchain` adds LangChain's Runnable methods (pipe,
// withRetry, asTool...), checked here in an app of its own, installed as npm would.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { RunnableSequence, RunnableMap, RunnableLambda } from "@langchain/core/runnables";
import * as S from "../../www/superstep/node.js";
import { runInApp } from "./app.mjs";

const { StateGraph, Annotation, START, END, entrypoint } = S;
before(() => S.init());

const graph = () => new StateGraph(Annotation.Root({ x: Annotation() })).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(START, "a").compile();

test("LangChain takes a compiled graph and a workflow as runnables: in a sequence, a map, and streaming through one", async () => {
  const g = graph();
  assert.equal(await RunnableSequence.from([g, (s) => s.x * 10]).invoke({ x: 1 }), 20);
  const wf = entrypoint("double", (n) => n * 2);
  assert.deepEqual(await RunnableMap.from({ g, wf: RunnableSequence.from([(s) => s.x, wf]) }).invoke({ x: 1 }), { g: { x: 2 }, wf: 2 });
  // Streaming through a sequence streams the graph's chunks ("updates" unless told), as LangGraph.js's.
  const chunks = [];
  for await (const c of await RunnableSequence.from([(x) => x, g]).stream({ x: 1 })) chunks.push(c);
  assert.deepEqual(chunks, [{ a: { x: 2 } }]);
});

test("LangChain runnables serve as nodes and as routers, as in LangGraph.js", async () => {
  const State = Annotation.Root({ n: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("a", RunnableLambda.from((s) => ({ n: [`lambda${s.n.length}`] })))
    .addNode("b", RunnableSequence.from([(s) => s.n.length, (k) => ({ n: [`seq${k}`] })]))
    .addEdge(START, "a")
    .addConditionalEdges("a", RunnableLambda.from((s) => (s.n.length > 1 ? END : "b")))
    .addEdge("b", "a")
    .compile();
  assert.deepEqual(await g.invoke({ n: [] }), { n: ["lambda0", "seq1", "lambda2"] });
});

test("without superstep/langchain, LangChain's own Runnable methods say how to get them", () => {
  for (const method of ["pipe", "withRetry", "withFallbacks", "withListeners", "asTool", "pick", "assign"]) {
    assert.throws(() => graph()[method](() => 1), (e) => e instanceof TypeError && e.message.includes('import "superstep/langchain"'), method);
  }
});

test("with superstep/langchain imported, pipe, withRetry and asTool are LangChain's, its CallbackManager nests a run's callbacks, dispatchCustomEvent reaches streamEvents, and a fake model's tokens are AIMessageChunks, in an app with its own @langchain/core", async () => {
  // The app's other packages (@langchain/core, zod and theirs): this test folder's.
  const { status, stdout, stderr } = runInApp(
    `import "superstep/langchain";
      import { StateGraph, Annotation, START } from "superstep";
      import { z } from "zod";
      const g = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(START, "a").compile();
      const tool = g.asTool({ name: "inc", description: "adds one", schema: z.object({ x: z.number() }) });
      // A plain list of handlers, driven by LangChain's CallbackManager: a model the node calls runs under the node's run.
      const { FakeListChatModel } = await import("@langchain/core/utils/testing");
      const model = new FakeListChatModel({ responses: ["hi"] });
      const names = new Map();
      const parents = {};
      const handler = { handleChainStart: (_c, _i, id, parent, _t, _m, _k, name) => (names.set(id, name), (parents[name] = names.get(parent) ?? null)), handleChatModelStart: (_l, _m, id, parent) => (parents.model = names.get(parent)) };
      const chat = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("bot", async (s, config) => ({ x: (await model.invoke("q", config)).content })).addEdge(START, "bot").compile();
      await chat.invoke({ x: 1 }, { callbacks: [handler] });
      await new Promise((r) => setTimeout(r, 20));
      // LangChain's dispatchCustomEvent from a node reaches streamEvents v2, under the node's run (as LangGraph.js).
      const { dispatchCustomEvent } = await import("@langchain/core/callbacks/dispatch");
      const custom = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("bot", async (s, config) => (await dispatchCustomEvent("progress", { at: s.x }, config), { x: 2 })).addEdge(START, "bot").compile();
      const runs = {}, events = [];
      for await (const e of custom.streamEvents({ x: 1 }, { version: "v2" })) {
        if (e.event === "on_chain_start") runs[e.name] = e.run_id;
        if (e.event === "on_custom_event") events.push([e.name, e.data, e.tags, e.run_id === runs.bot]);
      }
      // A model's tokens streamed without chunks (a fake model's) are LangChain's AIMessageChunks, as in LangGraph.js.
      const { AIMessageChunk } = await import("@langchain/core/messages");
      const talker = new FakeListChatModel({ responses: ["ok"] });
      const talk = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("bot", async (s, config) => ({ x: (await talker.invoke("q", config)).content })).addEdge(START, "bot").compile();
      const tokens = [];
      for await (const [m] of await talk.stream({ x: 1 }, { streamMode: "messages" })) tokens.push([m instanceof AIMessageChunk, m.content]);
      console.log(JSON.stringify([await g.pipe((s) => s.x * 100).invoke({ x: 1 }), await g.withRetry({ stopAfterAttempt: 2 }).invoke({ x: 1 }), tool.name, await tool.invoke({ x: 5 }), parents, events, tokens]));`,
  );
  // As npm installs it: the package resolves @langchain/core from the app's node_modules.
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), [200, { x: 2 }, "inc", { x: 6 }, { LangGraph: null, bot: "LangGraph", model: "bot" }, [["progress", { at: 1 }, ["graph:step:1"], true]], [[true, "o"], [true, "k"]]]);
});
