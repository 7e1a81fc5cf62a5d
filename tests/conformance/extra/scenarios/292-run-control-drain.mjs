// A RunControl (the seeds' runtime `control`, for graceful shutdown): a node asks
// the run to drain, and the run stops at the next superstep boundary with
// GraphDrained (its reason kept), the checkpoint saved and the next node pending; a
// null input resumes it. A drain asked before the run starts stops it before its
// first superstep; one asked in the last superstep lets the run finish.
import { outcome } from "./_support.mjs";
export const name = "RunControl drains a run at a superstep boundary";
export const features = ["runtime", "checkpointer", "errors"];
export const requires = ["RunControl", "isGraphDrained"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, RunControl } = lib;
  const S = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const node = (name, drain) => (_s, config) => {
    if (drain) config.control.requestDrain(drain);
    return { path: [name] };
  };
  const chain = (drainAt) =>
    new StateGraph(S)
      .addNode("a", node("a"))
      .addNode("b", node("b", drainAt === "b" && "sigterm"))
      .addNode("c", node("c", drainAt === "c" && "late"))
      .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c")
      .compile({ checkpointer: new MemorySaver() });
  const drainedError = async (p) => {
    try {
      return { ok: await p };
    } catch (e) {
      return { error: e.name, reason: e.reason ?? null, isDrained: lib.isGraphDrained(e) };
    }
  };
  const g = chain("b");
  const cfg = { configurable: { thread_id: "drain" } };
  const first = await drainedError(g.invoke({}, cfg));
  const paused = await g.getState(cfg);
  const resumed = await outcome(lib, () => g.invoke(null, cfg));
  const early = chain(null);
  const control = new RunControl();
  control.requestDrain();
  const before = await drainedError(early.invoke({}, { configurable: { thread_id: "early" }, control }));
  const earlyState = await early.getState({ configurable: { thread_id: "early" } });
  const last = await outcome(lib, () => chain("c").invoke({}, { configurable: { thread_id: "last" } }));
  return {
    first,
    paused: { values: paused.values, next: paused.next, step: paused.metadata?.step ?? null },
    resumed,
    before,
    earlyNext: earlyState.next,
    last,
    controlState: [control.drainRequested, control.drainReason],
  };
}
