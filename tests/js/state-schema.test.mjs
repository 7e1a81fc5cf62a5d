// node --test: LangGraph.js 1.x state schemas (StateSchema, ReducedValue,
// MessagesValue) and zod objects with LangGraph meta; each expectation was
// checked against LangGraph.js 1.7.3, except where a comment says otherwise.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import * as S from "../../www/superstep/node.js";
import { runInApp } from "./app.mjs";

const { StateGraph, StateSchema, ReducedValue, UntrackedValue, DeltaValue, MessagesDeltaValue, MessagesValue, START, END, Command, Overwrite, MemorySaver } = S;
before(() => S.init());

const fields = () => ({
  n: z.number().default(0),
  up: z.string().transform((s) => s.toUpperCase()).optional(),
  hist: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.string().transform((s) => `${s}!`), reducer: (a, b) => [...a, b] }),
});
const validationError = (field) => (e) => e instanceof Error && e.message.startsWith(`Validation failed for field "${field}": `) && e.message.includes("invalid_type");

test("schema defaults fill the state, and reduced fields reduce", async () => {
  const State = new StateSchema({ messages: MessagesValue, ...fields() });
  let seen;
  const g = new StateGraph(State)
    .addNode("a", (s) => ((seen = s), { n: s.n + 1, hist: "a" }))
    .addEdge(START, "a").addEdge("a", END)
    .compile();
  const out = await g.invoke({ messages: [{ role: "user", content: "hi", id: "m1" }] });
  assert.deepEqual(seen, { messages: [{ type: "human", content: "hi", id: "m1" }], n: 0, hist: [] });
  assert.deepEqual(out, { messages: [{ type: "human", content: "hi", id: "m1" }], n: 1, hist: ["a!"] });
});

test("updates are checked and transformed: plain, Command, lists of Commands, Overwrite", async () => {
  const g = new StateGraph(new StateSchema(fields()))
    .addNode("a", () => new Command({ update: { up: "abc", hist: "h" }, goto: "b" }), { ends: ["b"] })
    .addNode("b", () => [{ up: "q" }, new Command({ update: [["hist", "z"]] })])
    .addNode("c", () => ({ hist: new Overwrite(["w"]) }))
    .addEdge(START, "a").addEdge("b", "c")
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ up: "in", hist: "i" }, { streamMode: ["updates", "values"] })) chunks.push(c);
  assert.deepEqual(chunks, [
    // LangGraph.js 1.7.3 checks an input twice, so its transforms run twice ("i!!"); here once.
    ["values", { n: 0, up: "IN", hist: ["i!"] }],
    ["updates", { a: { up: "ABC", hist: "h!" } }],
    ["values", { n: 0, up: "ABC", hist: ["i!", "h!"] }],
    ["updates", { b: { up: "Q", hist: "z!" } }],
    ["values", { n: 0, up: "Q", hist: ["i!", "h!", "z!"] }],
    ["updates", { c: { hist: { __overwrite__: ["w"] } } }],
    ["values", { n: 0, up: "Q", hist: ["w"] }],
  ]);
});

