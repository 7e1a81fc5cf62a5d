// IndexedDBSaver benchmark, in Chromium. Two threads grow to 1,000 turns: a
// counter (its state stays one number while its history grows) and a chat (a
// messages list that grows with it). At 100 and at 1,000 turns it times an
// invoke (mean of the last 20 turns), getState and getStateHistory({ limit: 2 })
// (medians of 5), in ms. A saver that reads only what a checkpoint needs keeps
// the counter flat (a ratio near 1) and the chat near its state's own growth.
// Needs SUPERSTEP_URL (cargo xtask bench serves the repository and sets it).
import { chromium } from "../tests/node_modules/playwright-core/index.mjs";
import { writeFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const profile = mkdtempSync(join(tmpdir(), "superstep-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await context.newPage();
await page.goto(new URL("tests/e2e/harness.html", process.env.SUPERSTEP_URL).href);
await page.waitForFunction(() => window.superstep);
const out = await page.evaluate(async () => {
  const { StateGraph, MessagesAnnotation, Annotation, START, IndexedDBSaver } = window.superstep;
  const saver = new IndexedDBSaver({ name: "bench-indexeddb" });
  const median = async (f) => {
    const t = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await f();
      t.push(performance.now() - t0);
    }
    return +t.sort((a, b) => a - b)[2].toFixed(2);
  };
  async function grow(graph, input) {
    const config = { configurable: { thread_id: "t" } };
    const marks = {};
    let window0 = 0;
    for (let turn = 1; turn <= 1000; turn++) {
      if (turn % 100 === 81) window0 = performance.now();
      await graph.invoke(input(turn), config);
      if (turn === 100 || turn === 1000) {
        const invokeMs = +((performance.now() - window0) / 20).toFixed(2);
        const getStateMs = await median(() => graph.getState(config));
        const historyMs = await median(async () => {
          for await (const _ of graph.getStateHistory(config, { limit: 2 }));
        });
        marks[turn] = { invokeMs, getStateMs, historyMs };
      }
    }
    const ratio = (k) => +(marks[1000][k] / marks[100][k]).toFixed(1);
    return { turns100: marks[100], turns1000: marks[1000], ratio: { invoke: ratio("invokeMs"), getState: ratio("getStateMs"), history: ratio("historyMs") } };
  }
  const Counter = Annotation.Root({ turns: Annotation() });
  const counter = new StateGraph(Counter)
    .addNode("count", (s) => ({ turns: (s.turns ?? 0) + 1 }))
    .addEdge(START, "count")
    .compile({ checkpointer: saver });
  const Chat = Annotation.Root({ ...MessagesAnnotation.spec, turns: Annotation() });
  const chat = new StateGraph(Chat)
    .addNode("bot", (s) => ({ messages: [{ role: "assistant", content: `reply ${s.messages.length}` }], turns: (s.turns ?? 0) + 1 }))
    .addEdge(START, "bot")
    .compile({ checkpointer: saver });
  await saver.deleteThread("t");
  const counterMarks = await grow(counter, () => ({}));
  await saver.deleteThread("t");
  const chatMarks = await grow(chat, (turn) => ({ messages: [{ role: "user", content: `hello ${turn}` }] }));
  return { counter: counterMarks, chat: chatMarks };
});
console.log(JSON.stringify(out));
mkdirSync(join(root, "target/bench"), { recursive: true });
writeFileSync(join(root, "target/bench/indexeddb.json"), JSON.stringify(out, null, 2));
await context.close();
rmSync(profile, { recursive: true, force: true });
