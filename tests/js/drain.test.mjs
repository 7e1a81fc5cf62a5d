// node --test: draining through subgraphs (LangGraph.js's RunControl and GraphDrained):
// a subgraph stops at its own superstep boundary, and the drain passes up through
// its parent's task, whether the subgraph is a node or a graph a node invokes.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, MemorySaver } = S;

before(() => S.init());

const Path = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

function parentOf(asNode) {
  const runs = { s1: 0, p: 0 };
  const sub = new StateGraph(Path)
    .addNode("s1", (_s, config) => (runs.s1++, config.configurable.lifted || config.control.requestDrain("deploy"), { path: ["s1"] }))
    .addNode("s2", () => ({ path: ["s2"] }))
    .addEdge(START, "s1")
    .addEdge("s1", "s2")
    .compile();
  const child = asNode ? sub : async (s, config) => ({ path: (await sub.invoke(s, config)).path.slice(s.path.length) });
  const graph = new StateGraph(Path)
    .addNode("p", () => (runs.p++, { path: ["p"] }))
    .addNode("child", child)
    .addNode("after", () => ({ path: ["after"] }))
    .addEdge(START, "p")
    .addEdge(START, "child")
    .addEdge(["p", "child"], "after")
    .compile({ checkpointer: new MemorySaver() });
  return { graph, runs };
}

for (const asNode of [true, false]) {
  test(`a subgraph ${asNode ? "added as a node" : "invoked in a node"} drains at its own boundary and resumes there`, async () => {
    const { graph, runs } = parentOf(asNode);
    const cfg = { configurable: { thread_id: "t" } };
    const chunks = [];
    await assert.rejects(async () => {
      for await (const [ns, c] of await graph.stream({}, { ...cfg, streamMode: "updates", subgraphs: true })) chunks.push([ns.length, c]);
    }, (e) => S.isGraphDrained(e) && e.reason === "deploy");
    // The subgraph stopped after s1; its task streamed no update and recorded no error.
    assert.deepEqual(chunks, [[0, { p: { path: ["p"] } }], [1, { s1: { path: ["s1"] } }]]);
    const state = await graph.getState(cfg, { subgraphs: true });
    assert.deepEqual([state.values.path, state.next], [["p"], ["child"]]);
    const task = state.tasks.find((t) => t.name === "child");
    assert.equal(task.error, undefined);
    if (asNode) assert.deepEqual([task.state.values.path, task.state.next], [["s1"], ["s2"]]);
    const out = await graph.invoke(null, { configurable: { ...cfg.configurable, lifted: true } });
    assert.deepEqual(out.path, ["s1", "s2", "p", "after"]);
    assert.deepEqual(runs, { s1: 1, p: 1 }, "neither s1 nor p runs again");
  });
}
