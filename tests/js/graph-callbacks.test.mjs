// node --test: LangGraph.js 1.7's GraphCallbackHandler, as LangGraph.js 1.7.3
// reports (checked there too): the root run's pause with its status, checkpoint
// and interrupts, and each resumed run, the root's and a subgraph's.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";
import { runInApp } from "./app.mjs";

const { StateGraph, Annotation, START, MemorySaver, Command, interrupt, GraphCallbackHandler } = S;

before(() => S.init());

const N = Annotation.Root({ n: Annotation() });

/** A handler that records what it hears, checkpoints and namespaces as they are. */
class Recorder extends GraphCallbackHandler {
  heard = [];
  handleInterrupt(e) {
    this.heard.push(["interrupt", e]);
  }
  handleResume(e) {
    this.heard.push(["resume", e]);
  }
}

/** `a` asks, subgraph `s` asks, and `b` has a breakpoint before it. */
function asking() {
  const sub = new StateGraph(N).addNode("ask", () => ({ n: interrupt("sub?") })).addEdge(START, "ask").compile();
  return new StateGraph(N)
    .addNode("a", () => ({ n: interrupt("ok?") }))
    .addNode("s", sub)
    .addNode("b", () => ({ n: 2 }))
    .addEdge(START, "a")
    .addEdge("a", "s")
    .addEdge("s", "b")
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"] });
}

test("the root run's pauses and every resume, a subgraph's included, with the checkpoints they stop at and start from", async () => {
  const g = asking();
  const recorder = new Recorder();
  const config = { configurable: { thread_id: "t" }, callbacks: [recorder] };
  const newest = async () => (await g.getState(config)).config.configurable.checkpoint_id;
  const since = (k) => recorder.heard.slice(k).map(([kind, e]) => [kind, e.status, e.checkpointId, e.checkpointNs.map((s) => s.split(":")[0]), e.interrupts?.map((i) => i.value)]);

  await g.invoke({ n: 0 }, config);
  const first = await newest();
  assert.deepEqual(since(0), [["interrupt", "pending", first, [], ["ok?"]]]);
  const [, event] = recorder.heard[0];
  assert.deepEqual(Object.keys(event), ["runId", "status", "checkpointId", "checkpointNs", "interrupts"]);
  assert.equal(typeof event.runId, "string");
  assert.deepEqual(Object.keys(event.interrupts[0]), ["id", "value"]);

  await g.invoke(new Command({ resume: 1 }), config);
  const second = await newest();
  assert.deepEqual(since(1), [["resume", "pending", first, [], undefined], ["interrupt", "pending", second, [], ["sub?"]]]);

  await g.invoke(new Command({ resume: 2 }), config);
  const third = await newest();
  const heard = since(3);
  assert.deepEqual(heard[0], ["resume", "pending", second, [], undefined]);
  assert.deepEqual([heard[1][0], heard[1][3]], ["resume", ["s"]], "the subgraph resumes from its own checkpoint");
  assert.deepEqual(heard[2], ["interrupt", "interrupt_before", third, [], []]);

  assert.deepEqual(await g.invoke(null, config), { n: 2 });
  assert.deepEqual(since(6), [["resume", "pending", third, [], undefined]]);
});

test("a breakpoint after a node is interrupt_after; streams and withConfig's callbacks hear too", async () => {
  const g = new StateGraph(N).addNode("x", () => ({ n: 1 })).addNode("y", () => ({ n: 2 })).addEdge(START, "x").addEdge("x", "y").compile({ checkpointer: new MemorySaver(), interruptAfter: ["x"] });
  const recorder = new Recorder();
  const heard = g.withConfig({ callbacks: [recorder] });
  for await (const chunk of await heard.stream({ n: 0 }, { configurable: { thread_id: "u" } })) void chunk;
  assert.deepEqual(recorder.heard.map(([kind, e]) => [kind, e.status]), [["interrupt", "interrupt_after"]]);
  await heard.invoke(null, { configurable: { thread_id: "u" } });
  assert.deepEqual(recorder.heard.map(([kind]) => kind), ["interrupt", "resume"]);
});

test("a handler's error is a warning, unless it sets raiseError: then the run rejects with that very error", async () => {
  const g = asking();
  const warned = [];
  const warn = console.warn;
  const error = console.error;
  console.warn = (m) => warned.push(m);
  console.error = () => {};
  try {
    class Grumpy extends GraphCallbackHandler {
      handleInterrupt() {
        throw new Error("meh");
      }
    }
    const out = await g.invoke({ n: 0 }, { configurable: { thread_id: "w" }, callbacks: [new Grumpy()] });
    assert.equal(out.__interrupt__[0].value, "ok?");
    assert.deepEqual(warned, ["Error in handler Grumpy, handleInterrupt: Error: meh"]);
    const failure = new Error("nope");
    class Strict extends GraphCallbackHandler {
      raiseError = true;
      handleInterrupt() {
        throw failure;
      }
    }
    await assert.rejects(g.invoke({ n: 0 }, { configurable: { thread_id: "r" }, callbacks: [new Strict()] }), (e) => e === failure);
  } finally {
    console.warn = warn;
    console.error = error;
  }
});

test("handlers are awaited before the run goes on, and LangGraph.js's own handler class is recognised", async () => {
  const g = asking();
  const order = [];
  class Slow extends GraphCallbackHandler {
    async handleResume() {
      await new Promise((r) => setTimeout(r, 20));
      order.push("resume heard");
    }
  }
  const config = { configurable: { thread_id: "s" }, callbacks: [new Slow()] };
  await g.invoke({ n: 0 }, config);
  const sub = new StateGraph(N)
    .addNode("a", () => (order.push("node ran"), { n: 1 }))
    .addEdge(START, "a")
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["a"] });
  await sub.invoke({ n: 0 }, config);
  await sub.invoke(null, config);
  assert.deepEqual(order, ["resume heard", "node ran"]);
  const branded = { [Symbol.for("langgraph.graph_callback_handler")]: true };
  assert.equal(GraphCallbackHandler.isInstance(branded), true);
  assert.equal(new Slow().name, "GraphCallbackHandler");
});

