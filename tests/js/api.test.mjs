// node --test: the package API against its built wasm — errors and their
// names, stream shapes, the stepper, nested graphs, interrupts.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Command, Send, Overwrite, MemorySaver, interrupt } = S;

before(() => S.init());

const Log = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });

function chain() {
  return new StateGraph(Log)
    .addNode("a", () => ({ log: ["a"], x: 1 }))
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", END)
    .compile();
}

async function collect(p) {
  const out = [];
  for await (const c of await p) out.push(c);
  return out;
}

test("updates and Send arguments cross as their plain copies", async () => {
  class Point {
    constructor() {
      this.x = 1;
    }
  }
  const deep = [];
  for (let d = deep, i = 0; i < 100; i++) d.push((d = []));
  const value = { gone: undefined, list: [undefined, 1.5, "a", null, true], when: new Date(0), point: new Point(), deep };
  const S = Annotation.Root({ v: Annotation(), top: Annotation(), sent: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("n", () => ({ v: value, top: undefined }))
    .addNode("s", (x) => ({ sent: [x.arg] }))
    .addEdge(START, "n")
    .addConditionalEdges("n", () => [new Send("s", { arg: value })])
    .compile();
  const out = await g.invoke({ top: 1 });
  const copy = { list: [null, 1.5, "a", null, true], when: "1970-01-01T00:00:00.000Z", point: { x: 1 }, deep: JSON.parse(JSON.stringify(deep)) };
  assert.deepEqual(out.v, copy);
  // A key set to undefined reads undefined, as in LangGraph.js (the checkpoint then has no value).
  assert.ok("top" in out && out.top === undefined);
  assert.deepEqual(out.sent, [copy]);
  await assert.rejects(
    new StateGraph(S).addNode("n", () => ({})).addNode("s", () => ({})).addEdge(START, "n").addConditionalEdges("n", () => [new Send("s", { arg: { n: Infinity } })]).compile().invoke({}),
    (e) => e.name === "InvalidUpdateError" && e.message.includes("Send argument.arg.n"),
  );
});

test("an object met twice is not a cycle, even after a copy that failed", async () => {
  const node = (v) => new StateGraph(Log).addNode("n", () => ({ x: v })).addEdge(START, "n").compile();
  const holder = { shared: { a: 1 }, n: 10n };
  await assert.rejects(node(holder).invoke({}), (e) => e.name === "InvalidUpdateError" && e.message.includes("update.x.n"));
  delete holder.n;
  const copy = { shared: { a: 1 } };
  assert.deepEqual((await node({ twice: [holder, holder], again: holder }).invoke({})).x, { twice: [copy, copy], again: copy });
});

test("stream shapes follow streamMode and subgraphs", async () => {
  const g = chain();
  assert.deepEqual(await collect(g.stream({}, { streamMode: "updates" })), [{ a: { log: ["a"], x: 1 } }, { b: { log: ["b"] } }]);
  // Unless told, a compiled StateGraph streams updates, one chunk each, as LangGraph.js's does.
  assert.deepEqual(await collect(g.stream({})), [{ a: { log: ["a"], x: 1 } }, { b: { log: ["b"] } }]);
  const both = await collect(g.stream({}, { streamMode: ["updates", "values"] }));
  // As LangGraph.js: an empty input changes no channel, so the first chunk is an update.
  assert.deepEqual(both.map((c) => c[0]), ["updates", "values", "updates", "values"]);
  // No modes: nothing streams, and the run still runs (as LangGraph.js).
  const saved = new StateGraph(Log).addNode("a", (_s, config) => (config.writer("hi"), { log: ["a"] })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  assert.deepEqual(await collect(saved.stream({}, { streamMode: [], configurable: { thread_id: "none" } })), []);
  assert.deepEqual((await saved.getState({ configurable: { thread_id: "none" } })).values.log, ["a"]);
  const parent = new StateGraph(Log).addNode("sub", chain()).addEdge(START, "sub").compile();
  const sub = await collect(parent.stream({}, { streamMode: "updates", subgraphs: true }));
  assert.deepEqual(sub.map(([ns]) => ns.map((n) => n.split(":")[0])), [["sub"], ["sub"], []]);
});

test("a stream goes through synchronous and async supersteps alike, and a node's failure ends it after the chunks before it", async () => {
  // Synchronous supersteps hand their parts over at once (nextNow), an async one through a promise.
  const g = new StateGraph(Log)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", async () => {
      await new Promise((r) => setTimeout(r, 1));
      return { log: ["b"] };
    })
    .addNode("c", () => ({ log: ["c"] }))
    .addNode("d", () => {
      throw new Error("d broke");
    })
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", "c")
    .addEdge("c", "d")
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "mixed" } };
  const seen = [];
  const run = async () => {
    for await (const chunk of await g.stream({}, cfg)) seen.push(...Object.keys(chunk));
  };
  await assert.rejects(run, /d broke/);
  assert.deepEqual(seen, ["a", "b", "c"]);
  assert.deepEqual((await g.getState(cfg)).values.log, ["a", "b", "c"]);
  assert.deepEqual((await g.getState(cfg)).next, ["d"]);
});

