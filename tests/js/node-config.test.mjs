// node --test: what a node's `config.configurable` holds besides the run's own
// keys, as in LangGraph.js 1.7.3: its `checkpoint_ns` and its `checkpoint_map`
// (the checkpoint each enclosing graph's superstep runs from, and its own graph's).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;

before(() => S.init());

test("a node's checkpoint_map names the checkpoint its superstep runs from, and each enclosing graph's", async () => {
  const seen = {};
  const record = (name) => (_s, config) => ((seen[name] ??= []).push(config.configurable), {});
  const State = Annotation.Root({ x: Annotation() });
  const inner = new StateGraph(State).addNode("i", record("inner")).addEdge(START, "i").compile({ checkpointer: true });
  const g = new StateGraph(State)
    .addNode("a", record("a"))
    .addNode("sub", inner)
    .addNode("call", async (s, config) => (await inner.invoke(s, config), record("call")(s, config)))
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .addEdge("sub", "call")
    .compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "map", user: 1 } };
  await g.invoke({ x: 1 }, thread);
  const history = [];
  for await (const s of g.getStateHistory(thread)) history.unshift(s);
  const from = (node) => history.find((s) => s.next.includes(node)).config.configurable.checkpoint_id;
  const [[a], [subNode, called], [call]] = [seen.a, seen.inner, seen.call];
  assert.deepEqual(a.checkpoint_map, { "": from("a") });
  assert.equal(a.user, 1);
  // The per-thread subgraph's checkpoints live under "sub" (or "call"), beside the step the parent runs.
  assert.deepEqual(Object.keys(subNode.checkpoint_map), ["", "sub"]);
  assert.equal(subNode.checkpoint_map[""], from("sub"));
  const subHistory = [];
  for await (const s of g.getStateHistory({ configurable: { thread_id: "map", checkpoint_ns: "sub" } })) subHistory.unshift(s);
  assert.equal(subNode.checkpoint_map.sub, subHistory.find((s) => s.next.includes("i")).config.configurable.checkpoint_id);
  assert.deepEqual(Object.keys(called.checkpoint_map), ["", "call"]);
  assert.equal(called.checkpoint_map[""], from("call"));
  // The calling node has its own map, with its own graph alone.
  assert.deepEqual(call.checkpoint_map, { "": from("call") });
  assert.match(called.checkpoint_ns, /^call\|i:/);
});

test("a node's config keys are its own, so LangChain runnables called with it (or a copy) get them, and in Node those called without it too", async () => {
  const { RunnableLambda } = await import("@langchain/core/runnables");
  const seen = (config) => ({ user: config.configurable?.user, node: config.metadata?.langgraph_node, tags: config.tags, signal: config.signal instanceof AbortSignal });
  const look = RunnableLambda.from((_x, config) => seen(config));
  const State = Annotation.Root({ out: Annotation() });
  const g = new StateGraph(State)
    .addNode("n", async (_s, config) => {
      const copy = { ...config };
      return { out: { given: await look.invoke(1, config), copied: await look.invoke(1, copy), implicit: await look.invoke(1), keys: Object.keys(copy).sort() } };
    })
    .addEdge(START, "n")
    .compile();
  const { out } = await g.invoke({}, { configurable: { user: "ann" }, tags: ["t"] });
  const expected = { user: "ann", node: "n", tags: ["t"], signal: true };
  assert.deepEqual([out.given, out.copied, out.implicit], [expected, expected, expected]);
  // As LangGraph.js's: its runName is the node's name, where no callbacks run.
  assert.deepEqual(out.keys, ["configurable", "control", "executionInfo", "interrupt", "metadata", "recursionLimit", "runName", "signal", "tags", "writer"]);
  const names = [];
  const named = new StateGraph(State).addNode("m", (_s, config) => (names.push([config.runName, Object.keys(config).includes("runName")]), {})).addEdge(START, "m").compile();
  await named.invoke({});
  // While messages stream, the config carries a handler, and no run name (as there).
  for await (const _ of await named.stream({}, { streamMode: "messages" }));
  assert.deepEqual(names, [["m", true], [undefined, false]]);
});

