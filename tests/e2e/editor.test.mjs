// The editor as a person uses it: pick an example, step through supersteps,
// answer an interrupt, fork from an old step, reload, open a subgraph.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { fillInput, launch, openEditor, openExample, waitForDoc } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const status = (page) => page.locator(".status").innerText();
const nodeClass = (page, id) => page.locator(`g.node[data-node="${id}"]`).getAttribute("class");
const stateText = (page) => page.locator(".state-panel").innerText();
/** The superstep panel's key rows, each cell's text on one line. */
const mergeRows = async (page) =>
  (await page.locator(".step-panel .merges tbody tr").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());

async function stepTo(page, n) {
  for (let i = 0; i < n; i++) {
    const before = await page.locator(".step-chip").count();
    await page.keyboard.press("Space");
    await page.waitForFunction((c) => document.querySelectorAll(".step-chip").length > c, before);
  }
}

test("map-reduce, one superstep at a time: active nodes and state", async () => {
  const { page, errors } = await openEditor(context);
  await openExample(page, "map-reduce");
  await stepTo(page, 2);
  assert.match(await nodeClass(page, "generate_topics"), /\bactive\b/);
  // Its conditional edge sends the jokes: they are next, with no superstep between.
  assert.match(await nodeClass(page, "generate_joke"), /\bnext\b/);
  assert.match(await nodeClass(page, "best_joke"), /\bhalted\b/);
  assert.match(await stateText(page), /"lions"/);
  await stepTo(page, 1);
  assert.match(await nodeClass(page, "generate_joke"), /\bactive\b/);
  assert.match(await page.locator('g.edge.carried[data-edge="generate_topics>generate_joke"]').getAttribute("class"), /\bsend\b/);
  assert.equal(await page.locator(".tasks .task").count(), 3, "three Send tasks in one superstep");
  assert.match(await page.locator(".merges").innerText(), /jokes\s+append/);
  await stepTo(page, 2);
  assert.match(await status(page), /Done/);
  assert.match(await stateText(page), /Joke about lions/);
  // The last superstep ran nothing: said in words, not as empty tables.
  const panel = page.locator(".step-panel");
  assert.match(await panel.innerText(), /None: no node was triggered\.[\s\S]*No channel was written\./);
  assert.equal(await panel.locator(".merges").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("human review: the run pauses and resumes with a value", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "human-review");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForSelector(".interrupt-panel");
  assert.match(await page.locator(".interrupt-value").innerText(), /Do you approve\?/);
  await page.getByLabel("resume value (JSON)").fill('"ship it"');
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await stateText(page), /user: ship it/);
  await page.close();
});

test("fork from step 1 with edited state creates a branch", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "reducers");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.waitForSelector(".checkpoint");
  await page.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click();
  // The superstep panel follows the picked checkpoint, not the run's last superstep beside it.
  // It tells what made the checkpoint: the nodes its parent had next, and each key's change.
  assert.match(await page.locator(".step-panel").innerText(), /checkpoint · step 1 · loop\s+Made by: The superstep that ran first\.\s+Next: second/);
  // Each key's row: its value before, what the node wrote (its result, stored with the parent), after.
  assert.deepEqual(await mergeRows(page), ["foo overwrite 1 first 2 2"]);
  assert.equal(await page.locator(".step-chip.selected").count(), 0);
  await page.getByLabel("edited state (JSON)").fill('{"foo": 99, "bar": ["edited"]}');
  await page.getByRole("button", { name: "Fork and continue" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  // The old continuation of step 1 is now a side branch; the fork (an `update` checkpoint) is the main line.
  await page.waitForFunction(() => document.querySelectorAll(".checkpoint.branch").length >= 1);
  assert.match(await page.locator(".checkpoints").innerText(), /step 2 · update/);
  assert.match(await stateText(page), /"bye"/);
  // The fork's checkpoint is an edit: it keeps the edit's writes, so its table shows them.
  await page.locator(".checkpoint:not(.branch) button", { hasText: /^step 2 · update/ }).click();
  assert.match(await page.locator(".step-panel .made-by").innerText(), /^Made by: An edit of the state, as \w+\.$/);
  assert.match(await page.locator(".step-panel .merges thead").innerText(), /writes/);
  // The side branch still reads as it was written: the fork reused none of its stored values.
  await page.locator(".checkpoint.branch button", { hasText: /^step 2 · loop/ }).click();
  await page.waitForFunction(() => /foo\s*overwrite\s*2\b/.test(document.querySelector(".state-panel")?.innerText ?? ""));
  assert.doesNotMatch(await stateText(page), /99|edited/);
  // Picking a checkpoint shows its next nodes on the canvas; Back goes to its parent.
  await page.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click();
  assert.match(await nodeClass(page, "second"), /\bnext\b/);
  // ... and the node whose superstep made it, as active.
  assert.match(await nodeClass(page, "first"), /\bactive\b/);
  await page.getByRole("button", { name: "Step back (Shift+Space)" }).click();
  assert.match(await page.locator(".checkpoint.picked").innerText(), /step 0 ·/);
  assert.match(await nodeClass(page, "first"), /\bnext\b/);
  await page.close();
});

