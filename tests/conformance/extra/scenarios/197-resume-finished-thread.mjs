// Command({resume}) sent to a thread with nothing paused, and a second resume after a finished resume.
import { capture, out, snapshot, thread } from "./_support.mjs";
export const name = "resume with nothing paused";
export const features = ["interrupts", "command"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S).addNode("ask", () => ({ log: [`ask:${interrupt("q")}`] })).addNode("z", () => ({ log: ["z"] }))
    .addEdge(START, "ask").addEdge("ask", "z").addEdge("z", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("rf");
  await g.invoke({ log: [] }, t);
  const done = out(await g.invoke(new Command({ resume: "one" }), t));
  const again = await capture(lib, async () => out(await g.invoke(new Command({ resume: "two" }), t)));
  const st = snapshot(await g.getState(t), lib);
  return { done, again, st };
}
