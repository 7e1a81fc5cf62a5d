// node --test: node timeouts (`timeout` in addNode and setNodeDefaults), as
// LangGraph.js 1.7 has them. Scenario 242 compares the runs with LangGraph.js;
// these check what it cannot: the error's fields, the attempt's signal,
// heartbeats, and the refusals. Margins are wide (40 ms against 400 ms).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { MemorySaver as LangGraphMemorySaver } from "@langchain/langgraph-checkpoint";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, task } = S;
before(() => S.init());

const State = Annotation.Root({ n: Annotation() });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const one = (fn, options) => new StateGraph(State).addNode("a", fn, options).addEdge(START, "a").addEdge("a", END).compile();

test("a node past its run timeout fails with a NodeTimeoutError carrying LangGraph.js's fields", async () => {
  const started = Date.now();
  await assert.rejects(one(async () => { await sleep(400); return { n: 2 }; }, { timeout: 40 }).invoke({ n: 1 }), (e) => {
    assert.ok(e instanceof S.NodeTimeoutError && e instanceof Error && S.isNodeTimeoutError(e));
    assert.ok(!S.isNodeTimeoutError(new Error("x")) && !S.isNodeTimeoutError(undefined));
    assert.equal(e.name, "NodeTimeoutError");
    assert.deepEqual([e.node, e.kind, e.timeout, e.runTimeout, e.idleTimeout], ["a", "run", 40, 40, undefined]);
    assert.ok(e.elapsed >= 40 && e.elapsed < 400, `elapsed ${e.elapsed}`);
    assert.match(e.message, /^Node "a" exceeded its run timeout of 40ms \(elapsed: \d+ms\)\.$/);
    return true;
  });
  assert.ok(Date.now() - started < 400, "the run does not wait for the abandoned attempt");
  await assert.rejects(one(async () => { await sleep(400); return {}; }, { timeout: { idleTimeout: 40 } }).invoke({ n: 1 }), (e) => {
    assert.deepEqual([e.kind, e.timeout, e.idleTimeout, e.runTimeout], ["idle", 40, 40, undefined]);
    assert.match(e.message, /exceeded its idle timeout of 40ms without making progress/);
    return true;
  });
});

test("the attempt's signal aborts at the timeout, and a run's own signal reaches it", async () => {
  let seen;
  await assert.rejects(one(async (s, config) => { seen = config.signal; await sleep(400); return {}; }, { timeout: 40 }).invoke({ n: 1 }), { name: "NodeTimeoutError" });
  assert.equal(seen.aborted, true);
  assert.equal(seen.reason.name, "AbortError");
  const run = new AbortController();
  let inner;
  const cancelled = one(async (s, config) => { inner = config.signal; setTimeout(() => run.abort(new Error("stop")), 10); await sleep(400); return {}; }, { timeout: 2000 });
  await assert.rejects(cancelled.invoke({ n: 1 }, { signal: run.signal }), /stop/);
  assert.equal(inner.aborted, true);
  assert.equal(inner.reason.message, "stop");
});

test("heartbeats keep an idle timeout from running out; writes count only when refreshOn is auto", async () => {
  const beating = async (s, config) => {
    for (let i = 0; i < 6; i++) { await sleep(30); config.heartbeat(); }
    return { n: 2 };
  };
  assert.deepEqual(await one(beating, { timeout: { idleTimeout: 120, refreshOn: "heartbeat" } }).invoke({ n: 1 }), { n: 2 });
  // A heartbeat without a timeout is harmless.
  assert.deepEqual(await one((s, config) => (config.heartbeat(), { n: 3 })).invoke({ n: 1 }), { n: 3 });
  // task() calls are progress, like writes.
  const step = task("step", async (i) => { await sleep(30); return i; });
  const calling = async () => { let total = 0; for (let i = 0; i < 6; i++) total += await step(i); return { n: total }; };
  assert.deepEqual(await one(calling, { timeout: { idleTimeout: 120 } }).invoke({ n: 1 }), { n: 15 });
  await assert.rejects(one(calling, { timeout: { idleTimeout: 120, refreshOn: "heartbeat" } }).invoke({ n: 1 }), { name: "NodeTimeoutError" });
});

