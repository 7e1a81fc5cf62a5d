// updateState's special asNode values and bulkUpdateState: an edit of the newest checkpoint
// keeps what its unfinished superstep finished; END finishes that superstep; __copy__ forks
// the checkpoint (a sibling, optionally with updates); __input__ queues a new input;
// bulkUpdateState applies several nodes' updates as one superstep per checkpoint.
import { capture, out, snapshot, thread } from "./_support.mjs";
export const name = "updateState special asNode values and bulkUpdateState";
export const features = ["update-state", "time-travel", "fork", "interrupt", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({
    x: Annotation({ reducer: (a, b) => a + b, default: () => 0 }),
    log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  });
  // a fans out to b (asks a human) and c (finishes); d joins them.
  const graph = () =>
    new StateGraph(S)
      .addNode("a", () => ({ x: 1, log: ["a"] }))
      .addNode("b", () => ({ x: 10, log: [`b:${interrupt("q")}`] }))
      .addNode("c", () => ({ log: ["c"] }))
      .addNode("d", () => ({ log: ["d"] }))
      .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge(["b", "c"], "d")
      .compile({ checkpointer: new MemorySaver() });
  const history = async (g, t) => {
    const steps = [];
    for await (const h of g.getStateHistory(t)) steps.push([h.metadata.step, h.metadata.source, [...h.next].sort()]);
    return steps;
  };
  const edit = async (id, values, asNode) => {
    const g = graph();
    const t = thread(id);
    await g.invoke({ x: 0 }, t);
    const cfg = await g.updateState(t, values, asNode);
    const state = snapshot(await g.getState(cfg), lib);
    const parentIsOriginalParent = await (async () => {
      const s = await g.getState(cfg);
      const hist = [];
      for await (const h of g.getStateHistory(t)) hist.push(h);
      const original = hist.find((h) => h.metadata.source === "loop" && h.metadata.step === 1);
      return s.parentConfig?.configurable.checkpoint_id === original?.parentConfig?.configurable.checkpoint_id;
    })();
    const resumed = out(await capture(lib, () => g.invoke(new Command({ resume: "R" }), t)));
    return { state, parentIsOriginalParent, resumed, history: await history(g, t) };
  };
  const asNode = await edit("as-node", { x: 3 }, "b");
  const end = await edit("end", null, END);
  const empty = await edit("empty", null, undefined);
  const copy = await edit("copy", null, "__copy__");
  const copyWithUpdates = await edit("copy-updates", [[{ x: 5 }, "b"]], "__copy__");
  const input = await edit("input", { x: 5 }, "__input__");
  // A copy ignores values that are not [values, asNode] pairs.
  const copyIgnoring = (await edit("copy-ignoring", [1, 2], "__copy__")).state;

  const g = graph();
  const t = thread("bulk");
  await g.invoke({ x: 0 }, t);
  const last = await g.bulkUpdateState(t, [
    { updates: [{ values: { x: 100 }, asNode: "a" }, { values: { log: ["z"] }, asNode: "b" }] },
    { updates: [{ values: { x: 1 }, asNode: "c" }] },
  ]);
  const bulk = { state: snapshot(await g.getState(last), lib), history: await history(g, t) };

  const failure = async (f) => {
    try {
      await f();
      return null;
    } catch (e) {
      return e instanceof lib.InvalidUpdateError ? { name: "InvalidUpdateError", message: e.message } : { name: e.name };
    }
  };
  const errors = {
    unknownNode: await failure(() => g.updateState(t, { x: 1 }, "nope")),
    endWithValues: await failure(() => g.updateState(t, { x: 1 }, END)),
    manyWithoutAsNode: await failure(() => g.bulkUpdateState(t, [{ updates: [{ values: { x: 1 } }, { values: { x: 2 }, asNode: "a" }] }])),
    manyCopies: await failure(() => g.bulkUpdateState(t, [{ updates: [{ values: null, asNode: "__copy__" }, { values: null, asNode: "__copy__" }] }])),
    copyOfNothing: await failure(() => g.updateState(thread("none"), null, "__copy__")),
    noSupersteps: await failure(() => g.bulkUpdateState(t, [])),
    noUpdates: await failure(() => g.bulkUpdateState(t, [{ updates: [] }])),
  };
  return { asNode, end, empty, copy, copyWithUpdates, input, copyIgnoring, bulk, errors };
}
