// Building graphs by hand on the canvas, as a person would: the seeds'
// "My name is Lance" graph from an empty canvas with mouse and keyboard only
// (no JSON typed), dragging, connecting, box selection, copy/paste, routers,
// joins, and export → import in a fresh page giving the same output.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, openEditor, openExample } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

const docOf = async (page) => JSON.parse(await page.locator(".build-panel").getAttribute("data-doc"));
const center = async (loc) => {
  const b = await loc.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

/** Drags from `from` (a point) to `to` (a point) with the mouse, in small steps. */
async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Connects node `a` to node `b` by dragging from a's handle onto b. */
async function connect(page, a, b) {
  const handle = await center(page.locator(`g.node[data-node="${a}"] .handle`));
  const target = await center(page.locator(`g.node[data-node="${b}"] rect`));
  await drag(page, handle, target);
}

async function addKey(page, key) {
  await page.getByLabel("new state key").fill(key);
  await page.getByLabel("new state key").press("Enter");
}

/** Picks the node, its first key, and types its value (a template, not JSON). */
async function setValue(page, node, key, text) {
  await page.locator(`g.node[data-node="${node}"] rect`).click();
  await page.getByLabel("key 1").selectOption(key);
  await page.getByLabel("value 1").fill(text);
  await page.getByLabel("value 1").press("Tab");
}

test("the seeds' Lance graph is built from an empty canvas by mouse and keyboard in under two minutes", async () => {
  const t0 = Date.now();
  const { page, errors } = await openEditor(context);
  await page.getByRole("button", { name: "New graph" }).click();
  for (const k of ["foo", "user_input", "graph_output", "bar"]) await addKey(page, k);
  await page.getByLabel("user_input is an input").check();
  await page.getByLabel("graph_output is an output").check();
  await page.getByLabel("bar is private").check();
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "add set node" }).click();
  // The status line follows why the graph does not compile, edge by edge, until it does.
  const status = () => page.locator(".status").innerText();
  assert.match(await status(), /no entry point/);
  await connect(page, "__start__", "set_1");
  assert.match(await status(), /It does not compile yet: .*set_2/);
  await connect(page, "set_1", "set_2");
  await connect(page, "set_2", "set_3");
  assert.match(await status(), /It compiles now/);
  await connect(page, "set_3", "__end__");
  await setValue(page, "set_1", "foo", "{{user_input}} name");
  await setValue(page, "set_2", "bar", "{{foo}} is");
  await setValue(page, "set_3", "graph_output", "{{bar}} Lance");
  await page.getByLabel("reads bar").check(); // bar is private: set_3 reads it through its own input schema
  assert.match(await page.locator('[aria-label="problems"]').innerText(), /none/);
  await page.getByLabel("input user_input").fill("My");
  await page.getByLabel("input user_input").press("Tab");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => document.querySelector(".status")?.textContent === "Done.");
  const doc = await docOf(page);
  assert.deepEqual(doc.input, ["user_input"]);
  assert.deepEqual(doc.output, ["graph_output"]);
  assert.deepEqual(doc.edges.map((e) => [e.from, e.to]), [["__start__", "set_1"], ["set_1", "set_2"], ["set_2", "set_3"], ["set_3", "__end__"]]);
  assert.match(await page.locator(".state-panel, [aria-label=state]").first().innerText(), /My name is Lance/);
  const seconds = (Date.now() - t0) / 1000;
  assert.ok(seconds < 120, `took ${seconds} s`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("dropping a connection on empty space creates a node there; dragging moves it and the place is saved", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "schemas-lance" }).first().click();
  const from = await center(page.locator('g.node[data-node="node_3"] .handle'));
  const canvas = await page.locator(".canvas").boundingBox();
  await drag(page, from, { x: canvas.x + 60, y: canvas.y + canvas.height - 60 });
  await page.getByRole("menuitem", { name: "create update node here" }).click();
  let doc = await docOf(page);
  assert.ok(doc.nodes.some((n) => n.id === "update_1"));
  assert.ok(doc.edges.some((e) => e.from === "node_3" && e.to === "update_1"));
  assert.ok(doc.layout.update_1, "the new node is where it was dropped");
  // Drag node_1 to the right: its place goes into the document's layout.
  const n1 = await center(page.locator('g.node[data-node="node_1"] rect'));
  await drag(page, n1, { x: n1.x + 180, y: n1.y + 20 });
  doc = await docOf(page);
  assert.ok(doc.layout.node_1, "moved nodes keep their place");
  // Editing an example saved it as a graph of the workspace; after a reload it is still there.
  await page.waitForTimeout(700);
  await page.reload();
  await page.waitForSelector('main[data-ready="true"]');
  await page.waitForSelector('g.node[data-node="update_1"]');
  assert.ok((await docOf(page)).layout.node_1);
  assert.match(await page.locator('[aria-label="your graphs"]').innerText(), /schemas-lance/);
  await page.getByRole("button", { name: "Auto-layout" }).click();
  assert.deepEqual((await docOf(page)).layout ?? {}, {});
  await page.close();
});

