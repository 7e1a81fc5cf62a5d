// What a Command carries: any resume but null resumes (an empty list or object too, and
// falsy values); an update or goto with nothing in it writes nothing, so is an empty input.
import { out, thread, outcome } from "./_support.mjs";
export const name = "empty command payloads";
export const features = ["interrupts", "checkpointer", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ got: Annotation() });
  const resumed = {};
  for (const [label, value] of [["list", []], ["object", {}], ["text", ""], ["false", false]]) {
    const g = new StateGraph(S).addNode("ask", () => ({ got: interrupt("q") })).addEdge(START, "ask").addEdge("ask", END)
      .compile({ checkpointer: new MemorySaver() });
    const t = thread(`resume-${label}`);
    await g.invoke({}, t);
    resumed[label] = out(await g.invoke(new Command({ resume: value }), t));
  }
  const g = new StateGraph(S).addNode("n", () => ({ got: 1 })).addEdge(START, "n").addEdge("n", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("empty");
  await g.invoke({}, t);
  const empty = {};
  for (const [label, cmd] of [["update {}", { update: {} }], ["update []", { update: [] }], ["goto []", { goto: [] }], ["nothing", {}]]) {
    empty[label] = await outcome(lib, async () => out(await g.invoke(new Command(cmd), t)));
  }
  return { resumed, empty };
}
