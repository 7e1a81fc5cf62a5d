// Deferred nodes (`addNode(name, fn, { defer: true })`): a deferred node runs once nothing else
// is left to run. Unequal branches, Send fan-outs, a full waiting edge, a router and a loop lead
// to one; an interrupt and a breakpoint pause while it waits; an update as a node on a finished
// thread makes it next.
import { out, thread } from "./_support.mjs";
export const name = "deferred nodes";
export const features = ["edges", "send", "interrupts", "breakpoints", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Send, interrupt, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const mark = (n) => () => ({ log: [n] });
  const results = {};
  // (`parallel`: the run is one superstep of several tasks, whose updates may come in any order.)
  const show = async (key, g, input = { log: [] }, t = thread(key), parallel = false) => {
    const steps = [];
    for await (const c of await g.stream(input, { ...t, streamMode: "updates" })) steps.push(Object.keys(c).join("+"));
    if (parallel) steps.sort();
    const s = await g.getState(t);
    (results[key] ??= []).push({ steps, log: out(s.values.log), next: [...s.next] });
  };
  const saver = () => ({ checkpointer: new MemorySaver() });
  const base = () => new StateGraph(S);

  await show("unequal", base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("b2", mark("b2")).addNode("c", mark("c")).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge("a", "b").addEdge("a", "c").addEdge("b", "b2").addEdge("b2", "d").addEdge("c", "d").addEdge("d", END).compile(saver()));
  await show("sends", base().addNode("gen", mark("gen")).addNode("w", (s) => ({ log: ["w" + s.i] })).addNode("r", mark("r"), { defer: true })
    .addEdge(START, "gen").addConditionalEdges("gen", () => [1, 2, 3].map((i) => new Send("w", { i, log: [] }))).addEdge("w", "r").compile(saver()));
  await show("join", base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("x", mark("x")).addNode("x2", mark("x2")).addNode("j", mark("j"), { defer: true })
    .addEdge(START, "a").addEdge(START, "b").addEdge(START, "x").addEdge("x", "x2").addEdge(["a", "b"], "j").compile(saver()));
  await show("router", base().addNode("a", mark("a")).addNode("loop", mark("loop")).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge(START, "loop").addConditionalEdges("a", () => "d")
    .addConditionalEdges("loop", (s) => (s.log.filter((x) => x === "loop").length < 3 ? "loop" : END)).compile(saver()));
  const ask = base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("ask", () => ({ log: ["ask:" + interrupt("ok?")] })).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge(START, "b").addEdge("a", "d").addEdge("b", "ask").addEdge("ask", "d").compile(saver());
  await show("interrupt", ask);
  await show("interrupt", ask, new Command({ resume: "yes" }));
  await show("loop", base().addNode("a", mark("a")).addNode("d", mark("d"), { defer: true }).addNode("e", mark("e"))
    .addEdge(START, "a").addEdge("a", "d").addConditionalEdges("d", (s) => (s.log.filter((x) => x === "d").length < 2 ? "e" : END)).addEdge("e", "d").compile(saver()));
  const upd = base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("c", mark("c")).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", "c").addEdge("a", "d").compile(saver());
  const t = thread("update");
  await show("update", upd, { log: [] }, t);
  await upd.updateState(t, { log: ["u"] }, "c");
  results.update.push({ nextAfterUpdateAsC: [...(await upd.getState(t)).next] });
  await show("update", upd, null, t);
  await upd.updateState(t, { log: ["v"] }, "a");
  results.update.push({ nextAfterUpdateAsA: [...(await upd.getState(t)).next] });
  await show("update", upd, null, t);
  const bp = base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge("a", "b").addEdge(START, "d").compile({ ...saver(), interruptBefore: ["d"] });
  await show("breakpoint", bp);
  await show("breakpoint", bp, null);
  // An update as a source the waiting edge has counted already changes nothing there, so d finishes.
  const seen = base().addNode("a", mark("a")).addNode("b", mark("b")).addNode("j", mark("j")).addNode("d", mark("d"), { defer: true })
    .addEdge(START, "a").addEdge(START, "b").addEdge(["a", "b"], "j").addEdge("a", "d").compile({ ...saver(), interruptBefore: ["j"] });
  const ts = thread("seen");
  await show("seenSource", seen, { log: [] }, ts);
  await seen.updateState(ts, { log: ["u"] }, "a");
  results.seenSource.push({ nextAfterUpdateAsA: [...(await seen.getState(ts)).next].sort() });
  await show("seenSource", seen, null, ts, true);
  return results;
}