test("box select and delete, copy and paste, undo; a join from a selection; a router of rules", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "schemas-lance" }).first().click();
  const start = await docOf(page);
  const a = await page.locator('g.node[data-node="node_1"] rect').boundingBox();
  const b = await page.locator('g.node[data-node="node_2"] rect').boundingBox();
  await page.keyboard.down("Shift");
  await drag(page, { x: a.x - 30, y: a.y - 8 }, { x: b.x + b.width + 10, y: b.y + b.height + 5 });
  await page.keyboard.up("Shift");
  assert.match(await page.locator('[aria-label="selection"]').innerText(), /2 nodes selected/i);
  // Copy and paste the two: new names, the edge between them kept.
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  let doc = await docOf(page);
  assert.ok(doc.nodes.some((n) => n.id === "node_1_copy") && doc.nodes.some((n) => n.id === "node_2_copy"));
  assert.ok(doc.edges.some((e) => e.from === "node_1_copy" && e.to === "node_2_copy"));
  // The pasted pair is selected: join them into node_3.
  await page.getByLabel("join into").selectOption("node_3");
  doc = await docOf(page);
  assert.ok(doc.edges.some((e) => Array.isArray(e.from) && e.from.join() === "node_1_copy,node_2_copy" && e.to === "node_3"));
  await page.keyboard.press("Delete");
  doc = await docOf(page);
  assert.ok(!doc.nodes.some((n) => n.id.endsWith("_copy")));
  for (let i = 0; i < 3; i++) await page.keyboard.press("Control+z");
  // (Editing an example saved it under a new name; the rest is exactly the start.)
  assert.deepEqual({ ...(await docOf(page)), name: start.name }, start);
  // Shift-click builds a selection too.
  await page.locator('g.node[data-node="node_1"] rect').click();
  await page.locator('g.node[data-node="node_3"] rect').click({ modifiers: ["Shift"] });
  assert.match(await page.locator('[aria-label="selection"]').innerText(), /node_1, node_3/);
  // A router of rules out of node_1.
  await page.locator('g.node[data-node="node_1"] rect').click();
  await page.getByRole("button", { name: "Make conditional" }).click();
  await page.getByRole("button", { name: "add rule" }).click();
  await page.getByLabel("rule 1 condition").fill('foo == "x"');
  await page.getByLabel("rule 1 condition").press("Tab");
  await page.getByLabel("rule 1 target").selectOption("node_3");
  await page.getByLabel("else target").selectOption("node_2");
  doc = await docOf(page);
  assert.deepEqual(doc.routers, [{ from: "node_1", rules: [{ when: 'foo == "x"', to: "node_3" }], else: "node_2" }]);
  assert.ok(!doc.edges.some((e) => e.from === "node_1"));
  assert.equal(await page.locator('g.edge.conditional[data-edge="node_1>node_3"]').count(), 1);
  // Code instead of rules: a code area with live syntax errors, and path keys.
  await page.getByRole("button", { name: "route by code" }).click();
  await page.getByRole("textbox", { name: "router code" }).fill("return state.foo ==");
  assert.match(await page.getByLabel("syntax error").innerText(), /Syntax error/);
  await page.getByRole("textbox", { name: "router code" }).fill('return "node_3";');
  assert.equal(await page.getByLabel("syntax error").count(), 0);
  await page.getByRole("button", { name: "Apply router code" }).click();
  doc = await docOf(page);
  assert.equal(doc.routers[0].code, 'return "node_3";');
  assert.ok(doc.routers[0].paths);
  await page.close();
});

