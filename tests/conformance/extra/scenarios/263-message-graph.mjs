// LangGraph.js's (deprecated) MessageGraph: the state is the message list. Nodes and
// routers get the list, a node's message (or list) is appended by the messages reducer,
// invoke and values chunks give the list, an updates chunk what the node returned, and
// getState and updateState work on the list.
import { msg, thread } from "./_support.mjs";
export const name = "MessageGraph: a message-list state";
export const features = ["messages", "reducers", "streaming", "update-state", "conditional-edges"];
export const requires = ["MessageGraph"];
export async function run(lib) {
  const { MessageGraph, START, END, MemorySaver } = lib;
  const g = new MessageGraph()
    .addNode("a", (msgs) => ({ role: "ai", content: `a saw ${msgs.length}` }))
    .addNode("b", async (msgs) => [{ role: "ai", content: `b after ${msgs.at(-1).content}` }, { role: "user", content: "more" }])
    .addEdge(START, "a")
    .addConditionalEdges("a", (msgs) => (msgs.length > 2 ? END : "b"))
    .addEdge("b", "a")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("mg");
  const list = (l) => l.map(msg);
  const first = list(await g.invoke([{ role: "user", content: "hi" }], t));
  const updates = [];
  for await (const c of await g.stream({ role: "user", content: "again" }, { ...t, streamMode: "updates" })) {
    updates.push(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Array.isArray(v) ? list(v) : msg(v)])));
  }
  const values = [];
  for await (const c of await g.stream([{ role: "user", content: "x" }], { ...thread("mg2"), streamMode: "values" })) values.push(list(c));
  const state = await g.getState(t);
  await g.updateState(t, { role: "user", content: "edited" }, "a");
  const edited = list((await g.getState(t)).values);
  return { first, updates, values, state: { values: list(state.values), next: state.next }, edited };
}
