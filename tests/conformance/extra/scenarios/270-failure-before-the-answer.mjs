// A paused node that fails on resume before its interrupt() takes the answer: the answer
// is not kept for it (LangGraph.js saves a resume value only once interrupt() takes
// it), so the state lists the node as next, and the next resume's answer is the one
// it gets. Resumed with a single value, and with a map by the interrupt ids the
// state lists (the failed task's too).
import { thread } from "./_support.mjs";
export const name = "a node that fails before taking its answer";
export const features = ["interrupts", "errors", "resume", "persistence"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const out = {};
  for (const byId of [false, true]) {
    let runs = 0;
    const g = new StateGraph(S)
      .addNode("ask", async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 2));
        if (runs === 2) throw new RangeError("not yet");
        return { log: [`answer ${interrupt("ok?")}`] };
      })
      .addNode("other", () => ({ log: ["other"] }))
      .addEdge(START, "ask")
      .addEdge(START, "other")
      .compile({ checkpointer: new MemorySaver() });
    const t = thread(byId ? "map" : "value");
    const resume = async (value) => {
      const s = await g.getState(t);
      const ids = s.tasks.flatMap((x) => x.interrupts.map((i) => i.id));
      return byId ? Object.fromEntries(ids.map((id) => [id, value])) : value;
    };
    const steps = [];
    const look = async () => {
      const s = await g.getState(t);
      steps.push({ values: s.values, next: s.next, tasks: s.tasks.map((x) => [x.name, x.error ? x.error.name : null, x.interrupts.length]) });
    };
    await g.invoke({ log: [] }, t);
    await look();
    try {
      await g.invoke(new Command({ resume: await resume("first") }), t);
    } catch (e) {
      steps.push({ error: e.name });
    }
    await look();
    steps.push({ result: await g.invoke(new Command({ resume: await resume("second") }), t) });
    out[byId ? "byId" : "value"] = steps;
  }
  return out;
}