test("a graph built here, exported and imported in a fresh page, gives the same output", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "reducers" }).first().click();
  await page.getByRole("button", { name: "add update node" }).click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  assert.match(await page.locator(".status").innerText(), /does not compile yet.*update_1/);
  await page.getByLabel("exprs 1").or(page.getByLabel("expression 1")).fill("foo * 10");
  await page.getByLabel("expression 1").press("Tab");
  await connect(page, "second", "update_1");
  await connect(page, "update_1", "__end__");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Done|Error/.test(document.querySelector(".status")?.textContent));
  const stateA = await page.locator("[aria-label=state]").first().innerText();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, "utf8"));
  await page.close();

  const fresh = await launch();
  const { page: p2 } = await openEditor(fresh);
  await p2.getByLabel("import a graph file").setInputFiles(file);
  await p2.waitForFunction((name) => document.querySelector(".doc-name")?.textContent?.startsWith(name), exported.name);
  assert.deepEqual(await docOf(p2), { ...exported, name: await p2.locator(".doc-name").innerText() });
  await p2.getByRole("button", { name: "Run to end (F5)" }).click();
  await p2.waitForFunction(() => /Done|Error/.test(document.querySelector(".status")?.textContent));
  assert.equal(await p2.locator("[aria-label=state]").first().innerText(), stateA);
  await fresh.close();
});

test("a thread paused before a node that an edit removed stays readable and says why it cannot resume", async () => {
  const { page } = await openEditor(context);
  await page.locator(".example", { hasText: "human-review" }).first().click();
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => /Paused/.test(document.querySelector(".status")?.textContent));
  await page.locator('g.node[data-node="human_review"] rect').click();
  await page.getByLabel("node name").fill("review");
  await page.getByRole("button", { name: "Rename node" }).click();
  await page.locator(".thread-open").first().click();
  await page.waitForFunction(() => /no longer in this graph/.test(document.querySelector(".status")?.textContent));
  assert.match(await page.locator(".status").innerText(), /stopped before `human_review`, which is no longer in this graph/);
  assert.ok((await page.locator(".checkpoint").count()) > 0, "its history is still there");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForFunction(() => /^Error/.test(document.querySelector(".status")?.textContent));
  assert.match(await page.locator(".status").innerText(), /about to run node `human_review`, which this graph no longer has/);
  await page.close();
});

test("the workspace keeps several graphs: new, rename, duplicate, delete, and all survive a reload", async () => {
  const fresh = await launch();
  const { page } = await openEditor(fresh);
  const names = async () => (await page.locator('[aria-label="your graphs"] .entry-open').allInnerTexts()).sort();
  await page.getByRole("button", { name: "New graph" }).click();
  await page.getByRole("button", { name: "New graph" }).click();
  assert.deepEqual(await names(), ["untitled", "untitled 2"]);
  // Rename: a taken name is refused, a free one is kept.
  await page.getByRole("button", { name: "rename untitled 2" }).click();
  await page.getByLabel("graph name").fill("untitled");
  await page.getByLabel("graph name").press("Enter");
  assert.match(await page.locator(".status").innerText(), /Refused: a graph named `untitled` already exists/);
  await page.getByRole("button", { name: "rename untitled 2" }).click();
  await page.getByLabel("graph name").fill("pipeline");
  await page.getByLabel("graph name").press("Enter");
  assert.equal(await page.locator(".doc-name").innerText(), "pipeline");
  await page.getByLabel("new state key").fill("n");
  await page.getByLabel("new state key").press("Enter");
  await page.getByRole("button", { name: "duplicate pipeline" }).click();
  assert.equal(await page.locator(".doc-name").innerText(), "pipeline copy");
  assert.equal(await page.getByLabel("state key n").count(), 1, "the copy has the original's edits");
  await page.getByRole("button", { name: "delete untitled" }).click();
  assert.deepEqual(await names(), ["pipeline", "pipeline copy"]);
  await page.waitForTimeout(700);
  await page.reload();
  await page.waitForSelector('main[data-ready="true"]');
  assert.deepEqual(await names(), ["pipeline", "pipeline copy"]);
  assert.equal(await page.locator(".doc-name").innerText(), "pipeline copy");
  await page.locator(".entry-open", { hasText: /^pipeline$/ }).click();
  assert.equal(await page.getByLabel("state key n").count(), 1);
  await fresh.close();
});

