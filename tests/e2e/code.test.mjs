// Untrusted code: an imported document's code runs only after review; it runs
// in a sandbox (an opaque-origin worker) with a time limit, so an endless loop
// times out without freezing the page, and it cannot read the editor's data.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { importDoc, launch, openEditor } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const graph = (name, code) => ({
  format: "superstep.graph", version: 1, name,
  channels: [{ key: "x" }],
  nodes: [{ id: "calc", kind: "code", code }],
  edges: [{ from: "__start__", to: "calc" }, { from: "calc", to: "__end__" }],
  examples: [{ input: { x: 21 }, output: {} }],
});

/** Imports `doc`, runs it, approves its code when asked, and runs it again. */
async function runApproved(page, doc) {
  await importDoc(page, doc);
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.getByRole("button", { name: "Approve code" }).click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
}
const status = (page) => page.locator(".status").innerText();
const state = async (page) => JSON.parse(await page.locator("[aria-label=state]").getAttribute("data-state"));
const finished = (page) => page.waitForFunction(() => /Done|Error/.test(document.querySelector(".status")?.textContent), null, { timeout: 15000 });

/** Retries the thread from its last checkpoint; the calc node then finishes the run at x = 22. */
async function retryToDone(page, errors) {
  await page.getByRole("button", { name: "Retry", exact: true }).click();
  await finished(page);
  assert.equal(await status(page), "Done.");
  assert.equal((await state(page)).x, 22);
  assert.deepEqual(errors, []);
  await page.close();
}

test("an imported document's code does not run before it is approved; the approval is remembered", async () => {
  const { page, errors } = await openEditor(context);
  await page.evaluate(() => (window.__ran = 0));
  await importDoc(page, graph("doubler", "self.__ran = 1; return { x: state.x * 2 };"));
  assert.match(await status(page), /contains code: review it/);
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  assert.match(await status(page), /not been approved/);
  assert.equal(await page.locator(".step-chip").count(), 0);
  assert.match(await page.locator('[aria-label="review code"]').innerText(), /node calc[\s\S]*state\.x \* 2/);
  await page.getByRole("button", { name: "Approve code" }).click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await finished(page);
  assert.equal(await status(page), "Done.");
  assert.equal((await state(page)).x, 42);
  assert.equal(await page.evaluate(() => window.__ran), 0, "the code ran elsewhere, not in the page");
  // After a reload the approval still holds for this version of the code.
  await page.waitForTimeout(700);
  await page.reload();
  await page.waitForSelector('main[data-ready="true"]');
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await finished(page);
  assert.equal((await state(page)).x, 42);
  // The same name with other code is another document: it asks again.
  await importDoc(page, { ...graph("doubler", "return { x: 0 };"), name: "doubler v2" });
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  assert.match(await status(page), /not been approved/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("an endless loop in a code node times out on that node; the page stays responsive and the thread resumable", async () => {
  const { page, errors } = await openEditor(context);
  await runApproved(page, graph("spinner", "while (true) {}"));
  // While the loop spins, the page answers at once and its UI still works.
  const t0 = Date.now();
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  await page.locator(".input-json summary").click();
  assert.ok(Date.now() - t0 < 1000, `the page answered in ${Date.now() - t0} ms`);
  await finished(page);
  assert.match(await status(page), /Error: .*calc.*timed out after 2000 ms/);
  assert.match(await page.locator("g.node[data-node=calc]").getAttribute("class"), /failed/);
  // Fix the code and retry the same thread from its last checkpoint.
  await page.locator('g.node[data-node="calc"] rect').click();
  await page.getByRole("textbox", { name: "node code" }).fill("return { x: state.x + 1 };");
  await page.getByRole("button", { name: "Apply node code" }).click();
  await retryToDone(page, errors);
});

test("a failed thread opened again after a reload shows its failure, and Retry runs it on", async () => {
  const { page, errors } = await openEditor(context);
  await runApproved(page, graph("thrower", 'throw new Error("boom");'));
  await finished(page);
  // Let the workspace's autosave keep the approval, then reload.
  await page.waitForTimeout(700);
  await page.reload();
  await page.waitForSelector('main[data-ready="true"]');
  await page.locator(".thread.current .thread-open").click();
  const panel = page.getByRole("region", { name: "interrupt" });
  await panel.waitFor();
  assert.match(await panel.innerText(), /The run failed: node `calc` failed: boom/);
  assert.match(await status(page), /: error$/);
  // Its newest checkpoint comes into view (the click opens the thread anew): the node that
  // failed after it, on the canvas and in the step panel.
  await page.waitForFunction(() => /failed/.test(document.querySelector("g.node[data-node=calc]")?.getAttribute("class") ?? ""));
  assert.match(await page.locator(".step-panel").innerText(), /calc failed: boom/);
  await page.locator('g.node[data-node="calc"] rect').click();
  await page.getByRole("textbox", { name: "node code" }).fill("return { x: state.x + 1 };");
  await page.getByRole("button", { name: "Apply node code" }).click();
  await retryToDone(page, errors);
});

test("Stop ends a superstep in flight at once; Retry runs it again from the last checkpoint", async () => {
  const { page, errors } = await openEditor(context);
  await runApproved(page, graph("sleeper", "return new Promise((r) => setTimeout(() => r({ x: state.x + 1 }), 1500));"));
  await page.waitForTimeout(300);
  const t0 = Date.now();
  await page.getByRole("button", { name: "Stop (Esc)" }).click();
  await page.waitForFunction(() => /Stopped/.test(document.querySelector(".status")?.textContent));
  assert.ok(Date.now() - t0 < 1000, `stopped in ${Date.now() - t0} ms`);
  // The node's late result is dropped: the run stays stopped, the node unfinished.
  await page.waitForTimeout(1700);
  assert.equal(await status(page), "Stopped.");
  assert.equal((await state(page)).x, 21);
  await retryToDone(page, errors);
});

test("a code node cannot read the editor's IndexedDB", async () => {
  const { page } = await openEditor(context);
  // The editor's own databases hold graphs and threads.
  const own = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort());
  assert.ok(own.includes("superstep-workspace"), own.join());
  const probe = `return new Promise((done) => {
    try {
      const r = indexedDB.open("superstep-workspace");
      r.onsuccess = () => done({ x: "read: " + Array.from(r.result.objectStoreNames).join(",") });
      r.onerror = () => done({ x: "denied: " + (r.error && r.error.name) });
    } catch (e) { done({ x: "denied: " + e.name }); }
  });`;
  await runApproved(page, graph("snoop", probe));
  await finished(page);
  const x = (await state(page)).x;
  assert.match(x, /^denied/, x);
  await page.close();
});
