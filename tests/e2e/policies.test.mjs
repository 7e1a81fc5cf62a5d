// A node's cache and retry policies, set from its panel: the document follows, bad
// text is refused with a reason, and a cached node's second run is a hit.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, openEditor, openExample } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const docOf = async (page) => JSON.parse(await page.locator(".build-panel").getAttribute("data-doc"));
const nodeOf = async (page, id) => (await docOf(page)).nodes.find((n) => n.id === id);

test("a node's cache and retry policies are set from its panel", async () => {
  const { page, errors } = await openEditor(context);
  await openExample(page, "node-cache");
  await page.locator('g.node[data-node="expensive_node"] rect').click();
  const cached = page.getByLabel("cache this node's results");
  const lifetime = page.getByLabel("cache lifetime (seconds)");
  assert.ok(await cached.isChecked());
  assert.equal(await lifetime.inputValue(), "3");
  // Refused with a reason; the document keeps its policy.
  await lifetime.fill("soon");
  await lifetime.press("Tab");
  assert.match(await page.locator(".policies .error").innerText(), /positive number of seconds/);
  assert.deepEqual((await nodeOf(page, "expensive_node")).cache, { ttl: 3 });
  await lifetime.fill("60");
  await lifetime.press("Tab");
  assert.deepEqual((await nodeOf(page, "expensive_node")).cache, { ttl: 60 });
  await cached.uncheck();
  assert.equal((await nodeOf(page, "expensive_node")).cache, undefined);
  assert.equal(await lifetime.count(), 0);
  await cached.check();
  assert.deepEqual((await nodeOf(page, "expensive_node")).cache, {});
  const attempts = page.getByLabel("attempts in all");
  await attempts.fill("3");
  await attempts.press("Tab");
  assert.deepEqual((await nodeOf(page, "expensive_node")).retry, { maxAttempts: 3 });
  await attempts.fill("1");
  await attempts.press("Tab");
  assert.equal((await nodeOf(page, "expensive_node")).retry, undefined);
  // Cached with no expiry: the second run is a hit.
  const run = async () => {
    const before = await page.locator(".threads li.thread").count();
    await page.getByRole("button", { name: "Run to end (F5)" }).click();
    await page.waitForFunction((n) => document.querySelectorAll(".threads li.thread").length > n, before);
  };
  await run();
  await run();
  await page.locator(".timeline button", { hasText: /^1$/ }).first().click();
  await page.locator(".step-panel li.task .tag", { hasText: "cached" }).waitFor();
  // The canvas marks the hit on its node too.
  const node = page.locator('g.node[data-node="expensive_node"]');
  assert.match(await node.getAttribute("class"), /\bcached\b/);
  assert.equal(await node.locator(".node-kind").textContent(), "update · cached");
  assert.deepEqual(errors, []);
  await page.close();
});
