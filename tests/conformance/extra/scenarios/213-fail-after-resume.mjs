// A node that fails after its interrupt was answered: the snapshot's task keeps the interrupt it raised and the error.
import { capture, snapshot, thread } from "./_support.mjs";
export const name = "failure after a resume";
export const features = ["interrupts", "errors", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", async () => { const v = interrupt("q"); await new Promise((r) => setTimeout(r, 5)); if (v === "bad") throw new RangeError(v); return { log: [`a:${v}`] }; })
    .addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge("a", END).addEdge("b", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("far");
  await g.invoke({ log: [] }, t);
  const failed = await capture(lib, () => g.invoke(new Command({ resume: "bad" }), t));
  const st = snapshot(await g.getState(t), lib);
  return { failed, st };
}
