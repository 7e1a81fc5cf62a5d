// Building in the editor: palette, schema keys, rename with validation,
// connect, delete, settings; ten mixed edits undone back to the exact start.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fillSettings, launch, openEditor } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const docOf = async (page) => JSON.parse(await page.locator(".build-panel").getAttribute("data-doc"));

test("ten mixed edits, then undo ten times, give back the exact document; redo replays them", async () => {
  const { page, errors } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  const start = await docOf(page);
  const edits = [
    () => page.getByRole("button", { name: "add set node" }).click(),
    () => page.getByRole("button", { name: "add update node" }).click(),
    async () => {
      await page.getByLabel("new state key").fill("extra");
      await page.getByRole("button", { name: "Add state key" }).click();
    },
    () => page.locator('g.node[data-node="set_1"]').click(),
    async () => {
      await page.getByLabel("node name").fill("greet");
      await page.getByRole("button", { name: "Rename node" }).click();
    },
    () => page.getByLabel("connect to node").selectOption("update_1"),
    async () => {
      await fillSettings(page, '{"values": {"foo": 7}}');
    },
    () => page.getByRole("button", { name: "add interrupt node" }).click(),
    () => page.getByRole("button", { name: "remove key extra" }).click(),
    async () => {
      await page.locator('g.node[data-node="interrupt_1"]').click();
      await page.getByRole("button", { name: "Delete node" }).click();
    },
    () => page.getByRole("button", { name: "add send node" }).click(),
  ];
  for (const e of edits) await e();
  const edited = await docOf(page);
  assert.ok(edited.nodes.some((n) => n.id === "greet"));
  assert.ok(edited.edges.some((e) => e.from === "greet" && e.to === "update_1"));
  assert.notDeepEqual(edited, start);
  // A reserved name is refused with a message.
  await page.locator('g.node[data-node="greet"]').click();
  await page.getByLabel("node name").fill("__end__");
  await page.getByRole("button", { name: "Rename node" }).click();
  assert.match(await page.locator(".status").innerText(), /Refused: `__end__` is reserved/);
  await page.locator(".canvas").click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 10; i++) await page.keyboard.press("Control+z");
  assert.deepEqual(await docOf(page), start);
  for (let i = 0; i < 10; i++) await page.keyboard.press("Control+Shift+z");
  assert.deepEqual(await docOf(page), edited);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a new graph shows its problems live, exports Mermaid and a JS snippet", async () => {
  const { page } = await openEditor(context);
  await page.getByRole("button", { name: "New graph" }).click();
  await page.getByLabel("new state key").fill("x");
  await page.getByRole("button", { name: "Add state key" }).click();
  await page.getByRole("button", { name: "add update node" }).click();
  assert.match(await page.locator('[aria-label="problems"]').innerText(), /no entry point|not reachable/);
  await page.locator('g.node[data-node="update_1"]').click();
  await page.getByRole("button", { name: "Export Mermaid" }).click();
  await page.getByRole("button", { name: "Use in your app" }).click();
  const code = await page.locator('[aria-label="snippet"]').innerText();
  assert.match(code, /StateGraph\.fromJSON\(doc/);
  // No node has a cache policy, so no cache is made.
  assert.doesNotMatch(code, /InMemoryCache/);
  await page.close();
});
