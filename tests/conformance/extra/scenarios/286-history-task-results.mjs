// History shows what each task wrote, stored with the checkpoint it ran from (a task's
// `result`): a fan-out by Send, a task that paused and then answered, a task that failed
// and then ran again, and a copy with updates, whose updates are saved as the copy's
// tasks' results.
import { errorName, out, thread } from "./_support.mjs";
export const name = "task results in history";
export const features = ["persistence", "time-travel", "send", "interrupts"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, Send, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  let failing = true;
  const g = new StateGraph(S)
    .addNode("fan", () => ({ n: 1 }))
    .addNode("work", (s) => ({ log: [`w${s.i}`] }))
    .addNode("ask", () => ({ log: [`ask:${interrupt("ok?")}`] }))
    .addNode("flaky", () => {
      if (failing) throw new Error("boom");
      return { log: ["flaky"] };
    })
    .addEdge(START, "fan")
    .addConditionalEdges("fan", () => [new Send("work", { i: 1 }), new Send("work", { i: 2 }), "ask"])
    .addEdge("ask", "flaky")
    .addEdge("flaky", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("results");
  await g.invoke({ log: ["in"] }, t);
  let failed = null;
  try {
    await g.invoke(new Command({ resume: "yes" }), t);
  } catch (e) {
    failed = errorName(e, lib);
  }
  failing = false;
  await g.invoke(null, t);
  const history = async () => {
    const rows = [];
    for await (const s of g.getStateHistory(t)) {
      const tasks = s.tasks.map((x) => ({
        name: x.name,
        result: x.result ?? null,
        interrupts: x.interrupts.map((i) => i.value),
        error: x.error ? errorName(x.error, lib) : null,
      }));
      tasks.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      rows.push({ step: s.metadata.step, source: s.metadata.source, tasks });
    }
    return rows;
  };
  const before = await history();
  // Copy the checkpoint that ran `flaky` with an update as flaky: the copy's task shows it.
  const all = [];
  for await (const s of g.getStateHistory(t)) all.push(s);
  const ranFlaky = all.find((s) => s.next.includes("flaky"));
  const copied = await g.updateState(ranFlaky.config, [[{ log: ["copied"] }, "flaky"]], "__copy__");
  const after = await history();
  return { failed, before, after: after.slice(0, 3), final: out((await g.getState(copied)).values) };
}
