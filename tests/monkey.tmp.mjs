import { launch, openEditor } from "./e2e/helpers.mjs";
const seed0 = Number(process.argv[2] ?? 1), runs = Number(process.argv[3] ?? 5), steps = Number(process.argv[4] ?? 60);
function rng(seed) { let s = seed >>> 0 || 1; return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32); }
const context = await launch();
for (let seed = seed0; seed < seed0 + runs; seed++) {
  const r = rng(seed);
  const { page, errors } = await openEditor(context);
  page.on("dialog", (d) => d.accept().catch(() => {}));
  const trace = [];
  try {
    const examples = await page.locator(".example").count();
    await page.locator(".example").nth(Math.floor(r() * examples)).click();
    trace.push("example");
    for (let i = 0; i < steps && errors.length === 0; i++) {
      const kind = r();
      if (kind < 0.6) {
        const buttons = page.locator("button:visible:enabled");
        const n = await buttons.count();
        if (!n) continue;
        const b = buttons.nth(Math.floor(r() * n));
        const label = (await b.getAttribute("aria-label")) ?? (await b.innerText()).slice(0, 30);
        if (/delete|Import|Paste|Export|Download|Use in your app/i.test(label)) continue;
        trace.push(`button ${label}`);
        await b.click({ timeout: 1000 }).catch(() => trace.push("  (click failed)"));
      } else if (kind < 0.8) {
        const nodes = page.locator("g.node");
        const n = await nodes.count();
        if (!n) continue;
        const k = Math.floor(r() * n);
        trace.push(`node ${await nodes.nth(k).getAttribute("data-node")}`);
        await nodes.nth(k).click({ timeout: 1000 }).catch(() => trace.push("  (click failed)"));
      } else if (kind < 0.9) {
        const cps = page.locator(".checkpoint button");
        const n = await cps.count();
        if (!n) continue;
        const k = Math.floor(r() * n);
        trace.push(`checkpoint ${k}`);
        await cps.nth(k).click({ timeout: 1000 }).catch(() => trace.push("  (click failed)"));
      } else {
        const boxes = page.locator("input[type=checkbox]:visible, select:visible");
        const n = await boxes.count();
        if (!n) continue;
        const k = Math.floor(r() * n);
        const el = boxes.nth(k);
        const tag = await el.evaluate((e) => e.tagName);
        trace.push(`${tag} ${await el.getAttribute("aria-label")}`);
        if (tag === "SELECT") {
          const opts = await el.locator("option").allTextContents();
          if (opts.length) await el.selectOption({ index: Math.floor(r() * opts.length) }).catch(() => {});
        } else await el.click({ timeout: 1000 }).catch(() => {});
      }
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(300);
  } catch (e) { trace.push("EXC " + String(e).slice(0, 200)); }
  if (errors.length) console.log(`seed ${seed} ERRORS ${errors.join(" ; ").slice(0, 300)}\n  ${trace.slice(-12).join("\n  ")}`);
  else console.log(`seed ${seed} ok (${trace.length} actions)`);
  await page.close().catch(() => {});
}
await context.close();