test("a node's state reads like a plain object, its big lists included (converted only when read)", async () => {
  const big = Array.from({ length: 100 }, (_, i) => `m${i}`);
  const seen = {};
  const g = new StateGraph(Log)
    .addNode("look", (s) => {
      seen.keys = Object.keys(s);
      seen.spread = { ...s };
      seen.json = JSON.parse(JSON.stringify(s));
      seen.same = s.log === s.log;
      s.log = ["replaced"]; // a node's own copy: assigning changes nothing in the graph's state
      seen.assigned = s.log;
      return { x: 1 };
    })
    .addNode("other", (s) => {
      seen.other = s.log.length;
      return {};
    })
    .addEdge(START, "look")
    .addEdge(START, "other")
    .compile();
  const out = await g.invoke({ log: big });
  assert.deepEqual(seen.keys, ["log"]); // x has no value yet, so it is not there, as in LangGraph.js
  assert.deepEqual(seen.spread.log, big);
  assert.deepEqual(seen.json.log, big);
  assert.equal(seen.same, true);
  assert.deepEqual(seen.assigned, ["replaced"]);
  assert.equal(seen.other, 100);
  assert.deepEqual(out.log, big);
});

test("values come back from the engine as JSON would give them: a __proto__ key stays an own key, numbers keep their JSON value", async () => {
  const odd = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}');
  const seen = {};
  const g = new StateGraph(Log)
    .addNode("a", () => ({ x: { odd, neg: -0, big: 2 ** 53, small: [1.5, "s", null, true] } }))
    .addNode("b", (s) => {
      seen.keys = Object.keys(s.x.odd);
      seen.polluted = s.x.odd.polluted;
      seen.proto = Object.getPrototypeOf(s.x.odd) === Object.prototype;
      return {};
    })
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile();
  const out = await g.invoke({});
  assert.deepEqual(seen, { keys: ["__proto__", "k"], polluted: undefined, proto: true });
  assert.ok(Object.is(out.x.neg, 0)); // JSON has no -0
  assert.equal(out.x.big, 2 ** 53);
  assert.deepEqual(out.x.small, [1.5, "s", null, true]);
  assert.deepEqual(Object.keys(out.x.odd), ["__proto__", "k"]);
});

test("the stepper runs one superstep at a time", async () => {
  const stepper = await chain().stepper({ log: ["in"] });
  assert.deepEqual(stepper.next, ["__start__"]);
  const s0 = await stepper.step();
  assert.equal(s0.step, 0);
  const s1 = await stepper.step();
  assert.equal(s1.tasks[0].name, "a");
  assert.deepEqual(s1.tasks[0].writes, [["log", ["a"]], ["x", 1]]);
  assert.deepEqual(s1.state, { log: ["in", "a"], x: 1 });
  assert.deepEqual(s1.next, ["b"]);
  assert.equal(s1.outcome.kind, "continue");
  await stepper.step();
  assert.equal((await stepper.step()).outcome.kind, "done");
});

test("stepper() returns the stepper at once; steps called together run in turn; a failed start fails the first step", async () => {
  const stepper = chain().stepper({ log: ["in"] });
  assert.equal(typeof stepper.step, "function");
  assert.throws(() => stepper.next, /still starting/);
  const [s0, s1, s2] = await Promise.all([stepper.step(), stepper.step(), stepper.step()]);
  assert.deepEqual([s0.step, s1.step, s2.step], [0, 1, 2]);
  assert.deepEqual(s2.state.log, ["in", "a", "b"]);
  assert.equal(await stepper, stepper);
  assert.deepEqual(stepper.next, []);
  const bad = chain().stepper(5);
  await assert.rejects(bad.step(), (e) => e instanceof S.InvalidUpdateError);
  await assert.rejects(async () => await bad, (e) => e instanceof S.InvalidUpdateError);
});

test("stepper snapshots show each input before its step and the state after, and keep them as the state grows", async () => {
  // Over 32 items, the list takes the conversion cache's path: converted once, then extended.
  const L = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const seed = Array.from({ length: 40 }, (_, i) => `m${i}`);
  const g = new StateGraph(L)
    .addNode("grow", (s) => ({ log: [`r${s.n}`], n: s.n + 1 }))
    .addEdge(START, "grow")
    .addConditionalEdges("grow", (s) => (s.n >= 3 ? END : "grow"))
    .compile();
  const stepper = await g.stepper({ log: seed, n: 0 });
  const snaps = [];
  for (let s = await stepper.step(); s.outcome.kind === "continue"; s = await stepper.step()) snaps.push(s);
  assert.deepEqual(snaps.map((s) => s.tasks.map((t) => t.input.log.length)), [[40], [40], [41], [42]]);
  assert.deepEqual(snaps.map((s) => s.state.log.length), [40, 41, 42, 43]);
  assert.deepEqual(snaps[3].tasks[0].input, { log: [...seed, "r0", "r1"], n: 2 });
  assert.deepEqual(snaps[3].state.log.slice(-3), ["r0", "r1", "r2"]);
  assert.deepEqual(stepper.state, snaps[3].state);
  assert.deepEqual(Object.keys(snaps[1]), ["step", "tasks", "state", "changed", "next", "outcome"]);
  assert.deepEqual(Object.keys(snaps[1].tasks[0]), ["id", "name", "path", "triggers", "input", "writes", "error", "interrupts", "cached"]);
});