/** A root whose `a` asks, then subgraph `s` asks and its own subgraph `deep` asks, then node `v` invokes a graph that asks. */
const nestedAsking = `
  const N = Annotation.Root({ n: Annotation() });
  const ask = (q) => () => ({ n: interrupt(q) });
  const inner = new StateGraph(N).addNode("ask2", ask("inner?")).addEdge(START, "ask2").compile();
  const sub = new StateGraph(N).addNode("ask", ask("sub?")).addNode("deep", inner).addEdge(START, "ask").addEdge("ask", "deep").compile();
  const called = new StateGraph(N).addNode("ask", ask("v?")).addEdge(START, "ask").compile();
  const g = new StateGraph(N).addNode("a", ask("ok?")).addNode("s", sub).addNode("v", (s, c) => called.invoke(s, c))
    .addEdge(START, "a").addEdge("a", "s").addEdge("s", "v").compile({ checkpointer: new MemorySaver() });`;

/** What LangGraph.js 1.7.3 reports for \`nestedAsking\`: each event's namespace, and its runId's chain run as "name<parent's<...". */
const NESTED_HEARD = [
  ["interrupt", "", "LangGraph<-"],
  ["resume", "", "LangGraph<-"],
  ["interrupt", "", "LangGraph<-"],
  ["resume", "", "LangGraph<-"],
  ["resume", "s", "LangGraph<s<LangGraph<-"],
  ["interrupt", "", "LangGraph<-"],
  ["resume", "", "LangGraph<-"],
  ["resume", "s", "LangGraph<s<LangGraph<-"],
  ["resume", "s/deep", "LangGraph<deep<LangGraph<s<LangGraph<-"],
  ["interrupt", "", "LangGraph<-"],
  ["resume", "", "LangGraph<-"],
  ["resume", "v", "LangGraph<v<LangGraph<-"],
];

const recordNested = `
  const runs = new Map();
  const heard = [];
  const record = (kind) => (e) => heard.push([kind, e.checkpointNs.map((s) => s.split(":")[0]).join("/"), e.runId]);
  class Heard extends GraphCallbackHandler { handleInterrupt = record("interrupt"); handleResume = record("resume"); }
  const chains = { handleChainStart(_s, _i, id, parent, _t, _m, _r, name) { runs.set(id, name + "<" + (runs.get(parent) ?? "-")); } };
  const config = { configurable: { thread_id: "t" }, callbacks: [new Heard(), CHAINS] };
  await g.invoke({ n: 0 }, config);
  for (let i = 1; i <= 4; i++) await g.invoke(new Command({ resume: i }), config);
  await new Promise((r) => setTimeout(r, 20));
  console.log(JSON.stringify(heard.map(([kind, ns, id]) => [kind, ns, runs.get(id) ?? id])));`;

test("each resume's runId is the chain run of the graph that resumes: a subgraph's own, at any depth, as LangGraph.js's", async () => {
  const run = new Function("S", `const { StateGraph, Annotation, START, MemorySaver, Command, interrupt, GraphCallbackHandler } = S;
    return (async () => { ${nestedAsking} ${recordNested.replace("CHAINS", "chains").replace("console.log", "return ")} })();`);
  assert.deepEqual(JSON.parse(await run(S)), NESTED_HEARD);
});

test("with LangChain's callback manager, a subgraph's resume names its own chain run too", () => {
  const { status, stdout, stderr } = runInApp(`
    import "superstep/langchain";
    import { Annotation, StateGraph, START, MemorySaver, interrupt, Command, GraphCallbackHandler } from "superstep";
    import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
    ${nestedAsking}
    class Chains extends BaseCallbackHandler { name = "chains"; }
    ${recordNested.replace("CHAINS", "Object.assign(new Chains(), chains)")}
  `);
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), NESTED_HEARD);
});

test("with LangChain's callback manager (superstep/langchain) graph handlers sit beside LangChain's own", () => {
  const { status, stdout, stderr } = runInApp(`
    import "superstep/langchain";
    import { Annotation, StateGraph, START, MemorySaver, interrupt, Command, GraphCallbackHandler } from "superstep";
    import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
    const heard = [];
    class Graph extends GraphCallbackHandler { handleInterrupt(e) { heard.push("interrupt " + e.status); } handleResume() { heard.push("resume"); } }
    class Chains extends BaseCallbackHandler { name = "chains"; handleChainStart(_s, _i, _id, _p, _t, _m, _rt, name) { if (name === "LangGraph") heard.push("chain"); } }
    const N = Annotation.Root({ n: Annotation() });
    const g = new StateGraph(N).addNode("a", () => ({ n: interrupt("ok?") })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "1" }, callbacks: [new Graph(), new Chains()] };
    await g.invoke({ n: 0 }, config);
    const out = await g.invoke(new Command({ resume: 3 }), config);
    console.log(JSON.stringify({ heard, out }));
  `);
  assert.equal(status, 0, stderr);
  const { heard, out } = JSON.parse(stdout);
  assert.deepEqual(out, { n: 3 });
  // LangChain's own handlers hear in the background, in their own time.
  assert.deepEqual(heard.filter((h) => h !== "chain"), ["interrupt pending", "resume"]);
  assert.ok(heard.includes("chain"), String(heard));
});
