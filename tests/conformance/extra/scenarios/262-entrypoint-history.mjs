// A workflow's (entrypoint's) checkpoints: the input checkpoint already has the workflow
// next (no __start__ step), and its steps, history, time travel and checkpoint and task
// events are numbered and shaped as LangGraph.js's.
import { out, thread } from "./_support.mjs";
export const name = "entrypoint history, steps and task events";
export const features = ["functional-api", "history", "interrupt", "streaming", "time-travel"];
export const requires = ["entrypoint", "task"];
export async function run(lib) {
  const { entrypoint, task, MemorySaver, interrupt, Command } = lib;
  const add = task("add", async (x) => x + 1);
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (n) => {
    const a = await add(n);
    return a + (interrupt("ok?") === "yes" ? 100 : 0);
  });
  const t = thread("wf");
  // Keys sorted, ids and configs dropped: what a checkpoint or task event says.
  const event = ([mode, data]) => {
    if (mode === "checkpoints") return [mode, { values: out(data.values), step: data.metadata.step, source: data.metadata.source, next: data.next, tasks: data.tasks.map((k) => k.name) }];
    const { name, input, triggers, result, interrupts } = data;
    return [mode, JSON.parse(JSON.stringify({ name, input, triggers, result, interrupts: interrupts.map((i) => i.value) }))];
  };
  const runs = [];
  for (const input of [1, new Command({ resume: "yes" }), 7]) {
    const events = [];
    for await (const c of await wf.stream(input, { ...t, streamMode: ["checkpoints", "tasks"] })) events.push(event(c));
    runs.push(events);
  }
  const history = [];
  for await (const s of wf.getStateHistory(t)) history.push([s.metadata.step, s.metadata.source, out(s.values), s.next]);
  // Back to the input checkpoint of the first run: the workflow runs again from its argument.
  let first;
  for await (const s of wf.getStateHistory(t)) if (s.metadata.step === -1) first = s;
  const replay = out(await wf.invoke(null, first.config));
  const resumed = out(await wf.invoke(new Command({ resume: "no" }), t));
  return { runs, history, replay, resumed };
}
