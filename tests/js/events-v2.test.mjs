// node --test: streamEvents(input, { version: "v2" }), LangChain's callback
// events of a run. The expected events are those LangGraph.js 1.7.3 streams for
// the same graphs (run ids aside), except where a comment says otherwise.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { tool } from "@langchain/core/tools";
import { RunnableLambda } from "@langchain/core/runnables";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Send, Command, MemorySaver, MessagesAnnotation, interrupt } = S;

before(() => S.init());

const St = Annotation.Root({
  n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

/** A log alone, for the tests that only append to it. */
const L = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

async function events(graph, input, options) {
  const out = [];
  for await (const e of graph.streamEvents(input, { version: "v2", ...options })) out.push(e);
  return out;
}

const brief = (e) => `${e.event} ${e.name}`;

test("v2 returns an async iterable at once, as LangGraph.js does", () => {
  const g = new StateGraph(St).addNode("a", () => ({ n: 1 })).addEdge(START, "a").compile();
  const stream = g.streamEvents({ n: 0 }, { version: "v2" });
  assert.equal(typeof stream[Symbol.asyncIterator], "function");
  assert.equal(typeof stream.then, "undefined");
  return stream.return();
});

test("the graph, its tasks (Sends, a Command, a subgraph) and its chunks, as LangGraph.js streams them", async () => {
  const sub = new StateGraph(St).addNode("s1", () => ({ log: ["s1"] })).addEdge(START, "s1").compile();
  const g = new StateGraph(St)
    .addNode("a", () => ({ n: 1 }))
    .addNode("w", (x) => ({ log: [`w${x.n}`] }))
    .addNode("b", () => new Command({ update: { n: 2 }, goto: "sub" }), { ends: ["sub"] })
    .addNode("sub", sub)
    .addEdge(START, "a")
    .addConditionalEdges("a", () => [new Send("w", { n: 5 }), "b"])
    .compile();
  const all = await events(g, { n: 0 });
  // LangGraph.js's graph chunks interleave with the tasks' events by its own timing; not copied.
  assert.deepEqual(all.filter((e) => e.event !== "on_chain_stream").map(brief), [
    "on_chain_start LangGraph",
    "on_chain_start __start__",
    "on_chain_end __start__",
    "on_chain_start a",
    "on_chain_start RunnableLambda",
    "on_chain_end RunnableLambda",
    "on_chain_end a",
    "on_chain_start w",
    "on_chain_start b",
    "on_chain_end w",
    "on_chain_end b",
    "on_chain_start sub",
    "on_chain_start LangGraph",
    "on_chain_start __start__",
    "on_chain_end __start__",
    "on_chain_start s1",
    "on_chain_end s1",
    "on_chain_end LangGraph",
    "on_chain_end sub",
    "on_chain_end LangGraph",
  ]);
  const byName = (n, ev) => all.find((e) => e.name === n && e.event === ev);
  // Tags and metadata of a task, a Send's task and the hidden input task.
  assert.deepEqual(byName("a", "on_chain_start").tags, ["graph:step:1"]);
  const a = byName("a", "on_chain_start").metadata;
  assert.equal(a.ls_integration, "langgraph");
  assert.equal(a.langgraph_step, 1);
  assert.equal(a.langgraph_node, "a");
  assert.deepEqual(a.langgraph_triggers, ["branch:to:a"]);
  assert.deepEqual(a.langgraph_path, ["__pregel_pull", "a"]);
  assert.match(a.langgraph_checkpoint_ns, /^a:/);
  assert.equal(a.checkpoint_ns, a.langgraph_checkpoint_ns);
  const w = byName("w", "on_chain_start");
  assert.deepEqual(w.metadata.langgraph_triggers, ["__pregel_push"]);
  assert.deepEqual(w.metadata.langgraph_path, ["__pregel_push", 0, false]);
  assert.deepEqual(w.data, { input: { n: 5 } });
  assert.deepEqual(byName("__start__", "on_chain_start").tags, ["graph:step:0", "langsmith:hidden"]);
  // The router runs inside its node's task, on the state with the node's writes, and returns its routes.
  const router = all.filter((e) => e.name === "RunnableLambda");
  assert.equal(router[0].metadata.langgraph_node, "a");
  assert.deepEqual(router[0].data, { input: { n: 1, log: [] } });
  assert.deepEqual(router[1].data.output.map((r) => (typeof r === "string" ? r : r.node)), ["w", "b"]);
  // Inputs and outputs: what the node got and what it returned (a Command as it is).
  assert.deepEqual(byName("a", "on_chain_end").data, { output: { n: 1 }, input: { n: 0, log: [] } });
  const b = byName("b", "on_chain_end").data.output;
  assert.ok(b instanceof Command);
  assert.deepEqual(b.goto, ["sub"]);
  // The subgraph's graph runs inside its task, with the task's metadata; its state is the task's output.
  const inner = all.filter((e) => e.name === "LangGraph" && e.metadata.langgraph_node === "sub");
  assert.deepEqual(inner.map((e) => e.event), ["on_chain_start", "on_chain_end"]);
  assert.deepEqual(inner[1].data.output, { n: 3, log: ["w5", "s1"] });
  assert.match(byName("s1", "on_chain_start").metadata.langgraph_checkpoint_ns, /^sub:[^|]+\|s1:/);
  assert.deepEqual(byName("sub", "on_chain_end").data.output, { n: 3, log: ["w5", "s1"] });
  // The graph streams its "updates" chunks, and ends with its state.
  assert.deepEqual(all.filter((e) => e.event === "on_chain_stream").map((e) => Object.keys(e.data.chunk)[0]), ["a", "w", "b", "sub"]);
  assert.deepEqual(all.at(-1).data, { output: { n: 6, log: ["w5", "w5", "s1"] } });
  assert.deepEqual(all[0].data, { input: { n: 0 } });
  // Each task has a run id of its own, kept from its start to its end.
  assert.equal(byName("a", "on_chain_start").run_id, byName("a", "on_chain_end").run_id);
  assert.notEqual(byName("a", "on_chain_start").run_id, all[0].run_id);
});

test("a pause streams the interrupt and ends the graph without ending the task; the resume has no input task", async () => {
  const g = new StateGraph(St)
    .addNode("a", () => ({ log: [interrupt("q?")] }))
    .addEdge(START, "a")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "v2" } };
  const first = await events(g, { n: 0 }, config);
  assert.deepEqual(first.map(brief), [
    "on_chain_start LangGraph",
    "on_chain_start __start__",
    "on_chain_end __start__",
    "on_chain_start a",
    "on_chain_stream LangGraph",
    "on_chain_end LangGraph",
  ]);
  assert.deepEqual(first[4].data.chunk.__interrupt__.map((i) => i.value), ["q?"]);
  assert.deepEqual(first.at(-1).data, { output: { n: 0, log: [] } });
  const resumed = await events(g, new Command({ resume: "yes" }), config);
  assert.deepEqual(resumed.map(brief), ["on_chain_start LangGraph", "on_chain_start a", "on_chain_end a", "on_chain_stream LangGraph", "on_chain_end LangGraph"]);
  assert.deepEqual(resumed.at(-1).data, { output: { n: 0, log: ["yes"] } });
});

