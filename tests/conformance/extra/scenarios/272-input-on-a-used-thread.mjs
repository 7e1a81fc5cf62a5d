// Input on a thread that already ran.
// - A Command with an update and a goto continues a finished run: a breakpoint before the
//   goto's node does not stop it (the breakpoints have seen the Command, as a resume), and
//   the history shows the update and goto with the checkpoint they continue (LangGraph's
//   null writes) and in the input checkpoint after it.
// - A new input to a paused run drops its unfinished tasks as if they ran and wrote
//   nothing: a waiting edge whose sources had all finished is consumed, so it fires again
//   once they run again.
// - updateState on an input checkpoint drops the input not yet taken, and infers START as
//   the node that wrote last after a new input.
import { thread } from "./_support.mjs";
export const name = "new input and Command input on a used thread";
export const features = ["command", "breakpoints", "persistence", "time-travel", "edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const node = (name) => () => ({ log: [name] });
  const history = async (g, t) => {
    const out = [];
    for await (const s of g.getStateHistory(t)) out.push([s.metadata.step, s.metadata.source, [...s.next].sort(), s.values.log]);
    return out;
  };
  const out = {};

  const g1 = new StateGraph(S)
    .addNode("a", node("a"))
    .addNode("b", node("b"))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", END)
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["a"] });
  const t1 = thread("command");
  await g1.invoke({ log: [] }, t1);
  await g1.invoke(null, t1);
  out.commandRun = await g1.invoke(new Command({ update: { log: ["cmd"] }, goto: "a" }), t1);
  out.commandHistory = await history(g1, t1);

  const g2 = new StateGraph(S)
    .addNode("a", node("a"))
    .addNode("b", node("b"))
    .addNode("join", node("join"))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge(["a", "b"], "join")
    .addEdge("join", END)
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["join"] });
  const t2 = thread("join");
  await g2.invoke({ log: [] }, t2);
  out.pausedNext = (await g2.getState(t2)).next;
  await g2.invoke({ log: ["again"] }, t2);
  out.afterNewInput = (await g2.getState(t2)).next;
  out.joined = await g2.invoke(null, t2);

  const g3 = new StateGraph(S)
    .addNode("a", node("a"))
    .addNode("b", node("b"))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .compile({ checkpointer: new MemorySaver(), interruptAfter: ["a"] });
  const t3 = thread("edit");
  await g3.invoke({ log: [] }, t3);
  await g3.invoke({ log: ["new"] }, t3);
  const states = [];
  for await (const s of g3.getStateHistory(t3)) states.push(s);
  const input = states.find((s) => s.metadata.source === "input" && s.metadata.step > 0);
  const afterStart = states.find((s) => s.metadata.step === input.metadata.step + 1);
  await g3.updateState(input.config, { log: ["edited input"] }, "a");
  out.inputEdited = (await g3.getState(t3)).next;
  await g3.updateState(afterStart.config, { log: ["edited"] });
  out.inferred = (await g3.getState(t3)).next;
  return out;
}