test("interrupt() works synchronously and config.interrupt() after an await", async () => {
  const g = new StateGraph(Log)
    .addNode("sync", () => ({ log: [interrupt("first")] }))
    .addNode("async", async (_s, config) => {
      await new Promise((r) => setTimeout(r, 1));
      return { log: [config.interrupt("second")] };
    })
    .addEdge(START, "sync")
    .addEdge("sync", "async")
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "i" } };
  assert.equal((await g.invoke({}, cfg)).__interrupt__[0].value, "first");
  assert.equal((await g.invoke(new Command({ resume: "one" }), cfg)).__interrupt__[0].value, "second");
  assert.deepEqual((await g.invoke(new Command({ resume: "two" }), cfg)).log, ["one", "two"]);
});

test("a node's config outlives its task: asking with it later is a clear Error and reaches no other task", async () => {
  let stale;
  const seen = [];
  const g = new StateGraph(Log)
    .addNode("a", (_s, config) => {
      stale = config;
      return { log: ["a"] };
    })
    .addNode("b", () => {
      // "b" runs in the slot "a" had; "a"'s config must not reach it.
      try {
        stale.interrupt("late");
      } catch (e) {
        seen.push(e.message);
      }
      return { log: ["b"] };
    })
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile({ checkpointer: new MemorySaver() });
  const out = await g.invoke({}, { configurable: { thread_id: "stale" } });
  assert.deepEqual(out.log, ["a", "b"]);
  assert.equal(out.__interrupt__, undefined);
  assert.match(seen[0], /task has finished/);
  // As LangGraph.js's, its writer writes to nowhere once the run is over (see stream-timing.test.mjs).
  assert.equal(stale.writer("x"), undefined);
});

test("in Node the running node survives await: interrupt() and nested graph calls still know it", async () => {
  const Sub = Annotation.Root({ q: Annotation(), a: Annotation() });
  const sub = new StateGraph(Sub).addNode("answer", (s) => ({ a: `A(${s.q})` })).addEdge(START, "answer").compile();
  const g = new StateGraph(Log)
    .addNode("ask", async () => {
      await new Promise((r) => setTimeout(r, 1));
      const first = await sub.invoke({ q: "u" });
      const second = await sub.invoke({ q: "v" });
      return { log: [first.a, second.a, interrupt("more?")] };
    })
    .addEdge(START, "ask")
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "await" } };
  const chunks = [];
  for await (const c of await g.stream({}, { ...cfg, streamMode: "updates", subgraphs: true })) chunks.push(c);
  // Each call is a subgraph of `ask`; the second gets its own namespace, as in LangGraph.js.
  assert.deepEqual(chunks.slice(0, 2).map(([ns]) => ns.map((p) => p.split(":")[0])), [["ask"], ["ask", "1"]]);
  assert.equal(chunks.at(-1)[1].__interrupt__[0].value, "more?");
  assert.deepEqual((await g.invoke(new Command({ resume: "no" }), cfg)).log, ["A(u)", "A(v)", "no"]);
});

test("Overwrite, Send and updates with undefined keys", async () => {
  const g = new StateGraph(Log)
    .addNode("fan", () => ({ log: new Overwrite(["reset"]), x: undefined }))
    .addNode("w", (s) => ({ log: [`w${s.n}`] }))
    .addEdge(START, "fan")
    .addConditionalEdges("fan", () => [new Send("w", { n: 1 }), new Send("w", { n: 2 })])
    .compile();
  // A key set to undefined is a write, as in LangGraph.js: the run reads undefined.
  assert.deepEqual(await g.invoke({ log: ["in"], x: 5 }), { log: ["reset", "w1", "w2"], x: undefined });
});

test("an unchanged channel is converted once: nodes see the same object until it is written", async () => {
  const seen = [];
  const St = Annotation.Root({ big: Annotation(), small: Annotation(), n: Annotation() });
  const g = new StateGraph(St)
    .addNode("read", (s) => {
      seen.push({ big: s.big, small: s.small, n: s.n });
      return s.n === 3 ? { n: s.n + 1, big: [...s.big, { i: -1 }] } : { n: s.n + 1 };
    })
    .addEdge(START, "read")
    .addConditionalEdges("read", (s) => (s.n >= 6 ? END : "read"))
    .compile();
  const big = Array.from({ length: 100 }, (_, i) => ({ i }));
  const out = await g.invoke({ big, small: ["x"], n: 0 });
  assert.equal(seen.length, 6);
  // The big list (read lazily) and the small one (read eagerly) keep their identity while unchanged…
  for (const k of [1, 2, 3]) assert.equal(seen[k].big, seen[0].big);
  for (const k of [1, 2, 3, 4, 5]) assert.equal(seen[k].small, seen[0].small);
  // …and a write gives a new, correct object.
  assert.notEqual(seen[4].big, seen[0].big);
  assert.equal(seen[4].big.length, 101);
  assert.deepEqual(seen[4].big.at(-1), { i: -1 });
  assert.equal(seen[5].big, seen[4].big);
  assert.deepEqual(seen[0].big, big);
  assert.equal(out.big.length, 101);
});

