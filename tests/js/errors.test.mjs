// node --test: the package's errors — their classes, names, LangGraph.js's
// codes, malformed calls and configs, and the values JSON cannot hold.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Command, Send, MemorySaver, interrupt } = S;

before(() => S.init());

const Log = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });

async function collect(p) {
  const out = [];
  for await (const c of await p) out.push(c);
  return out;
}

test("errors are typed and named", async () => {
  const loop = new StateGraph(Log).addNode("a", () => ({ log: ["a"] })).addEdge(START, "a").addEdge("a", "a").compile();
  await assert.rejects(loop.invoke({}), (e) => e instanceof S.GraphRecursionError && e.name === "GraphRecursionError");
  // LangGraph.js's message, which ported tests match on.
  await assert.rejects(loop.invoke({}, { recursionLimit: 4 }), { message: /^Recursion limit of 4 reached without hitting a stop condition\. You can increase the limit by setting the "recursionLimit" config key\./ });
  const clash = new StateGraph(Log).addNode("p", () => ({ x: 1 })).addNode("q", () => ({ x: 2 })).addEdge(START, "p").addEdge(START, "q").compile();
  await assert.rejects(clash.invoke({}), (e) => e instanceof S.InvalidUpdateError && e.key === "x" && e.nodes.join() === "p,q");
  // LangGraph.js's error codes, which its troubleshooting pages are named by.
  // As LangGraph.js, a message with a code ends with the code's troubleshooting page.
  const page = "\n\nTroubleshooting URL: https://docs.langchain.com/oss/javascript/langgraph/GRAPH_RECURSION_LIMIT/\n";
  await assert.rejects(loop.invoke({}), (e) => e.lc_error_code === "GRAPH_RECURSION_LIMIT" && e.message.endsWith(`config key.${page}`));
  await assert.rejects(clash.invoke({}), { lc_error_code: "INVALID_CONCURRENT_GRAPH_UPDATE" });
  await assert.rejects(loop.getState({ configurable: { thread_id: "t" } }), { name: "GraphValueError", lc_error_code: "MISSING_CHECKPOINTER" });
  assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(START, "a").addEdge("a", "ghost").compile(), (e) => e.name === "GraphValidationError" && e.culprit === "ghost");
  // An unreachable node: LangGraph.js's UnreachableNodeError, still a GraphValidationError.
  assert.throws(
    () => new StateGraph(Log).addNode("a", () => ({})).addNode("island", () => ({})).addEdge(START, "a").compile(),
    (e) => e instanceof S.UnreachableNodeError && e instanceof S.GraphValidationError && e.name === "UnreachableNodeError" && e.lc_error_code === "UNREACHABLE_NODE" && e.culprit === "island",
  );
  class Boom extends Error {}
  const thrower = new StateGraph(Log).addNode("t", () => { throw new Boom("kaput"); }).addEdge(START, "t").compile();
  await assert.rejects(thrower.invoke({}), (e) => e instanceof Boom && e.message === "kaput");
  const noSaver = new StateGraph(Log).addNode("ask", () => ({ x: interrupt("?") })).addEdge(START, "ask").compile();
  await assert.rejects(noSaver.invoke({}), (e) => e.name === "GraphValueError");
  await assert.rejects(noSaver.invoke(null), (e) => e instanceof S.EmptyInputError && e.name === "EmptyInputError");
  assert.throws(() => new StateGraph(Log).addNode(START, () => ({})), (e) => e.name === "GraphValidationError");
  assert.throws(() => new StateGraph(Log).addNode("log", () => ({})), (e) => e.name === "GraphValidationError" && /state attribute/.test(e.message));
  // Edges take node names, and a path map is an object or a list: anything else is refused where it is given.
  const edgeError = (e) => e.name === "GraphValidationError" && /addEdge takes node names/.test(e.message);
  for (const odd of [undefined, null, 5, {}, ["a", 1]]) {
    assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addEdge("a", odd), edgeError);
    if (!Array.isArray(odd)) assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(odd, "a"), edgeError);
  }
  // A waiting edge's nodes must be there already, as in LangGraph.js.
  assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(["a", 1], "a"), (e) => e.name === "GraphValidationError" && e.message === 'Need to add a node named "1" first');
  assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addConditionalEdges("a", () => END, "b"), (e) => e.name === "GraphValidationError" && /path map of `a`/.test(e.message));
  assert.throws(() => new StateGraph(Log).addConditionalEdges(undefined, () => END), (e) => e.name === "GraphValidationError" && /source/.test(e.message));
  // What JSON cannot hold in a graph's parts is named by its path, not by JSON.stringify's words.
  const cyclic = {};
  cyclic.self = cyclic;
  const unfit = (path) => (e) => e.name === "GraphValidationError" && e.message.includes(path) && !/circular|serialize/i.test(e.message);
  const routed = new StateGraph(Log).addNode("a", () => ({})).addEdge(START, "a");
  assert.throws(() => routed.addConditionalEdges("a", () => END, { a: "a", x: cyclic }).compile(), unfit("pathMap[1][1].self refers back to itself"));
  assert.throws(() => new StateGraph(Log).addNode("a", () => ({}), { ends: [10n] }).addEdge(START, "a").compile(), unfit("ends[0] is a bigint"));
  assert.throws(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(START, "a").compile({ interruptBefore: [10n] }), unfit("interruptBefore[0] is a bigint"));
  // Subgraphs 200 deep: a typed error at the 65th level, and the engine stays usable (170 overflowed its stack).
  const Count = Annotation.Root({ n: Annotation() });
  let nested = new StateGraph(Count).addNode("leaf", () => ({ n: 1 })).addEdge(START, "leaf").compile();
  for (let i = 0; i < 200; i++) nested = new StateGraph(Count).addNode(`sub${i}`, nested).addEdge(START, `sub${i}`).compile();
  await assert.rejects(nested.invoke({ n: 0 }), (e) => e.name === "NodeError" && /subgraphs nest more than 64 deep/.test(e.message));
  assert.deepEqual(await new StateGraph(Count).addNode("a", () => ({ n: 2 })).addEdge(START, "a").compile().invoke({}), { n: 2 });
  // An error handler must be a function.
  assert.throws(() => new StateGraph(Log).addNode("h", () => ({}), { errorHandler: "retry" }), (e) => e.name === "GraphValidationError" && /`errorHandler` must be a function/.test(e.message));
  assert.throws(() => new StateGraph(Log).setNodeDefaults({ errorHandler: 1 }), (e) => e.name === "GraphValidationError" && /`errorHandler`/.test(e.message));
  class Picky extends Error {}
  const Pick = Annotation.Root({ n: Annotation({ reducer: (a, b) => { if (b < 0) throw new Picky("negative"); return a + b; }, default: () => 0 }) });
  const picky = new StateGraph(Pick).addNode("neg", () => ({ n: -1 })).addEdge(START, "neg").compile();
  await assert.rejects(picky.invoke({}), (e) => e instanceof Picky && e.message === "negative");
  const listResult = new StateGraph(Log).addNode("l", () => [1, 2]).addEdge(START, "l").compile();
  await assert.rejects(listResult.invoke({}), (e) => e instanceof S.InvalidUpdateError);
  // A route to a node the graph lacks (a Send's, as LangGraph.js; a router's or a goto's, which it ignores).
  const lost = (route) => new StateGraph(Log).addNode("n", route.node ?? (() => ({}))).addEdge(START, "n").addConditionalEdges("n", route.router ?? (() => END)).compile();
  for (const route of [{ router: () => [new Send("ghost", {})] }, { router: () => "ghost" }, { node: () => new Command({ goto: "ghost" }) }]) {
    await assert.rejects(lost(route).invoke({}), (e) => e instanceof S.InvalidUpdateError && /`n` routed to unknown node `ghost`/.test(e.message));
  }
  // Control flow that a node's catch must rethrow is a GraphBubbleUp, as in LangGraph.js.
  for (const e of [new S.GraphInterrupt([]), new S.NodeInterrupt("x"), new S.ParentCommand(new Command({ graph: Command.PARENT }))]) {
    assert.ok(e instanceof S.GraphBubbleUp && e instanceof Error && S.isGraphBubbleUp(e), e.name);
  }
  assert.deepEqual([new S.NodeInterrupt("x").name, new S.NodeInterrupt("x").interrupts, S.isGraphInterrupt(new S.NodeInterrupt("x"))], ["NodeInterrupt", [{ value: "x" }], true]);
  assert.ok(S.isParentCommand(new S.ParentCommand(null)) && !S.isParentCommand(new S.GraphInterrupt([])) && !S.isGraphBubbleUp(new Boom("no")));
  // LangGraph's own errors share LangGraph.js's base class; a node's own error does not.
  for (const Cls of [S.GraphRecursionError, S.InvalidUpdateError, S.GraphValidationError, S.UnreachableNodeError, S.EmptyInputError, S.GraphInterrupt, S.NodeInterrupt]) assert.ok(new Cls("m", {}) instanceof S.BaseLangGraphError, Cls.name);
  assert.ok(!(new Boom("no") instanceof S.BaseLangGraphError));
  // Every error class LangGraph.js 1.7.3 exports is here too, so its imports and checks port.
  const names = ["BaseLangGraphError", "GraphBubbleUp", "GraphRecursionError", "GraphValueError", "GraphDrained", "GraphInterrupt", "NodeInterrupt", "ParentCommand", "NodeTimeoutError", "EmptyInputError", "UnknownInterruptError", "EmptyChannelError", "InvalidUpdateError", "MultipleSubgraphsError", "UnreachableNodeError", "RemoteException", "StateGraphInputError"];
  for (const name of names) assert.ok(typeof S[name] === "function" && S[name].prototype instanceof Error, name);
  for (const [e, name] of [[new S.EmptyChannelError("m"), "EmptyChannelError"], [new S.MultipleSubgraphsError("m"), "MultipleSubgraphsError"], [new S.RemoteException("m"), "RemoteException"]]) {
    assert.ok(e instanceof S.BaseLangGraphError && e.name === name, name);
  }
  const unknown = new S.UnknownInterruptError("no such interrupt", { reason: "not_pending", interruptIds: ["i"] });
  assert.deepEqual([unknown.name, unknown.reason, unknown.interruptIds, unknown.pendingIds, S.isUnknownInterruptError(unknown)], ["UnknownInterruptError", "not_pending", ["i"], [], true]);
  const drained = new S.GraphDrained();
  assert.deepEqual([drained.message, drained.reason, S.isGraphDrained(drained), S.isGraphBubbleUp(drained)], ["Graph drained: shutdown", "shutdown", true, true]);
});

