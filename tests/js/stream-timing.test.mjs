// node --test: a stream gives out what a running node produces as it comes, not when
// the node ends: a custom write, a `task()` call's update (in a graph's node and in a
// workflow), in LangGraph.js's order against the node's own code.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, entrypoint, task, MemorySaver } = S;
before(() => S.init());

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** A gate a node waits at: opened by the stream's consumer, or by a timer after 2 s (the part came too late). */
function gate() {
  let open;
  const opened = new Promise((r) => (open = r));
  const timer = setTimeout(() => open("timer"), 2000);
  return { opened, open: (by) => (clearTimeout(timer), open(by)) };
}

test("a custom write and a task() call's update reach the stream while their node still runs", async () => {
  const tk = task("tk", async (x) => (await sleep(1), `t${x}`));
  const gates = { custom: gate(), call: gate() };
  const g = new StateGraph(State)
    .addNode("n", async (s, config) => {
      config.writer("progress");
      const by = [await gates.custom.opened];
      await tk(1);
      by.push(await gates.call.opened);
      return { log: by };
    })
    .addEdge(START, "n")
    .compile();
  const seen = [];
  for await (const [mode, chunk] of await g.stream({ log: [] }, { streamMode: ["custom", "updates"] })) {
    seen.push([mode, chunk]);
    if (mode === "custom") gates.custom.open("stream");
    if (mode === "updates" && chunk.tk) gates.call.open("stream");
  }
  assert.deepEqual(seen, [["custom", "progress"], ["updates", { tk: "t1" }], ["updates", { n: { log: ["stream", "stream"] } }]]);
});

test("a write a node left running reaches the stream while the run streams, as LangGraph.js's, and nothing after", async () => {
  // Checked against LangGraph.js 1.7.3: the same chunks, and no error from either late write.
  const late = { a: gate(), sub: gate() };
  let after;
  const subgraph = new StateGraph(State)
    .addNode("inner", (_s, config) => {
      setTimeout(() => config.writer("late from inner"), 1);
      return { log: ["inner"] };
    })
    .addEdge(START, "inner")
    .compile();
  const g = new StateGraph(State)
    .addNode("a", (_s, config) => {
      after = config.writer;
      setTimeout(() => config.writer("late from a"), 1);
      return { log: ["a"] };
    })
    .addNode("b", async () => ({ log: [await late.a.opened] }))
    .addNode("sub", subgraph)
    .addNode("c", async () => ({ log: [await late.sub.opened] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", "sub")
    .addEdge("sub", "c")
    .compile();
  const seen = [];
  for await (const [ns, mode, chunk] of await g.stream({ log: [] }, { streamMode: ["custom", "updates"], subgraphs: true })) {
    seen.push([ns.map((n) => n.split(":")[0]).join("/"), mode, chunk]);
    if (chunk === "late from a") late.a.open("stream");
    if (chunk === "late from inner") late.sub.open("stream");
  }
  assert.deepEqual(seen, [
    ["", "updates", { a: { log: ["a"] } }],
    ["", "custom", "late from a"],
    ["", "updates", { b: { log: ["stream"] } }],
    ["sub", "updates", { inner: { log: ["inner"] } }],
    // The subgraph has ended, the root run still streams: the write goes out under the subgraph's namespace.
    ["", "updates", { sub: { log: ["a", "stream", "inner"] } }],
    ["sub", "custom", "late from inner"],
    ["", "updates", { c: { log: ["stream"] } }],
  ]);
  assert.equal(after("after the run"), undefined);
  // A run that does not stream custom events takes a late write nowhere, without an error.
  let kept;
  const quiet = new StateGraph(State).addNode("a", (_s, config) => ((kept = config.writer), { log: ["a"] })).addEdge(START, "a").addNode("b", () => (kept("late"), { log: ["b"] })).addEdge("a", "b").compile();
  assert.deepEqual(await quiet.invoke({ log: [] }), { log: ["a", "b"] });
});

test("late writers are kept for the newest 4,096 finished tasks: an older one's write goes nowhere, without an error", async () => {
  // (LangGraph.js keeps every one; here a long streaming run's table stays small.)
  const Fan = Annotation.Root({ n: Annotation(), done: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const writers = {};
  const g = new StateGraph(Fan)
    .addNode("split", () => ({}))
    .addNode("work", (s, config) => ((writers[s.i] = config.writer), { done: 1 }))
    .addNode("after", () => (writers[0]("from the first"), writers[9999]("from the last"), {}))
    .addEdge(START, "split")
    .addConditionalEdges("split", (s) => Array.from({ length: s.n }, (_, i) => new S.Send("work", { i })))
    .addEdge("work", "after")
    .compile();
  const custom = [];
  for await (const [mode, chunk] of await g.stream({ n: 10000 }, { streamMode: ["custom", "updates"] })) if (mode === "custom") custom.push(chunk);
  assert.deepEqual(custom, ["from the last"]);
});

test("a workflow's task() updates stream as each call ends", async () => {
  const tk = task("tk", async (x) => (await sleep(1), x * 10));
  const gates = [gate(), gate()];
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (n) => {
    const a = await tk(n);
    const by = await gates[0].opened;
    const b = await tk(n + 1);
    return [a, b, by, await gates[1].opened];
  });
  const seen = [];
  for await (const chunk of await wf.stream(1, { configurable: { thread_id: "t" }, streamMode: "updates" })) {
    seen.push(chunk);
    if ("tk" in chunk) gates[seen.length - 1]?.open("stream");
  }
  assert.deepEqual(seen, [{ tk: 10 }, { tk: 20 }, { wf: [10, 20, "stream", "stream"] }]);
});

test("a call's update comes as in LangGraph.js: after the node's code within two awaits of the call, before later code", async () => {
  const tk = task("tk", async (x) => (await sleep(1), x));
  const order = async (hops) => {
    const g = new StateGraph(State)
      .addNode("n", async (s, config) => {
        await tk(1);
        for (let i = 0; i < hops; i++) await Promise.resolve();
        config.writer("x");
        await sleep(5);
        return {};
      })
      .addEdge(START, "n")
      .compile();
    const out = [];
    for await (const [mode, c] of await g.stream({ log: [] }, { streamMode: ["custom", "updates"] })) out.push(mode === "custom" ? c : Object.keys(c)[0]);
    return out.join(" ");
  };
  // Recorded from LangGraph.js 1.7.3.
  assert.deepEqual([await order(0), await order(1), await order(2), await order(3)], ["x tk n", "x tk n", "tk x n", "tk x n"]);
});

test("a node that streams a subgraph reads its parts as they come, not at each of its supersteps' end", async () => {
  const slowGate = gate();
  const sub = new StateGraph(State)
    .addNode("fast", async () => (await sleep(1), { log: ["fast"] }))
    .addNode("slow", async () => ({ log: [`slow after ${await slowGate.opened}`] }))
    .addEdge(START, "fast")
    .addEdge(START, "slow")
    .compile();
  const g = new StateGraph(State)
    .addNode("n", async () => {
      const inner = [];
      for await (const chunk of await sub.stream({ log: [] }, { streamMode: "updates" })) {
        inner.push(chunk);
        if (chunk.fast) slowGate.open("fast");
      }
      return { log: inner.map((c) => Object.values(c)[0].log[0]) };
    })
    .addEdge(START, "n")
    .compile();
  assert.deepEqual((await g.invoke({ log: [] })).log, ["fast", "slow after fast"]);
});