test("a synchronous node that ran past its timeout fails when it returns, or when it throws", async () => {
  const busy = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
  await assert.rejects(one(() => { busy(80); return { n: 2 }; }, { timeout: 30 }).invoke({ n: 1 }), { name: "NodeTimeoutError" });
  await assert.rejects(one(() => { busy(80); throw new Error("late"); }, { timeout: 30 }).invoke({ n: 1 }), { name: "NodeTimeoutError" });
  await assert.rejects(one(() => { throw new Error("early"); }, { timeout: 2000 }).invoke({ n: 1 }), /early/);
  // An async node that blocked the timers until it resolved is checked when it settles, too.
  await assert.rejects(one(async () => { await null; busy(80); return { n: 2 }; }, { timeout: 30 }).invoke({ n: 1 }), { name: "NodeTimeoutError" });
});

test("an abandoned attempt's custom writes are dropped without an error, and its result is ignored", async () => {
  let wrote = false;
  const late = one(async (s, config) => { await sleep(100); config.writer("late"); wrote = true; return { n: 9 }; }, { timeout: 20 });
  const chunks = [];
  await assert.rejects(async () => { for await (const c of await late.stream({ n: 1 }, { streamMode: ["custom", "values"] })) chunks.push(c); }, { name: "NodeTimeoutError" });
  await sleep(150);
  assert.equal(wrote, true, "writer() returned in the abandoned attempt");
  assert.deepEqual(chunks, [["values", { n: 1 }]]);
});

test("bad timeouts are refused when the node is added; an empty policy is no timeout", async () => {
  const refused = (timeout, pattern) =>
    assert.throws(() => new StateGraph(State).addNode("a", () => ({}), { timeout }), (e) => e instanceof S.GraphValidationError && pattern.test(e.message));
  refused(0, /Node `a`: runTimeout must be a number of milliseconds greater than 0, got 0/);
  refused(-5, /runTimeout must be/);
  refused(Number.NaN, /runTimeout must be/);
  refused({ idleTimeout: "5" }, /idleTimeout must be/);
  refused("5", /`timeout` must be milliseconds or/);
  refused({ runTimeout: 5, refreshOn: "writes" }, /refreshOn must be "auto" or "heartbeat"/);
  assert.throws(() => new StateGraph(State).setNodeDefaults({ timeout: -1 }), (e) => e.name === "GraphValidationError" && /^setNodeDefaults: runTimeout/.test(e.message));
  assert.deepEqual(await one(async () => { await sleep(60); return { n: 2 }; }, { timeout: {} }).invoke({ n: 1 }), { n: 2 });
  // A timeout longer than any timer can hold never runs out (setTimeout would fire at once).
  assert.deepEqual(await one(async () => { await sleep(20); return { n: 2 }; }, { timeout: 2 ** 40 }).invoke({ n: 1 }), { n: 2 });
});

test("a compiled graph as a node refuses its own timeout and runs without the graph-wide one", async () => {
  const sub = new StateGraph(State).addNode("s", async () => { await sleep(100); return { n: 5 }; }).addEdge(START, "s").compile();
  assert.throws(() => new StateGraph(State).addNode("sub", sub, { timeout: 20 }), (e) => e.name === "GraphValidationError" && /subgraph node cannot take a `timeout`/.test(e.message));
  const parent = new StateGraph(State).addNode("sub", sub).addEdge(START, "sub").setNodeDefaults({ timeout: 20 }).compile();
  assert.deepEqual(await parent.invoke({ n: 1 }), { n: 5 });
  // Called from a function node, it is timed like any other work.
  const calling = new StateGraph(State).addNode("call", (s, config) => sub.invoke(s, config), { timeout: 20 }).addEdge(START, "call").compile();
  await assert.rejects(calling.invoke({ n: 1 }), { name: "NodeTimeoutError" });
});

