// node --test: the run config's `durability` (scenario 250 compares "exit" with LangGraph.js).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;
before(() => S.init());

const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const chain = (saver) =>
  new StateGraph(State)
    .addSequence([["a", () => ({ log: ["a"] })], ["b", () => ({ log: ["b"] })], ["c", () => ({ log: ["c"] })]])
    .addEdge(START, "a")
    .compile({ checkpointer: saver });

/** How many checkpoints `g` keeps for `config`'s thread. */
async function count(g, config) {
  let n = 0;
  for await (const _ of g.getStateHistory(config)) n++;
  return n;
}

test('durability "exit" stores one checkpoint per run, through withConfig too; a wrong value is a TypeError', async () => {
  const g = chain(new MemorySaver());
  const exit = { configurable: { thread_id: "exit" }, durability: "exit" };
  assert.deepEqual(await g.invoke({ log: [] }, exit), { log: ["a", "b", "c"] });
  assert.equal(await count(g, exit), 1);
  await g.withConfig({ durability: "exit" }).invoke({ log: [] }, { configurable: { thread_id: "exit" } });
  assert.equal(await count(g, exit), 2);
  const sync = { configurable: { thread_id: "sync" }, durability: "async" };
  await g.invoke({ log: [] }, sync);
  assert.equal(await count(g, sync), 5);
  await assert.rejects(g.invoke({ log: [] }, { configurable: { thread_id: "x" }, durability: "never" }), (e) => e instanceof TypeError && /durability/.test(e.message));
});

test("checkpointDuring, LangGraph.js's older name: false stores as \"exit\" does, true as \"async\"; not beside durability", async () => {
  const g = chain(new MemorySaver());
  const off = { configurable: { thread_id: "off" }, checkpointDuring: false };
  await g.invoke({ log: [] }, off);
  const on = { configurable: { thread_id: "on" }, checkpointDuring: true };
  await g.invoke({ log: [] }, on);
  assert.deepEqual([await count(g, off), await count(g, on)], [1, 5]);
  await assert.rejects(g.invoke({ log: [] }, { ...off, durability: "sync" }), /Cannot use both `durability` and `checkpointDuring`/);
});

test('durability "exit": a superstep whose writes conflict leaves the thread where "sync" leaves it, input kept', async () => {
  const Two = Annotation.Root({ log: State.spec.log, v: Annotation() });
  const g = new StateGraph(Two)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ v: 1 }))
    .addNode("c", () => ({ v: 2 }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("a", "c")
    .compile({ checkpointer: new MemorySaver() });
  const ends = [];
  for (const durability of ["exit", "sync"]) {
    const config = { configurable: { thread_id: durability }, durability };
    await assert.rejects(g.invoke({ log: ["in"] }, config), (e) => e.name === "InvalidUpdateError");
    // As LangGraph.js's, the newest state applies the refused writes, and throws the same error.
    await assert.rejects(g.getState(config), (e) => e.name === "InvalidUpdateError");
    for await (const { values, next, metadata } of g.getStateHistory(config, { limit: 1 })) ends.push({ values, next: [...next].sort(), step: metadata.step });
    // Continuing meets the same conflict: the refused writes were kept.
    await assert.rejects(g.invoke(null, config), (e) => e.name === "InvalidUpdateError");
  }
  // The checkpoint both keep: the state before the superstep, whose tasks b and c are.
  assert.deepEqual(ends[0], { values: { log: ["in", "a"] }, next: ["b", "c"], step: 1 });
  assert.deepEqual(ends[0], ends[1]);
});
