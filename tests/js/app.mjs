// An app of its own for a test: the package installed in its node_modules as npm
// would (a link), beside `deps` from this test folder's node_modules (all of them
// when not named); runs `source` as the app's main module and removes the app.
import { mkdtempSync, mkdirSync, readdirSync, symlinkSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const MODULES = new URL("../node_modules/", import.meta.url).pathname;

/** `{ status, stdout, stderr }` of running `source` in the app. */
export function runInApp(source, deps = readdirSync(MODULES).filter((d) => !d.startsWith("."))) {
  const app = mkdtempSync(join(tmpdir(), "superstep-app-"));
  try {
    mkdirSync(join(app, "node_modules"));
    symlinkSync(new URL("../../www/superstep", import.meta.url).pathname, join(app, "node_modules/superstep"));
    for (const dep of deps) symlinkSync(join(MODULES, dep), join(app, "node_modules", dep));
    writeFileSync(join(app, "main.mjs"), source);
    // The links kept as they are, so the package resolves what it imports from the app's node_modules.
    return spawnSync(process.execPath, ["--preserve-symlinks", join(app, "main.mjs")], { cwd: app, encoding: "utf8" });
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