test("a run's context and store are own keys of a node's config when the run has them, so a copy keeps them (as LangGraph.js's)", async () => {
  const State = Annotation.Root({ out: Annotation() });
  const store = new S.InMemoryStore();
  const g = (compiled) =>
    new StateGraph(State)
      .addNode("n", (_s, config) => {
        const copy = { ...config };
        return { out: { keys: Object.keys(copy).filter((k) => k === "context" || k === "store"), context: copy.context ?? "none", store: copy.store === store } };
      })
      .addEdge(START, "n")
      .compile(compiled);
  assert.deepEqual((await g({}).invoke({})).out, { keys: [], context: "none", store: false });
  assert.deepEqual((await g({}).invoke({}, { context: { user: "ann" } })).out, { keys: ["context"], context: { user: "ann" }, store: false });
  assert.deepEqual((await g({ store }).invoke({}, { context: { user: "bo" } })).out, { keys: ["context", "store"], context: { user: "bo" }, store: true });
});

test("a node's own metadata comes last in config.metadata, and a subgraph's nodes have their enclosing node's, as in LangGraph.js", async () => {
  const State = Annotation.Root({ x: Annotation() });
  const seen = {};
  const keep = (name) => (_s, config) => ((seen[name] = config.metadata), {});
  const sub = new StateGraph(State).addNode("inner", keep("inner"), { metadata: { depth: 2 } }).addEdge(START, "inner").compile();
  const g = new StateGraph(State)
    .addNode("a", keep("a"), { metadata: { owner: "a", langgraph_step: 99 } })
    .addNode("s", sub, { metadata: { owner: "s", depth: 1 } })
    .addNode("plain", keep("plain"))
    .addEdge(START, "a").addEdge("a", "s").addEdge("s", "plain")
    .compile();
  await g.invoke({}, { metadata: { owner: "run", run: 1 } });
  const pick = (m) => ({ keys: Object.keys(m).filter((k) => !k.startsWith("langgraph_") && k !== "checkpoint_ns"), owner: m.owner, depth: m.depth, step: m.langgraph_step });
  // Keys keep their first place (the run's `owner`), and the node's values win, langgraph_step included.
  assert.deepEqual(pick(seen.a), { keys: ["ls_integration", "owner", "run"], owner: "a", depth: undefined, step: 99 });
  assert.deepEqual(pick(seen.inner), { keys: ["ls_integration", "owner", "run", "depth"], owner: "s", depth: 2, step: 1 });
  assert.deepEqual(pick(seen.plain), { keys: ["ls_integration", "owner", "run"], owner: "run", depth: undefined, step: 3 });
});

test("a configurable's model and LangGraph.js's ids are in config.metadata, in LangGraph.js's order", async () => {
  const State = Annotation.Root({ x: Annotation() });
  let seen;
  const g = new StateGraph(State).addNode("a", (_s, config) => ((seen = config.metadata), {})).addEdge(START, "a").compile();
  const configurable = { thread_id: "t", assistant_id: "as", graph_id: "gr", model: "m", user_id: "u", run_id: "r", task_id: "tk", checkpoint_ns: "" };
  await g.invoke({}, { configurable, metadata: { k: 1 } });
  const keys = Object.keys(seen).filter((k) => !k.startsWith("langgraph_"));
  assert.deepEqual(keys, ["ls_integration", "k", "model", "thread_id", "checkpoint_ns", "task_id", "run_id", "assistant_id", "graph_id"]);
  assert.deepEqual([seen.model, seen.assistant_id, seen.user_id, seen.checkpoint_ns], ["m", "as", undefined, seen.langgraph_checkpoint_ns]);
});

test("in Node, interrupt() and graphs invoked inside a LangChain runnable the node calls still find the node", async () => {
  const { RunnableLambda } = await import("@langchain/core/runnables");
  const { interrupt, Command } = S;
  const State = Annotation.Root({ out: Annotation() });
  const inner = new StateGraph(State).addNode("i", () => ({ out: "inner" })).addEdge(START, "i").compile();
  const ask = RunnableLambda.from(async () => {
    await Promise.resolve();
    const sub = await inner.invoke({});
    return `${sub.out}:${interrupt("ok?")}`;
  });
  const g = new StateGraph(State)
    .addNode("n", async () => ({ out: await ask.invoke(1) }))
    .addEdge(START, "n")
    .compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "lc" } };
  const paused = await g.invoke({}, thread);
  assert.deepEqual(paused.__interrupt__.map((i) => i.value), ["ok?"]);
  assert.equal((await g.invoke(new Command({ resume: "yes" }), thread)).out, "inner:yes");
  // The invoked graph runs as the node's subgraph: its update streams under the node's namespace.
  const namespaces = [];
  for await (const [ns] of await g.stream({}, { configurable: { thread_id: "lc2" }, subgraphs: true })) namespaces.push(ns.map((p) => p.split(":")[0]).join("|"));
  assert.ok(namespaces.includes("n"), namespaces.join(","));
});