test("a failing node's error ends the iteration; the node does not end", async () => {
  const g = new StateGraph(St)
    .addNode("a", () => {
      throw new RangeError("boom");
    })
    .addEdge(START, "a")
    .compile();
  const seen = [];
  await assert.rejects(async () => {
    for await (const e of g.streamEvents({ n: 0 }, { version: "v2" })) seen.push(brief(e));
  }, RangeError);
  assert.deepEqual(seen, ["on_chain_start LangGraph", "on_chain_start __start__", "on_chain_end __start__", "on_chain_start a"]);
});

test("a chat model, a tool and a chain called with the node's config report their events, with the task's metadata", async () => {
  const model = new FakeListChatModel({ responses: ["hi"] });
  const echo = tool(async ({ x }) => `echo ${x}`, { name: "echo", description: "echo", schema: { type: "object", properties: { x: { type: "string" } } } });
  const plus = RunnableLambda.from((x) => x + 1).withConfig({ runName: "plus" });
  const g = new StateGraph(MessagesAnnotation)
    .addNode("agent", async (s, config) => {
      const m = await model.invoke(s.messages, config);
      await echo.invoke({ x: "y" }, config);
      await plus.invoke(1, config);
      return { messages: [m] };
    })
    .addEdge(START, "agent")
    .addEdge("agent", END)
    .compile();
  const all = await events(g, { messages: [{ role: "user", content: "yo" }] }, { tags: ["T"], metadata: { m: 1 } });
  assert.deepEqual(
    all.filter((e) => !["LangGraph", "__start__"].includes(e.name)).map(brief),
    [
      "on_chain_start agent",
      "on_chat_model_start FakeListChatModel",
      "on_chat_model_stream FakeListChatModel",
      "on_chat_model_stream FakeListChatModel",
      "on_chat_model_end FakeListChatModel",
      "on_tool_start echo",
      "on_tool_end echo",
      "on_chain_start plus",
      "on_chain_end plus",
      "on_chain_end agent",
    ],
  );
  const tokens = all.filter((e) => e.event === "on_chat_model_stream");
  assert.equal(tokens.map((e) => e.data.chunk.content).join(""), "hi");
  for (const e of all.filter((e) => e.event.startsWith("on_chat_model"))) {
    assert.equal(e.metadata.langgraph_node, "agent");
    assert.equal(e.metadata.langgraph_step, 1);
    // The model's own metadata wins, as in LangChain.
    assert.equal(e.metadata.ls_integration, "langchain_chat_model");
    assert.equal(e.metadata.m, 1);
    assert.equal(e.metadata.ls_provider, "FakeListChatModel", "the model's own metadata too, on every event of its run");
    assert.deepEqual(e.tags, ["T"]);
  }
  assert.equal(new Set(all.filter((e) => e.event.startsWith("on_chat_model")).map((e) => e.run_id)).size, 1);
  assert.equal(all.find((e) => e.event === "on_chat_model_end").data.output.content, "hi");
  assert.deepEqual(all.find((e) => e.event === "on_tool_start").data, { input: { x: "y" } });
  assert.deepEqual(all.find((e) => e.event === "on_tool_end").data, { output: "echo y", input: { x: "y" } });
  assert.deepEqual(all.find((e) => e.name === "plus" && e.event === "on_chain_end").data, { output: 2, input: 1 });
  // The run's tags and metadata: the graph's, its tasks' (after the step's tag).
  assert.deepEqual(all[0].tags, ["T"]);
  assert.deepEqual(all[0].metadata, { ls_integration: "langgraph", m: 1 });
  assert.deepEqual(all.find((e) => e.name === "agent").tags, ["graph:step:1", "T"]);
  assert.deepEqual(all.find((e) => e.name === "__start__").tags, ["graph:step:0", "T", "langsmith:hidden"]);
});

