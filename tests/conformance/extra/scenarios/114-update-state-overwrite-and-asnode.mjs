// updateState through reducers, with Overwrite, and with asNode choosing what runs next.
import { thread, snapshot } from "./_support.mjs";
export const name = "updateState with reducers, Overwrite and asNode";
export const features = ["update-state", "checkpointer", "reducers"];
export const requires = ["Overwrite"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Overwrite } = lib;
  const State = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge("a", "b").addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const cfg = thread("us");
  await g.invoke({ log: ["in"] }, cfg);
  await g.updateState(cfg, { log: ["added"] });
  const s1 = snapshot(await g.getState(cfg), lib);
  await g.updateState(cfg, { log: new Overwrite(["reset"]) }, "a");
  const s2 = snapshot(await g.getState(cfg), lib);
  const cont = await g.invoke(null, cfg);
  return { s1, s2, cont };
}
