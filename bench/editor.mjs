// Editor benchmark: a 200-node graph imported, laid out and rendered (ms, median
// of 5); frame intervals (median and p95, ms) while dragging a node and panning
// it; and the longest main-thread task while it runs 200 supersteps (ms).
// Needs SUPERSTEP_URL (cargo xtask bench serves the editor and sets it).
import { chromium } from "../tests/node_modules/playwright-core/index.mjs";
import { writeFileSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(process.env.SUPERSTEP_URL);
await page.waitForSelector('main[data-ready="true"]');
const n = 200;
const doc = (name) => ({
  format: "superstep.graph", version: 1, name,
  channels: [{ key: "i", default: 0 }],
  compile: { recursionLimit: 250 },
  nodes: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, kind: "update", exprs: { i: "i + 1" } })),
  edges: Array.from({ length: n }, (_, i) => ({ from: i ? `n${i - 1}` : "__start__", to: `n${i}` })),
});
const renders = [];
for (let r = 0; r < 5; r++) {
  await page.getByRole("button", { name: "Import a graph document" }).click();
  await page.getByLabel("graph document (JSON)").fill(JSON.stringify(doc(`big${r}`)));
  const ms = await page.evaluate(async (name) => {
    const t0 = performance.now();
    document.querySelector('[aria-label="Load document"]').click();
    while (document.querySelector(".doc-name")?.textContent !== name || document.querySelectorAll("g.node").length < 201) {
      await new Promise((res) => requestAnimationFrame(res));
    }
    return performance.now() - t0;
  }, `big${r}`);
  renders.push(ms);
}
renders.sort((a, b) => a - b);
// Frame timing while a person drags a node and pans the 200-node graph.
async function frames(gesture) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    window.__rec = true;
    const loop = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (window.__rec) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await gesture();
  const f = await page.evaluate(() => ((window.__rec = false), window.__frames.slice(1)));
  f.sort((a, b) => a - b);
  return { median: +f[Math.floor(f.length / 2)].toFixed(1), p95: +f[Math.floor(f.length * 0.95)].toFixed(1), frames: f.length };
}
async function sweep(from, dx, dy) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) await page.mouse.move(from.x + (dx * i) / 60, from.y + (dy * i) / 60);
  await page.mouse.up();
}
const nb = await page.locator('g.node[data-node="n3"] rect').boundingBox();
const dragFrames = await frames(() => sweep({ x: nb.x + nb.width / 2, y: nb.y + nb.height / 2 }, 200, 40));
const cb = await page.locator(".canvas").boundingBox();
const panFrames = await frames(() => sweep({ x: cb.x + 20, y: cb.y + cb.height - 20 }, 150, -200));
await page.locator(".input-json summary").click();
await page.getByLabel("graph input (JSON)").fill("{}");
const run = await page.evaluate(async () => {
  let worst = 0;
  const obs = new PerformanceObserver((l) => l.getEntries().forEach((e) => (worst = Math.max(worst, e.duration))));
  obs.observe({ type: "longtask" });
  const t0 = performance.now();
  document.querySelector('[aria-label="Run to end (F5)"]').click();
  while (!/Done|Error/.test(document.querySelector(".status").textContent)) await new Promise((r) => setTimeout(r, 20));
  obs.disconnect();
  return { worst, ms: performance.now() - t0, status: document.querySelector(".status").textContent };
});
const out = { renderMs200: Math.round(renders[2]), dragFrameMs200: dragFrames, panFrameMs200: panFrames, runMs200Steps: Math.round(run.ms), longestTaskMs: Math.round(run.worst), status: run.status };
console.log(JSON.stringify(out));
mkdirSync(join(root, "target/bench"), { recursive: true });
writeFileSync(join(root, "target/bench/editor.json"), JSON.stringify(out, null, 2));
await browser.close();
