// While a superstep is paused on an interrupt, its finished siblings' messages (without ids) each
// get an id of their own in the invoke output and the state, so none replaces another.
import { msg, thread } from "./_support.mjs";
export const name = "messages of a paused superstep's finished tasks";
export const features = ["messages", "interrupts", "parallel"];
export const requires = ["MessagesAnnotation"];
export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, END, MemorySaver, interrupt, Command } = lib;
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", () => ({ messages: [{ role: "assistant", content: "from a" }] }))
    .addNode("b", () => ({ messages: [{ role: "assistant", content: "from b" }] }))
    .addNode("ask", () => ({ messages: [{ role: "user", content: interrupt("?"), id: "m-answer" }] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge(START, "ask")
    .addEdge("a", END).addEdge("b", END).addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("pm");
  const paused = await g.invoke({ messages: [] }, t);
  const state = await g.getState(t);
  const ids = (list) => new Set(list.map((m) => m.id)).size;
  const done = await g.invoke(new Command({ resume: "yes" }), t);
  return {
    paused: paused.messages.map(msg),
    pausedDistinctIds: ids(paused.messages),
    state: state.values.messages.map(msg),
    stateDistinctIds: ids(state.values.messages),
    done: done.messages.map(msg),
    doneDistinctIds: ids(done.messages),
  };
}
