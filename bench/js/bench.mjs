// W1-W6 through the superstep JS API and LangGraph.js, same JS node functions,
// one process per engine run (ours five times, with the median taken); prints
// both and their ratio, writes target/bench/js.json.
//   node bench/js/bench.mjs            (both engines)
//   node bench/js/bench.mjs --child superstep|langgraph   (one engine, JSON on stdout)
import { execFileSync } from "node:child_process";
import { writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");

async function load(engine) {
  const t0 = performance.now();
  if (engine === "superstep") {
    const lib = await import(join(root, "www/superstep/node.js"));
    await lib.init();
    return { lib, importMs: performance.now() - t0, saver: () => new lib.MemorySaver() };
  }
  const lib = await import("@langchain/langgraph");
  return { lib, importMs: performance.now() - t0, saver: () => new lib.MemorySaver() };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(runs, units, f) {
  // Two warm-up runs, so the JIT has settled before timing.
  await f();
  await f();
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    xs.push(((performance.now() - t) * 1000) / units);
  }
  return median(xs);
}

/**
 * Like `time`, for runs that time their own inner part (`f` returns ms). W6
 * seeds up to 100k messages, so the previous run's garbage is collected
 * first rather than charged to this one. (A forced GC slows the next small
 * run, so `time` does not do it.)
 */
async function timeInner(runs, units, f) {
  return (await timeInterleaved(runs, units, [f]))[0];
}

/**
 * Collects the last run's garbage, the engine's included: a wasm object is
 * freed by a FinalizationRegistry callback, which runs in a task of its own
 * after the GC. Without that turn of the event loop, each W6 run at 100k
 * messages left its ~30 MB in the wasm heap (it grew by that much per run),
 * and the next runs paid for the bigger heap in GC pauses.
 */
async function collect() {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 0));
  globalThis.gc?.();
}

/**
 * `timeInner` for several runs compared with each other (W6 at each N): their
 * runs take turns, so a slow spell of this shared machine falls on all of
 * them alike rather than on whichever ran during it.
 */
async function timeInterleaved(runs, units, fs) {
  for (const f of fs) await f();
  const xs = fs.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, f] of fs.entries()) {
      await collect();
      xs[k].push(((await f()) * 1000) / units);
    }
  }
  return xs.map(median);
}

