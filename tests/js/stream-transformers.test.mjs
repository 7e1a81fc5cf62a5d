// node --test: streamEvents v3's stream transformers and Server-Sent Events,
// beyond what extra conformance scenario 305 compares with LangGraph.js.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, StreamChannel } = S;

before(() => S.init());

const N = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });

function chain(options) {
  const leaf = new StateGraph(N).addNode("inner", () => ({ n: 100 })).addEdge(START, "inner").compile();
  return new StateGraph(N).addNode("a", () => ({ n: 1 })).addNode("b", leaf).addEdge(START, "a").addEdge("a", "b").compile(options);
}

/** Names each update's node on a remote channel, and drops task and checkpoint events. */
const nodeNames = () => {
  const nodes = StreamChannel.remote("nodes");
  return {
    init: () => ({ nodes }),
    process(e) {
      if (e.method === "updates") nodes.push(e.params.node);
      return e.method !== "tasks" && e.method !== "checkpoints";
    },
  };
};

/** `[event name, data]` of each Server-Sent Event in `text`, a namespace's task id left out. */
const sse = (text) =>
  text
    .trim()
    .split("\n\n")
    .map((block) => {
      const [event, data] = block.split("\n").map((line) => line.slice(line.indexOf(": ") + 2));
      return [event.replace(/(\|[^:|]+):[^|]*/g, "$1"), JSON.parse(data)];
    });

test("v3 as Server-Sent Events: each kept event named `method|namespace`, a transformer's channel items among them (as LangGraph.js 1.7.3)", async () => {
  const stream = await chain({ transformers: [nodeNames] }).streamEvents({ n: 0 }, { version: "v3", encoding: "text/event-stream" });
  assert.equal(typeof stream.cancel, "function");
  const events = sse(await new Response(stream).text());
  assert.deepEqual(
    events.map(([name]) => name),
    [
      "lifecycle", "values", "custom:nodes", "updates", "values",
      "lifecycle|b", "values|b", "custom:nodes|b", "updates|b", "values|b",
      "custom:nodes", "updates", "lifecycle|b", "values", "lifecycle",
    ],
  );
  assert.deepEqual(events.filter(([name]) => name.startsWith("custom:")).map(([, d]) => d), ["a", "inner", "b"]);
  assert.deepEqual(events.at(-2)[1], { n: 102 });
});

test("v3 as Server-Sent Events: a failure is a last `error` event", async () => {
  const bad = new StateGraph(N)
    .addNode("a", () => {
      throw new Error("boom");
    })
    .addEdge(START, "a")
    .compile();
  const events = sse(await new Response(await bad.streamEvents({ n: 0 }, { version: "v3", encoding: "text/event-stream" })).text());
  assert.deepEqual(events.at(-1), ["error", { message: "Error: boom" }]);
  assert.deepEqual(events.at(-2), ["lifecycle", { event: "failed", graph_name: "root", error: "boom" }]);
});

test("a transformer's finalize() may return a promise: the log ends after it, and a promise in its projection is logged", async () => {
  let release;
  const gate = new Promise((r) => (release = r));
  const slow = () => ({
    init: () => ({ summary: gate.then(() => "done") }),
    process: () => true,
    finalize: () => gate,
  });
  const run = await chain().streamEvents({ n: 0 }, { version: "v3", transformers: [slow] });
  assert.deepEqual(await run.output, { n: 102 });
  const events = [];
  const read = (async () => {
    for await (const e of run) events.push(e);
  })();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(events.at(-1).method, "lifecycle", "the log waits for finalize()");
  release();
  await read;
  assert.deepEqual(events.at(-1).params, { namespace: [], timestamp: events.at(-1).params.timestamp, data: { name: "summary", payload: "done" } });
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => i));
});

test("a StreamChannel from LangGraph.js's brand is wired too, and one of ours is recognised by it", async () => {
  const brand = Symbol.for("langgraph.stream_channel");
  assert.equal(StreamChannel.remote("x")[brand], true);
  assert.equal(StreamChannel.isInstance({ [brand]: true }), true);
  const log = StreamChannel.local();
  const t = () => ({ init: () => ({ log }), process: (e) => (log.push(e.method), true) });
  const run = await chain().withConfig({ streamTransformers: [t] }).streamEvents({ n: 0 }, { version: "v3" });
  for await (const e of run) void e;
  assert.equal(log.done, true);
  const seen = new Set();
  for await (const method of log) seen.add(method);
  assert.deepEqual([...seen].sort(), ["checkpoints", "lifecycle", "tasks", "updates", "values"]);
});

test("a workflow takes stream transformers from the call and from withConfig (as LangGraph.js 1.7.3)", async () => {
  const { entrypoint, task, MemorySaver } = S;
  const methods = () => {
    const seen = StreamChannel.remote("m");
    return { init: () => ({ seen }), process: (e) => (seen.push(e.method), true) };
  };
  const double = task("double", async (x) => x * 2);
  const workflow = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (n) => await double(n));
  const kept = async (run) => {
    const out = [];
    for await (const e of run) out.push(e.method);
    return out;
  };
  const called = await workflow.streamEvents(3, { version: "v3", transformers: [methods], configurable: { thread_id: "a" } });
  const viaCall = await kept(called);
  assert.equal(await called.output, 6);
  const configured = workflow.withConfig({ streamTransformers: [methods] });
  assert.equal(configured.streamTransformers.length, 1);
  const viaConfig = await kept(await configured.streamEvents(4, { version: "v3", configurable: { thread_id: "b" } }));
  for (const methodsSeen of [viaCall, viaConfig]) {
    assert.equal(methodsSeen.filter((m) => m === "custom:m").length, methodsSeen.length / 2 - 0.5);
    assert.deepEqual(methodsSeen.filter((m) => m !== "custom:m"), ["lifecycle", "tasks", "tasks", "updates", "tasks", "updates", "tasks", "checkpoints", "values", "lifecycle"]);
  }
});

test("a transformer that throws as the run ends fails the run stream instead of leaving it open (LangGraph.js 1.7.3's stays open)", async () => {
  const failing = (where) => () => ({
    init: () => ({}),
    process: (e) => {
      if (where === "process" && e.method === "lifecycle" && e.params.data.event === "completed") throw new Error("process failed");
      return true;
    },
    finalize: () => {
      if (where === "finalize") throw new Error("finalize failed");
    },
  });
  for (const where of ["process", "finalize"]) {
    const run = await chain().streamEvents({ n: 0 }, { version: "v3", transformers: [failing(where)] });
    const message = `${where} failed`;
    await assert.rejects(async () => {
      for await (const e of run) void e;
    }, { message });
    await assert.rejects(run.output, { message });
  }
});
