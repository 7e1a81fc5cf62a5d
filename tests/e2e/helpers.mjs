// Shared Playwright helpers: Debian's Chromium, headless, driven by playwright-core.
import { chromium } from "playwright-core";
import { mkdtempSync } from "node:fs";
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
  return context;
}

/** Opens the editor and waits until the app has mounted. */
export async function openEditor(context, path = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(BASE + path);
  await page.waitForSelector("header.topbar");
  return { page, errors };
}