test("a StateGraph of no state definition is a StateGraphInputError, as in LangGraph.js", () => {
  for (const bad of [undefined, null, 5, "x", {}, [], { a: 5 }, { input: 5 }]) {
    assert.throws(() => new StateGraph(bad), (e) => e instanceof S.StateGraphInputError && e instanceof S.BaseLangGraphError && e.name === "StateGraphInputError" && /Invalid StateGraph input/.test(e.message), String(bad));
  }
  assert.doesNotThrow(() => new StateGraph({ a: Annotation() }));
  assert.doesNotThrow(() => new StateGraph({ channels: { a: null } }));
});

test("malformed builder calls and configs are typed errors at once; the engine stays usable", async () => {
  const invalid = (f, pattern) => assert.throws(f, (e) => e instanceof S.GraphValidationError && pattern.test(e.message));
  invalid(() => new StateGraph(Log).addNode(5, () => ({})), /node name must be a string, got number 5/);
  invalid(() => new StateGraph(Log).addNode("n", 5), /`n`: expected a function or a compiled graph, got number 5/);
  invalid(() => new StateGraph(Log).addNode(["n", () => ({})]), /takes \[name, function, options\?\] entries, got "n"/);
  invalid(() => new StateGraph(Log).addNode("n", Symbol("s")), /got symbol/);
  invalid(() => new StateGraph(Annotation.Root({ k: Annotation({ reducer: "add" }) })), /reducer of `k` must be a function, got "add"/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addConditionalEdges("a", "b"), /router of `a` must be a function/);
  // START and END out of place, reserved characters and an empty sequence, as LangGraph.js words them.
  invalid(() => new StateGraph(Log).addEdge(END, "a"), /^END cannot be a start node$/);
  invalid(() => new StateGraph(Log).addEdge("a", START), /^START cannot be an end node$/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(["a", END], "b"), /^END cannot be a start node$/);
  invalid(() => new StateGraph(Log).addNode({ a: () => ({}), b: () => ({}) }).addEdge(["a", "b"], END), /^END cannot be an end node$/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(["a", "b"], "a"), /^Need to add a node named "b" first$/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(["a"], "c"), /^Need to add a node named "c" first$/);
  invalid(() => new StateGraph(Log).addNode({}), /^No nodes provided in `addNode`$/);
  invalid(() => new StateGraph(Log).addNode([]), /^No nodes provided in `addNode`$/);
  // Two routers on one node, and a sequence that repeats a node, as LangGraph.js refuses them.
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addConditionalEdges("a", () => END).addConditionalEdges("a", () => END), /^Condition `condition` already present for node `a`$/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addSequence([["a", () => ({})]]), /^Node names must be unique: node with the name "a" already exists\.$/);
  invalid(() => new StateGraph(Log).addNode("a|b", () => ({})), /^"\|" is a reserved character and is not allowed in node names\.$/);
  invalid(() => new StateGraph(Log).addNode("a:b", () => ({})), /^":" is a reserved character/);
  invalid(() => new StateGraph(Log).addSequence([]), /^Sequence requires at least one node\.$/);
  // A conditional edge from END fails at compile(), as in LangGraph.js.
  invalid(() => new StateGraph(Log).addNode("a", () => ({})).addEdge(START, "a").addConditionalEdges(END, () => "a").compile(), /END cannot be a start node \(conditional edge source\)/);
  // Each names the field it is about.
  invalid(() => new StateGraph(Log).addNode("a", () => ({}), { ends: "b" }).addEdge(START, "a").compile(), /bad graph spec: nodes\[0\]\.ends: expected a list/);
  invalid(() => new StateGraph(Log).addNode("a", () => ({}), { retryPolicy: { maxAttempts: "3" } }).addEdge(START, "a").compile(), /nodes\[0\]\.retry\.maxAttempts: expected a whole number/);
  // A null options object is no options, as in LangGraph.js.
  const g = new StateGraph(Log).addNode("a", () => ({ x: 1 }), null).addEdge(START, "a").compile();
  assert.equal((await g.invoke({}, null)).x, 1);
  // recursionLimit as LangGraph.js checks it; a config of the wrong shape is a TypeError.
  await assert.rejects(g.invoke({}, { recursionLimit: 0 }), { name: "Error", message: 'Passed "recursionLimit" must be at least 1.' });
  await assert.rejects(g.invoke({}, { recursionLimit: null }), { name: "Error", message: 'Passed "recursionLimit" must be at least 1.' });
  assert.equal((await g.invoke({}, { recursionLimit: Infinity })).x, 1);
  await assert.rejects(g.invoke({}, { recursionLimit: "many" }), (e) => e instanceof TypeError && /bad config: recursionLimit: expected a whole number/.test(e.message));
  await assert.rejects(g.invoke({}, { configurable: 5 }), (e) => e instanceof TypeError && /bad config: configurable: expected an object/.test(e.message));
  await assert.rejects(collect(g.stream({}, { streamMode: "everything" })), (e) => e instanceof TypeError && /unknown stream mode everything/.test(e.message));
  // Input that is not an object is START's invalid update, as in LangGraph.js.
  await assert.rejects(g.invoke([1]), (e) => e instanceof S.InvalidUpdateError && e.lc_error_code === "INVALID_GRAPH_NODE_RETURN_VALUE");
  const saved = new StateGraph(Log).addNode("a", () => ({ x: 1 })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  await assert.rejects(saved.invoke({}, { configurable: { thread_id: 7 } }), { message: /thread_id must be a string, got 7/ });
  assert.deepEqual((await saved.getState({ configurable: {} })).values, {});
  // A string argument of another type is a TypeError, not garbage read by the wasm.
  const t = { configurable: { thread_id: "t" } };
  await saved.invoke({}, t);
  for (const asNode of [5, {}, Symbol("s"), 10n]) await assert.rejects(saved.updateState(t, { x: 2 }, asNode), (e) => e instanceof TypeError && /asNode must be a string/.test(e.message));
  await assert.rejects(collect(saved.getStateHistory(t, { before: { configurable: { checkpoint_id: 5 } } })), (e) => e instanceof TypeError);
  assert.throws(() => StateGraph.fromJSON(undefined), (e) => e instanceof TypeError && /graph document must be a string/.test(e.message));
  assert.throws(() => new S.IndexedDBSaver({ name: 5 }), (e) => e instanceof TypeError && /database name must be a string, got number/.test(e.message));
  assert.equal((await saved.updateState(t, { x: 3 }, "a")).configurable.thread_id, "t");
  assert.equal((await g.invoke({})).x, 1);
});

