import { launch, openEditor, fillInput } from "./e2e/helpers.mjs";
const context = await launch();
const { page, errors } = await openEditor(context);
await page.locator(".example", { hasText: "reducers" }).first().click();
await fillInput(page, "{not json");
await page.getByRole("button", { name: "Run to end (F5)" }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: "/tmp/b1.png" });
await fillInput(page, "[1,2]");
await page.getByRole("button", { name: "Run to end (F5)" }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: "/tmp/b2.png" });
for (const k of ["__start__"]) { await page.getByLabel("new state key").fill(k); await page.getByLabel("new state key").press("Enter"); }
await page.waitForTimeout(300);
await page.screenshot({ path: "/tmp/b3.png" });
console.log(errors);
await context.close();
