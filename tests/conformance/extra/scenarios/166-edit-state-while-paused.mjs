// Human-in-the-loop edits: updateState while paused at a breakpoint, and while paused inside interrupt(), then continue.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "edit state while paused";
export const features = ["breakpoints", "interrupts", "update-state", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ draft: Annotation(), sent: Annotation(), ok: Annotation() });
  const bp = new StateGraph(S)
    .addNode("write", () => ({ draft: "hello wrld" })).addNode("send", (s) => ({ sent: s.draft }))
    .addEdge(START, "write").addEdge("write", "send").addEdge("send", END)
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["send"] });
  const t = thread("edit");
  await bp.invoke({}, t);
  await bp.updateState(t, { draft: "hello world" });
  const edited = snapshot(await bp.getState(t), lib);
  const sent = out(await bp.invoke(null, t));
  const dyn = new StateGraph(S)
    .addNode("write", () => ({ draft: "v1" }))
    .addNode("review", (s) => ({ ok: `${interrupt(`review ${s.draft}`)} for ${s.draft}` }))
    .addEdge(START, "write").addEdge("write", "review").addEdge("review", END)
    .compile({ checkpointer: new MemorySaver() });
  const t2 = thread("dyn");
  await dyn.invoke({}, t2);
  await dyn.updateState(t2, { draft: "v2" });
  const dynState = snapshot(await dyn.getState(t2), lib);
  const resumed = out(await dyn.invoke(new Command({ resume: "approved" }), t2));
  return { edited, sent, dynState, resumed };
}
