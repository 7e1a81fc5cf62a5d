// A node that takes a resume value from interrupt() and then throws: LangGraph.js streams
// an empty update for it ({node: {}}), as the resume it saves comes before its error,
// whether its error handler takes over or the run fails. A failure without a resume, and
// a resumed node that pauses again, stream none.
import { errorName, thread } from "./_support.mjs";
export const name = "a resumed node that fails streams an empty update";
export const features = ["interrupts", "errors", "streaming", "resume"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = (options, again = false) =>
    new StateGraph(S)
      .addNode("ask", () => {
        const answer = interrupt("ok?");
        if (again) interrupt(`and ${answer}?`);
        throw new TypeError(`no ${answer}`);
      }, options)
      .addNode("plain", () => ({ log: ["plain"] }))
      .addEdge(START, "ask")
      .addEdge(START, "plain")
      .compile({ checkpointer: new MemorySaver() });
  const updates = async (g, t, input) => {
    const chunks = [];
    try {
      for await (const c of await g.stream(input, { ...t, streamMode: "updates" })) {
        chunks.push("__interrupt__" in c ? { __interrupt__: c.__interrupt__.map((i) => i.value) } : c);
      }
    } catch (e) {
      chunks.push({ error: errorName(e, lib) });
    }
    return chunks;
  };
  const out = {};
  for (const [label, options, again] of [
    ["unhandled", {}, false],
    ["handled", { errorHandler: (s, e) => ({ log: [`handled ${e.error?.name}`] }) }, false],
    ["asks again", {}, true],
  ]) {
    const g = build(options, again);
    const t = thread(label);
    out[label] = { first: await updates(g, t, { log: [] }), resumed: await updates(g, t, new Command({ resume: "yes" })) };
  }
  return out;
}