test("values JSON cannot hold are a typed error naming the path", async () => {
  const bad = (v) => new StateGraph(Log).addNode("n", () => ({ x: v })).addEdge(START, "n").compile();
  await assert.rejects(bad(() => 1).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x"));
  await assert.rejects(bad(10n).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("bigint"));
  const cyc = { a: 1 };
  cyc.self = cyc;
  await assert.rejects(bad(cyc).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x.self"));
  // Deep inside too, where JSON.stringify alone would drop or null them.
  await assert.rejects(bad({ list: [1, { f: () => 1 }] }).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x.list[1].f"));
  await assert.rejects(bad({ n: NaN }).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x.n is NaN"));
  await assert.rejects(bad([Symbol("s")]).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x[0]"));
  // JSON.stringify makes these `{}`: a typed error, not their contents lost.
  await assert.rejects(bad({ m: new Map([["k", 1]]) }).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x.m is a Map"));
  await assert.rejects(bad([new Set([1])]).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x[0] is a Set"));
  await assert.rejects(bad(Promise.resolve(1)).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x is a Promise: await it"));
  const input = new StateGraph(Log).addNode("n", () => ({})).addEdge(START, "n").compile();
  await assert.rejects(input.invoke({ x: new Map() }), (e) => e.name === "InvalidUpdateError" && /\bx is a Map/.test(e.message));
});

test("a string cut inside an emoji (a lone surrogate) is read with U+FFFD in its place, not refused; boxed primitives are their values", async () => {
  const cut = "wave 👋".slice(0, 6);
  const State = Annotation.Root({ v: Annotation(), seen: Annotation() });
  const g = new StateGraph(State)
    .addNode("w", () => ({ v: { text: cut, whole: "👋", n: new Number(2), s: new String("s"), b: new Boolean(false) } }))
    .addNode("r", (s) => ({ seen: s.v.text }))
    .addEdge(START, "w").addEdge("w", "r")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "u" } };
  const out = await g.invoke({ seen: cut }, t);
  assert.deepEqual(out, { v: { text: "wave \ufffd", whole: "👋", n: 2, s: "s", b: false }, seen: "wave \ufffd" });
  assert.equal((await g.getState(t)).values.seen, "wave \ufffd");
});
