// node --test: the JS examples of the two READMEs run as written, so the docs stay true.
// Each example is taken from its README, its import pointed at the Node entry, and run as a module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);
const entry = new URL("www/superstep/node.js", root).href;

/** The README's first ```js block. */
function example(readme) {
  const text = readFileSync(new URL(readme, root), "utf8");
  const code = text.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(code, `${readme} has a js example`);
  return code;
}

/**
 * Runs `code` as a module with its import from the package pointed at the Node entry; returns what it logged.
 * `fetch` reads the repository's files, as the page the example assumes serves them.
 */
async function run(code) {
  const logged = [];
  const dir = mkdtempSync(join(tmpdir(), "superstep-readme-"));
  const file = join(dir, "example.mjs");
  const source = code.replace(/from "(superstep|\.\/www\/superstep\/index\.js)"/, `from ${JSON.stringify(entry)}`);
  assert.notEqual(source, code, "the example imports the package");
  writeFileSync(file, source);
  const { log } = console;
  const { fetch } = globalThis;
  console.log = (...args) => logged.push(args);
  globalThis.fetch = async (path) => new Response(readFileSync(new URL(path, root)));
  try {
    await import(pathToFileURL(file).href);
  } finally {
    console.log = log;
    globalThis.fetch = fetch;
    rmSync(dir, { recursive: true, force: true });
  }
  return logged;
}

test("the package README's example runs as written and prints what its comments say", async () => {
  const logged = await run(example("www/superstep/README.md"));
  assert.deepEqual(logged[0], [{ topic: "pets", jokes: ["about cats", "about dogs"] }]);
  // The stream on the same thread: the plan's update, then one per joke.
  assert.deepEqual(logged.slice(1).map(([chunk]) => Object.keys(chunk)[0]), ["plan", "joke", "joke"]);
});

test("the main README's JS API example runs (in Node, on a MemorySaver in place of IndexedDB)", async () => {
  const code = example("README.md");
  // Node has no IndexedDB; the example's own comment names the memory saver as the alternative.
  assert.match(code, /new IndexedDBSaver\(\) \}\); +\/\/ or new MemorySaver\(\)/);
  const logged = await run(code.replace("new IndexedDBSaver()", "new MemorySaver()"));
  const chunks = logged.slice(0, -1).map(([chunk]) => chunk);
  // The stream continues thread t1, whose first run the resume answered: the review kept the jokes.
  assert.deepEqual(chunks[0], ["values", { topic: "pets", jokes: ["Joke about cats", "Joke about dogs", "kept"] }]);
  assert.deepEqual(chunks[1], ["updates", { topics: { topic: "pets" } }]);
  assert.deepEqual(chunks.at(-1)[1].__interrupt__?.map((i) => i.value), ["Keep them?"]);
  const [snapshot] = logged.at(-1);
  assert.equal(snapshot.step, 0);
  assert.deepEqual(snapshot.next, ["topics"]);
});
