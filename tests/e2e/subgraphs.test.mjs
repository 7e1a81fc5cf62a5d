// Subgraphs edited in place, as a person would: open one from its node,
// change it there, go back, undo, run, reload; and give a new subgraph node
// a graph of its own; the superstep and state panels keep the top level's reducers while one is open.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, openEditor, fillInput, importDoc, openExample, waitForDoc } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const docOf = async (page) => JSON.parse(await page.locator(".build-panel").getAttribute("data-doc"));
const node = (page, id) => page.locator(`g.node[data-node="${id}"]`);
const center = async (loc) => {
  const b = await loc.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

async function runToEnd(page) {
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  return page.locator(".state-panel").innerText();
}

test("a subgraph opened in place is edited there, undone from above, run and kept after a reload", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "subgraph-shared-keys");
  await node(page, "node_2").click();
  await node(page, "node_2").dblclick();
  await node(page, "subgraph_node_1").waitFor();
  // The parent's node is not on this canvas: its settings are not shown either.
  assert.equal(await page.locator(".node-panel").count(), 0);
  assert.match(await page.locator(".crumbs").innerText(), /subgraph-shared-keys › node_2 \(subgraph\)/);
  // The schema and the palette are the subgraph's.
  await page.getByLabel("state key bar").waitFor();
  await node(page, "subgraph_node_2").click();
  await page.getByLabel("expression 1").fill("'edited ' + foo + bar");
  await page.getByLabel("expression 1").press("Tab");
  assert.match(await page.getByLabel("break before this node").locator("..").innerText(), /saved with this graph/);
  await page.getByRole("button", { name: "add set node" }).click();
  await node(page, "set_1").waitFor();
  let doc = await docOf(page);
  assert.equal(doc.subgraphs.subgraph.nodes[1].exprs.foo, "'edited ' + foo + bar");
  assert.deepEqual(doc.subgraphs.subgraph.nodes.map((n) => n.id), ["subgraph_node_1", "subgraph_node_2", "set_1"]);
  assert.deepEqual(doc.nodes.map((n) => n.id), ["node_1", "node_2"]);

  // Back in the parent: the subgraph's problem is named, on the node that runs it.
  await page.locator(".crumbs button").click();
  await node(page, "node_1").waitFor();
  assert.equal(await node(page, "set_1").count(), 0);
  assert.match(await page.getByRole("list", { name: "problems", exact: true }).innerText(), /in subgraph `subgraph`: .*set_1/);
  assert.match(await page.locator(".status").innerText(), /does not compile yet: in subgraph `subgraph`: .*set_1/);
  assert.equal(await node(page, "node_2").locator(".problem-badge").count(), 1);
  // One undo, from the parent, takes back the last edit made inside.
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => /none/.test(document.querySelector('ul[aria-label="problems"]')?.textContent ?? ""));
  assert.deepEqual((await docOf(page)).subgraphs.subgraph.nodes.map((n) => n.id), ["subgraph_node_1", "subgraph_node_2"]);
  assert.match(await runToEnd(page), /edited hi! foobar/);

  await page.waitForTimeout(700);
  await page.reload();
  await waitForDoc(page, "subgraph-shared-keys");
  await node(page, "node_2").dblclick();
  await node(page, "subgraph_node_2").click();
  assert.equal(await page.getByLabel("expression 1").inputValue(), "'edited ' + foo + bar");
  await page.close();
});

test("a new subgraph node gets a graph of its own with the same state keys", async () => {
  const { page } = await openEditor(context);
  await page.getByRole("button", { name: "New graph", exact: true }).click();
  await waitForDoc(page, "untitled");
  await page.getByLabel("new state key").fill("n");
  await page.getByLabel("new state key").press("Enter");
  await page.getByRole("button", { name: "add subgraph node" }).click();
  await page.getByRole("button", { name: "Create a graph for this node" }).click();
  // The new graph opens at once: START → node_1 → END, sharing the key `n`.
  await node(page, "node_1").waitFor();
  assert.match(await page.locator(".crumbs").innerText(), /untitled › subgraph_1 \(graph_1\)/);
  await page.getByLabel("state key n").waitFor();
  await node(page, "node_1").click();
  await page.getByLabel("expression 1").fill("n + 1");
  await page.getByLabel("expression 1").press("Tab");
  await page.locator(".crumbs button").click();
  await node(page, "subgraph_1").waitFor();
  // Connect START to the subgraph node by dragging from START's handle.
  const from = await center(node(page, "__start__").locator(".handle"));
  const to = await center(node(page, "subgraph_1").locator("rect"));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => /none/.test(document.querySelector('ul[aria-label="problems"]')?.textContent ?? ""));
  await fillInput(page, '{"n": 1}');
  assert.match(await runToEnd(page), /^n\s*overwrite\s*2$/m);
  const doc = await docOf(page);
  assert.deepEqual(Object.keys(doc.subgraphs), ["graph_1"]);
  assert.equal(doc.nodes[0].graph, "graph_1");
  // The run's supersteps are the top-level graph's: inside, no node shows a status from them.
  assert.doesNotMatch(await node(page, "subgraph_1").getAttribute("class"), /idle/);
  await node(page, "subgraph_1").dblclick();
  await node(page, "node_1").waitFor();
  const classes = await page.locator("g.node").evaluateAll((els) => els.map((e) => e.getAttribute("class")));
  assert.ok(classes.every((c) => c.includes("idle")), classes.join(" | "));
  assert.match(await page.locator(".crumbs").innerText(), /runs show on the top-level graph/);
  await page.close();
});

