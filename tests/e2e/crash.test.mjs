// When the editor's wasm traps (a panic, memory running out), the page says so
// over the dead UI and offers a reload, which brings the work back; a page
// whose wasm cannot load says that instead of staying blank.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, openEditor, BASE, openExample, waitForDoc } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const overlay = (page) => page.getByRole("alertdialog", { name: "the editor stopped" });

test("a trap in the editor's wasm covers the page with a way to reload, and the reload loses nothing", async () => {
  const { page, errors } = await openEditor(context);
  await openExample(page, "map-reduce");
  // An ordinary script error elsewhere on the page is not the editor stopping.
  await page.evaluate(() => setTimeout(() => { throw new TypeError("not ours"); }));
  await page.waitForTimeout(100);
  assert.equal(await overlay(page).count(), 0);
  // What a trap looks like from the page: an uncaught WebAssembly.RuntimeError (here, in a promise).
  await page.evaluate(() => void Promise.reject(new WebAssembly.RuntimeError("unreachable")));
  await overlay(page).waitFor();
  assert.match(await overlay(page).innerText(), /stopped after an internal error[\s\S]*saved in this browser[\s\S]*RuntimeError: unreachable/);
  await overlay(page).getByRole("button", { name: "Reload" }).click();
  await waitForDoc(page, "map-reduce");
  assert.equal(await overlay(page).count(), 0);
  errors.length = 0; // the two errors above were thrown on purpose
  await page.close();
});

test("a page whose wasm cannot load says the editor could not start", async () => {
  const page = await context.newPage();
  await page.route("**/superstep_editor_bg.wasm", (r) => r.fulfill({ status: 404, body: "gone" }));
  await page.goto(BASE);
  await overlay(page).waitFor();
  assert.match(await overlay(page).innerText(), /could not start/);
  await page.close();
});
