// Importing a pasted document: problems are listed; names with HTML stay text.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fillInput, importDoc, launch, openEditor, waitForDoc } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const payload = "<img src=x onerror=window.__pwned=true>";

test("a pasted document loads; HTML in node names and state stays text", async () => {
  const { page } = await openEditor(context);
  await page.evaluate(() => (window.__pwned = false));
  const doc = {
    format: "superstep.graph", version: 1, name: "xss",
    channels: [{ key: "x" }],
    nodes: [{ id: payload, kind: "set", values: { x: payload } }],
    edges: [{ from: "__start__", to: payload }],
  };
  await importDoc(page, doc);
  await fillInput(page, "{}");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.equal(await page.locator(".canvas img, .state-panel img, .inspector img").count(), 0);
  assert.match(await page.locator(".canvas").innerHTML(), /&lt;img src=x/);
  assert.equal(await page.evaluate(() => window.__pwned), false);
  await page.close();
});

test("an invalid pasted document lists its problems", async () => {
  const { page } = await openEditor(context);
  await page.getByRole("button", { name: "Import a graph document" }).click();
  await page.getByLabel("graph document (JSON)").fill('{"format": "superstep.graph", "version": 1, "name": "bad", "channels": [], "nodes": [{"id": "a", "kind": "warp"}]}');
  await page.getByRole("button", { name: "Load document" }).click();
  await page.waitForSelector('[aria-label="import problems"] .error');
  assert.match(await page.locator('[aria-label="import problems"]').innerText(), /\$\.nodes\[0\]\.kind: unknown node kind "warp"/);
  await page.close();
});

test("a document whose expression nests thousands deep is refused in words, and the editor goes on working", async () => {
  const { page } = await openEditor(context);
  const deep = `${"(".repeat(5000)}1${")".repeat(5000)}`;
  const doc = { format: "superstep.graph", version: 1, name: "deep", channels: [{ key: "x" }], nodes: [{ id: "a", kind: "update", exprs: { x: deep } }], edges: [{ from: "__start__", to: "a" }] };
  await page.getByRole("button", { name: "Import a graph document" }).click();
  await page.getByLabel("graph document (JSON)").fill(JSON.stringify(doc));
  await page.getByRole("button", { name: "Load document" }).click();
  await page.waitForSelector('[aria-label="import problems"] .error');
  assert.match(await page.locator('[aria-label="import problems"]').innerText(), /expression nested more than 64 deep/);
  // Before the limit, parsing it overflowed the wasm's stack and every later call failed.
  await importDoc(page, { ...doc, name: "shallow", nodes: [{ id: "a", kind: "update", exprs: { x: "((1 + 1))" } }] });
  await fillInput(page, "{}");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await page.locator(".state-panel").innerText(), /^x\s*overwrite\s*2$/m);
  await page.close();
});

test("a document's own breakpoints are the run's to start with, and unticking one lets the run through", async () => {
  const { page } = await openEditor(context);
  const doc = {
    format: "superstep.graph", version: 1, name: "stops",
    channels: [{ key: "x" }],
    nodes: [{ id: "a", kind: "set", values: { x: 1 } }, { id: "b", kind: "set", values: { x: 2 } }],
    edges: [{ from: "__start__", to: "a" }, { from: "a", to: "b" }, { from: "b", to: "__end__" }],
    compile: { interruptBefore: ["b"] },
  };
  await page.getByRole("button", { name: "Import a graph document" }).click();
  await page.getByLabel("graph document (JSON)").fill(JSON.stringify(doc));
  await page.getByRole("button", { name: "Load document" }).click();
  await waitForDoc(page, "stops");
  await page.locator('g.node[data-node="b"]').click();
  assert.equal(await page.getByLabel("break before this node").isChecked(), true);
  await fillInput(page, "{}");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Paused/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.getByLabel("break before this node").uncheck();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await page.locator(".state-panel").innerText(), /^x\s*overwrite\s*2$/m);
  await page.close();
});