function workloads({ lib, saver }) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const list = () => Annotation({ reducer: (a, b) => a.concat(b), default: () => [] });
  const Count = Annotation.Root({ count: Annotation() });
  const w1 = () => {
    let g = new StateGraph(Count).addEdge(START, "n0");
    for (let i = 0; i < 100; i++) {
      g = g.addNode(`n${i}`, (s) => ({ count: s.count + 1 }));
      if (i > 0) g = g.addEdge(`n${i - 1}`, `n${i}`);
    }
    const c = g.compile();
    return () => c.invoke({ count: 0 }, { recursionLimit: 200 });
  };
  const loop = (checkpointer) =>
    new StateGraph(Count)
      .addNode("tick", (s) => ({ count: s.count + 1 }))
      .addEdge(START, "tick")
      .addConditionalEdges("tick", (s) => (s.count >= 1000 ? END : "tick"))
      .compile(checkpointer ? { checkpointer } : {});
  const w3 = (n) => {
    const S = Annotation.Root({ n: Annotation(), results: list(), total: Annotation() });
    const c = new StateGraph(S)
      .addNode("split", () => ({}))
      .addNode("work", (s) => ({ results: [s.i * 2] }))
      .addNode("reduce", (s) => ({ total: s.results.length }))
      .addEdge(START, "split")
      .addConditionalEdges("split", (s) => Array.from({ length: s.n }, (_, i) => new Send("work", { i })))
      .addEdge("work", "reduce")
      .compile();
    return () => c.invoke({ n });
  };
  const w4 = () => {
    const S = Annotation.Root({ items: list(), count: Annotation() });
    let g = new StateGraph(S).addNode("fan", () => ({})).addNode("join", (s) => ({ count: s.items.length })).addEdge(START, "fan");
    const names = Array.from({ length: 100 }, (_, i) => `p${i}`);
    names.forEach((n, i) => (g = g.addNode(n, () => ({ items: [i] })).addEdge("fan", n)));
    const c = g.addEdge(names, "join").compile();
    return () => c.invoke({});
  };
  // W6: a run of `steps` supersteps appending one message each, after a seed of n messages
  // (streamed as updates, or as the whole state in "values" mode; `read`: the node reads
  // the whole list each step, as an agent sending its history to a model does).
  const w6 = (n, steps, streamMode = "updates", read = false) => {
    const S = Annotation.Root({ messages: list(), step: Annotation() });
    const seed = Array.from({ length: n }, (_, i) => `message ${i}`);
    return async () => {
      const c = new StateGraph(S)
        .addNode("chat", (s) => ({ messages: [`reply ${read ? s.messages.length : s.step}`], step: s.step + 1 }))
        .addEdge(START, "chat")
        .addConditionalEdges("chat", (s) => (s.step >= steps ? END : "chat"))
        .compile({ checkpointer: saver() });
      // Timed from the first step's update to the end: taking the seed in is set-up.
      let first;
      const stream = await c.stream({ messages: seed, step: 0 }, { configurable: { thread_id: "w6" }, recursionLimit: 1000, streamMode });
      for await (const _ of stream) first ??= performance.now();
      return performance.now() - first;
    };
  };
  // W6's graph driven by the stepping API (ours only: LangGraph.js has none). Each
  // step's snapshot carries the task's input and the whole state as JS objects.
  const w6step = (n, steps) => {
    const S = Annotation.Root({ messages: list(), step: Annotation() });
    const seed = Array.from({ length: n }, (_, i) => `message ${i}`);
    return async () => {
      const c = new StateGraph(S)
        .addNode("chat", (s) => ({ messages: [`reply ${s.step}`], step: s.step + 1 }))
        .addEdge(START, "chat")
        .addConditionalEdges("chat", (s) => (s.step >= steps ? END : "chat"))
        .compile({ checkpointer: saver() });
      const stepper = c.stepper({ messages: seed, step: 0 }, { configurable: { thread_id: "w6" }, recursionLimit: 1000 });
      // Timed from the end of the first step: taking the seed in is set-up.
      await stepper.step();
      const first = performance.now();
      while ((await stepper.step()).outcome.kind === "continue");
      return performance.now() - first;
    };
  };
  return { w1, loop, w3, w4, w6, w6step };
}

async function child(engine) {
  const loaded = await load(engine);
  const { lib } = loaded;
  const w = workloads(loaded);
  // Cold start: a 3-node graph's first invoke, after import (measured in its own process).
  const t0 = performance.now();
  const A = lib.Annotation.Root({ x: lib.Annotation() });
  await new lib.StateGraph(A)
    .addNode("a", (s) => ({ x: s.x + 1 })).addNode("b", (s) => ({ x: s.x + 1 })).addNode("c", (s) => ({ x: s.x + 1 }))
    .addEdge(lib.START, "a").addEdge("a", "b").addEdge("b", "c").compile().invoke({ x: 0 });
  const firstInvokeMs = performance.now() - t0;
  const out = { importMs: loaded.importMs, coldStartMs: loaded.importMs + firstInvokeMs };
  out.W1 = await time(31, 101, w.w1());
  const plain = w.loop();
  out.W2 = await time(31, 1001, () => plain.invoke({ count: 0 }, { recursionLimit: 2000 }));
  out.W3x1000 = await time(15, 1000, w.w3(1000));
  out.W3x3000 = await time(7, 3000, w.w3(3000));
  out.W4 = await time(31, 100, w.w4());
  out.W5 = await time(15, 1001, () => w.loop(loaded.saver()).invoke({ count: 0 }, { configurable: { thread_id: "w5" }, recursionLimit: 2000 }));
  // Per loop step: the 499 steps after the first of a 500-step run.
  const sizes = [0, 10000, 100000];
  const w6 = await timeInterleaved(5, 499, sizes.map((n) => w.w6(n, 500)));
  sizes.forEach((n, k) => (out[`W6n${n}`] = w6[k]));
  out.W6values10000 = await timeInner(5, 499, w.w6(10000, 500, "values"));
  out.W6read10000 = await timeInner(5, 499, w.w6(10000, 500, "updates", true));
  if (engine === "superstep") {
    // Per step: the 200 steps after the first of a 200-superstep run (and its final, empty step).
    const steps = await timeInterleaved(5, 200, sizes.map((n) => w.w6step(n, 200)));
    sizes.forEach((n, k) => (out[`W6step${n}`] = steps[k]));
  }
  process.stdout.write(JSON.stringify(out));
}