// LangGraph.js 1.7.3 passes these filters over and streams every event; LangChain documents them.
test("LangChain's filters pick events by type, name and tag", async () => {
  const model = new FakeListChatModel({ responses: ["ok"] });
  const g = new StateGraph(MessagesAnnotation)
    .addNode("agent", async (s, config) => ({ messages: [await model.invoke(s.messages, config)] }))
    .addEdge(START, "agent")
    .compile();
  const input = { messages: [{ role: "user", content: "yo" }] };
  const models = await events(g, input, { includeTypes: ["chat_model"] });
  assert.deepEqual([...new Set(models.map((e) => e.event))], ["on_chat_model_start", "on_chat_model_stream", "on_chat_model_end"]);
  const named = await events(g, input, { includeNames: ["agent"] });
  assert.deepEqual(named.map(brief), ["on_chain_start agent", "on_chain_end agent"]);
  const untagged = await events(g, input, { excludeTags: ["langsmith:hidden"], excludeTypes: ["chat_model"] });
  assert.ok(!untagged.some((e) => e.name === "__start__" || e.event.startsWith("on_chat_model")));
  assert.ok(untagged.some((e) => e.name === "agent"));
});

test("with several stream modes, each chunk of the graph is [mode, chunk]", async () => {
  const g = new StateGraph(St).addNode("a", (s, config) => (config.writer({ p: 1 }), { n: 1 })).addEdge(START, "a").compile();
  const chunks = (await events(g, { n: 0 }, { streamMode: ["updates", "custom"] })).filter((e) => e.event === "on_chain_stream").map((e) => e.data.chunk);
  assert.deepEqual(chunks, [
    ["custom", { p: 1 }],
    ["updates", { a: { n: 1 } }],
  ]);
});