test("a first node on an empty canvas brings the state key it writes, so connecting it is all that is left", async () => {
  const { page, errors } = await openEditor(context);
  await page.getByRole("button", { name: "New graph" }).click();
  await page.getByRole("button", { name: "add set node" }).click();
  assert.deepEqual((await docOf(page)).channels.map((c) => c.key), ["value"]);
  assert.match(await page.locator(".status").innerText(), /no entry point/);
  await connect(page, "__start__", "set_1");
  await connect(page, "set_1", "__end__");
  await page.getByLabel("value 1").fill("hello");
  await page.getByLabel("value 1").press("Tab");
  await page.getByRole("button", { name: "Run to end (F5)" }).click();
  await page.waitForFunction(() => document.querySelector(".status")?.textContent === "Done.");
  assert.match(await page.locator(".state-panel, [aria-label=state]").first().innerText(), /hello/);
  // Undo the value and the two edges; the fourth undo takes the node and its key, one edit.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Control+z");
  assert.deepEqual(await docOf(page).then((d) => [d.nodes.length, d.channels.length]), [0, 0]);
  await page.close();
  assert.deepEqual(errors, []);
});

test("an edge picked on the canvas is deleted with Delete, and undo brings it back", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "support-agent");
  const line = page.locator('g.edge[data-edge="drafting>retry_wait"]');
  assert.equal(await line.count(), 1);
  // The middle of the drawn line, where a person would click it.
  const at = await page.locator('path.edge-hit[data-edge="drafting>retry_wait"]').evaluate((p) => {
    const q = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM());
    return { x: q.x, y: q.y };
  });
  await page.mouse.click(at.x, at.y);
  assert.match(await line.getAttribute("class"), /\bpicked\b/);
  // A click elsewhere (here the graph's name) lets go: Delete then removes nothing.
  await page.locator(".doc-name").click();
  assert.doesNotMatch(await line.getAttribute("class"), /\bpicked\b/);
  await page.keyboard.press("Delete");
  assert.equal(await line.count(), 1);
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => !document.querySelector('g.edge[data-edge="drafting>retry_wait"]'));
  // Only that line went: the router keeps its other rules, and the nodes stay.
  assert.equal(await page.locator('g.edge[data-edge="drafting>waiting_for_approval"]').count(), 1);
  assert.equal(await page.locator('g.node[data-node="retry_wait"]').count(), 1);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForSelector('g.edge[data-edge="drafting>retry_wait"]');
  // A Command's line is the node's to edit: clicking it selects that node, whose panel edits it.
  await openExample(page, "command");
  assert.equal(await page.locator('path.edge-hit.owned[data-edge="my_node>my_other_node"]').count(), 1);
  assert.equal(await page.locator('path.edge-hit:not(.owned)[data-edge="__start__>my_node"]').count(), 1);
  const mid = await page.locator('path.edge-hit[data-edge="my_node>my_other_node"]').evaluate((p) => {
    const q = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM());
    return { x: q.x, y: q.y };
  });
  await page.mouse.click(mid.x, mid.y);
  await page.waitForSelector('g.node.picked[data-node="my_node"]');
  assert.match(await page.locator("section.node-panel h2").first().textContent(), /\bmy_node\b/);
  assert.doesNotMatch(await page.locator('g.edge[data-edge="my_node>my_other_node"]').getAttribute("class"), /\bpicked\b/);
  // The panel edits the Command's goto; the lines follow the names it quotes.
  const goto = page.getByLabel("command goto (expression)");
  assert.equal(await goto.inputValue(), "'my_other_node'");
  await goto.fill("if(foo == 'bar', 'my_other_node', '__end__')");
  await goto.press("Enter");
  await goto.blur();
  await page.waitForSelector('g.edge[data-edge="my_node>__end__"]');
  assert.equal(await page.locator('g.edge[data-edge="my_node>my_other_node"]').count(), 1);
  assert.match(await page.locator(".goto-ends").textContent(), /my_other_node, END/);
  // Renaming a node the goto names renames it there too.
  await page.locator('g.node[data-node="my_other_node"]').click();
  await page.getByLabel("node name").fill("finish");
  await page.getByRole("button", { name: "Rename node" }).click();
  await page.waitForSelector('path.edge-hit.owned[data-edge="my_node>finish"]', { state: "attached" });
  await page.locator('g.node[data-node="my_node"]').click();
  assert.equal(await page.getByLabel("command goto (expression)").inputValue(), "if(foo == 'bar', 'finish', '__end__')");
  assert.equal(await page.locator("ul.problems[aria-label=problems] li.error").count(), 0);
  assert.equal(await page.locator(".problem-badge").count(), 0);
  // Undo takes back the rename, then the goto, lines and all.
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForFunction(() => !document.querySelector('g.edge[data-edge="my_node>__end__"]'));
  await page.locator('g.node[data-node="my_node"]').click();
  assert.equal(await page.getByLabel("command goto (expression)").inputValue(), "'my_other_node'");
  await page.close();
});

