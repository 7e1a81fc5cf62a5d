// node --test: every example document through the JS API, documents with code, invalid documents.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as S from "../../www/superstep/node.js";
import { z } from "zod";

const dir = new URL("../../www/examples/", import.meta.url);
const names = JSON.parse(readFileSync(new URL("index.json", dir), "utf8"));

before(() => S.init());

test("every example document runs to its documented output", async () => {
  for (const name of names) {
    const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
    const graph = S.StateGraph.fromJSON(doc).compile({ checkpointer: new S.MemorySaver() });
    for (const [i, ex] of doc.examples.entries()) {
      const cfg = { configurable: { thread_id: `${name}-${i}` }, recursionLimit: ex.recursionLimit ?? doc.compile?.recursionLimit };
      let out = await graph.invoke(ex.input, cfg);
      for (const r of ex.resume ?? []) out = await graph.invoke(new S.Command({ resume: r }), cfg);
      assert.deepEqual(out, ex.output, `${name} / ${ex.name ?? i}`);
    }
  }
});

test("map-reduce's fan-out router streams and checkpoints as LangGraph.js's Send edge does", async () => {
  const doc = JSON.parse(readFileSync(new URL("map-reduce.json", dir), "utf8"));
  const graph = S.StateGraph.fromJSON(doc).compile({ checkpointer: new S.MemorySaver() });
  const cfg = { configurable: { thread_id: "mr" } };
  const chunks = [];
  for await (const c of await graph.stream({ topic: "animal" }, { ...cfg, streamMode: "updates" })) chunks.push(c);
  const hist = [];
  for await (const s of graph.getStateHistory(cfg)) hist.push([s.metadata.step, s.next]);
  // What LangGraph.js 1.7.3 gives for addConditionalEdges("generate_topics", s => s.subjects.map(x => new Send(...))).
  const jokes = ["animals", "lions", "elephants"].map((x) => ({ generate_joke: { jokes: [`Joke about ${x}`] } }));
  assert.deepEqual(chunks, [{ generate_topics: { subjects: ["animals", "lions", "elephants"] } }, ...jokes, { best_joke: { best_selected_joke: "Joke about lions" } }]);
  assert.deepEqual(hist, [[3, []], [2, ["best_joke"]], [1, ["generate_joke", "generate_joke", "generate_joke"]], [0, ["generate_topics"]], [-1, ["__start__"]]]);
});

test("a document round-trips through load and save unchanged", () => {
  for (const name of names) {
    const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
    assert.deepEqual(S.StateGraph.fromJSON(doc).toJSON(), doc, name);
  }
});

test("code nodes and routers run JS; named functions come from `functions`", async () => {
  const doc = {
    format: "superstep.graph", version: 1, name: "code",
    channels: [{ key: "n" }, { key: "log", reducer: "append", default: [] }],
    nodes: [
      { id: "inc", kind: "code", code: "return { n: state.n + 1, log: ['inc'] };" },
      { id: "named", kind: "code", fn: "shout" },
    ],
    edges: [{ from: "__start__", to: "inc" }, { from: "named", to: "__end__" }],
    routers: [{ from: "inc", code: "return state.n >= 3 ? 'named' : 'inc';" }],
  };
  const g = S.StateGraph.fromJSON(doc, { functions: { shout: (s) => ({ log: [`n is ${s.n}`] }) } }).compile();
  assert.deepEqual(await g.invoke({ n: 0 }), { n: 3, log: ["inc", "inc", "inc", "n is 3"] });
  assert.match(g.drawMermaid(), /^graph TD;$/m);
});

test("an UntrackedValue field stays untracked through a document", async () => {
  const State = new S.StateSchema({ n: z.number().default(0), conn: new S.UntrackedValue() });
  const doc = new S.StateGraph(State).addNode("a", (s) => ({ n: s.n + 1, conn: "db" })).addEdge(S.START, "a").toJSON();
  assert.deepEqual(doc.channels.find((c) => c.key === "conn"), { key: "conn", reducer: "overwrite", untracked: true });
  const g = S.StateGraph.fromJSON(doc, { functions: { a: (s) => ({ n: s.n + 1, conn: "db" }) } }).compile({ checkpointer: new S.MemorySaver() });
  const config = { configurable: { thread_id: "d" } };
  assert.deepEqual(await g.invoke({}, config), { n: 1, conn: "db" });
  assert.deepEqual((await g.getState(config)).values, { n: 1 });
  assert.deepEqual(S.StateGraph.fromJSON(doc).toJSON().channels, doc.channels);
  assert.throws(() => S.StateGraph.fromJSON({ ...doc, channels: [{ key: "conn", untracked: "yes" }] }), (e) => e.problems[0].path === "$.channels[0].untracked");
});

test("an invalid document lists every problem with its path", () => {
  assert.throws(
    () => S.StateGraph.fromJSON({ format: "superstep.graph", version: 1, name: "x", channels: [], nodes: [{ id: "a", kind: "nope" }], edges: [{ from: "__start__", to: "b" }] }),
    (e) => e.name === "GraphDocumentError" && e.problems.map((p) => p.path).join() === "$.nodes[0].kind,$.edges[0].to",
  );
});
