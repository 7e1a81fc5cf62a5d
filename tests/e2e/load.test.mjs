// The served editor page loads and shows its title.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, openEditor } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

test("the editor page loads and shows Superstep", async () => {
  const { page, errors } = await openEditor(context);
  assert.equal(await page.locator("header h1").innerText(), "Superstep");
  assert.match(await page.locator(".version").innerText(), /engine \d+\.\d+\.\d+/);
  assert.deepEqual(errors, []);
});
