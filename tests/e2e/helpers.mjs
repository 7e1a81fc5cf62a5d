// Shared Playwright helpers: Debian's Chromium, headless, driven by playwright-core.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BASE = process.env.SUPERSTEP_URL ?? "http://127.0.0.1:8080/";

export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), "superstep-e2e-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  // Each launch has a profile of its own; closing removes it, so runs leave nothing in the temp folder.
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    rmSync(userDataDir, { recursive: true, force: true });
  };
  return context;
}

/** Opens the editor and waits until the app has mounted. */
export async function openEditor(context, path = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // A page error (a panic in the editor's wasm, say) fails the test that closes the page.
  const close = page.close.bind(page);
  page.close = async (...args) => {
    await close(...args);
    if (errors.length) throw new Error(`the page had errors: ${errors.join("; ")}`);
  };
  await page.goto(BASE + path);
  await page.waitForSelector("header.topbar");
  if (!path) await page.waitForSelector('main[data-ready="true"]');
  return { page, errors };
}

/** Waits until the editor shows the graph named `name`. */
export const waitForDoc = (page, name) => page.waitForFunction((n) => document.querySelector(".doc-name")?.textContent === n, name);

/** Opens the gallery example `name` and waits until it is the open graph. */
export async function openExample(page, name) {
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).first().click();
  await waitForDoc(page, name);
}

/** Imports graph document `doc` through "Paste…" and waits until it is the open graph. */
export async function importDoc(page, doc) {
  await page.getByRole("button", { name: "Import a graph document" }).click();
  await page.getByLabel("graph document (JSON)").fill(JSON.stringify(doc));
  await page.getByRole("button", { name: "Load document" }).click();
  await waitForDoc(page, doc.name);
}

/** Types the graph input as JSON (the field behind "as JSON"). */
export async function fillInput(page, json) {
  const box = page.getByLabel("graph input (JSON)");
  if (!(await box.isVisible())) await page.locator(".input-json summary").click();
  await box.fill(json);
}

/** Replaces a node's settings through its "Settings as JSON" box. */
export async function fillSettings(page, json) {
  const box = page.getByLabel("node settings (JSON)");
  if (!(await box.isVisible())) await page.locator(".node-panel details.raw summary").click();
  await box.fill(json);
  await page.getByRole("button", { name: "Apply settings" }).click();
}