test("values chunks of a growing list extend the last chunk's array: earlier chunks stay as they were", async () => {
  const St = Annotation.Root({
    log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
    messages: Annotation({ reducer: S.messagesStateReducer, default: () => [] }),
    n: Annotation(),
  });
  const g = new StateGraph(St)
    .addNode("step", (s) => ({
      n: s.n + 1,
      log: [{ at: s.n }],
      // The third step edits the first reply rather than adding one.
      messages: [{ role: "assistant", content: `reply ${s.n}`, id: s.n === 2 ? "r0" : `r${s.n}` }],
      ...(s.n === 3 ? { log: new Overwrite([{ at: "reset" }]) } : {}),
    }))
    .addEdge(START, "step")
    .addConditionalEdges("step", (s) => (s.n >= 5 ? END : "step"))
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ n: 0, log: [{ at: "input" }], messages: ["hi"] }, { streamMode: "values" })) chunks.push(c);
  assert.equal(chunks.length, 6);
  // Each chunk holds the state as it was at its step, later steps notwithstanding.
  assert.deepEqual(chunks.map((c) => c.log.map((e) => e.at)), [["input"], ["input", 0], ["input", 0, 1], ["input", 0, 1, 2], ["reset"], ["reset", 4]]);
  assert.deepEqual(chunks.map((c) => c.messages.map((m) => m.content)), [["hi"], ["hi", "reply 0"], ["hi", "reply 0", "reply 1"], ["hi", "reply 2", "reply 1"], ["hi", "reply 2", "reply 1", "reply 3"], ["hi", "reply 2", "reply 1", "reply 3", "reply 4"]]);
  // A list that only grew is a new array sharing the items already sent; a rewritten one is new throughout.
  for (const k of [1, 2, 3]) {
    assert.notEqual(chunks[k].log, chunks[k - 1].log);
    assert.equal(chunks[k].log[0], chunks[k - 1].log[0]);
  }
  assert.equal(chunks[2].messages[1], chunks[1].messages[1]);
  assert.notEqual(chunks[3].messages[0], chunks[2].messages[0]);
  assert.equal(chunks[4].messages[1], chunks[3].messages[1]);
  assert.deepEqual(chunks[5].log, [{ at: "reset" }, { at: 4 }]);
});

test("a node reading a list that only grew gets a new array holding the very items it read before", async () => {
  const seen = [];
  const St = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const g = new StateGraph(St)
    .addNode("read", (s) => {
      seen.push(s.log);
      return s.n === 2 ? { n: s.n + 1, log: new Overwrite([{ at: "reset" }]) } : { n: s.n + 1, log: [{ at: s.n }] };
    })
    .addEdge(START, "read")
    .addConditionalEdges("read", (s) => (s.n >= 5 ? END : "read"))
    .compile();
  // Long enough to be read lazily, through the task handle; short lists are converted with the input.
  const long = Array.from({ length: 40 }, (_, i) => ({ i }));
  await g.invoke({ n: 0, log: long });
  assert.deepEqual(seen.map((l) => l.length), [40, 41, 42, 1, 2]);
  assert.deepEqual(seen[2].slice(40), [{ at: 0 }, { at: 1 }]);
  assert.deepEqual(seen[4], [{ at: "reset" }, { at: 3 }]);
  for (const k of [1, 2, 4]) {
    assert.notEqual(seen[k], seen[k - 1]);
    assert.equal(seen[k][0], seen[k - 1][0]);
  }
  // The arrays nodes were given before stay as they were.
  assert.equal(seen[0].length, 40);
});

