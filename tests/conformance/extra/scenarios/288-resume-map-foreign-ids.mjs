// A resume map is told by its keys' shape: keys of LangGraph's interrupt-id shape (32 hex
// digits) that no task waits on answer nothing, and the task asks again; one other key
// makes the object a plain value.
import { out, thread } from "./_support.mjs";
export const name = "resume map with foreign ids";
export const features = ["interrupts", "checkpointer", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ got: Annotation() });
  const g = new StateGraph(S).addNode("ask", () => ({ got: interrupt("q") })).addEdge(START, "ask").addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("foreign");
  const paused = out(await g.invoke({}, t));
  const foreign = "0123456789abcdef0123456789abcdef";
  const unanswered = out(await g.invoke(new Command({ resume: { [foreign]: "yes" } }), t));
  const plain = out(await g.invoke(new Command({ resume: { [foreign]: "yes", note: 1 } }), t));
  return { paused, unanswered, plain };
}
