// Overwrite inside a Command update and inside updateState replaces a reduced list.
import { out, thread } from "./_support.mjs";
export const name = "overwrite in command and updateState";
export const features = ["reducers", "command", "update-state"];
export const requires = ["Overwrite"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, Overwrite } = lib;
  const S = Annotation.Root({ items: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("add", () => ({ items: ["x"] }))
    .addNode("reset", () => new Command({ update: { items: new Overwrite(["fresh"]) }, goto: "tail" }), { ends: ["tail"] })
    .addNode("tail", () => ({ items: ["t"] }))
    .addEdge(START, "add").addEdge("add", "reset").addEdge("tail", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("ow");
  const result = out(await g.invoke({ items: ["in"] }, t));
  await g.updateState(t, { items: new Overwrite(["edited"]) });
  const edited = out((await g.getState(t)).values);
  await g.updateState(t, { items: ["more"] });
  const appended = out((await g.getState(t)).values);
  return { result, edited, appended };
}
