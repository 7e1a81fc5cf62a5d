// node --test: the tasks of state snapshots and checkpoint events, keyed as
// LangGraph.js 1.7.3 keys them: a failed task's error before its interrupts,
// `result` always, and a subgraph task's `state` (its snapshot with
// `subgraphs: true`, else the config that reads it).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver, interrupt } = S;

before(() => S.init());

const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** `a`, then a subgraph that pauses; or with `failing`, a node that fails. */
function graph(failing) {
  const sub = new StateGraph(State).addNode("c1", () => ({ log: [interrupt("q")] })).addEdge(START, "c1").compile();
  const bad = () => {
    throw new RangeError("no");
  };
  return new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("next", failing ? bad : sub)
    .addEdge(START, "a")
    .addEdge("a", "next")
    .compile({ checkpointer: new MemorySaver() });
}

test("a snapshot keys as LangGraph.js's; its subgraph task shows the config that reads its state, and a failed task its error before its interrupts", async () => {
  const t = { configurable: { thread_id: "t" } };
  const g = graph(false);
  await g.invoke({ log: [] }, t);
  const snapshot = await g.getState(t);
  assert.deepEqual(Object.keys(snapshot), ["values", "next", "tasks", "metadata", "config", "createdAt", "parentConfig"]);
  const [task] = snapshot.tasks;
  assert.deepEqual(Object.keys(task), ["id", "name", "path", "interrupts", "state", "result"]);
  assert.deepEqual(task.state, { configurable: { thread_id: "t", checkpoint_ns: `next:${task.id}` } });
  const inner = await g.getState(task.state);
  assert.deepEqual([inner.values, inner.next], [{ log: ["a"] }, ["c1"]], "the config reads the subgraph's state");
  const [deep] = (await g.getState(t, { subgraphs: true })).tasks;
  assert.deepEqual(deep.state.next, ["c1"], "with subgraphs, the state is the snapshot itself");
  const failing = graph(true);
  await assert.rejects(failing.invoke({ log: [] }, t), RangeError);
  const [failed] = (await failing.getState(t)).tasks;
  assert.deepEqual(Object.keys(failed), ["id", "name", "path", "error", "interrupts", "result"]);
});

test("a checkpoint event's tasks all have a result, and a subgraph task its config as its state", async () => {
  const seen = [];
  for await (const [mode, c] of await graph(false).stream({ log: [] }, { configurable: { thread_id: "e" }, streamMode: ["checkpoints", "debug"] })) {
    if (mode === "checkpoints") seen.push(c.tasks);
    else if (c.type === "checkpoint") seen.push(c.payload.tasks);
  }
  assert.equal(seen.length, 6, "three checkpoints, each as a checkpoints chunk and a debug event");
  for (const tasks of seen) for (const task of tasks) assert.ok("result" in task, JSON.stringify(task));
  for (const [task] of seen.slice(4)) {
    assert.deepEqual(Object.keys(task), ["id", "name", "path", "interrupts", "state", "result"]);
    assert.deepEqual(task.state, { configurable: { thread_id: "e", checkpoint_ns: `next:${task.id}` } });
  }
});
