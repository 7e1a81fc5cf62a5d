// node --test: interrupt(value, { responseSchema }), as LangGraph.js 1.7 has it: the
// interrupt carries the schema as JSON Schema, a zod schema parses the answer, and an
// answer it refuses fails the run without being kept, so the next resume answers again.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as z from "zod";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, Command, MemorySaver, interrupt, isInvalidResume } = S;

before(() => S.init());

const Answer = z.object({ ok: z.boolean(), note: z.string().default("none") });

function graph() {
  const State = Annotation.Root({ answer: Annotation, said: Annotation, log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  return new StateGraph(State)
    .addNode("ask", () => ({ answer: interrupt("ok?", { responseSchema: Answer }) }))
    .addNode("side", async () => ({ log: ["side"] }))
    .addNode("say", (_s, config) => ({ said: config.interrupt("say?", { responseSchema: { type: "string" } }) }))
    .addEdge(START, "ask")
    .addEdge(START, "side")
    .addEdge("ask", "say")
    .compile({ checkpointer: new MemorySaver() });
}

test("an interrupt carries its responseSchema, and an answer the schema refuses is asked for again", async () => {
  const g = graph();
  const config = { configurable: { thread_id: "schema" } };
  const paused = await g.invoke({}, config);
  const expected = { ...Answer.toJSONSchema() };
  assert.deepEqual(paused.__interrupt__[0].response_schema, expected);
  assert.deepEqual((await g.getState(config)).tasks[0].interrupts[0].response_schema, expected);

  const refused = await g.invoke(new Command({ resume: { ok: "yes" } }), config).catch((e) => e);
  assert.equal(refused.name, "ZodError");
  assert.ok(isInvalidResume(refused));
  assert.ok(!isInvalidResume(new Error("other")));
  const state = await g.getState(config);
  assert.deepEqual(state.next, ["ask"]);
  assert.deepEqual(state.values, { log: ["side"] });

  // The answer the schema parsed (its default filled in) is what the node gets.
  const next = await g.invoke(new Command({ resume: { ok: true } }), config);
  assert.deepEqual(next.answer, { ok: true, note: "none" });
  // A JSON Schema is carried as given, and checks nothing.
  assert.deepEqual(next.__interrupt__[0].response_schema, { type: "string" });
  assert.deepEqual(await g.invoke(new Command({ resume: 42 }), config), { answer: { ok: true, note: "none" }, said: 42, log: ["side"] });
});

test("a refused answer does not stop the tasks running beside it: their work is kept", async () => {
  const State = Annotation.Root({ a: Annotation, b: Annotation });
  const g = new StateGraph(State)
    .addNode("ask1", () => ({ a: interrupt("a?", { responseSchema: z.boolean() }) }))
    .addNode("ask2", async (_s, config) => {
      const b = config.interrupt("b?");
      await new Promise((r) => setTimeout(r, 20));
      return { b };
    })
    .addEdge(START, "ask1")
    .addEdge(START, "ask2")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "siblings" } };
  const ids = Object.fromEntries((await g.invoke({}, config)).__interrupt__.map((i) => [i.value, i.id]));
  const refused = await g.invoke(new Command({ resume: { [ids["a?"]]: "no", [ids["b?"]]: "B" } }), config).catch((e) => e);
  assert.ok(isInvalidResume(refused));
  const state = await g.getState(config);
  assert.deepEqual([state.next, state.values], [["ask1"], { b: "B" }]);
  assert.deepEqual(await g.invoke(new Command({ resume: { [ids["a?"]]: true } }), config), { a: true, b: "B" });
});
