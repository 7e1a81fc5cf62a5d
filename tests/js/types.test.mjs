// node --test: the package's TypeScript types accept a typed example (tsc --noEmit).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));

test("index.d.ts types a LangGraph.js-style program", () => {
  const tsc = join(here, "../node_modules/typescript/bin/tsc");
  const out = execFileSync(process.execPath, [tsc, "-p", join(here, "tsconfig.json")], { encoding: "utf8" });
  assert.equal(out.trim(), "");
});