// The event lists LangGraph.js 1.7.3 streams for the same four graphs (tasks with their paths).
test("a retry starts its task again; a pause keeps the output before it and a resume restarts only the paused task; an error handler runs under its failed task; a subgraph leaving with Command.PARENT does not end", async () => {
  const show = async (g, input, config = {}) => {
    const out = [];
    for await (const e of g.streamEvents(input, { version: "v2", ...config })) {
      const path = e.event.endsWith("start") && e.metadata.langgraph_path && !["__start__", "LangGraph"].includes(e.name) ? ` ${JSON.stringify(e.metadata.langgraph_path)}` : "";
      const output = e.event === "on_chain_end" && e.name === "LangGraph" && !e.metadata.langgraph_node ? ` ${JSON.stringify(e.data.output)}` : "";
      out.push(`${e.event.slice(3)} ${e.name}${path}${output}`);
    }
    return out.join(" | ");
  };
  let tries = 0;
  const flaky = new StateGraph(L)
    .addNode("flaky", () => (tries++ === 0 ? Promise.reject(new Error("once")) : { log: ["ok"] }), { retryPolicy: { maxAttempts: 2, initialInterval: 0, jitter: false, retryOn: () => true } })
    .addEdge(START, "flaky")
    .compile();
  assert.equal(await show(flaky, { log: [] }), 'chain_start LangGraph | chain_start __start__ | chain_end __start__ | chain_start flaky ["__pregel_pull","flaky"] | chain_start flaky ["__pregel_pull","flaky"] | chain_end flaky | chain_stream LangGraph | chain_end LangGraph {"log":["ok"]}');
  const paused = new StateGraph(L).addNode("a", () => ({ log: ["a"] })).addNode("q", () => ({ log: [interrupt("?")] })).addEdge(START, "a").addEdge(START, "q").compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "p" } };
  assert.equal(await show(paused, { log: [] }, thread), 'chain_start LangGraph | chain_start __start__ | chain_end __start__ | chain_start a ["__pregel_pull","a"] | chain_start q ["__pregel_pull","q"] | chain_end a | chain_stream LangGraph | chain_stream LangGraph | chain_end LangGraph {"log":[]}');
  assert.equal(await show(paused, new Command({ resume: "r" }), thread), 'chain_start LangGraph | chain_start q ["__pregel_pull","q"] | chain_stream LangGraph | chain_end q | chain_stream LangGraph | chain_end LangGraph {"log":["a","r"]}');
  const handled = new StateGraph(L)
    .addNode("bad", () => { throw new RangeError("x"); }, { errorHandler: () => ({ log: ["handled"] }) })
    .addEdge(START, "bad")
    .compile();
  assert.equal(await show(handled, { log: [] }), 'chain_start LangGraph | chain_start __start__ | chain_end __start__ | chain_start bad ["__pregel_pull","bad"] | chain_start __error_handler__bad ["__pregel_pull","bad","node_error_handler",false] | chain_end __error_handler__bad | chain_stream LangGraph | chain_end LangGraph {"log":["handled"]}');
  const up = new StateGraph(L).addNode("c1", () => new Command({ graph: Command.PARENT, goto: "n1", update: { log: ["up"] } })).addEdge(START, "c1").compile();
  const parent = new StateGraph(L).addNode("n0", up, { ends: ["n1"] }).addNode("n1", () => ({ log: ["n1"] })).addEdge(START, "n0").compile();
  assert.equal(await show(parent, { log: [] }), 'chain_start LangGraph | chain_start __start__ | chain_end __start__ | chain_start n0 ["__pregel_pull","n0"] | chain_start LangGraph | chain_start __start__ | chain_end __start__ | chain_start c1 ["__pregel_pull","c1"] | chain_start n1 ["__pregel_pull","n1"] | chain_stream LangGraph | chain_end n1 | chain_stream LangGraph | chain_end LangGraph {"log":["up","n1"]}');
});