test("tasks are listed in LangGraph.js's order: Sends first, then nodes as added (snapshots) or by name (checkpoint events)", async () => {
  const St = Annotation.Root({ v: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(St)
    .addNode("a", () => ({ v: "A" }))
    .addNode("w", (s) => ({ log: [s.x] }))
    .addNode("zed", () => ({ log: [interrupt("z?")] }))
    .addNode("b", () => ({}))
    .addEdge(START, "a")
    .addConditionalEdges("a", () => [new S.Send("w", { x: 1 }), "zed", new S.Send("w", { x: 2 }), "b"])
    .compile({ checkpointer: new S.MemorySaver() });
  const cfg = { configurable: { thread_id: "order" } };
  const events = [];
  for await (const c of await g.stream({ v: "x" }, { ...cfg, streamMode: "checkpoints" })) events.push(c.next);
  assert.deepEqual(events.at(-1), ["w", "w", "b", "zed"]);
  const history = [];
  for await (const h of g.getStateHistory(cfg)) history.push(h);
  assert.deepEqual(history[0].next, ["w", "w", "zed", "b"]);
  assert.deepEqual(history[0].tasks.map((t) => t.name), ["w", "w", "zed", "b"]);
});

test("drawMermaid() gives LangGraph.js's text, labels and all (valid Mermaid)", async () => {
  const S = Annotation.Root({ x: Annotation() });
  const g = new StateGraph(S)
    .addNode("a", () => ({}))
    .addNode("b", () => ({}))
    .addNode("c", () => new Command({ goto: "b" }), { ends: ["b"] })
    .addEdge(START, "a")
    .addConditionalEdges("a", () => "b", { go: "b", stop: END, other: "c" })
    .addEdge("b", END)
    .compile();
  // Recorded from LangGraph.js 1.7.3 for the same graph.
  const expected = [
    "%%{init: {'flowchart': {'curve': 'linear'}}}%%",
    "graph TD;",
    "\t__start__([<p>__start__</p>]):::first",
    "\ta(a)",
    "\tb(b)",
    "\tc(c)",
    "\t__end__([<p>__end__</p>]):::last",
    "\t__start__ --> a;",
    "\tb --> __end__;",
    "\ta -. &nbsp;go&nbsp; .-> b;",
    "\ta -. &nbsp;stop&nbsp; .-> __end__;",
    "\ta -. &nbsp;other&nbsp; .-> c;",
    "\tc -.-> b;",
    "\tclassDef default fill:#f2f0ff,line-height:1.2;",
    "\tclassDef first fill-opacity:0;",
    "\tclassDef last fill:#bfb6fc;",
  ];
  assert.deepEqual(g.drawMermaid().split("\n"), [...expected, ""]);
});

test("getGraph() lists the nodes and the edges drawMermaid draws, shaped as LangGraph.js's", async () => {
  const S = Annotation.Root({ x: Annotation() });
  const g = new StateGraph(S)
    .addNode("a", () => ({}))
    .addNode("b", () => new Command({ goto: "c" }), { ends: ["c"], metadata: { tag: 1 } })
    .addNode("c", () => ({}))
    .addNode("d", () => ({}))
    .addNode("e", () => ({}))
    .addEdge(START, "a")
    .addConditionalEdges("a", () => "b")
    .addEdge(["b", "c"], "d")
    .addConditionalEdges("d", (s) => (s.x ? "yes" : "no"), { yes: "e", no: END })
    .addNode("f", () => ({}))
    .addEdge("e", "f")
    .compile({ interruptBefore: ["b", "c"], interruptAfter: ["b"] });
  const view = g.getGraph();
  assert.deepEqual(Object.keys(view.nodes), [START, "a", "b", "c", "d", "e", "f", END]);
  // Breakpoints show in the metadata, as LangGraph.js's `__interrupt`.
  assert.deepEqual(view.nodes.b, { id: "b", name: "b", data: { name: "b" }, metadata: { tag: 1, __interrupt: "before,after" } });
  assert.deepEqual(view.nodes.c.metadata, { __interrupt: "before" });
  const edges = view.edges.map((e) => `${e.source}${e.conditional ? " -.-> " : " --> "}${e.target}${e.data ? ` (${e.data})` : ""}`).sort();
  assert.deepEqual(edges, [
    // A router without a path map may go anywhere but back to itself, as LangGraph.js draws it.
    "__start__ --> a", "a -.-> __end__", "a -.-> b", "a -.-> c", "a -.-> d", "a -.-> e",
    // A join, a Command's `ends`, and a path map's keys.
    "a -.-> f", "b --> d", "b -.-> c", "c --> d", "d -.-> __end__ (no)", "d -.-> e (yes)",
    // An edge leads to f and nothing leaves it: it ends the run, as LangGraph.js draws it.
    "e --> f", "f --> __end__",
  ]);
  assert.equal(view.firstNode().id, START);
  assert.equal(view.lastNode().id, END);
  assert.deepEqual(view.toJSON().nodes.map((n) => n.type), ["schema", "runnable", "runnable", "runnable", "runnable", "runnable", "runnable", "schema"]);
  assert.equal(view.drawMermaid(), g.drawMermaid());
});

test("a Command's goto is always a list, and it writes as JSON as LangGraph.js writes it", () => {
  assert.deepEqual(new Command({ goto: "x" }).goto, ["x"]);
  assert.deepEqual(new Command({ goto: ["x", "y"] }).goto, ["x", "y"]);
  assert.deepEqual(new Command({ resume: 1 }).goto, []);
  const send = new Send("w", { n: 1 });
  assert.deepEqual(new Command({ goto: send }).goto, [send]);
  // LangGraph.js 1.7.3's JSON of the same Commands.
  assert.equal(JSON.stringify(new Command({ resume: 1, goto: "x" })), '{"lg_name":"Command","resume":1,"goto":["x"]}');
  assert.equal(JSON.stringify(new Command({ update: { a: 1 }, goto: send })), '{"lg_name":"Command","update":{"a":1},"goto":[{"lg_name":"Send","node":"w","args":{"n":1}}]}');
  // Their own keys, in LangGraph.js's order; an Overwrite keeps its value under `__overwrite__`.
  assert.deepEqual(Object.keys(new Command({ goto: "x" })), ["lg_name", "lc_direct_tool_output", "graph", "update", "resume", "goto"]);
  assert.deepEqual(Object.keys(send), ["lg_name", "node", "args", "timeout"]);
  const overwrite = new S.Overwrite([1]);
  assert.deepEqual([Object.keys(overwrite), overwrite.value, JSON.stringify(overwrite)], [["lg_name", "__overwrite__"], [1], '{"__overwrite__":[1]}']);
  // A Send's own timeout (LangGraph.js 1.7), as it coerces one.
  assert.deepEqual(new Send("w", {}, { timeout: 5 }).timeout, { runTimeout: 5, idleTimeout: undefined, refreshOn: "auto" });
});

test("a Send copied as a plain object ({ node, args }) in a Command's goto is a Send, as LangGraph.js reads it", async () => {
  const copied = JSON.parse(JSON.stringify(new Send("b", { log: ["sent"] })));
  assert.ok(new Command({ goto: copied }).goto[0] instanceof Send);
  const g = new StateGraph(Log)
    .addNode("a", () => new Command({ goto: [copied, { node: "b", args: { log: ["plain"] } }] }), { ends: ["b"] })
    .addNode("b", (s) => ({ log: s.log.map((x) => `b:${x}`) }))
    .addEdge(START, "a")
    .compile();
  assert.deepEqual(await g.invoke({ log: [] }), { log: ["b:sent", "b:plain"] });
});

test("updateState with a Command writes and routes as its node returning it would, as in LangGraph.js", async () => {
  const S2 = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });
  const g = new StateGraph(S2)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", (s) => ({ log: [`c${s.x ?? ""}`] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", "c")
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["b"] });
  const cfg = { configurable: { thread_id: "cmd" } };
  await g.invoke({ log: [] }, cfg);
  // Written as `a` (the last to write): its update, its edge to b, and the goto to c.
  await g.updateState(cfg, new Command({ update: { x: 1 }, goto: "c" }));
  const s = await g.getState(cfg);
  assert.deepEqual([s.values, [...s.next].sort()], [{ log: ["a"], x: 1 }, ["b", "c"]]);
  // A Send in the goto runs its node on its own input.
  await g.updateState(cfg, new Command({ goto: new Send("c", { log: [], x: 7 }) }), "a");
  assert.deepEqual([...(await g.getState(cfg)).next].sort(), ["b", "c"]);
});

