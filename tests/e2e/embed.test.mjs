// The plain embed example (no Leptos) runs a graph in the page and prints its
// stream, then the same run's streamEvents v3 events.
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
  // The same run as streamEvents v3 protocol events, in the browser.
  const events = (await page.locator("#events").innerText()).trim().split("\n");
  assert.equal(events[0], "0 lifecycle running");
  assert.equal(events.at(-2), `${events.length - 2} lifecycle completed`);
  assert.equal(events.filter((e) => / updates joke$/.test(e)).length, 3);
  assert.deepEqual(JSON.parse(events.at(-1)).jokes, ["Joke about cats", "Joke about lions", "Joke about elephants"]);
  assert.deepEqual(errors, []);
  await page.close();
});