test("a resume after a sibling failed and its error handler ran starts neither the failed node, nor an early handler, nor a finished Send (as LangGraph.js)", async () => {
  const g = new StateGraph(L)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("w", () => ({ log: ["w"] }))
    .addNode("q", () => ({ log: [interrupt("?")] }))
    .addNode("bad", async () => {
      await new Promise((r) => setTimeout(r, 3));
      throw new RangeError("x");
    }, { errorHandler: () => ({ log: ["handled"] }) })
    .addEdge(START, "a")
    .addEdge("a", "q")
    .addEdge("a", "bad")
    .addConditionalEdges("a", () => [new Send("w", { log: [] })])
    .compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "h" } };
  const starts = async (input) => (await events(g, input, thread)).filter((e) => e.event === "on_chain_start").map((e) => `${e.name} ${JSON.stringify(e.metadata.langgraph_path ?? null)}`);
  const handler = '__error_handler__bad ["__pregel_pull","bad","node_error_handler",false]';
  assert.deepEqual((await starts({ log: [] })).slice(-4).sort(), [handler, 'bad ["__pregel_pull","bad"]', 'q ["__pregel_pull","q"]', 'w ["__pregel_push",0,false]']);
  // LangGraph.js 1.7.3's resume: the paused node again, and the handler (which runs again) under the failed node.
  // The superstep first announces the handler, then replays w's update: neither starts a chain.
  assert.deepEqual(await starts(new Command({ resume: "r" })), ["LangGraph null", 'q ["__pregel_pull","q"]', handler]);
  assert.deepEqual((await g.getState(thread)).values.log, ["a", "handled", "r", "w"]);
});

test("each attempt of a retried task is a run of its own; the last one ends (as LangGraph.js)", async () => {
  let tries = 0;
  const g = new StateGraph(St)
    .addNode("flaky", () => (tries++ === 0 ? Promise.reject(new Error("once")) : { n: 1 }), { retryPolicy: { maxAttempts: 2, initialInterval: 0, jitter: false, retryOn: () => true } })
    .addEdge(START, "flaky")
    .compile();
  const mine = (await events(g, { n: 0 })).filter((e) => e.name === "flaky");
  assert.deepEqual(mine.map((e) => e.event), ["on_chain_start", "on_chain_start", "on_chain_end"]);
  assert.notEqual(mine[0].run_id, mine[1].run_id);
  assert.equal(mine[1].run_id, mine[2].run_id);
});

