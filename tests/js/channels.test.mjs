// node --test: LangGraph.js's channel classes in a state definition, and the
// `superstep/web` entry. Each expectation was checked against LangGraph.js 1.7.3,
// except the refusal of a channel kind this engine does not run.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";
import { runInApp } from "./app.mjs";

const { StateGraph, Annotation, BaseChannel, BinaryOperatorAggregate, UntrackedValueChannel, DeltaChannel, START, MemorySaver } = S;
before(() => S.init());

const twoWriters = (State, a, b) =>
  new StateGraph(State).addNode("a", () => a).addNode("b", () => b).addEdge(START, "a").addEdge(START, "b");

test("BinaryOperatorAggregate, DeltaChannel and UntrackedValueChannel run as LangGraph.js's, and only the tracked ones are kept", async () => {
  const State = Annotation.Root({
    n: new BinaryOperatorAggregate((a, b) => a + b, () => 10),
    d: new DeltaChannel((all, batch) => [...all, ...batch.flat()]),
    u: new UntrackedValueChannel(),
    g: new UntrackedValueChannel({ guard: false }),
  });
  const graph = twoWriters(State, { n: 1, d: ["p"], u: "x", g: 1 }, { n: 2, d: ["q"], g: 2 }).compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "t" } };
  // The input folds into the initial value; the delta reducer gets the superstep's writes at once.
  assert.deepEqual(await graph.invoke({ n: 5, d: ["z"] }, config), { n: 18, d: ["z", "p", "q"], u: "x", g: 2 });
  assert.deepEqual((await graph.getState(config)).values, { n: 18, d: ["z", "p", "q"] });
  assert.deepEqual(await graph.invoke({ n: 1 }, config), { n: 22, d: ["z", "p", "q", "p", "q"], u: "x", g: 2 });
});

test("a DeltaChannel starts from its initialValueFactory and sees every write of a superstep in one call", async () => {
  const calls = [];
  const State = Annotation.Root({ d: new DeltaChannel((count, batch) => (calls.push(batch.length), count + batch.length), { initialValueFactory: () => 0 }) });
  assert.deepEqual(await twoWriters(State, { d: "x" }, { d: "y" }).compile().invoke({}), { d: 2 });
  assert.deepEqual(calls, [2]);
  assert.throws(() => new DeltaChannel((s) => s, { snapshotFrequency: 0 }), /snapshotFrequency must be a positive integer, got 0/);
});

test("a guarded UntrackedValueChannel written twice in one superstep is an InvalidUpdateError", async () => {
  const graph = twoWriters(Annotation.Root({ u: new UntrackedValueChannel() }), { u: 1 }, { u: 2 }).compile();
  await assert.rejects(graph.invoke({}), (e) => e.name === "InvalidUpdateError" && /channel `u`/.test(e.message));
});

test("channels in a plain object of channels, beside Annotation()", async () => {
  const graph = new StateGraph({ n: new BinaryOperatorAggregate((a, b) => a + b, () => 10), m: Annotation() })
    .addNode("a", () => ({ n: 1, m: 3 }))
    .addEdge(START, "a")
    .compile();
  assert.deepEqual(await graph.invoke({ n: 5 }), { n: 16, m: 3 });
});

test("LangGraph.js's own channel instances are read by their kind; a kind this engine does not run is a GraphValidationError", async () => {
  // Shaped as LangGraph.js 1.7.3's instances: `lg_is_channel` and `lc_graph_name`, and their fields.
  const theirs = (lc_graph_name, fields) => ({ lg_is_channel: true, lc_graph_name, ...fields });
  const State = Annotation.Root({
    last: theirs("LastValue", { initialValueFactory: () => "start" }),
    sum: theirs("BinaryOperatorAggregate", { operator: (a, b) => a + b, initialValueFactory: () => 0 }),
  });
  const graph = new StateGraph(State).addNode("a", (s) => ({ sum: 2, last: `${s.last}!` })).addEdge(START, "a").compile();
  assert.deepEqual(await graph.invoke({ sum: 1 }), { last: "start!", sum: 3 });
  assert.throws(
    () => new StateGraph(Annotation.Root({ log: theirs("Topic", { accumulate: true }) })),
    (e) => e.name === "GraphValidationError" && /State key "log" is a Topic channel/.test(e.message),
  );
  class Custom extends BaseChannel {}
  assert.throws(() => new StateGraph({ x: new Custom() }), (e) => e.name === "GraphValidationError" && /"x" is a Custom channel/.test(e.message));
});

test("the channel classes keep their names in the minified bundle and extend BaseChannel", () => {
  for (const C of [BinaryOperatorAggregate, UntrackedValueChannel, DeltaChannel]) {
    assert.ok(new C(() => 0) instanceof BaseChannel);
    assert.equal(new C(() => 0).lg_is_channel, true);
  }
  assert.deepEqual([BaseChannel.name, BinaryOperatorAggregate.name, UntrackedValueChannel.name, DeltaChannel.name], ["BaseChannel", "BinaryOperatorAggregate", "UntrackedValueChannel", "DeltaChannel"]);
});

test("superstep/web, as @langchain/langgraph/web, is the package itself", () => {
  const { status, stdout, stderr } = runInApp(
    `import * as web from "superstep/web";
    import * as main from "superstep";
    const g = new web.StateGraph(web.Annotation.Root({ x: web.Annotation() })).addNode("a", (s) => ({ x: s.x + 1 })).addEdge(web.START, "a").compile();
    console.log(JSON.stringify([web.StateGraph === main.StateGraph, await g.invoke({ x: 1 })]));`,
    [],
  );
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), [true, { x: 2 }]);
});