test("an Overwrite copied as a plain object (its lg_name and __overwrite__) still overwrites", async () => {
  const g = new StateGraph(Log)
    .addNode("a", () => ({ log: structuredClone(new Overwrite(["only"])) }))
    .addEdge(START, "a")
    .compile();
  assert.deepEqual((await g.invoke({ log: ["x", "y"] })).log, ["only"]);
});

test("a node's config metadata gives its task's path as LangGraph.js does (a Send's: index and false)", async () => {
  const paths = [];
  const g = new StateGraph(Log)
    .addNode("w", (s, config) => (paths.push(config.metadata.langgraph_path), {}))
    .addNode("b", (s, config) => (paths.push(config.metadata.langgraph_path), {}))
    .addConditionalEdges(START, () => [new Send("w", {}), "b"])
    .compile();
  await g.invoke({ log: [] });
  assert.deepEqual(paths.sort((x, y) => String(x[0]).localeCompare(String(y[0]))), [["__pregel_pull", "b"], ["__pregel_push", 0, false]]);
});

test("an Annotation left uncalled is a last-value channel, and a compiled graph's name is settable, as in LangGraph.js", async () => {
  const Bare = Annotation.Root({ topic: Annotation, n: Annotation });
  const g = new StateGraph(Bare).addNode("a", (s) => ({ n: s.topic + "!" })).addEdge(START, "a").compile();
  assert.deepEqual(await g.invoke({ topic: "x" }), { topic: "x", n: "x!" });
  assert.deepEqual(await g.invoke({ topic: "y", n: "old" }), { topic: "y", n: "y!" });
  g.name = "renamed";
  assert.equal(g.getName(), "renamed");
});

test("a default counts only beside a reducer, as in LangGraph.js: without one the key starts unset", async () => {
  const S = Annotation.Root({ a: Annotation({ default: () => 5 }), b: Annotation(), c: Annotation({ value: (x, y) => x + y, default: () => 1 }) });
  const g = new StateGraph(S).addNode("n", (s) => ({ b: JSON.stringify(s) })).addEdge(START, "n").compile();
  assert.deepEqual(await g.invoke({ c: 2 }), { b: JSON.stringify({ c: 3 }), c: 3 });
});

test("a compiled graph shows what compile() was given, as LangGraph.js's does", async () => {
  const checkpointer = new MemorySaver();
  const g = new StateGraph(Log).addNode("a", () => ({ log: ["a"] })).addEdge(START, "a").compile({ checkpointer, interruptBefore: "*", interruptAfter: ["a"] });
  assert.equal(g.checkpointer, checkpointer);
  assert.equal(g.interruptBefore, "*");
  assert.deepEqual(g.interruptAfter, ["a"]);
  assert.equal(g.withConfig({ recursionLimit: 3 }).checkpointer, checkpointer);
  const bare = chain();
  assert.deepEqual([bare.checkpointer, bare.store, bare.cache, bare.interruptBefore], [undefined, undefined, undefined, undefined]);
});