test("in Node, getConfig() inside a LangChain runnable the node calls is that runnable's config, as in LangGraph.js", async () => {
  const { RunnableLambda } = await import("@langchain/core/runnables");
  let nodeConfig;
  const look = RunnableLambda.from(() => {
    const c = S.getConfig();
    return [c === nodeConfig, c.configurable.user, c.metadata.langgraph_node];
  });
  const State = Annotation.Root({ out: Annotation() });
  const g = new StateGraph(State)
    .addNode("n", async (_s, config) => {
      nodeConfig = config;
      return { out: [S.getConfig() === config, await look.invoke(1)] };
    })
    .addEdge(START, "n")
    .compile();
  assert.deepEqual((await g.invoke({}, { configurable: { user: "ann" } })).out, [true, [false, "ann", "n"]]);
});

test("configurable values JSON cannot hold reach nodes, routers, subgraphs and tasks as given", async () => {
  class Client {
    hello() {
      return "hi";
    }
  }
  const client = new Client();
  const fn = () => 42;
  const seen = [];
  const look = (where) => (_s, config) => {
    const c = config.configurable;
    seen.push([where, c.client === client, c.fn?.(), typeof c.big, c.user, c.thread_id]);
    return {};
  };
  const State = Annotation.Root({ x: Annotation() });
  const inner = new StateGraph(State).addNode("i", look("inner")).addEdge(START, "i").compile();
  const g = new StateGraph(State)
    .addNode("a", look("a"))
    .addNode("sub", inner)
    // A call with a config of its own: what it adds, live or not, is laid over the run's.
    .addNode("call", async (s, config) => {
      await inner.invoke(s, { configurable: { ...config.configurable, user: "callee", big: 7 } });
      await inner.invoke(s, { configurable: { fn: () => 43 } });
      return {};
    })
    .addEdge(START, "a")
    .addConditionalEdges("a", (_s, config) => (look("router")(_s, config), "sub"))
    .addEdge("sub", "call")
    .compile({ checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "live", client, fn, big: 5n, user: "u" } };
  await g.invoke({ x: 1 }, thread);
  assert.deepEqual(seen, [
    ["a", true, 42, "bigint", "u", "live"],
    ["router", true, 42, "bigint", "u", "live"],
    ["inner", true, 42, "bigint", "u", "live"],
    ["inner", true, 42, "number", "callee", "live"],
    ["inner", true, 43, "bigint", "u", "live"],
  ]);
  // The engine kept the thread's data only: its state and history read as before.
  assert.deepEqual((await g.getState(thread)).values, { x: 1 });
  // A stepper's nodes and a workflow's tasks get them too.
  seen.length = 0;
  const stepper = new StateGraph(State).addNode("a", look("stepped")).addEdge(START, "a").compile().stepper({ x: 1 }, thread);
  while ((await stepper.step()).outcome.kind !== "done");
  const t = S.task("t", async () => look("task")(null, S.getConfig()));
  await S.entrypoint("w", async () => await t()).invoke({}, { configurable: { client, fn, big: 1n, user: "w" } });
  assert.deepEqual(seen, [["stepped", true, 42, "bigint", "u", "live"], ["task", true, 42, "bigint", "w", undefined]]);
});

test("a run's context reaches nodes, routers and subgraphs as given, and a nested call's own context wins", async () => {
  const client = { hello: () => "hi" };
  const context = { client, big: 5n, fn: () => 42 };
  const seen = [];
  const look = (where) => (_s, config) => (seen.push([where, config.context === context ? "same" : config.context]), {});
  const State = Annotation.Root({ x: Annotation() });
  const inner = new StateGraph(State).addNode("i", look("inner")).addEdge(START, "i").compile();
  const g = new StateGraph(State)
    .addNode("a", async (s, config) => {
      look("a")(s, config);
      await inner.invoke(s, { context: { other: 1 } });
      await inner.invoke(s, { configurable: { k: 1 } });
      await inner.invoke(s, config);
      return {};
    })
    .addNode("sub", inner)
    .addEdge(START, "a")
    .addConditionalEdges("a", (s, config) => (look("router")(s, config), "sub"))
    .compile();
  await g.invoke({ x: 1 }, { context });
  assert.deepEqual(seen, [["a", "same"], ["inner", { other: 1 }], ["inner", "same"], ["inner", "same"], ["router", "same"], ["inner", "same"]]);
  seen.length = 0;
  await g.invoke({ x: 1 });
  assert.deepEqual(seen.map(([, c]) => c), [undefined, { other: 1 }, undefined, undefined, undefined, undefined]);
});
