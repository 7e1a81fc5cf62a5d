// node --test: the functional API (entrypoint, entrypoint.final, getPreviousState); scenario
// 254 compares its streams and states with LangGraph.js.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { entrypoint, getPreviousState, task, interrupt, Command, MemorySaver, writer } = S;
before(() => S.init());

test("getPreviousState gives each run what the thread's last run saved; final returns and saves apart", async () => {
  const counter = entrypoint({ name: "counter", checkpointer: new MemorySaver() }, (n) => {
    const total = (getPreviousState() ?? 0) + n;
    return entrypoint.final({ value: `total ${total}`, save: total });
  });
  const config = { configurable: { thread_id: "c" } };
  assert.equal(await counter.invoke(2, config), "total 2");
  assert.equal(await counter.invoke(3, config), "total 5");
  assert.equal((await counter.getState(config)).values, "total 5");
  // Another thread starts from nothing.
  assert.equal(await counter.invoke(1, { configurable: { thread_id: "d" } }), "total 1");
  // History shows every run's output, newest first.
  const outputs = [];
  for await (const s of counter.getStateHistory(config)) outputs.push(s.values);
  assert.deepEqual([...new Set(outputs)], ["total 5", "total 2", null]);
});

test("a paused workflow resumes with its task results kept; custom writes and subgraph streams pass through", async () => {
  let calls = 0;
  const fetchIt = task("fetchIt", async (q) => (calls++, `result of ${q}`));
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (q) => {
    const r = await fetchIt(q);
    writer({ progress: r });
    return { r, approved: interrupt(`approve ${r}?`) };
  });
  const config = { configurable: { thread_id: "p" } };
  const paused = await wf.invoke("cats", config);
  assert.deepEqual(paused.__interrupt__.map((i) => i.value), ["approve result of cats?"]);
  const chunks = [];
  for await (const c of await wf.stream(new Command({ resume: true }), { ...config, streamMode: ["custom", "updates"], subgraphs: true })) chunks.push(c);
  assert.equal(calls, 1, "the task ran once");
  assert.deepEqual(chunks.filter(([, mode]) => mode === "custom"), [[[], "custom", { progress: "result of cats" }]]);
  assert.deepEqual(chunks.at(-1), [[], "updates", { wf: { r: "result of cats", approved: true } }]);
});

test("withConfig defaults, names, and bad definitions", async () => {
  const echo = entrypoint("echo", (x, config) => ({ x, tag: config.configurable.tag }));
  assert.deepEqual(await echo.withConfig({ configurable: { tag: "t" } }).invoke(1), { x: 1, tag: "t" });
  assert.equal(echo.getName(), "echo");
  assert.throws(() => entrypoint({}, () => 1), TypeError);
  assert.throws(() => entrypoint("g", function* () {}), /Generators are disallowed/);
  // A workflow's own errors reach the caller as they are.
  class Nope extends Error {}
  await assert.rejects(entrypoint("bad", () => { throw new Nope("no"); }).invoke(1), Nope);
  // What JSON cannot hold is named as the workflow's input, return value or save, not by its channels.
  const unfit = (what) => (e) => e.name === "InvalidUpdateError" && e.message.startsWith(what) && !/__entrypoint/.test(e.message);
  await assert.rejects(echo.invoke(new Map()), unfit("the entrypoint's input is a Map"));
  await assert.rejects(entrypoint("nan", () => NaN).invoke(1), unfit("the entrypoint's return value is NaN"));
  await assert.rejects(entrypoint("fn", () => entrypoint.final({ value: 1, save: () => 1 })).invoke(1), unfit("entrypoint.final's save is a function"));
});

test("a values stream shows the output after the step the workflow ran in, not the last run's before it", async () => {
  const same = entrypoint({ name: "same", checkpointer: new MemorySaver() }, (n) => n * 0 + 7);
  const config = { configurable: { thread_id: "v" } };
  const run = async (input) => {
    const chunks = [];
    for await (const c of await same.stream(input, { ...config, streamMode: "values" })) chunks.push(c);
    return chunks;
  };
  assert.deepEqual(await run(1), [7]);
  // The same output again is still a step's output (LangGraph.js streams it too).
  assert.deepEqual(await run(2), [7]);
  const changing = entrypoint({ name: "changing", checkpointer: new MemorySaver() }, (n) => ({ n }));
  const out = [];
  for (const n of [1, 2]) for await (const c of await changing.stream(n, { ...config, streamMode: ["values"] })) out.push(c);
  assert.deepEqual(out, [["values", { n: 1 }], ["values", { n: 2 }]]);
});

test("a workflow has the compiled graph's other members: what it was given, its drawing, its events, batch and updateState", async () => {
  const saver = new MemorySaver();
  const wf = entrypoint({ name: "wf", checkpointer: saver }, async (n) => n + ((getPreviousState() ?? 0)));
  assert.equal(wf.checkpointer, saver);
  assert.equal(wf.validate(), wf);
  assert.deepEqual(Object.keys(wf.getGraph().nodes), ["__start__", "wf", "__end__"]);
  assert.deepEqual([...wf.getSubgraphs()], []);
  const t = { configurable: { thread_id: "m" } };
  const names = [];
  for await (const e of wf.streamEvents(1, { version: "v2", ...t })) names.push(`${e.event} ${e.name}`);
  // No __start__ task, as LangGraph.js's workflow takes its input at once (scenario 300 has the rest).
  assert.deepEqual(names.slice(0, 2), ["on_chain_start wf", "on_chain_start wf"]);
  assert.equal(names.at(-1), "on_chain_end wf");
  await wf.updateState(t, 10);
  assert.equal(await wf.invoke(1, t), 11);
  assert.deepEqual(await wf.batch([1, 2], [{ configurable: { thread_id: "b1" } }, { configurable: { thread_id: "b2" } }]), [1, 2]);
});

test("a workflow's checkpointer and stepTimeout are settable, as LangGraph.js's fields", async () => {
  const wf = entrypoint({ name: "later" }, async (n) => {
    await new Promise((r) => setTimeout(r, n));
    return n + (getPreviousState() ?? 0);
  });
  wf.checkpointer = new MemorySaver();
  const t = { configurable: { thread_id: "s" } };
  assert.equal(await wf.invoke(1, t), 1);
  assert.equal(await wf.invoke(2, t), 3);
  wf.stepTimeout = 50;
  assert.equal(wf.stepTimeout, 50);
  await assert.rejects(wf.invoke(300, t), { name: "TimeoutError" });
  assert.equal((await wf.getState(t)).values, 3);
});
