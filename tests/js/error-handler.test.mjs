// node --test: node error handlers (LangGraph.js 1.7's `errorHandler`); scenario 249
// compares the streams, state and history with LangGraph.js.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = S;
before(() => S.init());

const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
class Flaky extends Error {}

test("the handler gets the node's input and a NodeError holding the node's own error", async () => {
  const thrown = new Flaky("boom");
  let got;
  const g = new StateGraph(State)
    .addNode("a", async () => { throw thrown; }, { errorHandler: (state, e, config) => { got = { state, e, node: config.metadata.langgraph_node }; return { log: ["handled"] }; } })
    .addEdge(START, "a").addEdge("a", END)
    .compile();
  assert.deepEqual(await g.invoke({ log: ["in"] }), { log: ["in", "handled"] });
  assert.deepEqual(got.state, { log: ["in"] });
  assert.ok(got.e instanceof S.NodeError && S.isNodeError(got.e));
  assert.equal(got.e.node, "a");
  assert.equal(got.e.error, thrown, "the node's own error, not a copy");
  assert.equal(got.node, "__error_handler__a");
  // A handled failure is not rethrown later by an unrelated run of the same node name.
  const plain = new StateGraph(State).addNode("a", () => { throw new Error("other"); }).addEdge(START, "a").compile();
  await assert.rejects(plain.invoke({}), (e) => e.message === "other");
});

test("a synchronous failure and a failing task() call reach the handler too", async () => {
  const errors = [];
  const handler = (s, e) => (errors.push(e.error.message), {});
  const sync = new StateGraph(State).addNode("a", () => { throw new Error("sync"); }, { errorHandler: handler }).addEdge(START, "a").compile();
  await sync.invoke({});
  const call = S.task("call", async () => { throw new Error("in task"); });
  const viaTask = new StateGraph(State)
    .addNode("a", async () => { try { await call(); } catch { /* caught, yet the task fails the node */ } return {}; }, { errorHandler: handler })
    .addEdge(START, "a").compile();
  await viaTask.invoke({});
  assert.deepEqual(errors, ["sync", "in task"]);
});

test("a handler that pauses resumes with the answer; the failed node's sibling is not run again", async () => {
  let cRuns = 0;
  const g = new StateGraph(State)
    .addNode("a", () => { throw new Error("boom"); }, { errorHandler: () => ({ log: [`answer ${interrupt("retry?")}`] }) })
    .addNode("c", () => (cRuns++, { log: ["c"] }))
    .addEdge(START, "a").addEdge(START, "c")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "t" } };
  const paused = await g.invoke({ log: [] }, config);
  assert.deepEqual(paused.__interrupt__.map((i) => i.value), ["retry?"]);
  const out = await g.invoke(new Command({ resume: "yes" }), config);
  assert.deepEqual(out, { log: ["answer yes", "c"] });
  assert.equal(cRuns, 1);
});

test("the handler's own failure fails the run with its error; a NodeTimeoutError is handled", async () => {
  const broken = new StateGraph(State)
    .addNode("a", () => { throw new Error("boom"); }, { errorHandler: () => { throw new RangeError("handler broke"); } })
    .addEdge(START, "a").compile();
  await assert.rejects(broken.invoke({}), (e) => e instanceof RangeError && e.message === "handler broke");
  const slow = new StateGraph(State)
    .addNode("a", () => new Promise((r) => setTimeout(() => r({}), 200)), { timeout: 20, errorHandler: (s, e) => ({ log: [e.error.name] }) })
    .addEdge(START, "a").compile();
  assert.deepEqual(await slow.invoke({}), { log: ["NodeTimeoutError"] });
});

test("setNodeDefaults' handler serves nodes without their own, subgraph nodes included; names are reserved", async () => {
  const sub = new StateGraph(State).addNode("inner", () => { throw new Error("deep"); }).addEdge(START, "inner").compile();
  const g = new StateGraph(State)
    .addNode("sub", sub)
    .addEdge(START, "sub")
    .setNodeDefaults({ errorHandler: (s, e) => ({ log: [`${e.node}: ${e.error.message}`] }) })
    .compile();
  const out = await g.invoke({ log: [] });
  assert.equal(out.log.length, 1);
  assert.match(out.log[0], /^sub: .*deep/);
  // A document holds no error handlers (nor their nodes), so it still loads.
  const doc = new StateGraph(State).addNode("a", () => ({}), { errorHandler: () => ({}) }).addEdge(START, "a").toJSON();
  assert.deepEqual(doc.nodes.map((n) => n.id), ["a"]);
  assert.ok(S.StateGraph.fromJSON(doc, { functions: { a: () => ({ log: ["a"] }) } }).compile());
  assert.throws(
    () => new StateGraph(State).addNode("__error_handler__a", () => ({})).addNode("a", () => ({}), { errorHandler: () => ({}) }),
    (e) => e.name === "GraphValidationError" && /reserved name/.test(e.message),
  );
});