test("a run's `timeout` (ms, as LangChain's config) cancels it with a TimeoutError; the thread resumes", async () => {
  let seen;
  const build = () => new StateGraph(State).addNode("a", async (s, config) => { seen = config.signal; await sleep(300); return { n: 2 }; }).addEdge(START, "a").addEdge("a", END);
  const saved = build().compile({ checkpointer: new S.MemorySaver() });
  const thread = { configurable: { thread_id: "run-timeout" } };
  await assert.rejects(saved.invoke({ n: 1 }, { ...thread, timeout: 40 }), (e) => e.name === "TimeoutError");
  assert.equal(seen.aborted, true);
  assert.deepEqual(await saved.invoke(null, thread), { n: 2 });
  const plain = build().compile();
  await assert.rejects(async () => { for await (const _ of await plain.stream({ n: 1 }, { timeout: 40 })); }, { name: "TimeoutError" });
  // withConfig's timeout and the call's: the shorter holds.
  await assert.rejects(plain.withConfig({ timeout: 40 }).invoke({ n: 1 }, { timeout: 5000 }), { name: "TimeoutError" });
  await assert.rejects(plain.withConfig({ timeout: 5000 }).invoke({ n: 1 }, { timeout: 40 }), { name: "TimeoutError" });
  assert.deepEqual(await plain.invoke({ n: 1 }, { timeout: 5000 }), { n: 2 });
  // invoke with a stream mode collects the stream: the defaults' timeout still makes one timer.
  const timer = AbortSignal.timeout;
  let timers = 0;
  AbortSignal.timeout = (ms) => (timers++, timer.call(AbortSignal, ms));
  try {
    await assert.rejects(plain.withConfig({ timeout: 40 }).invoke({ n: 1 }, { streamMode: "updates" }), { name: "TimeoutError" });
  } finally {
    AbortSignal.timeout = timer;
  }
  assert.equal(timers, 1);
  await assert.rejects(plain.invoke({ n: 1 }, { timeout: 0 }), (e) => e instanceof TypeError && /timeout must be/.test(e.message));
});

test("a Send's own timeout holds for its task in place of the node's, and a checkpoint keeps it for the task's next run", async () => {
  const { Send, MemorySaver, Command, interrupt } = S;
  const Work = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), ms: Annotation() });
  const work = async (s) => (await sleep(s.ms), { log: [`slept ${s.ms}`] });
  const fanOut = (sends, nodeTimeout, Saver = MemorySaver) =>
    new StateGraph(Work)
      .addNode("split", () => ({}))
      .addNode("work", work, nodeTimeout ? { timeout: nodeTimeout } : {})
      .addNode("ask", () => ({ log: [interrupt("q")] }))
      .addEdge(START, "split")
      .addConditionalEdges("split", () => sends)
      .compile({ checkpointer: new Saver() });
  const thread = (id) => ({ configurable: { thread_id: id } });
  // Longer than the node's 40 ms: the Send's 4 s holds.
  assert.deepEqual((await fanOut([new Send("work", { ms: 100 }, { timeout: 4000 })], 40).invoke({}, thread("a"))).log, ["slept 100"]);
  // A sibling pauses: the timed-out Send task fails, and fails again on resume, its timeout read back
  // from the checkpoint (LangGraph.js's own saver stores it as JSON).
  for (const Saver of [MemorySaver, LangGraphMemorySaver]) {
    const g = fanOut([new Send("work", { ms: 400 }, { timeout: 40 }), "ask"], undefined, Saver);
    await assert.rejects(g.invoke({}, thread("b")), (e) => e.name === "NodeTimeoutError" && e.timeout === 40);
    await assert.rejects(g.invoke(new Command({ resume: "r" }), thread("b")), (e) => e.name === "NodeTimeoutError" && e.timeout === 40, Saver.name);
  }
});