test("a node's edges follow it while it is dragged, and a pan leaves them be", async () => {
  const { page } = await openEditor(context);
  await openExample(page, "command");
  const path = page.locator('g.edge[data-edge="my_node>my_other_node"] path');
  const before = await path.getAttribute("d");
  const b = await page.locator('g.node[data-node="my_node"] rect').boundingBox();
  await page.mouse.move(b.x + 20, b.y + 20);
  await page.mouse.down();
  await page.mouse.move(b.x + 120, b.y + 30, { steps: 5 });
  const during = await path.getAttribute("d");
  assert.notEqual(during, before, "the edge leaves from where the node is now");
  await page.mouse.up();
  assert.equal(await path.getAttribute("d"), during, "and stays there once dropped");
  const c = await page.locator("svg.canvas").boundingBox();
  await page.mouse.move(c.x + 20, c.y + c.height - 20);
  await page.mouse.down();
  await page.mouse.move(c.x + 120, c.y + c.height - 60, { steps: 5 });
  await page.mouse.up();
  assert.equal(await path.getAttribute("d"), during, "a pan moves the view, not the route");
  await page.close();
});

test("a conditional edge that fans out with Send: its panel, switching ways, and deleting its line", async () => {
  const { page, errors } = await openEditor(context);
  await openExample(page, "map-reduce");
  const run = async () => {
    await page.getByRole("button", { name: "Run to end (F5)" }).click();
    await page.waitForFunction(() => /Done/.test(document.querySelector(".status")?.textContent ?? ""));
    return page.locator(".state-panel").innerText();
  };
  await page.locator('g.node[data-node="generate_topics"] rect').click();
  const router = page.getByLabel("router", { exact: true });
  assert.match(await router.getByRole("button", { name: "fan out with Send" }).getAttribute("class"), /\bon\b/);
  assert.equal(await page.getByLabel("fan-out list").inputValue(), "subjects");
  assert.equal(await page.getByLabel("fan-out node").inputValue(), "generate_joke");
  assert.equal(await page.getByLabel("fan-out item key").inputValue(), "subject");
  // As rules, the router goes to generate_joke once, with no subject.
  await router.getByRole("button", { name: "route by rules" }).click();
  assert.deepEqual((await docOf(page)).routers, [{ from: "generate_topics", else: "generate_joke" }]);
  assert.match(await run(), /jokesappend\[1 item\]\s+0"Joke about "/);
  // Back to a fan-out, set up field by field.
  await router.getByRole("button", { name: "fan out with Send" }).click();
  await page.getByLabel("fan-out list").fill("subjects");
  await page.getByLabel("fan-out list").press("Tab");
  await page.getByLabel("fan-out item key").fill("subject");
  await page.getByLabel("fan-out item key").press("Tab");
  assert.deepEqual((await docOf(page)).routers, [{ from: "generate_topics", send: { over: "subjects", node: "generate_joke", as: "subject" } }]);
  // The line says what it fans out over (its label holds the full text as a tooltip too).
  assert.match(await page.locator('g.edge.send[data-edge="generate_topics>generate_joke"] text.edge-label').textContent(), /^(Send × subjects)+$/);
  assert.match(await run(), /best_selected_joke[\s\S]*"Joke about lions"/);
  // Its line is the whole router: picked and deleted, the router goes; undo brings it back.
  const at = await page.locator('path.edge-hit[data-edge="generate_topics>generate_joke"]').evaluate((p) => {
    const q = p.getPointAtLength(p.getTotalLength() / 2).matrixTransform(p.getScreenCTM());
    return { x: q.x, y: q.y };
  });
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => !document.querySelector('g.edge[data-edge="generate_topics>generate_joke"]'));
  assert.deepEqual((await docOf(page)).routers ?? [], []);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForSelector('g.edge.send[data-edge="generate_topics>generate_joke"]');
  assert.deepEqual(errors, []);
  await page.close();
});
