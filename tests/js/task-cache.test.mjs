// node --test: a task's and a node's `cachePolicy` (scenario 251 compares hits and streams with LangGraph.js).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, task, InMemoryCache } = S;
before(() => S.init());

const State = Annotation.Root({ out: Annotation() });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test("a cached call expires after its ttl (seconds) and clearCache forgets it", async () => {
  let calls = 0;
  const slow = task({ name: "slow", cachePolicy: { ttl: 0.05 } }, async (x) => (calls++, x + 1));
  const g = new StateGraph(State).addNode("a", async () => ({ out: await slow(1) })).addEdge(START, "a").compile({ cache: new InMemoryCache() });
  assert.deepEqual(await g.invoke({}), { out: 2 });
  assert.deepEqual(await g.invoke({}), { out: 2 });
  assert.equal(calls, 1, "the second run hit the cache");
  await sleep(80);
  await g.invoke({});
  assert.equal(calls, 2, "expired");
  await g.clearCache();
  await g.invoke({});
  assert.equal(calls, 3, "cleared");
});

test("a failed call is not cached; a node's failed run still stores the calls that finished", async () => {
  let calls = 0;
  let fail = true;
  const ok = task({ name: "ok", cachePolicy: true }, async () => (calls++, "ok"));
  const flaky = task({ name: "flaky", cachePolicy: true }, async () => { calls++; if (fail) throw new Error("down"); return "up"; });
  const g = new StateGraph(State).addNode("a", async () => ({ out: [await ok(), await flaky()] })).addEdge(START, "a").compile({ cache: new InMemoryCache() });
  await assert.rejects(g.invoke({}), /down/);
  fail = false;
  assert.deepEqual(await g.invoke({}), { out: ["ok", "up"] });
  assert.equal(calls, 3, "ok ran once, flaky twice");
});

test("a node's keyFunc is called once per run of it, hit or miss (as LangGraph.js 1.7.3)", async () => {
  let keys = 0;
  const keyFunc = (args) => (keys++, JSON.stringify(args));
  const g = new StateGraph(State)
    .addNode("n", (s) => ({ out: s.out + 1 }), { cachePolicy: { keyFunc } })
    .addEdge(START, "n")
    .compile({ cache: new InMemoryCache() });
  assert.deepEqual(await g.invoke({ out: 1 }), { out: 2 });
  assert.equal(keys, 1, "a miss");
  assert.deepEqual(await g.invoke({ out: 1 }), { out: 2 });
  assert.equal(keys, 2, "a hit");
});