test("what compile() was given can be set afterwards, as LangGraph.js's fields: the next runs use it", async () => {
  const seen = [];
  const g = new StateGraph(Log)
    .addNode("a", (_, config) => (seen.push(typeof config.store?.get), { log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile();
  g.stepTimeout = 5000;
  g.checkpointer = new MemorySaver();
  g.interruptBefore = ["b"];
  g.store = new S.InMemoryStore();
  assert.deepEqual(g.interruptBefore, ["b"]);
  const cfg = { configurable: { thread_id: "set" } };
  assert.deepEqual(await g.invoke({ log: [] }, cfg), { log: ["a"], __interrupt__: [] });
  assert.deepEqual((await g.getState(cfg)).next, ["b"]);
  assert.deepEqual(seen, ["function"]);
  g.interruptBefore = undefined;
  assert.deepEqual(await g.invoke(null, cfg), { log: ["a", "b"] });
  assert.equal(g.stepTimeout, 5000);
  // A retry policy for the nodes without their own.
  let tries = 0;
  const flaky = new StateGraph(Log).addNode("f", () => (++tries < 3 ? Promise.reject(new Error("flaky")) : { log: ["f"] })).addEdge(START, "f").compile();
  await assert.rejects(flaky.invoke({ log: [] }), /flaky/);
  flaky.retryPolicy = { maxAttempts: 3, initialInterval: 1, retryOn: () => true };
  assert.deepEqual([await flaky.invoke({ log: [] }), tries], [{ log: ["f"] }, 3]);
});

test("a snapshot's metadata is LangGraph.js's: source, step, parents and the thread, nothing else", async () => {
  const g = new StateGraph(Log)
    .addNode("a", () => ({ log: ["a"] }))
    .addEdge(START, "a")
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "meta" } };
  await g.invoke({ log: [] }, cfg);
  await g.updateState(cfg, { log: ["u"] }, "a");
  const shown = [];
  for await (const s of g.getStateHistory(cfg)) shown.push(s.metadata);
  const thread_id = "meta";
  assert.deepEqual(shown, [
    { source: "update", step: 2, parents: {}, thread_id },
    { source: "loop", step: 1, parents: {}, thread_id },
    { source: "loop", step: 0, parents: {}, thread_id },
    { source: "input", step: -1, parents: {}, thread_id },
  ]);
  assert.deepEqual((await g.getState(cfg)).metadata, shown[0]);
});

test("a subgraph's snapshots name the parent checkpoints they ran under, as LangGraph.js's parents and checkpoint_map", async () => {
  const asks = new StateGraph(Log).addNode("t", () => ({ log: [interrupt("q")] })).addEdge(START, "t").compile();
  const child = new StateGraph(Log).addNode("s", asks).addEdge(START, "s").compile();
  const g = new StateGraph(Log).addNode("sub", child).addEdge(START, "sub").compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "parents" } };
  await g.invoke({ log: [] }, cfg);
  const root = await g.getState(cfg, { subgraphs: true });
  const sub = root.tasks[0].state;
  const inner = sub.tasks[0].state;
  const id = (s) => s.config.configurable.checkpoint_id;
  const ns = (s) => s.config.configurable.checkpoint_ns;
  assert.deepEqual(root.metadata.parents, {});
  assert.equal(root.config.configurable.checkpoint_map, undefined);
  assert.deepEqual(sub.metadata.parents, { "": id(root) });
  assert.deepEqual(sub.config.configurable.checkpoint_map, { "": id(root), [ns(sub)]: id(sub) });
  assert.deepEqual(inner.metadata.parents, { "": id(root), [ns(sub)]: id(sub) });
  assert.deepEqual(inner.config.configurable.checkpoint_map, { "": id(root), [ns(sub)]: id(sub), [ns(inner)]: id(inner) });
  // The checkpoints stream names them too.
  const events = [];
  for await (const [namespace, c] of await g.stream({ log: [] }, { configurable: { thread_id: "parents-2" }, streamMode: "checkpoints", subgraphs: true })) {
    events.push([namespace.length, Object.keys(c.metadata.parents).length]);
  }
  assert.deepEqual(events, [[0, 0], [0, 0], [1, 1], [1, 1], [2, 2], [2, 2]]);
});

test("a router that returns nothing fails its node, as in LangGraph.js; an empty list routes nowhere", async () => {
  const routed = (router) =>
    new StateGraph(Log).addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addEdge(START, "a").addConditionalEdges("a", router).compile();
  for (const nothing of [() => undefined, () => null, () => ["b", null]]) {
    await assert.rejects(routed(nothing).invoke({ log: [] }), { name: "Error", message: "Branch condition returned unknown or null destination" });
  }
  assert.deepEqual(await routed(() => []).invoke({ log: [] }), { log: ["a"] });
});

test("builders and compiled graphs list their nodes by name, and the package's classes keep their names", async () => {
  const inner = new StateGraph(Log).addNode("s", () => ({ log: ["s"] })).addEdge(START, "s").compile();
  const b = new StateGraph(Log)
    .addNode("a", () => ({ log: ["a"] }), { metadata: { tag: 1 }, ends: ["sub"] })
    .addNode("sub", inner)
    .addNode("__proto__", () => ({}))
    .addEdge(START, "a")
    .addEdge("a", "sub")
    .addEdge("sub", "__proto__");
  // Records, as LangGraph.js keeps them; any name is a plain key.
  assert.deepEqual(Object.keys(b.nodes), ["a", "sub", "__proto__"]);
  assert.deepEqual(Object.keys(b.channels), ["log", "x"]);
  assert.equal(b.nodes.sub.fn, inner);
  const g = b.compile();
  assert.deepEqual(Object.keys(g.nodes), [START, "a", "sub", "__proto__"]);
  assert.deepEqual(g.nodes.a, { name: "a", metadata: { tag: 1 }, ends: ["sub"], subgraphs: [] });
  assert.equal(g.nodes.sub.subgraphs[0], inner);
  const doc = StateGraph.fromJSON({ format: "superstep.graph", version: 1, name: "d", channels: [{ key: "x" }], nodes: [{ id: "n", kind: "set", values: { x: 1 } }], edges: [{ from: START, to: "n" }] });
  assert.deepEqual(Object.keys(doc.compile().nodes), [START, "n"]);
  // The bundle is minified: a console shows these names only because the package gives them back.
  assert.deepEqual(
    [b, g, new MemorySaver(), new Send("a", {}), new Command({})].map((x) => x.constructor.name),
    ["StateGraph", "CompiledStateGraph", "MemorySaver", "Send", "Command"],
  );
  const classes = Object.entries(S).filter(([, v]) => typeof v === "function" && /^class\b/.test(Function.prototype.toString.call(v)));
  assert.ok(classes.length > 40);
  for (const [name, cls] of classes) assert.equal(cls.name, name, `the class exported as ${name}`);
});

