// Forking: updateState on an old checkpoint, then running the fork; the history of both branches.
import { out, snapshot, thread } from "./_support.mjs";
export const name = "fork and history";
export const features = ["history", "fork", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ topic: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("plan", (s) => ({ log: [`plan ${s.topic}`] })).addNode("write", (s) => ({ log: [`write ${s.topic}`] }))
    .addEdge(START, "plan").addEdge("plan", "write").addEdge("write", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("fork");
  await g.invoke({ topic: "cats" }, t);
  const history = [];
  for await (const s of await g.getStateHistory(t)) history.push(s);
  const beforeWrite = history.find((s) => s.next.length === 1 && s.next[0] === "write");
  const forkConfig = await g.updateState(beforeWrite.config, { topic: "dogs" });
  const forked = snapshot(await g.getState(forkConfig), lib);
  const result = out(await g.invoke(null, forkConfig));
  const after = [];
  for await (const s of await g.getStateHistory(t)) after.push(snapshot(s, lib));
  return { forked, result, latest: snapshot(await g.getState(t), lib), count: after.length, sources: after.map((s) => s.source), steps: after.map((s) => s.step) };
}
