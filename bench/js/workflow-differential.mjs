// Random functional-API workflows (sequential or parallel tasks, an interrupt, the previous
// run's value, several runs per thread, time travel to the first input) on LangGraph.js and
// this package: outputs, resumes and histories must match.
//   node bench/js/workflow-differential.mjs [first seed] [count]   (after `npm ci` in bench/js)
import * as LG from "@langchain/langgraph";
const SS = await import(new URL("../../www/superstep/node.js", import.meta.url));
await SS.init();
function rng(seed) { let s = seed >>> 0; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32); }
async function runOn(lib, seed) {
  const r = rng(seed);
  const { entrypoint, task, MemorySaver, interrupt, Command, getPreviousState } = lib;
  const nTasks = 1 + Math.floor(r() * 3), parallel = r() < 0.5, ask = r() < 0.6, usePrev = r() < 0.5;
  const tasks = Array.from({ length: nTasks }, (_, i) => task(`t${i}`, async (x) => x * (i + 2)));
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (n) => {
    const prev = usePrev ? getPreviousState() ?? 0 : 0;
    const vals = parallel ? await Promise.all(tasks.map((t) => t(n))) : await tasks.reduce(async (acc, t) => [...(await acc), await t(n)], Promise.resolve([]));
    const a = ask ? interrupt(`q${n}`) : 0;
    return vals.reduce((x, y) => x + y, 0) + prev + (typeof a === "number" ? a : 1);
  });
  const cfg = { configurable: { thread_id: "w" } };
  const out = [];
  const runs = 1 + Math.floor(r() * 3);
  for (let i = 0; i < runs; i++) {
    const n = 1 + Math.floor(r() * 5);
    const res = await wf.invoke(n, cfg).catch((e) => ({ error: e.name }));
    out.push(JSON.stringify(res, (k, v) => (k === "id" ? undefined : v)));
    if (ask) out.push(JSON.stringify(await wf.invoke(new Command({ resume: i + 10 }), cfg).catch((e) => ({ error: e.name })), (k, v) => (k === "id" ? undefined : v)));
  }
  const hist = [];
  for await (const s of wf.getStateHistory(cfg)) hist.push([s.metadata.step, s.metadata.source, s.values, s.next, s.tasks.map((t) => t.name)]);
  out.push(JSON.stringify(hist));
  // Time travel to the first input checkpoint and replay.
  const first = [];
  for await (const s of wf.getStateHistory(cfg)) if (s.metadata.step === -1) first.push(s);
  if (first.length) out.push(JSON.stringify(await wf.invoke(null, first[0].config).catch((e) => ({ error: e.name })), (k, v) => (k === "id" ? undefined : v)));
  return out;
}
const [a0, cnt] = [Number(process.argv[2] ?? 1), Number(process.argv[3] ?? 50)];
let bad = 0;
for (let s = a0; s < a0 + cnt; s++) {
  const x = await runOn(LG, s), y = await runOn(SS, s);
  if (JSON.stringify(x) !== JSON.stringify(y)) { bad++; console.log("seed", s, "DIFF"); if (cnt === 1) { console.log(x.join("\n")); console.log("--"); console.log(y.join("\n")); } }
}
console.log(`${cnt - bad}/${cnt} equal`);
