// Run controls and panels: Play/Pause, comparing two steps, deleting a thread, stepping by hand (its
// checkpoints listed at once, a thread left paused),
// an imported, edited graph surviving a reload, and a superstep refused at the barrier reopened as failed.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fillInput, importDoc, launch, openEditor } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const status = (page) => page.locator(".status").innerText();

test("Play steps on its own, Pause stops it, Play finishes", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "remaining-steps" }).first().click();
  await page.getByLabel("play speed (ms per superstep)").fill("300");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll(".step-chip").length >= 2);
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page.waitForTimeout(700);
  const paused = await page.locator(".step-chip").count();
  await page.waitForTimeout(700);
  assert.equal(await page.locator(".step-chip").count(), paused, "no steps while paused");
  assert.doesNotMatch(await status(page), /Done/);
  await page.getByLabel("play speed (ms per superstep)").fill("50");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.close();
});

test("the state can be compared with any earlier step", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  const counter = page.getByLabel("step counter");
  assert.equal(await counter.innerText(), "step — / limit 25", "no step before a run");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await counter.innerText(), /^step \d+ \/ limit 25$/);
  await page.getByLabel("compare with step").selectOption({ label: "0" });
  const diff = await page.locator("table.diff").innerText();
  assert.match(diff, /foo\s+1\s+2/);
  assert.match(diff, /bar\s+\["hi"\]\s+\["hi","bye"\]/);
  await page.close();
});

test("the storage figure grows as a run stores its thread", async () => {
  const { page } = await openEditor(context);
  const used = page.getByLabel("storage used");
  await page.waitForFunction(() => /KB stored/.test(document.querySelector('[aria-label="storage used"]')?.textContent ?? ""));
  const kb = async () => parseFloat(await used.innerText());
  const before = await kb();
  await page.locator(".example", { hasText: "support-agent" }).first().click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForSelector(".interrupt-panel");
  await page.waitForFunction((b) => parseFloat(document.querySelector('[aria-label="storage used"]').textContent) > b, before);
  assert.ok((await kb()) > before);
  await page.close();
});

test("a thread can be deleted from the list", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "command" }).first().click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.waitForSelector(".thread.current");
  const id = await page.locator(".thread.current .thread-open").innerText();
  await page.locator(".thread.current").getByRole("button", { name: "Delete thread" }).click();
  await page.waitForFunction((t) => ![...document.querySelectorAll(".thread-open")].some((b) => b.textContent === t), id);
  await page.close();
});

test("an imported and edited graph is still open after a reload", async () => {
  const { page } = await openEditor(context);
  await page.getByRole("button", { name: "New graph" }).click();
  await page.getByLabel("new state key").fill("kept");
  await page.getByRole("button", { name: "Add state key" }).click();
  await page.getByRole("button", { name: "add set node" }).click();
  await page.waitForTimeout(700); // the autosave is debounced (300 ms)
  await page.reload();
  await page.waitForSelector('g.node[data-node="set_1"]');
  assert.equal(await page.locator(".doc-name").innerText(), "untitled");
  assert.equal(await page.getByLabel("state key kept").count(), 1);
  await page.close();
});

test("a thread stepped by hand and left is listed as paused after a reload, and continues", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
  // A superstep is shown once its checkpoint is stored.
  await page.waitForSelector(".step-chip");
  await page.reload();
  await page.waitForSelector(".thread.current");
  // Stored as "running" when its checkpoint was saved; nothing runs it now.
  assert.equal(await page.locator(".thread.current .thread-status").innerText(), "paused");
  const threads = await page.locator(".thread").count();
  const id = await page.locator(".thread.current .thread-open").innerText();
  await page.locator(".thread.current .thread-open").click();
  // The thread itself goes on, from where it was left: no new thread. Step takes one superstep of it, Run the rest.
  const panel = page.getByRole("region", { name: "interrupt" });
  assert.match(await panel.innerText(), /Paused before the next superstep/);
  await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
  await page.waitForSelector(".step-chip");
  assert.equal(await page.locator(".thread.current .thread-open").innerText(), id);
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.waitForFunction(() => document.querySelector(".thread.current .thread-status")?.textContent === "done");
  assert.equal(await page.locator(".thread.current .thread-open").innerText(), id);
  assert.equal(await page.locator(".thread").count(), threads);
  assert.match(await page.locator(".state-panel").innerText(), /bye/);
  await page.close();
});

test("stepping by hand lists each checkpoint as it is made, so Back and a fork work mid-run", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  for (const n of [1, 2]) {
    await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
    await page.waitForFunction((k) => document.querySelectorAll(".step-chip").length === k, n);
  }
  // The input's checkpoint, then one per superstep: step -1, 0 and 1.
  await page.waitForFunction(() => document.querySelectorAll(".checkpoint").length === 3);
  await page.getByRole("button", { name: "Step back (Shift+Space)" }).click();
  assert.match(await page.locator(".checkpoint.picked").innerText(), /^step 0 ·/);
  await page.getByLabel("edited state (JSON)").fill('{"foo": 7, "bar": ["mid-run"]}');
  await page.getByRole("button", { name: "Fork and continue" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await page.locator(".state-panel").innerText(), /mid-run/);
  await page.close();
});

test("a superstep whose writes conflict beside an interrupt is listed and reopened as failed after a reload", async () => {
  const { page } = await openEditor(context);
  const doc = {
    format: "superstep.graph", version: 1, name: "clash",
    channels: [{ key: "v" }, { key: "log", reducer: "append" }],
    nodes: [{ id: "a", kind: "set", values: { v: 1 } }, { id: "b", kind: "set", values: { v: 2 } }, { id: "ask", kind: "interrupt", key: "log", prompt: "ok?" }],
    edges: [{ from: "__start__", to: "a" }, { from: "__start__", to: "b" }, { from: "__start__", to: "ask" }],
  };
  await importDoc(page, doc);
  await fillInput(page, "{}");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  // As in LangGraph, the run fails as it pauses: a and b both write `v`.
  await page.waitForFunction(() => /Error: invalid update for channel `v`/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.waitForFunction(() => document.querySelector(".thread.current .thread-status")?.textContent === "error");
  await page.reload();
  await page.waitForSelector(".thread.current");
  assert.equal(await page.locator(".thread.current .thread-status").innerText(), "error");
  const panel = page.getByRole("region", { name: "interrupt" });
  await page.waitForFunction(() => /The run failed: invalid update/.test(document.querySelector('[aria-label="interrupt"]')?.textContent ?? ""));
  assert.doesNotMatch(await panel.innerText(), /The run asks/);
  // Retrying meets the same conflict: the writes were kept.
  await page.getByRole("button", { name: "Retry", exact: true }).click();
  await page.waitForFunction(() => /Error: invalid update/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.close();
});
