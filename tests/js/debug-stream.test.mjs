// node --test: the "debug" and "tasks" stream modes have LangGraph.js's shapes,
// key order included (JSON logs of them read the same).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;
before(() => S.init());

test("debug events are {step, type, timestamp, payload} with an ISO timestamp; a task's result reads id, name, result, interrupts, error", async () => {
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State).addNode("a", () => ({ log: ["a"] })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  const before = Date.now();
  const debug = [];
  for await (const [mode, c] of await g.stream({ log: [] }, { configurable: { thread_id: "d" }, streamMode: ["debug", "tasks"] })) debug.push([mode, c]);
  const events = debug.filter(([m]) => m === "debug").map(([, c]) => c);
  assert.deepEqual(events.map((e) => e.type), ["checkpoint", "checkpoint", "task", "task_result", "checkpoint"]);
  for (const e of events) {
    assert.deepEqual(Object.keys(e), ["step", "type", "timestamp", "payload"]);
    assert.match(e.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Date.parse(e.timestamp) >= before - 1 && Date.parse(e.timestamp) <= Date.now());
  }
  const result = events.find((e) => e.type === "task_result").payload;
  assert.deepEqual(Object.keys(result), ["id", "name", "result", "interrupts", "error"]);
  assert.deepEqual([result.name, result.result, result.error], ["a", { log: ["a"] }, null]);
  const tasks = debug.filter(([m]) => m === "tasks").map(([, c]) => Object.keys(c));
  assert.deepEqual(tasks, [["id", "name", "input", "triggers", "interrupts", "metadata"], ["id", "name", "result", "interrupts", "error"]]);
});
