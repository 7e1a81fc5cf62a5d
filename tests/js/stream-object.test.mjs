// node --test: what `stream()` returns, as LangGraph.js 1.7.3 returns it: a
// ReadableStream that is also an async iterator, whose cancel() aborts the run,
// and with `encoding: "text/event-stream"` the chunks as Server-Sent Events.
// The expected event texts were recorded from LangGraph.js (ids blanked); the
// first three tests and the last two pass on LangGraph.js too. Cancelling while a `for await`
// reads makes LangGraph.js's loop throw "Invalid state: Releasing reader";
// here the loop ends, as a reader's pending read does.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver, interrupt } = S;

before(() => S.init());

const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const thread = (id) => ({ configurable: { thread_id: id } });

/** `a`, then a subgraph of one node, then a node that asks "why?". */
function asking() {
  const sub = new StateGraph(State).addNode("c1", () => ({ log: ["c1"] })).addEdge(START, "c1").compile();
  return new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("sub", sub)
    .addNode("q", () => ({ log: [interrupt("why?")] }))
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .addEdge("sub", "q")
    .compile({ checkpointer: new MemorySaver() });
}

const blankIds = (text) => text.replace(/sub:[0-9a-f-]+/g, "sub:ID").replace(/"id":"[^"]*"/g, '"id":"ID"');

test("a stream is a ReadableStream: read with a reader, or answered as a Response", async () => {
  const s = await asking().stream({ log: [] }, thread("r"));
  assert.ok(s instanceof ReadableStream);
  const reader = s.getReader();
  const chunks = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  assert.deepEqual(chunks.map((c) => Object.keys(c)[0]), ["a", "sub", "__interrupt__"]);
});

test("with encoding text/event-stream, the chunks are LangGraph.js's events, namespaced with subgraphs", async () => {
  const s = await asking().stream({ log: [] }, { ...thread("e"), encoding: "text/event-stream", streamMode: ["updates", "values"], subgraphs: true });
  const expected = [
    ["values", { log: [] }],
    ["updates", { a: { log: ["a"] } }],
    ["values", { log: ["a"] }],
    ["values|sub:ID", { log: ["a"] }],
    ["updates|sub:ID", { c1: { log: ["c1"] } }],
    ["values|sub:ID", { log: ["a", "c1"] }],
    ["updates", { sub: { log: ["a", "c1"] } }],
    ["values", { log: ["a", "a", "c1"] }],
    ["updates", { __interrupt__: [{ id: "ID", value: "why?" }] }],
    ["values", { __interrupt__: [{ id: "ID", value: "why?" }] }],
  ];
  assert.equal(blankIds(await new Response(s).text()), expected.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(""));
});

test("an event stream ends with an error event where the run fails, and names a subgraph task's checkpoint", async () => {
  const failing = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => {
      throw new RangeError("nope");
    })
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile();
  const text = await new Response(await failing.stream({ log: [] }, { encoding: "text/event-stream" })).text();
  assert.equal(text, 'event: updates\ndata: {"a":{"log":["a"]}}\n\nevent: error\ndata: {"error":"RangeError","message":"nope"}\n\n');
  const events = (await new Response(await asking().stream({ log: [] }, { ...thread("c"), encoding: "text/event-stream", streamMode: "checkpoints" })).text()).split("\n\n");
  const data = events.filter(Boolean).map((e) => JSON.parse(e.split("\ndata: ")[1]));
  assert.deepEqual(Object.keys(data[1]), ["config", "values", "metadata", "next", "tasks", "checkpoint", "parent_checkpoint", "parent_config"]);
  assert.equal(data[0].parent_checkpoint, null);
  const [subTask] = data[2].tasks;
  assert.deepEqual(Object.keys(subTask), ["id", "name", "path", "interrupts", "checkpoint"]);
  assert.deepEqual(subTask.checkpoint, { thread_id: "c", checkpoint_ns: `sub:${subTask.id}`, checkpoint_id: null, checkpoint_map: null });
});

test("cancel() aborts the run's signal, ends the stream and leaves the thread where it stood", async () => {
  let reason = null;
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("slow", (s, config) => new Promise((resolve, reject) => config.signal.addEventListener("abort", () => reject(new Error((reason = config.signal.reason))))))
    .addEdge(START, "a")
    .addEdge("a", "slow")
    .compile({ checkpointer: new MemorySaver() });
  const s = await g.stream({ log: [] }, thread("x"));
  const seen = [];
  for await (const chunk of s) {
    seen.push(Object.keys(chunk)[0]);
    setTimeout(() => s.cancel("stop please"), 5);
  }
  assert.deepEqual([seen, reason], [["a"], "stop please"]);
  const state = await g.getState(thread("x"));
  assert.deepEqual([state.values, state.next], [{ log: ["a"] }, ["slow"]]);
});

test("unasked, stream() streams the graph's streamMode, and a node's subgraph streams its states", async () => {
  const collect = async (stream) => {
    const out = [];
    for await (const c of stream) out.push(c);
    return out;
  };
  const sub = new StateGraph(State).addNode("s1", () => ({ log: ["s1"] })).addNode("s2", () => ({ log: ["s2"] })).addEdge(START, "s1").addEdge("s1", "s2").compile();
  const seen = [];
  const g = new StateGraph(State)
    .addNode("p", async (s, config) => {
      seen.push(await collect(await sub.stream({ log: ["in"] })), await collect(await sub.stream({ log: ["in"] }, config)));
      return { log: ["p"] };
    })
    .addEdge(START, "p")
    .compile();
  assert.deepEqual(g.streamMode, ["updates"]);
  assert.deepEqual(await collect(await g.stream({ log: [] })), [{ p: { log: ["p"] } }]);
  const states = [{ log: ["in"] }, { log: ["in", "s1"] }, { log: ["in", "s1", "s2"] }];
  assert.deepEqual(seen, [states, states]);
  // The field is settable, as LangGraph.js's.
  g.streamMode = ["values"];
  assert.deepEqual(await collect(await g.stream({ log: [] })), [{ log: [] }, { log: ["p"] }]);
  assert.deepEqual(g.withConfig({}).streamMode, ["values"]);
});

test("invoke inside a node returns the chunks when asked for other modes, as at the top", async () => {
  const sub = new StateGraph(State).addNode("s1", () => ({ log: ["s1"] })).addNode("s2", () => ({ log: ["s2"] })).addEdge(START, "s1").addEdge("s1", "s2").compile();
  const seen = {};
  const g = new StateGraph(State)
    .addNode("p", async () => {
      seen.updates = await sub.invoke({ log: ["i"] }, { streamMode: "updates" });
      seen.values = await sub.invoke({ log: ["i"] }, { streamMode: "values" });
      seen.many = await sub.invoke({ log: ["i"] }, { streamMode: ["updates", "values"] });
      return { log: ["p"] };
    })
    .addEdge(START, "p")
    .compile();
  await g.invoke({ log: [] });
  assert.deepEqual(seen.updates, [{ s1: { log: ["s1"] } }, { s2: { log: ["s2"] } }]);
  assert.deepEqual(seen.values, { log: ["i", "s1", "s2"] });
  assert.deepEqual(seen.many, [
    ["values", { log: ["i"] }],
    ["updates", { s1: { log: ["s1"] } }],
    ["values", { log: ["i", "s1"] }],
    ["updates", { s2: { log: ["s2"] } }],
    ["values", { log: ["i", "s1", "s2"] }],
  ]);
});
