// node --test: checkpointers written in JS (LangGraph.js's BaseCheckpointSaver
// shape), reached through the package's bridge. LangGraph.js's own MemorySaver
// also runs every conformance scenario (tests/conformance/adapter-js-saver.mjs).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MemorySaver as LangGraphMemorySaver } from "@langchain/langgraph-checkpoint";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Command, interrupt, MemorySaver, BaseCheckpointSaver } = S;
before(() => S.init());

/** A saver that keeps only bytes, like a database would: a new instance over the same rows is a new process. */
class BytesSaver extends BaseCheckpointSaver {
  constructor(rows = { checkpoints: new Map(), writes: new Map() }) {
    super();
    this.rows = rows;
  }
  async put(config, checkpoint, metadata) {
    const { thread_id, checkpoint_ns, checkpoint_id: parent } = config.configurable;
    const [, bytes] = await this.serde.dumpsTyped({ checkpoint, metadata, parent });
    this.rows.checkpoints.set(JSON.stringify([thread_id, checkpoint_ns, checkpoint.id]), bytes);
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }
  async putWrites(config, writes, taskId) {
    const key = JSON.stringify([config.configurable.thread_id, config.configurable.checkpoint_ns, config.configurable.checkpoint_id]);
    const [, bytes] = await this.serde.dumpsTyped(writes.map(([channel, value]) => [taskId, channel, value]));
    this.rows.writes.set(key, [...(this.rows.writes.get(key) ?? []), bytes]);
  }
  async *tuples(thread, ns) {
    const keys = [...this.rows.checkpoints.keys()].filter((k) => k.startsWith(JSON.stringify([thread, ns]).slice(0, -1))).sort().reverse();
    for (const key of keys) {
      const { checkpoint, metadata, parent } = await this.serde.loadsTyped("json", this.rows.checkpoints.get(key));
      const pendingWrites = [];
      for (const bytes of this.rows.writes.get(key) ?? []) pendingWrites.push(...(await this.serde.loadsTyped("json", bytes)));
      // Rows come back in no promised order, as from SQL without ORDER BY.
      pendingWrites.reverse();
      const config = (id) => ({ configurable: { thread_id: thread, checkpoint_ns: ns, checkpoint_id: id } });
      yield { config: config(checkpoint.id), checkpoint, metadata, pendingWrites, parentConfig: parent ? config(parent) : undefined };
    }
  }
  async getTuple(config) {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable;
    for await (const t of this.tuples(thread_id, checkpoint_ns)) if (!checkpoint_id || t.checkpoint.id === checkpoint_id) return t;
    return undefined;
  }
  async *list(config, { before, limit = Infinity } = {}) {
    const { thread_id, checkpoint_ns = "" } = config.configurable;
    for await (const t of this.tuples(thread_id, checkpoint_ns)) {
      if (before && t.checkpoint.id >= before.configurable.checkpoint_id) continue;
      if (limit-- <= 0) return;
      yield t;
    }
  }
}

const State = Annotation.Root({
  log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  n: Annotation(),
});
const review = () =>
  new StateGraph(State)
    .addNode("draft", (s) => ({ log: [`draft ${s.n}`], n: s.n + 1 }))
    .addNode("review", () => ({ log: [`review: ${interrupt("approve?")}`] }))
    .addNode("publish", (s) => ({ log: [`publish ${s.n}`] }))
    .addEdge(START, "draft")
    .addEdge("draft", "review")
    .addConditionalEdges("review", (s) => (s.log.at(-1) === "review: yes" ? "publish" : "draft"))
    .addEdge("publish", END);

async function history(app, config, options) {
  const out = [];
  for await (const s of app.getStateHistory(config, options)) {
    out.push({ step: s.metadata.step, source: s.metadata.source, next: s.next, values: s.values, tasks: s.tasks, parent: !!s.parentConfig });
  }
  return out;
}

/** Interrupt, task and checkpoint ids come from the clock: left out of comparisons. */
const withoutIds = (x) => JSON.parse(JSON.stringify(x, (key, v) => (key === "id" ? undefined : v)));

