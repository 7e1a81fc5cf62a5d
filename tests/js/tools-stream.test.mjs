// node --test: the "tools" stream mode of LangGraph.js 1.7: the lifecycle of
// each LangChain tool a node calls with its config (start, end, error), a
// subgraph's only with `subgraphs: true`. The expected chunks were recorded
// from LangGraph.js 1.7.3, and these tests pass on it too.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { tool } from "@langchain/core/tools";
import { ToolMessage } from "@langchain/core/messages";
import { z } from "zod";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START } = S;

before(() => S.init());

const add = tool(async ({ a, b }) => a + b, { name: "add", description: "adds", schema: z.object({ a: z.number(), b: z.number() }) });
const boom = tool(async () => {
  throw new Error("nope");
}, { name: "boom", description: "fails", schema: z.object({}) });
const State = Annotation.Root({ out: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** A node calling `add` twice (the second as a model's tool call) and `boom`, then a subgraph whose node calls `add`. */
function graph() {
  const sub = new StateGraph(State).addNode("inner", async (_, c) => ({ out: [String(await add.invoke({ a: 5, b: 5 }, c))] })).addEdge(START, "inner").compile();
  return new StateGraph(State)
    .addNode("n", async (_, c) => {
      const r = await add.invoke({ a: 1, b: 2 }, c);
      const m = await add.invoke({ id: "call_1", name: "add", args: { a: 3, b: 4 }, type: "tool_call" }, c);
      let e;
      try {
        await boom.invoke({}, c);
      } catch (x) {
        e = x.message;
      }
      return { out: [String(r), m.content, e] };
    })
    .addNode("sub", sub)
    .addEdge(START, "n")
    .addEdge("n", "sub")
    .compile();
}

async function chunks(stream) {
  const out = [];
  for await (const c of stream) out.push(c);
  return out;
}

test("a node's tool calls stream their start, end and error", async () => {
  const events = await chunks(await graph().stream({ out: [] }, { streamMode: "tools" }));
  assert.deepEqual(events.map((e) => [e.event, e.name, e.toolCallId ?? null]), [
    ["on_tool_start", "add", null],
    ["on_tool_end", "add", null],
    ["on_tool_start", "add", "call_1"],
    ["on_tool_end", "add", "call_1"],
    ["on_tool_start", "boom", null],
    ["on_tool_error", "boom", null],
  ]);
  assert.deepEqual([events[0].input, events[1].output, events[2].input], ['{"a":1,"b":2}', 3, '{"a":3,"b":4}']);
  // A tool call's result is the ToolMessage itself, a failure the Error itself.
  assert.ok(events[3].output instanceof ToolMessage);
  assert.deepEqual([events[3].output.content, events[3].output.tool_call_id], ["7", "call_1"]);
  assert.ok(events[5].error instanceof Error);
  assert.equal(events[5].error.message, "nope");
});

test("with other modes each event is tagged; a subgraph's come only with subgraphs: true", async () => {
  const tagged = await chunks(await graph().stream({ out: [] }, { streamMode: ["tools", "updates"] }));
  assert.deepEqual(tagged.map(([mode, data]) => (mode === "tools" ? data.event : Object.keys(data)[0])), [
    "on_tool_start", "on_tool_end", "on_tool_start", "on_tool_end", "on_tool_start", "on_tool_error", "n", "sub",
  ]);
  const nested = await chunks(await graph().stream({ out: [] }, { streamMode: "tools", subgraphs: true }));
  const sub = nested.filter(([ns]) => ns.length > 0);
  assert.deepEqual(sub.map(([ns, e]) => [ns[0].split(":")[0], e.event, e.name]), [
    ["sub", "on_tool_start", "add"],
    ["sub", "on_tool_end", "add"],
  ]);
  assert.equal(sub[1][1].output, 10);
});

test("streamEvents v3 carries them as the protocol's tool events, under the tool's task", async () => {
  const run = await graph().streamEvents({ out: [] }, { version: "v3" });
  const seen = [];
  for await (const e of run) {
    if (e.method !== "tools" && e.method !== "lifecycle") continue;
    seen.push([e.method, e.params.namespace.map((s) => s.split(":")[0]).join("/"), e.params.data.event, e.params.data.tool_call_id ?? null]);
  }
  assert.deepEqual(seen.slice(0, 8), [
    ["lifecycle", "", "running", null],
    ["lifecycle", "n", "started", null],
    ["tools", "n", "tool-started", ""],
    ["tools", "n", "tool-finished", ""],
    ["tools", "n", "tool-started", "call_1"],
    ["tools", "n", "tool-finished", "call_1"],
    ["tools", "n", "tool-started", ""],
    ["tools", "n", "tool-error", ""],
  ]);
});

test("a tool called inside a task() call streams too, in a workflow and in a node, its config found for it", async () => {
  const work = S.task("work", async (a) => add.invoke({ a, b: 1 }));
  const wf = S.entrypoint({ name: "wf", checkpointer: new S.MemorySaver() }, async (x) => ({ a: await work(x), b: await add.invoke({ a: x, b: 10 }) }));
  const chunks = [];
  // As JSON: LangGraph.js also sets `toolCallId: undefined` for a call without one.
  const json = (c) => JSON.parse(JSON.stringify(c));
  for await (const c of await wf.stream(1, { configurable: { thread_id: "t" }, streamMode: ["tools", "updates"] })) chunks.push(json(c));
  assert.deepEqual(chunks, [
    ["tools", { event: "on_tool_start", name: "add", input: '{"a":1,"b":1}' }],
    ["tools", { event: "on_tool_end", name: "add", output: 2 }],
    ["updates", { work: 2 }],
    ["tools", { event: "on_tool_start", name: "add", input: '{"a":1,"b":10}' }],
    ["tools", { event: "on_tool_end", name: "add", output: 11 }],
    ["updates", { wf: { a: 2, b: 11 } }],
  ]);
  const g = new StateGraph(State).addNode("n", async () => ({ out: [String(await work(7))] })).addEdge(START, "n").compile();
  const events = [];
  for await (const c of await g.stream({}, { streamMode: "tools" })) events.push(json(c));
  assert.deepEqual(events, [{ event: "on_tool_start", name: "add", input: '{"a":7,"b":1}' }, { event: "on_tool_end", name: "add", output: 8 }]);
});
