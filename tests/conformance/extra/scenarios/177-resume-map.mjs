// Two parallel interrupts answered at once with a resume map keyed by interrupt id.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "resume map by interrupt id";
export const features = ["interrupts", "command", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("a", () => ({ log: [`a:${interrupt("qa")}`] }))
    .addNode("b", () => ({ log: [`b:${interrupt("qb")}`] }))
    .addNode("c", (s) => ({ log: [`c saw ${s.log.length}`] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge(["a", "b"], "c").addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("rm");
  const first = await g.invoke({ log: [] }, t);
  const ids = {};
  for (const i of first.__interrupt__) ids[i.value] = i.id;
  const partial = out(await g.invoke(new Command({ resume: { [ids.qb]: "B" } }), t));
  const st = snapshot(await g.getState(t), lib);
  const st2 = await g.getState(t);
  const id2 = st2.tasks.flatMap((x) => x.interrupts).map((i) => i.id)[0];
  const done = out(await g.invoke(new Command({ resume: { [id2]: "A" } }), t));
  return { firstCount: first.__interrupt__.length, partial, st, done };
}