test("after a reload the thread history is intact and an interrupted thread resumes", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "human-review");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForSelector(".interrupt-panel");
  await page.reload();
  await page.waitForSelector("header.topbar");
  await waitForDoc(page, "human-review");
  await page.waitForSelector(".checkpoint");
  assert.ok((await page.locator(".checkpoint").count()) >= 2, "history survives the reload");
  assert.ok((await page.locator(".thread").count()) >= 1, "the thread is listed");
  // The reload reopens the thread where it was left: waiting for its answer.
  await page.waitForSelector(".interrupt-panel");
  assert.match(await page.locator(".interrupt-panel").innerText(), /Do you approve\?/);
  await page.getByLabel("resume value (JSON)").fill('"after reload"');
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await stateText(page), /after reload/);
  // After another reload, a stored checkpoint marks the keys its superstep changed.
  await page.reload();
  await waitForDoc(page, "human-review");
  await page.locator(".checkpoint button", { hasText: /^step 2 ·/ }).first().click();
  const changed = (await page.locator(".state-panel .json-row.changed > .json-key").allInnerTexts()).map((t) => t.replace("▾", "").trim());
  assert.ok(changed.includes("messages") && !changed.includes("answer"), `changed: ${changed}`);
  // What made it survives the reload too: the node that ran, and the key it changed from what to what.
  assert.match(await page.locator(".step-panel .made-by").innerText(), /^Made by: The superstep that ran record\.$/);
  assert.deepEqual(await mergeRows(page), ['messages append [] record ["user: after reload"] ["user: after reload"]']);
  await page.close();
});

test("the input typed for a graph is there again after a reload, and goes with an example's saved copy", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "map-reduce");
  const topic = page.getByLabel("input topic");
  await topic.fill("zebra");
  await topic.press("Tab");
  await page.reload();
  await waitForDoc(page, "map-reduce");
  assert.equal(await topic.inputValue(), "zebra");
  // Each graph keeps its own: another example opens with its example input.
  await openExample(page, "reducers");
  assert.doesNotMatch(await page.getByLabel("graph input (JSON)").inputValue(), /zebra/);
  await openExample(page, "map-reduce");
  assert.equal(await topic.inputValue(), "zebra");
  // An edit saves the example as a graph of one's own, which the reload opens: the input goes with it.
  await page.getByLabel("new state key").fill("extra");
  await page.getByRole("button", { name: "Add state key" }).click();
  await page.waitForSelector(".entry-open");
  await page.waitForTimeout(700); // the autosave is debounced (300 ms)
  await page.reload();
  await waitForDoc(page, "map-reduce");
  assert.equal(await topic.inputValue(), "zebra");
  // Deleting the graph forgets its input.
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("superstep.input:entry:")));
  assert.equal((await kept()).length, 1);
  await page.getByRole("button", { name: "delete map-reduce" }).click();
  await page.waitForFunction(() => !document.querySelector(".entry-open"));
  assert.deepEqual(await kept(), []);
  await page.close();
});

test("a subgraph node opens its inner graph with a breadcrumb back", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "subgraph-shared-keys");
  await page.locator('g.node[data-node="node_2"]').dblclick();
  await page.waitForSelector('g.node[data-node="subgraph_node_1"]');
  assert.match(await page.locator(".crumbs").innerText(), /subgraph-shared-keys › node_2/);
  await page.locator(".crumbs button").click();
  await page.waitForSelector('g.node[data-node="node_1"]');
  await page.close();
});

test("state values are shown as text, never as HTML", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "reducers");
  await page.evaluate(() => (window.__pwned = false));
  await fillInput(page, '{"foo": "<img src=x onerror=window.__pwned=true>", "bar": ["<b>bold</b>"]}');
  await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
  await page.waitForSelector(".step-chip");
  assert.match(await stateText(page), /<img src=x onerror=window.__pwned=true>/);
  assert.equal(await page.locator(".state-panel img").count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), false);
  await page.close();
});

test("the input editor rejects keys outside the input schema", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "schemas-lance");
  await fillInput(page, '{"foo": 1}');
  await page.getByRole("button", { name: "Step one superstep (Space)" }).click();
  await page.waitForSelector(".input-row .error");
  assert.match(await page.locator(".input-row .error").innerText(), /`foo` is not an input key/);
  await page.close();
});

test("a graph that fits the canvas is drawn at its natural size, at any window width", async () => {
  const { page, errors } = await openEditor(context);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 760 });
    await openExample(page, "map-reduce");
    // Nodes are 150 graph units wide; at natural size that is 150 px.
    await page.waitForFunction(() => Math.abs(document.querySelector('g.node[data-node="generate_joke"] rect').getBoundingClientRect().width - 150) < 1);
    await openExample(page, "schemas-lance");
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the edges a superstep's messages took are lit, arrowheads included, at the plain arrow size", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "support-agent");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForSelector(".interrupt-panel");
  const lit = page.locator('g.edge.carried[data-edge="drafting>waiting_for_approval"] path');
  assert.equal(await lit.getAttribute("marker-end"), "url(#arrow-carried)");
  assert.equal(await page.locator('g.edge[data-edge="intake>drafting"] path').getAttribute("marker-end"), "url(#arrow)");
  // The carried line is twice as thick; its arrowhead must not grow with it.
  const size = (id) => page.locator(`#${id}`).evaluate((m) => [m.getAttribute("markerUnits"), +m.getAttribute("markerWidth")]);
  assert.deepEqual(await size("arrow-carried"), ["userSpaceOnUse", 11]);
  await page.close();
});

