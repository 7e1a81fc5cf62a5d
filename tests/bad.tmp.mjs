import { launch, openEditor, fillInput } from "./e2e/helpers.mjs";
const context = await launch();
const results = [];
async function scenario(name, fn) {
  const { page, errors } = await openEditor(context);
  page.on("dialog", (d) => d.accept().catch(() => {}));
  let note = "";
  try { await fn(page); } catch (e) { note = "EXC " + String(e).split("\n")[0].slice(0, 160); }
  await page.waitForTimeout(300);
  const status = await page.locator(".status").innerText().catch(() => "");
  results.push(`${errors.length ? "ERRORS" : "ok    "} ${name} :: ${status.slice(0, 120).replace(/\n/g, " ")} ${note} ${errors.join(";").slice(0, 200)}`);
  await page.close().catch(() => {});
}
const ex = (page, n) => page.locator(".example", { hasText: n }).first().click();
const run = (page) => page.getByRole("button", { name: "Run to end (F5)" }).click();
await scenario("bad input JSON", async (p) => { await ex(p, "reducers"); await fillInput(p, "{not json"); await run(p); });
await scenario("input array", async (p) => { await ex(p, "reducers"); await fillInput(p, "[1,2]"); await run(p); });
await scenario("input unknown key", async (p) => { await ex(p, "reducers"); await fillInput(p, '{"zzz": 1}'); await run(p); });
await scenario("input huge number", async (p) => { await ex(p, "reducers"); await fillInput(p, '{"foo": 1e999}'); await run(p); });
await scenario("resume bad JSON", async (p) => { await ex(p, "human-review"); await run(p); await p.waitForSelector(".interrupt-panel"); await p.getByLabel("resume value (JSON)").fill("{oops"); await p.getByRole("button", { name: "Resume", exact: true }).click(); });
await scenario("fork bad JSON", async (p) => { await ex(p, "reducers"); await run(p); await p.waitForSelector(".checkpoint"); await p.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click(); await p.getByLabel("edited state (JSON)").fill("[[["); await p.getByRole("button", { name: "Fork and continue" }).click(); });
await scenario("fork array state", async (p) => { await ex(p, "reducers"); await run(p); await p.waitForSelector(".checkpoint"); await p.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click(); await p.getByLabel("edited state (JSON)").fill("[1]"); await p.getByRole("button", { name: "Fork and continue" }).click(); });
await scenario("fork unknown key", async (p) => { await ex(p, "reducers"); await run(p); await p.waitForSelector(".checkpoint"); await p.locator(".checkpoint button", { hasText: /^step 0 ·/ }).first().click(); await p.getByLabel("edited state (JSON)").fill('{"nope": 1}'); await p.getByRole("button", { name: "Fork and continue" }).click(); });
await scenario("fork twice quickly", async (p) => { await ex(p, "reducers"); await run(p); await p.waitForSelector(".checkpoint"); await p.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click(); await p.getByLabel("edited state (JSON)").fill('{"foo": 5}'); const b = p.getByRole("button", { name: "Fork and continue" }); await b.click(); await b.click().catch(() => {}); });
await scenario("rename node to empty", async (p) => { await ex(p, "reducers"); await p.locator('g.node[data-node="second"]').click(); await p.getByLabel("node name").fill(""); await p.getByLabel("node name").press("Enter"); await run(p); });
await scenario("rename node to __start__", async (p) => { await ex(p, "reducers"); await p.locator('g.node[data-node="second"]').click(); await p.getByLabel("node name").fill("__start__"); await p.getByLabel("node name").press("Enter"); await run(p); });
await scenario("rename node to existing", async (p) => { await ex(p, "reducers"); await p.locator('g.node[data-node="second"]').click(); await p.getByLabel("node name").fill("first"); await p.getByLabel("node name").press("Enter"); await run(p); });
await scenario("state key weird", async (p) => { await ex(p, "reducers"); for (const k of ["", "__start__", "foo", "a b", "ü"]) { await p.getByLabel("new state key").fill(k); await p.getByLabel("new state key").press("Enter"); } await run(p); });
await scenario("graph name weird", async (p) => { await p.getByRole("button", { name: "New graph" }).click().catch(() => p.getByRole("button", { name: "New" }).first().click()); });
await scenario("step back at start", async (p) => { await ex(p, "reducers"); for (let i = 0; i < 3; i++) await p.getByRole("button", { name: "Step back (Shift+Space)" }).click().catch(() => {}); });
await scenario("step past end", async (p) => { await ex(p, "reducers"); for (let i = 0; i < 12; i++) await p.getByRole("button", { name: /^Step/ }).first().click().catch(() => {}); });
await scenario("run then edit graph then step", async (p) => { await ex(p, "map-reduce"); await run(p); await p.waitForTimeout(500); await p.locator('g.node[data-node="best_joke"]').click(); await p.keyboard.press("Delete"); await p.getByRole("button", { name: /^Step/ }).first().click().catch(() => {}); await p.getByRole("button", { name: "Step back (Shift+Space)" }).click().catch(() => {}); });
await scenario("delete node while paused", async (p) => { await ex(p, "human-review"); await run(p); await p.waitForSelector(".interrupt-panel"); const n = await p.locator("g.node:not(.terminal)").first().getAttribute("data-node"); await p.locator(`g.node[data-node="${n}"]`).click(); await p.keyboard.press("Delete"); await p.getByLabel("resume value (JSON)").fill('"x"').catch(() => {}); await p.getByRole("button", { name: "Resume", exact: true }).click().catch(() => {}); });
await scenario("undo past start, redo", async (p) => { await ex(p, "reducers"); for (let i = 0; i < 5; i++) await p.keyboard.press("Control+z"); for (let i = 0; i < 5; i++) await p.keyboard.press("Control+y"); await run(p); });
await scenario("compare select after fork", async (p) => { await ex(p, "reducers"); await run(p); await p.waitForSelector(".checkpoint"); const sel = p.getByLabel("compare with step"); const n = await sel.locator("option").count(); await sel.selectOption({ index: n - 1 }); await p.locator(".checkpoint button", { hasText: /^step 1 ·/ }).first().click(); await p.getByLabel("edited state (JSON)").fill('{"foo": 5}'); await p.getByRole("button", { name: "Fork and continue" }).click(); });
for (const r of results) console.log(r);
await context.close();