test("a thread paused in one process resumes in the next from a saver that keeps only bytes", async () => {
  const rows = { checkpoints: new Map(), writes: new Map() };
  const config = { configurable: { thread_id: "doc-1" } };
  const first = await review().compile({ checkpointer: new BytesSaver(rows) }).invoke({ n: 1 }, config);
  assert.deepEqual(first.__interrupt__.map((i) => i.value), ["approve?"]);
  // A new process: a new saver over the stored rows, a new compiled graph.
  const app = review().compile({ checkpointer: new BytesSaver(rows) });
  assert.deepEqual((await app.getState(config)).next, ["review"]);
  const done = await app.invoke(new Command({ resume: "yes" }), config);
  assert.deepEqual(done, { log: ["draft 1", "review: yes", "publish 2"], n: 2 });
  const steps = await history(app, config);
  assert.deepEqual(steps.map((s) => [s.step, s.next.join()]), [[3, ""], [2, "publish"], [1, "review"], [0, "draft"], [-1, "__start__"]]);
  assert.deepEqual(steps.map((s) => s.parent), [true, true, true, true, false]);
  // The paused step's task shows its interrupt and then its result, as with the engine's own saver.
  const ours = review().compile({ checkpointer: new MemorySaver() });
  await ours.invoke({ n: 1 }, config);
  await ours.invoke(new Command({ resume: "yes" }), config);
  assert.deepEqual(withoutIds(steps), withoutIds(await history(ours, config)));
});

test("a node that asks twice is resumed across three processes, its answers kept in order", async () => {
  const rows = { checkpoints: new Map(), writes: new Map() };
  const config = { configurable: { thread_id: "two-questions" } };
  const app = () =>
    new StateGraph(State)
      .addNode("ask", () => ({ log: [`${interrupt("title?")} / ${interrupt("body?")}`] }))
      .addEdge(START, "ask")
      .compile({ checkpointer: new BytesSaver(rows) });
  assert.deepEqual((await app().invoke({ n: 0 }, config)).__interrupt__.map((i) => i.value), ["title?"]);
  assert.deepEqual((await app().invoke(new Command({ resume: "T" }), config)).__interrupt__.map((i) => i.value), ["body?"]);
  assert.deepEqual((await app().getState(config)).tasks[0].interrupts.map((i) => i.value), ["body?"]);
  assert.deepEqual(await app().invoke(new Command({ resume: "B" }), config), { log: ["T / B"], n: 0 });
});

test("history, filters, time travel and forks read the same from LangGraph.js's MemorySaver as from ours", async () => {
  const run = async (checkpointer) => {
    const app = review().compile({ checkpointer });
    const config = { configurable: { thread_id: "t" } };
    await app.invoke({ n: 1 }, config);
    await app.invoke(new Command({ resume: "no" }), config);
    await app.invoke(new Command({ resume: "yes" }), config);
    const all = await history(app, config);
    const loops = await history(app, config, { filter: { source: "loop" }, limit: 3 });
    const states = [];
    for await (const s of app.getStateHistory(config)) states.push(s);
    const older = states.find((s) => s.next[0] === "review");
    const before = await history(app, config, { before: older.config, limit: 2 });
    // Fork: answer the first review differently, from its own checkpoint.
    const forked = await app.invoke(new Command({ resume: "yes" }), older.config);
    const edited = await app.updateState(states.at(-2).config, { n: 10 });
    const replay = await app.invoke(null, edited);
    const parents = [0, 0];
    if (checkpointer instanceof LangGraphMemorySaver) for await (const t of checkpointer.list(config)) parents[t.parentConfig ? 0 : 1]++;
    return withoutIds({ all, loops, before, forked, replay, latest: (await app.getState(config)).values, parents });
  };
  const ours = await run(new MemorySaver());
  assert.equal(ours.all.length, 7);
  assert.deepEqual(ours.loops.map((s) => s.source), ["loop", "loop", "loop"]);
  // LangGraph.js's saver keeps the parent chain too: every checkpoint but the first has one.
  assert.deepEqual(await run(new LangGraphMemorySaver()), { ...ours, parents: [11, 1] });
});

