// A node paused in interrupt() behind a breakpoint before it: a resume that also carries
// an update answers it, and the breakpoint does not stop the run again (LangGraph.js
// marks the update as seen by the breakpoints). The update's list items are in the
// state and in the checkpoint the resumed superstep saves.
import { thread } from "./_support.mjs";
export const name = "a resume with an update passes the breakpoint it already passed";
export const features = ["interrupts", "breakpoints", "resume", "command", "persistence"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("first", () => ({ log: ["first"] }))
    .addNode("ask", () => ({ log: [`answer ${interrupt("ok?")}`] }))
    .addNode("last", () => ({ log: ["last"] }))
    .addEdge(START, "first")
    .addEdge("first", "ask")
    .addEdge("ask", "last")
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["ask"] });
  const t = thread("bp");
  const out = [];
  const next = async () => (await g.getState(t)).next;
  await g.invoke({ log: [] }, t);
  out.push(await next());
  await g.invoke(null, t);
  out.push(await next());
  out.push(await g.invoke(new Command({ resume: "yes", update: { log: ["update"] } }), t));
  const history = [];
  for await (const s of g.getStateHistory(t)) history.push([s.metadata.step, s.values.log, s.next]);
  out.push(history);
  return out;
}
