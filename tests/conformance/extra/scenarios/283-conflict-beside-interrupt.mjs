// Two finished tasks write one LastValue key in the superstep where a third pauses in
// interrupt(): LangGraph applies the finished writes to show the paused state, so the run
// fails with InvalidUpdateError when it pauses (in every stream mode), not after the answer.
// getState applies them too, and throws the same error. The writes stay saved: a resume
// meets the conflict again. Writes that agree still pause.
import { errorName, out, thread } from "./_support.mjs";
export const name = "conflicting writes beside an interrupt";
export const features = ["interrupts", "reducers", "errors", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ v: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = (conflict, saved = true) => {
    let g = new StateGraph(S)
      .addNode("a", () => ({ v: "a" }))
      .addNode("ask", () => ({ log: [interrupt("?")] }))
      .addEdge(START, "a")
      .addEdge(START, "ask");
    if (conflict) g = g.addNode("b", () => ({ v: "b" })).addEdge(START, "b");
    return g.compile(saved ? { checkpointer: new MemorySaver() } : {});
  };
  const result = {};
  for (const mode of ["updates", "values", "debug", "tasks"]) {
    const g = build(true);
    const t = thread(`t-${mode}`);
    let ended = "ok";
    try {
      for await (const _ of await g.stream({ log: [] }, { ...t, streamMode: mode }));
    } catch (e) {
      ended = errorName(e, lib);
    }
    let state;
    try {
      state = out((await g.getState(t)).values);
    } catch (e) {
      state = errorName(e, lib);
    }
    let resumed;
    try {
      resumed = out(await g.invoke(new Command({ resume: "x" }), t));
    } catch (e) {
      resumed = errorName(e, lib);
    }
    result[mode] = { ended, state, resumed };
  }
  // Inside a subgraph the stop is the parent's to show: the child's conflict waits for its
  // resume (and for a getState that looks inside it).
  const child = build(true, false);
  const parent = new StateGraph(S)
    .addNode("sub", child)
    .addNode("x", () => ({ log: ["x"] }))
    .addEdge(START, "sub")
    .addEdge(START, "x")
    .compile({ checkpointer: new MemorySaver() });
  const nt = thread("nested");
  const attempt = async (f) => {
    try {
      return out(await f());
    } catch (e) {
      return errorName(e, lib);
    }
  };
  result.nested = {
    paused: await attempt(() => parent.invoke({ log: [] }, nt)),
    state: await attempt(async () => {
      const st = await parent.getState(nt);
      return { values: st.values, next: st.next };
    }),
    inside: await attempt(() => parent.getState(nt, { subgraphs: true })),
    resumed: await attempt(() => parent.invoke(new Command({ resume: "x" }), nt)),
  };
  const fine = build(false);
  const t = thread("agree");
  result.agreeing = out(await fine.invoke({ log: [] }, t));
  result.answered = out(await fine.invoke(new Command({ resume: "x" }), t));
  return result;
}
