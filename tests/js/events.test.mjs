// node --test: streamEvents(input, { version: "v3" }) beyond what extra
// conformance scenario 221 compares with LangGraph.js: message lifecycles,
// subgraph streams and their scope, lifecycle entries, abort, other versions.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MessagesAnnotation } = S;

before(() => S.init());

const P = Annotation.Root({ foo: Annotation() });

function nested() {
  const leaf = new StateGraph(P).addNode("x", (s) => ({ foo: s.foo + "x" })).addEdge(START, "x").compile();
  return new StateGraph(P)
    .addNode("a", (s) => ({ foo: s.foo + "a" }))
    .addNode("sub", leaf)
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .compile();
}

test("a returned LangChain message streams as a message lifecycle under its task (as LangGraph.js 1.7.3)", async () => {
  class AIMessage {
    lc_namespace = ["langchain_core", "messages"];
    constructor(f) {
      Object.assign(this, f);
    }
    getType() {
      return "ai";
    }
    toDict() {
      return { type: "ai", data: { content: this.content, id: this.id } };
    }
  }
  const g = new StateGraph(MessagesAnnotation).addNode("chat", () => ({ messages: [new AIMessage({ content: "hi", id: "m1" })] })).addEdge(START, "chat").compile();
  const run = await g.streamEvents({ messages: [] }, { version: "v3" });
  const msgs = [];
  const life = [];
  for await (const e of run) {
    if (e.method === "messages") msgs.push(e.params);
    if (e.method === "lifecycle") life.push(`${e.params.namespace.map((s) => s.split(":")[0]).join("/")} ${e.params.data.event}`);
  }
  // Under the node's own task namespace, which starts and completes like a subgraph's.
  assert.ok(msgs.every((p) => p.namespace.length === 1 && p.namespace[0].startsWith("chat:")));
  assert.deepEqual(life, [" running", "chat started", "chat completed", " completed"]);
  assert.deepEqual(msgs.map((p) => [p.node, p.data.event]), [
    ["chat", "message-start"],
    ["chat", "content-block-start"],
    ["chat", "content-block-delta"],
    ["chat", "content-block-finish"],
    ["chat", "message-finish"],
  ]);
  assert.equal(msgs[0].data.id, "m1");
  assert.equal(msgs[2].data.delta.text, "hi");
  assert.equal(new Set(msgs.map((p) => p.data.run_id)).size, 1, "one run id per message");
});

test("a subgraph's stream holds only its own namespace; lifecycle entries follow the run", async () => {
  const run = await nested().streamEvents({ foo: "" }, { version: "v3" });
  let sub;
  for await (const s of run.subgraphs) sub = s;
  assert.ok(sub instanceof S.SubgraphRunStream && sub instanceof S.GraphRunStream);
  assert.equal(sub.name, "sub");
  const inside = [];
  for await (const e of sub) inside.push(e);
  assert.ok(inside.length > 0 && inside.every((e) => e.params.namespace[0] === sub.path[0]));
  assert.deepEqual(await sub.output, { foo: "ax" });
  const life = [];
  for await (const l of run.lifecycle) life.push([l.namespace.length, l.event, l.graph_name]);
  assert.deepEqual(life, [
    [0, "running", "root"],
    [1, "started", "sub"],
    [1, "completed", "sub"],
    [0, "completed", "root"],
  ]);
  // Events are numbered in order, with nothing missing.
  const all = [];
  for await (const e of run) all.push(e.seq);
  assert.deepEqual(all, all.map((_, i) => i));
});

test("abort() stops the run: output rejects with the reason and the root fails", async () => {
  const g = new StateGraph(P)
    .addNode("slow", async () => {
      await new Promise((r) => setTimeout(r, 200));
      return { foo: "late" };
    })
    .addEdge(START, "slow")
    .compile();
  const run = await g.streamEvents({ foo: "" }, { version: "v3" });
  const reason = new Error("enough");
  setTimeout(() => run.abort(reason), 20);
  await assert.rejects(run.output, (e) => e === reason);
  assert.ok(run.signal.aborted);
  const last = [];
  await assert.rejects(async () => {
    for await (const l of run.lifecycle) last.push(l.event);
  });
  assert.equal(last.at(-1), "failed");
});

test("version v1 is not supported, with a clear error", () => {
  // Thrown at the call, as LangGraph.js throws for a version it lacks: `for await` over it shows the message.
  assert.throws(() => nested().streamEvents({ foo: "" }, { version: "v1" }), /versions "v2" and "v3"/);
  assert.throws(() => nested().streamEvents({ foo: "" }), /versions "v2" and "v3" \(got undefined\)/);
  assert.throws(() => nested().streamEvents({ foo: "" }, {}), /versions "v2" and "v3"/);
});

test("a breakpoint after a step still heads its values with the saved checkpoint (as LangGraph.js)", async () => {
  const N = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const g = new StateGraph(N)
    .addNode("a", () => ({ n: 1 }))
    .addNode("b", () => ({ n: 1 }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile({ checkpointer: new S.MemorySaver(), interruptAfter: ["a"] });
  const config = { configurable: { thread_id: "bp" } };
  const run = await g.streamEvents({ n: 0 }, { version: "v3", ...config });
  const events = [];
  for await (const e of run) events.push(e);
  const envelopes = events.filter((e) => e.method === "checkpoints").map((e) => e.params.data);
  const saved = await g.getState(config);
  assert.deepEqual(envelopes.at(-1), { id: saved.config.configurable.checkpoint_id, parent_id: saved.parentConfig.configurable.checkpoint_id, step: 1, source: "loop" });
  assert.ok(run.interrupted, "a breakpoint counts as interrupted");
  assert.deepEqual(run.interrupts, []);
});

test("streamEvents v3 marks its run for chat models, and nodes do not see the mark", async () => {
  const seen = [];
  const g = new StateGraph(MessagesAnnotation)
    .addNode("n", (_s, config) => (seen.push(Object.keys(config.configurable ?? {})), {}))
    .addEdge(START, "n")
    .compile();
  const run = await g.streamEvents({ messages: [] }, { version: "v3", configurable: { user: "u" } });
  for await (const _ of run);
  // checkpoint_map and checkpoint_ns: the task's, as LangGraph.js gives nodes.
  assert.deepEqual(seen, [["user", "checkpoint_map", "checkpoint_ns"]]);
});