test("a run paused inside a subgraph shows, in the subgraph, its state and the node that asks", async () => {
  const { page } = await openEditor(context);
  await page.getByRole("button", { name: "New graph", exact: true }).click();
  await page.waitForFunction(() => /^untitled/.test(document.querySelector(".doc-name")?.textContent ?? ""));
  await page.getByLabel("new state key").fill("n");
  await page.getByLabel("new state key").press("Enter");
  await page.getByRole("button", { name: "add subgraph node" }).click();
  await page.getByRole("button", { name: "Create a graph for this node" }).click();
  await node(page, "node_1").click();
  await page.getByLabel("expression 1").fill("n + 1");
  await page.getByLabel("expression 1").press("Tab");
  // Inside: node_1 (n + 1), then an interrupt whose answer goes to n.
  await page.getByRole("button", { name: "add interrupt node" }).click();
  await node(page, "node_1").click();
  await page.getByLabel("connect to node").selectOption("interrupt_1");
  await page.locator(".crumbs button").click();
  await node(page, "__start__").click();
  await page.getByLabel("connect to node").selectOption("subgraph_1");
  await fillInput(page, '{"n": 1}');
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Paused/.test(document.querySelector(".status")?.textContent ?? ""));
  // The top level has not seen the subgraph's write yet; inside, it is there, paused at interrupt_1.
  const state = () => page.locator(".state-panel").innerText();
  assert.match(await state(), /^n\s*overwrite\s*1$/m);
  await node(page, "subgraph_1").dblclick();
  await page.waitForFunction(() => /unfinished superstep/.test(document.querySelector(".crumbs")?.textContent ?? ""));
  await page.waitForFunction(() => /^n\s*overwrite\s*2$/m.test(document.querySelector(".state-panel")?.innerText ?? ""));
  assert.match(await node(page, "interrupt_1").getAttribute("class"), /\binterrupted\b/);
  assert.doesNotMatch(await node(page, "node_1").getAttribute("class"), /\b(interrupted|next|active)\b/);
  // Answered, the run finishes: nothing is left inside, and the canvas goes idle.
  await page.getByLabel("resume value (JSON)").fill("40");
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.waitForFunction(() => /runs show on the top-level graph/.test(document.querySelector(".crumbs")?.textContent ?? ""));
  assert.match(await node(page, "interrupt_1").getAttribute("class"), /\bidle\b/);
  await page.locator(".crumbs button").click();
  assert.match(await state(), /^n\s*overwrite\s*40$/m);
  await page.close();
});

test("a subgraph node's input and output mappings are edited as rows", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "subgraph-in-node");
  await node(page, "node_2").click();
  assert.equal(await page.getByLabel("input key 1").inputValue(), "bar");
  assert.equal(await page.getByLabel("input expression 1").inputValue(), "foo");
  assert.equal(await page.getByLabel("output key 1").inputValue(), "foo");
  assert.equal(await page.getByLabel("output expression 1").inputValue(), "bar");
  // The node's input is its mapping: the "reads" boxes, which would overwrite it, are not offered.
  assert.equal(await page.getByLabel("reads foo").isVisible(), false);
  await page.getByLabel("output expression 1").fill("bar + '!'");
  await page.getByLabel("output expression 1").press("Tab");
  assert.deepEqual((await docOf(page)).nodes[1].output, { foo: "bar + '!'" });
  assert.match(await runToEnd(page), /hi! foobaz!/);
  // Without mappings it shares keys: the last row removed drops the setting, and "reads" is back.
  await page.getByRole("button", { name: "remove input bar" }).click();
  assert.equal((await docOf(page)).nodes[1].input, undefined);
  await page.getByLabel("reads foo").waitFor();
  await page.close();
});

