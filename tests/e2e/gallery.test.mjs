// Every example in the gallery loads (node names and state keys fit their boxes, edge labels sit
// apart) and runs in the editor to its documented output; breakpoints toggled on a node pause the run.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, openEditor, waitForDoc } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const dir = new URL("../../www/examples/", import.meta.url);
const names = JSON.parse(readFileSync(new URL("index.json", dir), "utf8"));
const done = (page) => page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));

test("every example runs to its documented output", async () => {
  const { page, errors } = await openEditor(context);
  for (const name of names) {
    const doc = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
    const ex = doc.examples[0];
    await page.locator(".example", { hasText: doc.name }).first().click();
    await waitForDoc(page, name);
    // Every node's name stays inside its box (support-agent has long ones).
    const overflow = await page.$$eval("g.node:not(.terminal)", (gs) =>
      gs.filter((g) => g.querySelector(".node-name").getBBox().width > g.querySelector("rect").getBBox().width).map((g) => g.dataset.node),
    );
    assert.deepEqual(overflow, [], `${name}: names wider than their nodes`);
    // Edge labels do not print over each other (a router's rules sit apart).
    const clash = await page.$$eval("text.edge-label", (ts) => {
      const b = ts.map((t) => [t.textContent, t.getBBox()]);
      const hit = (p, q) => p.x < q.x + q.width - 1 && q.x < p.x + p.width - 1 && p.y < q.y + q.height - 2 && q.y < p.y + p.height - 2;
      return b.flatMap(([n, p], i) => b.slice(i + 1).filter(([, q]) => hit(p, q)).map(([m]) => `${n} / ${m}`));
    });
    assert.deepEqual(clash, [], `${name}: edge labels overlap`);
    // No edge runs through a node it does not join: long edges and loops go around.
    const through = await page.$$eval("g.edge[data-edge] path", (paths) => {
      const boxes = [...document.querySelectorAll("svg.canvas g.node")].map((g) => [g.dataset.node, g.querySelector("rect").getBoundingClientRect()]);
      return paths.flatMap((p) => {
        const [from, to] = p.parentElement.dataset.edge.split(">");
        const m = p.getScreenCTM();
        const len = p.getTotalLength();
        const pts = Array.from({ length: 81 }, (_, k) => p.getPointAtLength((len * k) / 80).matrixTransform(m));
        const inside = (r, q) => q.x > r.left + 1 && q.x < r.right - 1 && q.y > r.top + 1 && q.y < r.bottom - 1;
        return boxes.filter(([id, r]) => id !== from && id !== to && pts.some((q) => inside(r, q))).map(([id]) => `${from}>${to} through ${id}`);
      });
    });
    assert.deepEqual(through, [], `${name}: edges through nodes`);
    // So does every state key in the schema table.
    const cut = await page.$$eval("table.schema td:first-child input", (es) => es.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.value));
    assert.deepEqual(cut, [], `${name}: state keys cut off`);
    await page.getByRole("button", { name: "Run to end (F5)" }).click();
    for (const r of ex.resume ?? []) {
      await page.waitForSelector(".interrupt-panel");
      await page.getByLabel("resume value (JSON)").fill(JSON.stringify(r));
      await page.getByRole("button", { name: "Resume", exact: true }).click();
    }
    await done(page);
    const state = JSON.parse(await page.locator(".state-panel").getAttribute("data-state"));
    for (const [k, v] of Object.entries(ex.output)) assert.deepEqual(state[k], v, `${name}.${k}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a breakpoint toggled on a node pauses before it; Continue goes on", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  await page.locator('g.node[data-node="second"]').click();
  await page.getByLabel("break before this node").check();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForSelector(".interrupt-panel");
  assert.match(await page.locator(".interrupt-panel").innerText(), /Paused before the next superstep/);
  assert.match(await page.locator(".step-panel").innerText(), /paused at a breakpoint/);
  assert.match(await page.locator('g.node[data-node="second"]').getAttribute("class"), /\bnext\b/);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await done(page);
  const state = JSON.parse(await page.locator(".state-panel").getAttribute("data-state"));
  assert.deepEqual(state.bar, ["hi", "bye"]);
  await page.close();
});

test("node-cache: the second run within the policy's ttl is served from the cache, and the step says so", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "node-cache" }).first().click();
  await waitForDoc(page, "node-cache");
  const stepTo = async (n) => {
    while (!(await page.locator(".step-panel .step-title").innerText().catch(() => "")).startsWith(`step ${n} `)) {
      await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
      await page.waitForTimeout(50);
    }
  };
  const task = () => page.locator(".step-panel li.task", { hasText: "expensive_node" });
  await stepTo(1);
  assert.equal(await task().locator(".tag", { hasText: "cached" }).count(), 0);
  await stepTo(2);
  // A new run (the policy's ttl is 3 s): its superstep 1 is a cache hit.
  await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
  await stepTo(1);
  await task().locator(".tag", { hasText: "cached" }).waitFor();
  assert.match(await task().innerText(), /result = 10/);
  // The JS snippet compiles with a cache too, and runs as given.
  await page.getByRole("button", { name: "Use in your app" }).click();
  const code = await page.locator('[aria-label="snippet"]').innerText();
  assert.match(code, /compile\(\{ checkpointer: new MemorySaver\(\), cache: new InMemoryCache\(\) \}\)/);
  const dir = mkdtempSync(join(tmpdir(), "superstep-snippet-"));
  try {
    const file = join(dir, "snippet.mjs");
    writeFileSync(file, code.replace('from "superstep"', `from ${JSON.stringify(new URL("../../www/superstep/node.js", import.meta.url).href)}`));
    assert.match(execFileSync(process.execPath, [file], { encoding: "utf8" }), /result: 10/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.close();
});
