// node --test: odd values everywhere a user can pass one (inputs, updates,
// configs, routes, stream modes, thrown values) on seeded random graphs. The
// engine must answer each with a typed error, never trap: a trap (a Rust
// panic) would leave the wasm instance unusable for every later call.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Send, Command, interrupt, MemorySaver } = S;

before(() => S.init());

function oddValues(rnd) {
  const cycle = {};
  cycle.self = cycle;
  const all = [
    undefined, null, 0, -1, 1e308, NaN, Infinity, "", "__start__", "__end__", "a", "zz", [], [1], {}, { x: 1 },
    { a: undefined }, () => 1, Symbol("s"), 10n, cycle, new Date(0), new Map(), true, Object.create(null),
    "a".repeat(10_000), [[[[[[]]]]]], new Send("a", {}), new Send("zz", 1), new Command({ goto: "b" }),
    new Command({ goto: "zz" }), new Command({ update: 5 }), new Command({ resume: 1 }),
    new Command({ graph: Command.PARENT, goto: "a" }),
  ];
  return () => all[Math.floor(rnd() * all.length)];
}

/** A small linear congruential generator, so a failing seed can be replayed. */
function generator(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const reducerFails = () => {
  throw new Error("the reducer failed");
};

const isTrap = (e) => e instanceof WebAssembly.RuntimeError || /RuntimeError|panicked/.test(String(e?.stack ?? e));

async function oneGraph(seed) {
  const rnd = generator(seed);
  const odd = oddValues(rnd);
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const State = Annotation.Root({
    x: Annotation(),
    l: Annotation({ reducer: (a, b) => (rnd() < 0.05 ? reducerFails() : [].concat(a ?? [], b ?? [])), default: () => [] }),
  });
  const body = (name) => async () => {
    const r = rnd();
    if (r < 0.1) return odd();
    if (r < 0.2) throw pick([new Error("boom"), "thrown text", 5, null]);
    if (r < 0.3) return { x: interrupt(odd()) };
    if (r < 0.35) return new Command({ goto: pick(["a", "b", END, "zz", [new Send("b", odd())]]), update: odd() });
    if (r < 0.4) return { x: odd(), l: odd() };
    return { x: name, l: [name] };
  };
  const calls = [];
  const attempt = async (what, f) => {
    try {
      await f();
    } catch (e) {
      calls.push({ what, e });
    }
  };
  let app;
  await attempt("build", () => {
    // Mostly well-formed graphs, so that most odd values reach running nodes.
    const g = new StateGraph(State);
    for (const n of ["a", "b", "c"]) g.addNode(n, body(n), rnd() < 0.2 ? { ends: rnd() < 0.2 ? ["a", "zz"] : ["a", "c"] } : undefined);
    g.addEdge(START, rnd() < 0.9 ? "a" : pick(["zz", END, odd()]));
    if (rnd() < 0.9) g.addEdge("a", pick(["b", "b", "a"]));
    g.addConditionalEdges("b", (st) => (rnd() < 0.2 ? odd() : pick(["c", END, "a", new Send("c", st)])), rnd() < 0.1 ? odd() : undefined);
    if (rnd() < 0.05) g.addEdge(pick([["a", "b"], "zz", odd()]), pick(["c", odd()]));
    app = g.compile({ checkpointer: new MemorySaver(), interruptBefore: rnd() < 0.05 ? odd() : undefined });
  });
  if (app) {
    const config = {
      configurable: { thread_id: rnd() < 0.9 ? "t" : pick([1, odd()]) },
      recursionLimit: rnd() < 0.8 ? 25 : pick([5, 0, -1, "x", odd()]),
    };
    for (let k = 0; k < 4; k++) {
      const r = rnd();
      if (r < 0.4) await attempt("invoke", () => app.invoke(pick([{ x: 1 }, odd(), null, new Command({ resume: odd() })]), config));
      else if (r < 0.6) {
        await attempt("stream", async () => {
          for await (const _ of await app.stream(odd(), { ...config, streamMode: pick(["values", "updates", ["debug", "values"], odd()]) }));
        });
      } else if (r < 0.7) await attempt("getState", () => app.getState(pick([config, odd()])));
      else if (r < 0.8) {
        await attempt("getStateHistory", async () => {
          for await (const _ of app.getStateHistory(pick([config, odd()])));
        });
      } else await attempt("updateState", () => app.updateState(config, odd(), pick(["a", "zz", undefined, odd()])));
    }
  }
  return calls;
}

test("odd values on 300 random graphs get typed errors, and no call traps the wasm", async () => {
  const thrownByNodes = new Set(["thrown text", 5, null]);
  let failures = 0;
  let fromNodes = 0;
  for (let seed = 1; seed <= 300; seed++) {
    for (const { what, e } of await oneGraph(seed)) {
      failures++;
      assert.ok(!isTrap(e), `seed ${seed}, ${what}: the wasm trapped: ${e?.stack ?? e}`);
      // What a node throws comes back as it was thrown; anything else is an Error with a name.
      if (thrownByNodes.has(e) || e?.message === "boom") fromNodes++;
      if (!thrownByNodes.has(e)) assert.ok(e instanceof Error && e.name && e.message, `seed ${seed}, ${what}: untyped ${String(e)}`);
    }
  }
  assert.ok(failures > 300, `the odd values should fail often (${failures} failures)`);
  assert.ok(fromNodes > 15, `nodes should throw often (${fromNodes} times)`);
  // The instance still works after all of it.
  const g = new StateGraph(Annotation.Root({ x: Annotation() })).addNode("a", () => ({ x: 2 })).addEdge(START, "a").compile();
  assert.deepEqual(await g.invoke({ x: 1 }), { x: 2 });
});