test("a builder lists its edges and validates as compile() does; a compiled graph validates and tells an interrupted result", async () => {
  const b = new StateGraph(Log)
    .addNode("a", () => ({ x: 1 }))
    .addNode("b", () => ({}))
    .addNode("c", () => ({}))
    .addEdge(START, "a")
    .addEdge(["a", "b"], "c")
    .addConditionalEdges("a", () => "b");
  // As LangGraph.js lists them.
  assert.deepEqual([...b.waitingEdges], [[["a", "b"], "c"]]);
  assert.deepEqual([...b.allEdges], [["__start__", "a"], ["a", "c"], ["b", "c"]]);
  assert.equal(b.validate(), undefined);
  const noEntry = new StateGraph(Log).addNode("a", () => ({}));
  // As LangGraph.js: its node is unreachable before the graph lacks an entry.
  assert.throws(() => noEntry.validate(), { name: "UnreachableNodeError" });
  assert.throws(() => b.validate(["nowhere"]), { name: "GraphValidationError", message: /nowhere/ });
  const paused = new StateGraph(Log)
    .addNode("ask", () => ({ x: interrupt("ok?") }))
    .addEdge(START, "ask")
    .compile({ checkpointer: new MemorySaver() });
  assert.equal(paused.validate(), paused);
  const result = await paused.invoke({}, { configurable: { thread_id: "v" } });
  assert.equal(paused.isInterrupted(result), true);
  assert.equal(paused.isInterrupted({ x: 1 }), false);
});

test("null options are no options, as in LangGraph.js: compile, stream, getState, getStateHistory", async () => {
  const State = Annotation.Root({ a: Annotation() });
  const build = () => new StateGraph(State).addNode("n", (s) => ({ a: (s.a ?? 0) + 1 })).addEdge(START, "n").addEdge("n", END);
  const chunks = [];
  for await (const c of await build().compile(null).stream({ a: 1 }, null)) chunks.push(c);
  assert.deepEqual(chunks, [{ n: { a: 2 } }]);
  const g = build().compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "null-options" } };
  await g.invoke({ a: 1 }, cfg);
  assert.deepEqual((await g.getState(cfg, null)).values, { a: 2 });
  const steps = [];
  for await (const s of g.getStateHistory(cfg, null)) steps.push(s.metadata.step);
  assert.deepEqual(steps, [1, 0, -1]);
  // A negative limit reads nothing, as a limit of 0 does (LangGraph.js's savers), not the whole history.
  for (const limit of [0, -1]) {
    const read = [];
    for await (const s of g.getStateHistory(cfg, { limit })) read.push(s);
    assert.deepEqual(read, [], `limit ${limit}`);
    const listed = [];
    for await (const t of g.checkpointer.list(cfg, { limit })) listed.push(t);
    assert.deepEqual(listed, [], `list, limit ${limit}`);
  }
});

test("IndexedDBSaver checks its options where they are given", () => {
  assert.throws(() => new S.IndexedDBSaver({ durability: "fast" }), (e) => e instanceof TypeError && /durability must be "strict" or "relaxed" or "default", got "fast"/.test(e.message));
  assert.throws(() => new S.IndexedDBSaver({ onLocked: "explode" }), (e) => e instanceof TypeError && /onLocked must be "wait" or "error"/.test(e.message));
  assert.throws(() => new S.IndexedDBSaver({ name: 5 }), (e) => e instanceof TypeError && /name must be a string/.test(e.message));
  // No options, or null, take the defaults (the database is opened only when used).
  for (const options of [undefined, null, {}]) assert.equal(new S.IndexedDBSaver(options).name, "superstep");
});

test("a Send to something that is not a node name is LangGraph.js's InvalidUpdateError, from a router or a Command", async () => {
  const State = Annotation.Root({ a: Annotation() });
  const sendError = (e) => e instanceof S.InvalidUpdateError && e.message === 'Invalid node name "undefined" in Send packet';
  const routed = new StateGraph(State).addNode("n", () => ({ a: 1 })).addConditionalEdges(START, () => [new Send(undefined, { a: 1 })]).compile();
  await assert.rejects(routed.invoke({}), sendError);
  const commanded = new StateGraph(State).addNode("n", () => ({ a: 1 })).addNode("c", () => new Command({ goto: [new Send(undefined, {})] }), { ends: ["n"] }).addEdge(START, "c").compile();
  await assert.rejects(commanded.invoke({}), sendError);
});

test("a RunControl drains a run at a superstep boundary, through invoke and stream alike; a control of another kind is a TypeError", async () => {
  const build = () =>
    new StateGraph(Log)
      .addNode("a", (_s, config) => (config.control.requestDrain("deploy"), { log: ["a"] }))
      .addNode("b", () => ({ log: ["b"] }))
      .addEdge(START, "a")
      .addEdge("a", "b")
      .compile({ checkpointer: new MemorySaver() });
  const g = build();
  const cfg = { configurable: { thread_id: "drained" } };
  const chunks = [];
  await assert.rejects(async () => {
    for await (const c of await g.stream({}, { ...cfg, streamMode: "updates" })) chunks.push(c);
  }, (e) => e instanceof S.GraphDrained && S.isGraphDrained(e) && e.reason === "deploy" && e.message === "Graph drained: deploy");
  assert.deepEqual(chunks, [{ a: { log: ["a"] } }]);
  assert.deepEqual((await g.getState(cfg)).next, ["b"]);
  assert.deepEqual((await g.invoke(null, cfg)).log, ["a", "b"]);
  await assert.rejects(build().invoke({}, { configurable: { thread_id: "x" }, control: { drainRequested: true } }), (e) => e instanceof TypeError && /RunControl/.test(e.message));
});