test("a cache hit starts no chain and ends none, nor does its router run (as LangGraph.js); a miss beside it starts and ends", async () => {
  const sub = new StateGraph(L).addNode("s1", () => ({ log: ["s1"] })).addEdge(START, "s1").compile();
  const g = new StateGraph(L)
    .addNode("n", () => ({ log: ["n"] }), { cachePolicy: { ttl: 60 } })
    .addNode("sub", sub, { cachePolicy: { ttl: 60 } })
    .addNode("fresh", () => ({ log: ["fresh"] }))
    .addNode("m", () => ({ log: ["m"] }))
    .addEdge(START, "n")
    .addEdge(START, "sub")
    .addEdge(START, "fresh")
    .addConditionalEdges("n", () => "a", { a: "m", b: END })
    .compile({ checkpointer: new MemorySaver(), cache: new S.InMemoryCache() });
  const chains = async (t) =>
    (await events(g, { log: [] }, { configurable: { thread_id: t } })).filter((e) => /^on_chain_(start|end)$/.test(e.event)).map(brief);
  const first = await chains("x");
  assert.ok(first.includes("on_chain_start n") && first.includes("on_chain_start RunnableLambda"), first.join(", "));
  const hit = await chains("y");
  for (const name of ["n", "sub", "RunnableLambda"]) assert.ok(!hit.some((e) => e.endsWith(` ${name}`)), `${name}: ${hit.join(", ")}`);
  assert.deepEqual(hit.filter((e) => / (fresh|m)$/.test(e)), ["on_chain_start fresh", "on_chain_end fresh", "on_chain_start m", "on_chain_end m"]);
});

test("a cache hit starts no chain in a subgraph with a cache of its own, added or called, nor in a graph from a document (as LangGraph.js)", async () => {
  const cachedSub = () =>
    new StateGraph(L)
      .addNode("c", () => ({ log: ["c"] }), { cachePolicy: { ttl: 60 } })
      .addNode("d", () => ({ log: ["d"] }))
      .addEdge(START, "c")
      .addEdge(START, "d")
      .compile({ cache: new S.InMemoryCache() });
  const added = new StateGraph(L).addNode("sub", cachedSub()).addEdge(START, "sub").compile();
  const inner = cachedSub();
  const called = new StateGraph(L).addNode("f", (s, c) => inner.invoke(s, c)).addEdge(START, "f").compile();
  const doc = {
    format: "superstep.graph", version: 1, name: "cached",
    channels: [{ key: "log", reducer: "append", default: [] }],
    nodes: [{ id: "c", kind: "set", values: { log: ["c"] }, cache: { ttl: 60 } }, { id: "d", kind: "set", values: { log: ["d"] } }],
    edges: [{ from: "__start__", to: "c" }, { from: "__start__", to: "d" }],
  };
  const fromDoc = StateGraph.fromJSON(doc).compile({ cache: new S.InMemoryCache() });
  for (const [name, g] of [["added", added], ["called", called], ["document", fromDoc]]) {
    const chains = async () => (await events(g, { log: [] })).filter((e) => /^on_chain_(start|end)$/.test(e.event) && /^[cd]$/.test(e.name)).map(brief);
    assert.deepEqual(await chains(), ["on_chain_start c", "on_chain_start d", "on_chain_end c", "on_chain_end d"], name);
    assert.deepEqual(await chains(), ["on_chain_start d", "on_chain_end d"], name);
  }
});