// As LangGraph.js: a superstep's writes are put before its checkpoint, so a task that
// finished before the put failed is not run again (checked against LangGraph.js 1.7.3).
test("a failing saver gives a typed error, and the last stored checkpoint stays usable", async () => {
  const saver = new LangGraphMemorySaver();
  let full = false;
  const put = saver.put.bind(saver);
  saver.put = (...args) => (full ? Promise.reject(Object.assign(new Error("disk full"), { name: "DiskFullError" })) : put(...args));
  const app = review().compile({ checkpointer: saver });
  const config = { configurable: { thread_id: "t" } };
  await app.invoke({ n: 1 }, config);
  full = true;
  await assert.rejects(app.invoke(new Command({ resume: "yes" }), config), (e) => e.name === "CheckpointStorageError" && /DiskFullError: disk full/.test(e.message));
  full = false;
  const paused = await app.getState(config);
  assert.deepEqual([paused.next, paused.tasks.map((t) => [t.name, t.result])], [[], [["review", { log: ["review: yes"] }]]]);
  // The answer the finished task took stands: a second one is not asked for.
  assert.deepEqual(await app.invoke(new Command({ resume: "no" }), config), { log: ["draft 1", "review: yes", "publish 2"], n: 2 });
});

test("a value as deep as state holds is saved, read back and resumed from a JS saver; a deeper one is refused up front", async () => {
  const deep = (n) => (n === 0 ? 1 : { a: deep(n - 1) });
  const Deep = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const graph = (depth) =>
    new StateGraph(Deep)
      .addNode("make", () => ({ x: deep(depth), log: [deep(depth - 1)] }))
      .addNode("ask", () => ({ log: [interrupt("?")] }))
      .addEdge(START, "make")
      .addEdge("make", "ask")
      .compile({ checkpointer: new LangGraphMemorySaver() });
  // 126 levels in state, a few more in the saver's record: it must read back.
  const app = graph(126);
  const config = { configurable: { thread_id: "t" } };
  await app.invoke({}, config);
  assert.deepEqual((await app.getState(config)).values.x, deep(126));
  assert.deepEqual((await app.invoke(new Command({ resume: "yes" }), config)).log.at(-1), "yes");
  for (const depth of [127, 5000]) {
    await assert.rejects(graph(depth).invoke({}, config), (e) => /nests more than 126 levels deep/.test(e.message));
  }
});

test("a checkpoint Superstep did not write is refused with a typed error", async () => {
  const saver = new LangGraphMemorySaver();
  const config = { configurable: { thread_id: "t", checkpoint_ns: "" } };
  const checkpoint = { v: 4, id: "1f0", ts: new Date().toISOString(), channel_values: { n: 1 }, channel_versions: { n: 1 }, versions_seen: {} };
  await saver.put(config, checkpoint, { source: "input", step: -1, parents: {} }, { n: 1 });
  const app = review().compile({ checkpointer: saver });
  await assert.rejects(app.getState(config), (e) => e.name === "CheckpointStorageError" && /1f0 was not written by superstep/.test(e.message));
});

test("a checkpointer that is not a saver is refused at compile", () => {
  assert.throws(() => review().compile({ checkpointer: { put() {} } }), (e) => e instanceof TypeError && /getTuple, list, put and putWrites/.test(e.message));
  assert.throws(() => new (class extends BaseCheckpointSaver {})().getTuple({}), /getTuple\(\) is not implemented/);
});

test("streamEvents heads each parallel subgraph's values with its own checkpoint, even when the saver is slow", async () => {
  const slow = new LangGraphMemorySaver();
  const put = slow.put.bind(slow);
  slow.put = async (...args) => (await new Promise((r) => setTimeout(r, 2)), put(...args));
  const Log = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = () =>
    new StateGraph(Log)
      .addNode("c1", () => ({ log: ["c1"] }))
      .addNode("c2", () => ({ log: ["c2"] }))
      .addEdge(START, "c1")
      .addEdge("c1", "c2")
      .compile();
  const app = new StateGraph(Log).addNode("left", child()).addNode("right", child()).addEdge(START, "left").addEdge(START, "right").compile({ checkpointer: slow });
  const run = await app.streamEvents({ log: [] }, { version: "v3", configurable: { thread_id: "events" } });
  const checkpoints = [];
  for await (const e of run) if (e.method === "checkpoints") checkpoints.push([e.params.namespace.map((n) => n.split(":")[0]).join("/"), e.params.data]);
  assert.deepEqual(checkpoints.map(([ns, d]) => `${ns}@${d.step}`).sort(), ["@0", "@1", "left@0", "left@1", "left@2", "right@0", "right@1", "right@2"]);
  // Each is a stored checkpoint (not an id made up for want of one), child of the one before.
  for (const [ns, d] of checkpoints) assert.ok(/^[0-9a-f]{12}-[0-9a-f]{8}$/.test(d.id) && d.parent_id, `${ns}@${d.step}: ${JSON.stringify(d)}`);
});