/**
 * The JS API issue's µs targets, and the LangGraph.js figure it measured for
 * each workload on its machine. This shared machine runs up to twice as slow
 * in some hours, so each of our figures is also shown as it would be on the
 * issue's machine: scaled by how fast LangGraph.js ran the same workload in
 * this run against the figure (the middle of its range).
 */
const TARGETS = { W2: [15, 650], W3x1000: [10, 1200], W3x3000: [10, 2700], W5: [15, 650] };

function targetChecks(ours, theirs) {
  const checks = {};
  if (!Object.keys(theirs).length) return checks;
  console.log(`\n${"target".padEnd(12)} ${"superstep".padStart(12)} ${"speed here".padStart(11)} ${"scaled".padStart(8)} ${"target".padStart(8)}`);
  for (const [k, [target, reference]] of Object.entries(TARGETS)) {
    const speed = reference / theirs[k];
    const scaled = ours[k] * speed;
    checks[k] = { measured: ours[k], machineSpeed: speed, scaled, target, met: scaled <= target };
    console.log(`${k.padEnd(12)} ${ours[k].toFixed(2).padStart(12)} ${(speed.toFixed(2) + "×").padStart(11)} ${scaled.toFixed(2).padStart(8)} ${("≤ " + target).padStart(8)}   ${scaled <= target ? "met" : "missed"}`);
  }
  return checks;
}

function bundleSize() {
  const dir = join(root, "www/superstep");
  // What a browser loads: the wasm and the bundled entry (the glue and lib/ inside it).
  const files = ["wasm/superstep_wasm_bg.wasm", "index.js"];
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
}

async function main() {
  const only = process.argv.includes("--superstep-only");
  const run = (engine) => JSON.parse(execFileSync(process.execPath, ["--expose-gc", "--no-warnings", fileURLToPath(import.meta.url), "--child", engine], { encoding: "utf8", maxBuffer: 1 << 24 }));
  // Ours takes seconds and LangGraph.js minutes: ours runs in five processes,
  // three before LangGraph.js and two after, and each workload takes their
  // median, so one noisy moment on this shared machine does not set a figure.
  const mine = [run("superstep"), run("superstep"), run("superstep")];
  const theirs = only ? {} : run("langgraph");
  mine.push(run("superstep"), run("superstep"));
  const ours = Object.fromEntries(Object.keys(mine[0]).map((k) => [k, median(mine.map((r) => r[k]))]));
  const rows = Object.keys(ours);
  console.log(`${"workload".padEnd(12)} ${"superstep".padStart(12)} ${"LangGraph.js".padStart(13)} ${"ratio".padStart(8)}   unit`);
  for (const k of rows) {
    const unit = k.endsWith("Ms") ? "ms" : k.startsWith("W3") || k === "W4" ? "µs/task" : "µs/step";
    const ratio = theirs[k] ? (theirs[k] / ours[k]).toFixed(1) + "×" : "";
    console.log(`${k.padEnd(12)} ${ours[k].toFixed(2).padStart(12)} ${(theirs[k]?.toFixed(2) ?? "-").padStart(13)} ${ratio.padStart(8)}   ${unit}`);
  }
  const bytes = bundleSize();
  console.log(`package wasm+js, gzipped: ${(bytes / 1024).toFixed(1)} KB`);
  const checks = targetChecks(ours, theirs);
  mkdirSync(join(root, "target/bench"), { recursive: true });
  writeFileSync(join(root, "target/bench/js.json"), JSON.stringify({ superstep: ours, langgraphjs: theirs, packageGzipBytes: bytes, targets: checks }, null, 2));
  console.log("wrote target/bench/js.json");
}

if (process.argv[2] === "--child") await child(process.argv[3]);
else await main();