test("a router that routes a command the subgraph sent up runs under the node's name and tags, as LangGraph.js's (added or called)", async () => {
  const sub = new StateGraph(L)
    .addNode("inner", () => new Command({ graph: Command.PARENT, goto: "p", update: { log: ["inner"] } }))
    .addEdge(START, "inner")
    .compile();
  for (const fn of [sub, (s, c) => sub.invoke(s, c)]) {
    const g = new StateGraph(L)
      .addNode("sub", fn, { ends: ["p"] })
      .addNode("p", () => ({ log: ["p"] }))
      .addNode("q", () => ({ log: ["q"] }))
      .addEdge(START, "sub")
      .addConditionalEdges("sub", () => "q", ["q"])
      .compile();
    const all = await events(g, { log: [] }, { tags: ["x"] });
    const mine = all.filter((e) => /^on_chain_(start|end)$/.test(e.event) && (e.name === "sub" || e.name === "RunnableLambda"));
    assert.deepEqual(mine.map((e) => `${brief(e)} ${e.tags}`), ["on_chain_start sub graph:step:1,x", "on_chain_start sub graph:step:1,x", "on_chain_end sub graph:step:1,x"]);
    // The task's run never ends (its subgraph left); the router's is a run of its own.
    assert.notEqual(mine[0].run_id, mine[1].run_id);
    assert.equal(mine[1].run_id, mine[2].run_id);
    assert.deepEqual(mine[2].data, { input: { log: ["inner"] }, output: "q" });
    assert.deepEqual(all.at(-1).data.output, { log: ["inner", "p", "q"] });
  }
});

// A start held until its task ends would leave this run waiting forever: the timeout fails it instead.
test("a task's start arrives while it still runs, in a graph with a cache too (the wait for hits ends within a macrotask)", { timeout: 10_000 }, async () => {
  for (const cached of [false, true]) {
    let finish;
    const gate = new Promise((r) => (finish = r));
    const g = new StateGraph(L)
      .addNode("slow", async () => (await gate, { log: ["slow"] }), cached ? { cachePolicy: { ttl: 60 } } : {})
      .addEdge(START, "slow")
      .compile(cached ? { cache: new S.InMemoryCache() } : {});
    const seen = [];
    for await (const e of g.streamEvents({ log: [] }, { version: "v2" })) {
      if (e.name === "slow") seen.push(e.event);
      if (e.event === "on_chain_start" && e.name === "slow") finish();
    }
    assert.deepEqual(seen, ["on_chain_start", "on_chain_end"], `cached: ${cached}`);
  }
});

test("a node's chain events carry its addNode metadata, and a subgraph's nodes their enclosing node's, as in LangGraph.js", async () => {
  const sub = new StateGraph(L).addNode("x", () => ({ log: ["x"] }), { metadata: { inner: 1 } }).addEdge(START, "x").compile();
  const g = new StateGraph(L).addNode("a", () => ({ log: ["a"] }), { metadata: { owner: "me" } }).addNode("s", sub, { metadata: { subOwner: "s" } }).addEdge(START, "a").addEdge("a", "s").compile();
  const own = (m) => Object.fromEntries(Object.entries(m).filter(([k]) => !k.startsWith("langgraph_") && !k.startsWith("checkpoint_")));
  const starts = (await events(g, { log: [] })).filter((e) => e.event === "on_chain_start" && ["a", "s", "x"].includes(e.name));
  assert.deepEqual(starts.map((e) => [e.name, own(e.metadata)]), [
    ["a", { ls_integration: "langgraph", owner: "me" }],
    ["s", { ls_integration: "langgraph", subOwner: "s" }],
    ["x", { ls_integration: "langgraph", subOwner: "s", inner: 1 }],
  ]);
});

test("v2 events come as a ReadableStream whose cancel() aborts the run, as LangGraph.js returns them", async () => {
  let reason = null;
  const g = new StateGraph(L)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("slow", (s, config) => new Promise((resolve, reject) => config.signal.addEventListener("abort", () => reject(new Error((reason = config.signal.reason))))))
    .addEdge(START, "a")
    .addEdge("a", "slow")
    .compile();
  const s = g.streamEvents({ log: [] }, { version: "v2" });
  assert.ok(s instanceof ReadableStream);
  const seen = [];
  for await (const e of s) {
    seen.push(brief(e));
    if (e.event === "on_chain_start" && e.name === "slow") setTimeout(() => s.cancel("enough"), 5);
  }
  assert.equal(reason, "enough");
  assert.ok(seen.includes("on_chain_end a"), seen.join());
});
