// invoke returns the last `values` chunk: a run that writes no output key returns
// nothing, and one that stops before showing its state returns only the stop. Then an
// error handler beside a paused sibling: its node asked, and on resume fails before
// asking again; the resume map answered the node's question, so the handler asks its own.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "invoke output without values; a handler's own question";
export const features = ["interrupts", "checkpointer", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), x: Annotation() });
  const build = (fn, options = {}) =>
    new StateGraph(S).addNode("a", fn).addEdge(START, "a").addEdge("a", END).compile({ checkpointer: new MemorySaver(), ...options });
  const wrap = (v) => ({ value: v === undefined ? "<undefined>" : out(v) });
  const outputs = {
    writesNothing: wrap(await build(() => ({})).invoke({}, thread("o1"))),
    writesX: wrap(await build(() => ({ x: 2 })).invoke({}, thread("o2"))),
    asksFirst: wrap(await build(() => ({ log: [interrupt("q")] })).invoke({}, thread("o3"))),
    asksWithInput: wrap(await build(() => ({ log: [interrupt("q")] })).invoke({ x: 1 }, thread("o4"))),
    breakpoint: wrap(await build(() => ({ log: ["a"] }), { interruptBefore: ["a"] }).invoke({}, thread("o5"))),
    resumeEmptyThread: wrap(await build(() => ({})).invoke(new Command({ resume: 1 }), thread("o6"))),
  };
  // With an output schema, only its keys count: writing another shows nothing.
  const O = Annotation.Root({ x: Annotation() });
  const narrow = new StateGraph({ stateSchema: S, output: O }).addNode("a", () => ({ log: ["a"] })).addEdge(START, "a").compile();
  outputs.outputSchema = wrap(await narrow.invoke({}));
  // A graph invoked inside a node returns nothing the same way.
  const inner = new StateGraph(S).addNode("s", () => ({})).addEdge(START, "s").compile();
  const outer = new StateGraph(S)
    .addNode("p", async () => ({ x: String(await inner.invoke({})) }))
    .addEdge(START, "p")
    .compile();
  outputs.nested = wrap(await outer.invoke({}));
  const bp = build(() => ({ log: ["a"] }), { interruptBefore: ["a"] });
  await bp.invoke({}, thread("o7"));
  outputs.continued = wrap(await bp.invoke(null, thread("o7")));

  let runs = 0;
  const g = new StateGraph(S)
    .addNode(
      "a",
      () => {
        runs += 1;
        if (runs === 2) throw new RangeError("a failed");
        return { log: [`a:${interrupt("a?")}`] };
      },
      { errorHandler: () => ({ log: [`handler:${interrupt("handler?")}`] }) },
    )
    .addNode("b", () => ({ log: [`b:${interrupt("b?")}`] }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("h");
  const first = await g.invoke({}, t);
  const paused = await g.getState(t);
  const map = Object.fromEntries(paused.tasks.flatMap((task) => task.interrupts.map((i) => [i.id, `ans-${i.value}`])));
  const second = await g.invoke(new Command({ resume: map }), t);
  const after = await g.getState(t);
  return { outputs, handler: { first: out(first), second: out(second), after: snapshot(after, lib), runs } };
}
