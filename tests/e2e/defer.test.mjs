// A deferred node: ticking "run last (defer)" makes a node reached by unequal branches run once.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fillInput, importDoc, launch, openEditor } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

test("a node marked to run last runs once after the longer branch", async () => {
  const { page, errors } = await openEditor(context);
  const set = (id) => ({ id, kind: "set", values: { path: [id] } });
  const doc = {
    format: "superstep.graph", version: 1, name: "unequal",
    channels: [{ key: "path", reducer: "append" }],
    nodes: [set("a"), set("b"), set("b2"), set("c"), set("d")],
    edges: [
      { from: "__start__", to: "a" }, { from: "a", to: "b" }, { from: "a", to: "c" },
      { from: "b", to: "b2" }, { from: "b2", to: "d" }, { from: "c", to: "d" },
    ],
  };
  await importDoc(page, doc);
  await fillInput(page, "{}");
  const runToEnd = async () => {
    await page.getByRole("button", { name: "Run to end (F5)" }).click();
    await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
    return JSON.parse(await page.locator(".state-panel").getAttribute("data-state")).path;
  };
  assert.deepEqual(await runToEnd(), ["a", "b", "c", "b2", "d", "d"]);
  await page.locator('g.node[data-node="d"]').click();
  await page.getByLabel("defer this node").check();
  await page.waitForFunction(() => /deferred/.test(document.querySelector('g.node[data-node="d"] .node-kind')?.textContent ?? ""));
  assert.deepEqual(await runToEnd(), ["a", "b", "c", "b2", "d"]);
  assert.deepEqual(errors, []);
  await page.close();
});
