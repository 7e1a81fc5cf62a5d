// node --test: the list reducers LangGraph.js code writes most, `(x, y) => x.concat(y)`
// without a default, `(a, b) => [...a, ...b]` and `(x, y) => [...x, y]`, give what LangGraph.js 1.7.3 gives
// (each expectation below was checked against it), and the engine folds list
// writes into a list itself, calling the function only for anything else.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START, END, Overwrite } = S;
before(() => S.init());

/** The `items` a one-node loop ends with, writing `writes[i]` in its i-th step (or the error). */
async function folded(spec, writes) {
  const State = Annotation.Root({ items: Annotation(spec), i: Annotation() });
  const graph = new StateGraph(State)
    .addNode("w", (s) => {
      const w = writes[s.i];
      return { items: w === "OVERWRITE" ? new Overwrite("str") : w, i: s.i + 1 };
    })
    .addEdge(START, "w")
    .addConditionalEdges("w", (s) => (s.i >= writes.length ? END : "w"))
    .compile();
  try {
    return (await graph.invoke({ i: 0 })).items;
  } catch (e) {
    return `${e.name}: ${e.message.split("\n")[0]}`;
  }
}

const concat = { reducer: (x, y) => x.concat(y) };
const spread = { reducer: (a, b) => [...a, ...b], default: () => [] };

test("a concat reducer without a default gives LangGraph.js's lists, first writes and errors", async () => {
  assert.deepEqual(await folded(concat, [["a"], ["b", ["c"]], "d", null]), ["a", "b", ["c"], "d", null]);
  // The first write is taken as it is: a string concatenates, an object has no concat.
  assert.equal(await folded(concat, ["ab", ["c", "d"]]), "abc,d");
  assert.equal(await folded(concat, [{ k: 1 }, ["b"]]), "TypeError: x.concat is not a function");
});

test("a spread reducer gives LangGraph.js's lists, spread strings and errors", async () => {
  assert.deepEqual(await folded(spread, [["a"], ["b", ["c"]]]), ["a", "b", ["c"]]);
  assert.deepEqual(await folded({ reducer: spread.reducer }, [["a"], ["b"]]), ["a", "b"]);
  assert.deepEqual(await folded(spread, [["a"], "xy"]), ["a", "x", "y"]);
  assert.deepEqual(await folded(spread, [["a"], "OVERWRITE", ["z"]]), ["s", "t", "r", "z"]);
  assert.equal(await folded(spread, [["a"], { k: 1 }]), "TypeError: b is not iterable");
  assert.equal(await folded(spread, [["a"], undefined, ["z"]]), "TypeError: b is not iterable");
  const State = Annotation.Root({ items: Annotation(spread) });
  const graph = new StateGraph(State).addNode("a", () => ({ items: ["a"] })).addNode("b", () => ({ items: ["b1", "b2"] }));
  const parallel = graph.addEdge(START, "a").addEdge(START, "b").compile();
  assert.deepEqual((await parallel.invoke({ items: ["in"] })).items, ["in", "a", "b1", "b2"]);
});

test("a push reducer gives LangGraph.js's lists, first writes and spread strings", async () => {
  const push = (x, y) => [...x, y];
  assert.deepEqual(await folded({ reducer: push, default: () => [] }, [["a"], "b", { k: 1 }, null, 3]), [["a"], "b", { k: 1 }, null, 3]);
  assert.deepEqual(await folded({ reducer: push }, [["a"], "b"]), ["a", "b"]);
  // A first string is taken as it is, then spread by the next write.
  assert.deepEqual(await folded({ reducer: push }, ["ab", "c"]), ["a", "b", "c"]);
  assert.deepEqual(await folded({ reducer: push, default: () => [] }, ["a", "OVERWRITE", "z"]), ["s", "t", "r", "z"]);
});

test("list writes into a list are folded by the engine; the function gets the rest", async () => {
  // Functions that count their calls, read as the forms they stand for.
  const counted = (form, fn) => {
    const f = (a, b) => (f.calls++, fn(a, b));
    f.calls = 0;
    f.toString = () => form;
    return f;
  };
  const forms = [
    ["(a, b) => [...a, ...b]", (a, b) => [...a, ...b], () => []],
    ["(x, y) => x.concat(y)", (x, y) => x.concat(y), undefined],
    ["(x, y) => [...x, y]", (x, y) => [...x, y], () => []],
  ];
  for (const [form, fn, dflt] of forms) {
    const reducer = counted(form, fn);
    const expected = form.includes("[...x, y]") ? [["a"], ["b", "c"], ["d"]] : ["a", "b", "c", "d"];
    assert.deepEqual(await folded({ reducer, default: dflt }, [["a"], ["b", "c"], ["d"]]), expected);
    assert.equal(reducer.calls, 0, form);
  }
  const reducer = counted("(a, b) => [...a, ...b]", (a, b) => [...a, ...b]);
  assert.deepEqual(await folded({ reducer, default: () => [] }, [["a"], "xy", ["z"]]), ["a", "x", "y", "z"]);
  assert.equal(reducer.calls, 1, "only the string went to the function");
});