test("END's panel offers no edge out of it; START's connects to nodes", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "reducers");
  await page.locator('g.node[data-node="__end__"] rect').click();
  const panel = page.locator(".node-panel");
  assert.match(await panel.innerText(), /No edge leaves END/);
  assert.equal(await panel.getByLabel("connect to node").count(), 0);
  await page.locator('g.node[data-node="__start__"] rect').click();
  assert.equal(await panel.getByLabel("connect to node").count(), 1);
  await page.close();
});

test("the timeline keeps up with a run: a chip and a compare option per superstep, and the stream log once opened", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "reducers");
  await stepTo(page, 2);
  // Opened mid-run, the log lists what the run has streamed so far, and follows it.
  await page.locator("details.log summary").click();
  // The toggle event comes after the click, and the lines with it.
  await page.locator("details.log li").first().waitFor();
  assert.match(await page.locator("details.log").innerText(), /^1 updates \{"first":\{"foo":2/m);
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  const chips = await page.locator(".step-chip").allInnerTexts();
  assert.deepEqual(chips, ["0", "1", "2", "3"]);
  assert.deepEqual(await page.locator('[aria-label="compare with step"] option').allInnerTexts(), ["—", ...chips]);
  await page.waitForFunction(() => [...document.querySelectorAll("details.log li")].some((l) => /^2 values/.test(l.textContent)));
  const log = await page.locator("details.log li").allInnerTexts();
  assert.ok(log.some((l) => /^2 updates \{"second":/.test(l)), log.join("\n"));
  assert.ok(log.some((l) => /^2 values \{.*"bye"/.test(l)), log.join("\n"));
  // A new run starts a new timeline.
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.deepEqual(await page.locator(".step-chip").allInnerTexts(), chips);
  await page.close();
});

test("a picked node stays marked on the canvas while supersteps change its state", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "map-reduce");
  await page.locator('g.node[data-node="best_joke"] rect').click();
  assert.match(await nodeClass(page, "best_joke"), /\bidle\b.*\bpicked\b/);
  await page.locator(".doc-name").click();
  await stepTo(page, 3);
  // Its state went idle -> halted -> next; the mark stays with it.
  assert.match(await nodeClass(page, "best_joke"), /\bnext\b.*\bpicked\b/);
  await page.close();
});

test("a long list in the state shows its newest hundred entries until all are asked for", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "map-reduce");
  await fillInput(page, JSON.stringify({ topic: "animal", jokes: Array.from({ length: 150 }, (_, i) => `joke ${i}`) }));
  await page.locator(".doc-name").click();
  await stepTo(page, 1);
  const jokes = page.locator(".state-panel .json-row", { hasText: /^▾ jokes/ }).first();
  await jokes.locator(".json-more button").waitFor();
  assert.equal(await jokes.locator(".json-more button").innerText(), "… 50 earlier items: show all");
  const rows = () => jokes.locator(":scope > .json-tree > .json-row").allInnerTexts();
  let shown = await rows();
  assert.equal(shown.length, 100);
  assert.match(shown[0], /^50\s*"joke 50"/);
  assert.match(shown.at(-1), /^149\s*"joke 149"/);
  await jokes.locator(".json-more button").click();
  shown = await rows();
  assert.equal(shown.length, 150);
  assert.match(shown[0], /^0\s*"joke 0"/);
  await page.close();
});

test("a graph opened while the last thread is still being reopened runs a thread of its own", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "map-reduce");
  await page.locator(".doc-name").click();
  await stepTo(page, 2);
  // Another tab holds the checkpoints, so the reload's reading of the thread waits.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.evaluate(() => {
    const req = indexedDB.open("superstep-editor");
    req.onsuccess = () => {
      const store = req.result.transaction(["checkpoints"], "readwrite").objectStore("checkpoints");
      const spin = () => (window.held === false ? null : (store.get("x").onsuccess = spin));
      spin();
    };
  });
  await page.reload();
  await page.waitForSelector('main[data-ready="true"]');
  await openExample(page, "reducers");
  // The thread's reading ends after reducers opened: what it read must not apply.
  await other.evaluate(() => (window.held = false));
  await other.close();
  await page.waitForTimeout(500);
  await page.keyboard.press("Space");
  // Not the reopened thread's next superstep: a new thread of reducers, at its input.
  await page.waitForFunction(() => /^Step \d/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await status(page), /^Step 0: the input was written/);
  assert.deepEqual(await page.locator(".step-chip").allInnerTexts(), ["0"]);
  await page.close();
});
