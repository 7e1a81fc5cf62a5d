// The plain embed example (no Leptos) runs a graph in the page and prints its stream.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

test("www/examples/embed.html streams a map-reduce run", async () => {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(BASE + "www/examples/embed.html");
  await page.waitForSelector("#out[data-done=true]");
  const lines = (await page.locator("#out").innerText()).trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines[0], { topics: { subjects: ["cats", "lions", "elephants"] } });
  assert.equal(lines.length, 4);
  assert.deepEqual(errors, []);
  await page.close();
});
