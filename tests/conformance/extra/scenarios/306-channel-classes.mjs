// LangGraph.js's channel classes in place of Annotation(...): a BinaryOperatorAggregate
// folds from its initial value, a DeltaChannel's reducer takes a superstep's writes at
// once, and an UntrackedValueChannel is seen during a run but never checkpointed (a
// guarded one refuses two writes in a superstep; guard: false keeps the last).
import { capture, out } from "./_support.mjs";
export const name = "channel classes stand in for Annotation: folded, batched and untracked values";
export const features = ["channels", "reducers", "checkpoints"];
export const requires = ["BinaryOperatorAggregate", "DeltaChannel", "UntrackedValueChannel", "MemorySaver"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, BinaryOperatorAggregate, DeltaChannel, UntrackedValueChannel } = lib;
  const batches = [];
  const State = Annotation.Root({
    total: new BinaryOperatorAggregate((a, b) => a + b, () => 10),
    seen: new DeltaChannel((all, batch) => (batches.push(batch.length), [...all, ...batch.flat()])),
    scratch: new UntrackedValueChannel({ guard: false }),
    token: new UntrackedValueChannel(),
  });
  const graph = new StateGraph(State)
    .addNode("a", (s) => ({ total: 1, seen: ["a"], scratch: "from a", token: `t${s.total}` }))
    .addNode("b", () => ({ total: 2, seen: ["b"], scratch: "from b" }))
    .addNode("c", (s) => ({ seen: [`c saw ${s.scratch} and ${s.token}`] }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge(["a", "b"], "c")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "channels" } };
  const first = out(await graph.invoke({ total: 5, seen: ["in"] }, config));
  const saved = out((await graph.getState(config)).values);
  const again = out(await graph.invoke({ total: 1 }, config));
  const plain = new StateGraph({ n: new BinaryOperatorAggregate((a, b) => a * b, () => 2), m: Annotation() })
    .addNode("x", () => ({ n: 3, m: "set" }))
    .addEdge(START, "x")
    .compile();
  const twice = new StateGraph(Annotation.Root({ u: new UntrackedValueChannel() }))
    .addNode("a", () => ({ u: 1 }))
    .addNode("b", () => ({ u: 2 }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .compile();
  return {
    first,
    saved,
    again,
    // How LangGraph.js batches replayed writes is its own (it rebuilds the value from them); a superstep's two come at once.
    twoAtOnce: batches.includes(2),
    plain: out(await plain.invoke({ n: 5 })),
    guardedTwice: await capture(lib, () => twice.invoke({})),
  };
}