test("a bad input, node update, Overwrite or updateState fails with the schema's issues", async () => {
  const State = new StateSchema(fields());
  const g = new StateGraph(State).addNode("a", (s) => ({ hist: String(s.n) })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  await assert.rejects(g.invoke({ n: "bad" }), validationError("n"));
  await assert.rejects(g.stream({ hist: 3 }), validationError("hist"));
  const stepper = g.stepper({ n: "bad" });
  await assert.rejects(stepper.step(), validationError("n"));
  const bad = new StateGraph(State).addNode("a", () => ({ n: "x" })).addNode("b", () => ({ n: 2 })).addEdge(START, "a").addEdge(START, "b").compile();
  await assert.rejects(bad.invoke({}), validationError("n"));
  const over = new StateGraph(State).addNode("a", () => ({ hist: new Overwrite("x") })).addEdge(START, "a").compile();
  await assert.rejects(over.invoke({}), validationError("hist"));
  const config = { configurable: { thread_id: "u" } };
  assert.deepEqual(await g.invoke({ n: 1 }, config), { n: 1, hist: ["1!"] });
  await assert.rejects(g.updateState(config, { n: "bad" }), validationError("n"));
  await g.updateState(config, { hist: "u" }, "a");
  assert.deepEqual(await g.invoke(new Command({ update: { hist: "c" } }), config), { n: 1, hist: ["1!", "u!", "c!"] });
});

test("an async schema is awaited, and an input schema checks the input", async () => {
  const later = { "~standard": { version: 1, vendor: "test", validate: async (v) => (typeof v === "number" ? { value: v * 10 } : { issues: [{ message: "a number" }] }) } };
  const g = new StateGraph(new StateSchema({ n: later }), { input: new StateSchema({ n: z.number().min(5) }) })
    .addNode("a", (s) => ({ n: s.n + 1 }))
    .addEdge(START, "a")
    .compile();
  assert.deepEqual(await g.invoke({ n: 7 }), { n: 80 });
  await assert.rejects(g.invoke({ n: 1 }), (e) => e.message.startsWith('Validation failed for field "n"') && e.message.includes("too_small"));
  const sync = new StateGraph({ state: new StateSchema({ n: later }) }).addNode("a", () => ({ n: "no" })).addEdge(START, "a").compile();
  await assert.rejects(sync.invoke({ n: 1 }), (e) => e.message === 'Validation failed for field "n": [{"message":"a number"}]');
});

test("zod objects: meta from withLangGraph or the registry, parsed as a partial object", async () => {
  const items = S.withLangGraph(z.array(z.number()), { reducer: { fn: (a, b) => a.concat(b), schema: z.number() }, default: () => [] });
  const Z = z.object({ items, name: z.string().default("anon"), tags: z.array(z.string()).default(["t"]).register(S.registry, { reducer: { fn: (a, b) => a.concat(b) } }) });
  // A reducer's default comes from its zod default unless the meta gives one.
  let seen;
  const g = new StateGraph(Z).addNode("a", (s) => ((seen = s), { items: 2, tags: ["u"] })).addEdge(START, "a").compile();
  // As in LangGraph.js: the input loses unknown keys and gains zod defaults.
  assert.deepEqual(await g.invoke({ items: 1, junk: 3, tags: ["x"] }), { items: [1, 2], name: "anon", tags: ["t", "x", "u"] });
  assert.deepEqual(seen, { items: [1], name: "anon", tags: ["t", "x"] });
  await assert.rejects(g.invoke({ items: "x" }), (e) => e.name === "ZodError");
  const messages = new StateGraph(z.object({ messages: z.custom().register(S.registry, S.MessagesZodMeta) }))
    .addNode("a", () => ({ messages: [{ role: "ai", content: "yo", id: "2" }] }))
    .addEdge(START, "a")
    .compile();
  const out = await messages.invoke({ messages: "hi" });
  assert.deepEqual(out.messages.map((m) => [m.type, m.content]), [["human", "hi"], ["ai", "yo"]]);
});

test("an UntrackedValue's schema checks its writes, and no checkpoint keeps its value", async () => {
  const State = new StateSchema({ n: z.number().default(0), conn: new UntrackedValue(z.string().min(2)), cache: new UntrackedValue() });
  const bad = new StateGraph(State).addNode("a", () => ({ conn: "x" })).addEdge(START, "a").compile();
  await assert.rejects(bad.invoke({}), (e) => e.message.startsWith('Validation failed for field "conn": ') && e.message.includes("too_small"));
  const saver = new MemorySaver();
  const g = new StateGraph(State).addNode("a", () => ({ conn: "db", cache: { hits: 1 }, n: 1 })).addEdge(START, "a").compile({ checkpointer: saver });
  const config = { configurable: { thread_id: "u" } };
  assert.deepEqual(await g.invoke({}, config), { n: 1, conn: "db", cache: { hits: 1 } });
  assert.deepEqual((await g.getState(config)).values, { n: 1 });
  const tuple = await saver.getTuple(config);
  assert.deepEqual(tuple.checkpoint.channel_values, { n: 1 });
  assert.ok(tuple.checkpoint.channel_versions.conn, "its version is kept");
});

test("a DeltaValue's reducer gets each superstep's writes at once, and its own error is rethrown", async () => {
  class Full extends Error {}
  const calls = [];
  const log = new DeltaValue(z.array(z.string()).default(() => []), {
    inputSchema: z.string(),
    reducer: (current, writes) => {
      calls.push(writes);
      if (writes.includes("boom")) throw new Full("too much");
      return [...current, ...writes];
    },
  });
  const State = new StateSchema({ log, messages: MessagesDeltaValue });
  const g = new StateGraph(State)
    .addNode("p", (s) => ({ log: s.log.length ? "boom" : "p", messages: [{ role: "ai", content: "hi" }] }))
    .addNode("q", () => ({ log: "q" }))
    .addEdge(START, "p").addEdge(START, "q").compile();
  const out = await g.invoke({});
  assert.deepEqual(out.log, ["p", "q"]);
  assert.deepEqual(calls, [["p", "q"]]);
  assert.equal(typeof out.messages[0].id, "string", "a graph gives written messages ids");
  await assert.rejects(g.invoke({ log: "x" }), (e) => e instanceof Full);
  // Overwritten with null, a DeltaValue starts again from its default (as in LangGraph.js 1.7.3).
  const reset = new StateGraph(new StateSchema({ messages: MessagesDeltaValue, log: new DeltaValue(z.array(z.string()).default(() => ["d"]).nullable(), { inputSchema: z.string(), reducer: (a, w) => [...a, ...w] }) }))
    .addNode("a", () => ({ messages: new Overwrite(null), log: new Overwrite(null) })).addEdge(START, "a").compile();
  assert.deepEqual(await reset.invoke({ messages: [{ role: "user", content: "x", id: "1" }], log: "q" }), { messages: [], log: ["d"] });
  assert.throws(() => new StateGraph(new StateSchema({ x: new DeltaValue(z.array(z.string()), { reducer: (a) => a, snapshotFrequency: 0 }) })), /snapshotFrequency must be a positive integer, got 0/);
});

test("a field that is no schema is refused with LangGraph.js's message", () => {
  assert.throws(() => new StateGraph(new StateSchema({ n: 5 })), (e) => e.name === "GraphValidationError" && e.message === 'Invalid state field "n": must be a schema, ReducedValue, DeltaValue, UntrackedValue, or ManagedValue');
});

test("a zod context schema checks each run's context (its configurable when it has none), as LangGraph.js", async () => {
  const seen = [];
  const build = (...args) =>
    new StateGraph(...args)
      .addNode("a", (_s, config) => {
        seen.push(config.context);
        return { n: 1 };
      })
      .addEdge(START, "a")
      .compile();
  const Context = z.object({ userId: z.string(), model: z.string().default("small") });
  const g = build(new StateSchema({ n: z.number().default(0) }), Context);
  await g.invoke({}, { context: { userId: "u1" } });
  // The node gets the context as given (LangGraph.js parses it only to check it).
  assert.deepEqual(seen, [{ userId: "u1" }]);
  // (LangGraph.js throws zod core's $ZodError; this is the schema's own ZodError, its subclass.)
  await assert.rejects(g.invoke({}, { context: { userId: 5 } }), (e) => e instanceof z.ZodError && e.issues[0].path[0] === "userId");
  await assert.rejects(g.invoke({}, { configurable: { thread_id: "t" } }), z.ZodError);
  await assert.rejects(g.stream({}, { context: {} }), z.ZodError);
  assert.equal(seen.length, 1, "a refused run runs no node");
  // In the `{ state, context }` form too; an Annotation context is not checked.
  await assert.rejects(build({ state: new StateSchema({ n: z.number().default(0) }), context: Context }).invoke({}, { context: {} }), z.ZodError);
  const A = S.Annotation.Root({ userId: S.Annotation() });
  await build(S.Annotation.Root({ n: S.Annotation() }), A).invoke({ n: 0 }, { context: { userId: 5 } });
  assert.deepEqual(seen.at(-1), { userId: 5 });
});

test("superstep/zod's MessagesZodState, as LangGraph.js's, in an app with its own zod", async () => {
  const { status, stdout, stderr } = runInApp(
      `import { StateGraph, START } from "superstep";
      import { MessagesZodState } from "superstep/zod";
      import { z } from "zod/v3";
      const reply = new StateGraph(MessagesZodState).addNode("reply", (s) => ({ messages: [{ role: "ai", content: String(s.messages.length), id: "r" }] })).addEdge(START, "reply").compile();
      const r = await reply.invoke({ messages: [{ role: "user", content: "hi", id: "u" }] });
      // Its field in a state of one's own: a message with a known id replaces it.
      const Talk = z.object({ messages: MessagesZodState.shape.messages, turns: z.number().optional() });
      const talk = new StateGraph(Talk).addNode("a", (s) => ({ messages: [{ role: "ai", content: "x", id: "u" }], turns: (s.turns ?? 0) + 1 })).addEdge(START, "a").compile();
      const t = await talk.invoke({ messages: [{ role: "user", content: "hi", id: "u" }] });
      console.log(JSON.stringify([r.messages.map((m) => [m.getType(), m.content]), t.messages.map((m) => [m.getType(), m.content]), t.turns]));`,
    ["zod"],
  );
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), [[["human", "hi"], ["ai", "1"]], [["ai", "x"]], 1]);
});
