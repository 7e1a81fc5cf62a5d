// Subgraphs called inside a node, across a resume and a retry, as LangGraph.js runs them:
// a call that finished before its node paused is not run again when the node resumes (it hands
// back its stored result, per invocation or per thread); a node's calls get namespaces by call
// order, so two per-thread subgraphs (or one, twice) keep a state each; and a retry numbers its
// calls on from the failed attempt's.
import { out, ns, snapshot, thread } from "./_support.mjs";
export const name = "subgraph calls across resume and retry";
export const features = ["subgraphs", "interrupts", "checkpointer", "retry"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), q: Annotation() });
  const runs = [];
  const child = (tag, options) =>
    new StateGraph(S)
      .addNode("c1", (s) => {
        runs.push(tag);
        return { log: [tag + ":" + s.q] };
      })
      .addEdge(START, "c1")
      .compile(options);

  // 1. Call, then interrupt: the resumed node gets the finished call's result again.
  const approve = {};
  for (const [mode, options] of [["perInvocation", {}], ["perThread", { checkpointer: true }]]) {
    const sub = child(mode, options);
    const g = new StateGraph(S)
      .addNode("a", async (s) => {
        const r = await sub.invoke({ q: s.q, log: [] });
        const v = interrupt("ok? " + r.log.join(","));
        return { log: [r.log.join(","), v] };
      })
      .addEdge(START, "a").addEdge("a", END)
      .compile({ checkpointer: new MemorySaver() });
    const t = thread("approve-" + mode);
    const steps = [];
    for (const [input, resume] of [[{ q: "x" }, "yes"], [{ q: "y" }, "no"]]) {
      const chunks = [];
      for await (const [namespace, c] of await g.stream(input, { ...t, streamMode: "updates", subgraphs: true })) chunks.push([ns(namespace), out(c)]);
      const paused = snapshot(await g.getState(t, { subgraphs: true }), lib);
      const resumed = [];
      for await (const [namespace, c] of await g.stream(new Command({ resume }), { ...t, streamMode: "updates", subgraphs: true })) resumed.push([ns(namespace), out(c)]);
      steps.push({ chunks, paused, resumed, runs: runs.length });
    }
    approve[mode] = { steps, final: out((await g.getState(t)).values) };
  }

  // 2. Two per-thread subgraphs with the default name in one node, and one called twice.
  const twoCalls = {};
  for (const same of [false, true]) {
    const fruit = child("fruit", { checkpointer: true });
    const veg = same ? fruit : child("veg", { checkpointer: true });
    const g = new StateGraph(S)
      .addNode("a", async (s) => {
        const r1 = await fruit.invoke({ q: s.q, log: [] });
        const r2 = await veg.invoke({ q: s.q, log: [] });
        return { log: [r1.log.join(","), r2.log.join(",")] };
      })
      .addEdge(START, "a").addEdge("a", END)
      .compile({ checkpointer: new MemorySaver() });
    const t = thread("two-" + same);
    await g.invoke({ q: "x" }, t);
    twoCalls[same ? "sameTwice" : "twoGraphs"] = out((await g.invoke({ q: "y" }, t)).log);
  }

  // 3. A retried node calls its subgraph again under the next number.
  const retried = {};
  for (const [mode, options] of [["perInvocation", {}], ["perThread", { checkpointer: true }]]) {
    const sub = child("r-" + mode, options);
    let attempts = 0;
    const g = new StateGraph(S)
      .addNode("a", async (s) => {
        const r = await sub.invoke({ q: s.q, log: [] });
        if (++attempts % 2 === 1) throw new RangeError("flaky");
        return { log: [r.log.join(",")] };
      }, { retryPolicy: { maxAttempts: 2, initialInterval: 1, jitter: false, logWarning: false } })
      .addEdge(START, "a").addEdge("a", END)
      .compile({ checkpointer: new MemorySaver() });
    const t = thread("retry-" + mode);
    const before = runs.length;
    const logs = [];
    for (const q of ["x", "y"]) logs.push(out((await g.invoke({ q }, t)).log));
    retried[mode] = { logs, runs: runs.length - before };
  }
  return { approve, twoCalls, retried, runs };
}