test("a subgraph node's graph is renamed and deleted from its panel, each one undo step", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "subgraph-shared-keys");
  await node(page, "node_2").click();
  await page.getByLabel("graph name").fill("helper");
  await page.getByLabel("graph name").press("Enter");
  await page.waitForFunction(() => JSON.parse(document.querySelector(".build-panel").dataset.doc).subgraphs.helper);
  let doc = await docOf(page);
  assert.deepEqual(Object.keys(doc.subgraphs), ["helper"]);
  assert.equal(doc.nodes[1].graph, "helper");
  assert.equal(await page.getByLabel("subgraph", { exact: true }).inputValue(), "helper");
  assert.match(await runToEnd(page), /hi! foobar/);
  await node(page, "node_2").dblclick();
  assert.match(await page.locator(".crumbs").innerText(), /node_2 \(helper\)/);
  await page.locator(".crumbs button").click();
  // A name that is not free is refused, and said why; the document is unchanged.
  await node(page, "node_2").click();
  await page.getByLabel("graph name").fill(" ");
  await page.getByRole("button", { name: "Rename graph" }).click();
  assert.match(await page.locator(".node-panel [role=alert]").innerText(), /needs a name/);
  assert.deepEqual(Object.keys((await docOf(page)).subgraphs), ["helper"]);
  // Deleted, the node that ran it is marked until another graph is picked; one undo brings it back.
  await page.getByRole("button", { name: "Delete graph" }).click();
  await page.waitForFunction(() => Object.keys(JSON.parse(document.querySelector(".build-panel").dataset.doc).subgraphs ?? {}).length === 0);
  assert.equal(await node(page, "node_2").locator(".problem-badge").count(), 1);
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => /none/.test(document.querySelector('ul[aria-label="problems"]')?.textContent ?? ""));
  assert.equal((await docOf(page)).nodes[1].graph, "helper");
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => JSON.parse(document.querySelector(".build-panel").dataset.doc).subgraphs?.subgraph);
  assert.equal((await docOf(page)).nodes[1].graph, "subgraph");
  await page.close();
});

test("a breakpoint set inside a subgraph is saved with it, pauses the run there, and Continue finishes it", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "subgraph-grandchild");
  const plain = await runToEnd(page);
  await node(page, "child").dblclick();
  await node(page, "child_1").click();
  await page.getByLabel("break before this node").check();
  await page.waitForFunction(() => JSON.parse(document.querySelector(".build-panel").dataset.doc).subgraphs.child.compile?.interruptBefore?.[0] === "child_1");
  await page.locator(".crumbs button").click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Paused/.test(document.querySelector(".status")?.textContent ?? ""));
  assert.match(await page.getByRole("region", { name: "interrupt" }).innerText(), /Paused before the next superstep/);
  // Inside, the subgraph waits before child_1 with what it was given.
  await node(page, "child").dblclick();
  await page.waitForFunction(() => /unfinished superstep/.test(document.querySelector(".crumbs")?.textContent ?? ""));
  await page.waitForFunction(() => /my_child_key\s*overwrite\s*"hi Bob"/.test(document.querySelector(".state-panel")?.innerText ?? ""));
  assert.match(await node(page, "child_1").getAttribute("class"), /\bnext\b/);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.locator(".crumbs button").click();
  assert.equal(await page.locator(".state-panel").innerText(), plain);
  // Saved with the graph: after a reload the box is still ticked inside; unticked, it is gone.
  await page.waitForTimeout(700);
  await page.reload();
  await waitForDoc(page, "subgraph-grandchild");
  await node(page, "child").dblclick();
  await node(page, "child_1").click();
  assert.equal(await page.getByLabel("break before this node").isChecked(), true);
  await page.getByLabel("break before this node").uncheck();
  await page.waitForFunction(() => !JSON.parse(document.querySelector(".build-panel").dataset.doc).subgraphs.child.compile);
  await page.close();
});

test("with a subgraph open, the superstep and state panels still name the top-level graph's reducers", async () => {
  const { page } = await openEditor(context);
  const doc = JSON.parse(readFileSync(new URL("../../www/examples/subgraph-shared-keys.json", import.meta.url), "utf8"));
  doc.name = "shared-with-log";
  doc.channels.push({ key: "log", reducer: "append", default: [] });
  doc.nodes[0].exprs.log = "['node_1']";
  await importDoc(page, doc);
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
  await page.locator(".step-chip", { hasText: /^1$/ }).click();
  const logRow = () => page.locator(".step-panel .merges tbody tr", { hasText: /^log/ }).innerText();
  assert.match(await logRow(), /^log append\t/);
  // The subgraph's own document has no `log`; the panel reads the top level's.
  await node(page, "node_2").dblclick();
  await page.waitForSelector('g.node[data-node="subgraph_node_1"]');
  assert.match(await logRow(), /^log append\t/);
  // Nothing is paused inside, so the state shown is the top level's, with its reducers too.
  assert.match(await page.locator(".state-panel").innerText(), /log\s*append/);
  await page.close();
});