test("MemorySaver.deleteThread forgets one thread and keeps the others", async () => {
  const saver = new MemorySaver();
  const app = review().compile({ checkpointer: saver });
  const [a, b] = [{ configurable: { thread_id: "a" } }, { configurable: { thread_id: "b" } }];
  await app.invoke({ n: 1 }, a);
  await app.invoke({ n: 5 }, b);
  await saver.deleteThread("a");
  assert.deepEqual((await app.getState(a)).values, {});
  assert.deepEqual((await history(app, a)).length, 0);
  assert.deepEqual((await app.getState(b)).next, ["review"]);
  await assert.rejects(saver.deleteThread(42), TypeError);
});

test("the engine's savers answer LangGraph.js's getTuple, get and list", async () => {
  const saver = new MemorySaver();
  const app = review().compile({ checkpointer: saver });
  const config = { configurable: { thread_id: "read" } };
  await app.invoke({ n: 1 }, config);
  const state = await app.getState(config);
  const tuple = await saver.getTuple(config);
  assert.equal(tuple.config.configurable.checkpoint_id, state.config.configurable.checkpoint_id);
  assert.deepEqual(tuple.parentConfig, state.parentConfig);
  assert.deepEqual(tuple.metadata, { source: "loop", step: 1, parents: {} });
  assert.deepEqual({ log: tuple.checkpoint.channel_values.log, n: tuple.checkpoint.channel_values.n }, state.values);
  assert.ok(!Number.isNaN(Date.parse(tuple.checkpoint.ts)));
  const [[taskId, channel, [{ value }]]] = tuple.pendingWrites;
  assert.deepEqual([taskId, channel, value], [state.tasks[0].id, "__interrupt__", "approve?"]);
  assert.deepEqual(await saver.get(config), tuple.checkpoint);
  const listed = [];
  for await (const t of saver.list(config)) listed.push(t.config.configurable.checkpoint_id);
  const steps = [];
  for await (const s of app.getStateHistory(config)) steps.push(s.config.configurable.checkpoint_id);
  assert.deepEqual(listed, steps);
  const some = [];
  for await (const t of saver.list(config, { filter: { source: "loop" }, before: { configurable: { checkpoint_id: listed[0] } }, limit: 1 })) some.push(t);
  assert.deepEqual(some.map((t) => [t.metadata.step, t.config.configurable.checkpoint_id]), [[0, listed[1]]]);
  assert.equal(await saver.getTuple({ configurable: { thread_id: "none" } }), undefined);
});

test("a JS saver no graph holds is collected, its engine handle with it", () => {
  // The engine keeps the saver's bridge; the bridge must not keep the saver (and the
  // connections a real one holds). Needs `gc()`, so it runs in a child process.
  const child = `
    import * as S from ${JSON.stringify(new URL("../../www/superstep/node.js", import.meta.url).href)};
    import { MemorySaver } from "@langchain/langgraph-checkpoint";
    await S.init();
    let collected = 0;
    const gone = new FinalizationRegistry(() => collected++);
    async function run(i) {
      const saver = new MemorySaver();
      gone.register(saver, i);
      const g = new S.StateGraph(S.Annotation.Root({ n: S.Annotation() })).addNode("a", (s) => ({ n: s.n + 1 })).addEdge(S.START, "a").compile({ checkpointer: saver });
      if ((await g.invoke({ n: i }, { configurable: { thread_id: "t" } })).n !== i + 1) throw new Error("the run failed");
    }
    for (let i = 0; i < 3; i++) await run(i);
    for (let i = 0; i < 50 && collected < 3; i++) { gc(); await new Promise((r) => setTimeout(r, 10)); }
    console.log(collected);`;
  const out = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", child], { cwd: fileURLToPath(new URL(".", import.meta.url)), encoding: "utf8" });
  assert.equal(out.trim(), "3");
});
