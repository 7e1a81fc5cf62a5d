// IndexedDBSaver in real Chromium: reloads, interrupted threads, quota errors,
// two pages on one thread, and crash safety.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { launch, BASE } from "./helpers.mjs";

let context;
before(async () => (context = await launch()));
after(async () => context?.close());

async function harness() {
  const page = await context.newPage();
  await page.goto(BASE + "tests/e2e/harness.html");
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  return page;
}

/** Checks a thread's history is one clean parent chain and returns its newest values. */
async function cleanHistory(page, db, thread) {
  return page.evaluate(async ({ db, thread }) => {
    const { g } = window.makeGraph({ db });
    const all = [];
    for await (const s of g.getStateHistory({ configurable: { thread_id: thread } })) all.push(s);
    for (let i = 0; i + 1 < all.length; i++) {
      if (all[i].parentConfig?.configurable?.checkpoint_id !== all[i + 1].config.configurable.checkpoint_id) {
        return { broken: i, steps: all.map((s) => s.metadata.step) };
      }
    }
    return { steps: all.map((s) => s.metadata.step), values: all[0]?.values };
  }, { db, thread });
}

test("a thread survives a page reload and continues", async () => {
  const page = await harness();
  const first = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "reload", steps: 3 });
    return g.invoke({ n: 0 }, { configurable: { thread_id: "t1" } });
  });
  assert.equal(first.n, 3);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const after = await page.evaluate(async () => {
    const { g, saver } = window.makeGraph({ db: "reload", steps: 5 });
    const cfg = { configurable: { thread_id: "t1" } };
    const state = await g.getState(cfg);
    const threads = await saver.listThreads();
    const more = await g.invoke({ log: ["again"] }, cfg);
    return { values: state.values, threads: threads.map((t) => t.thread_id), more };
  });
  assert.deepEqual(after.values.log, ["tick 1", "tick 2", "tick 3"]);
  assert.deepEqual(after.threads, ["t1"]);
  assert.equal(after.more.n, 5);
  await page.close();
});

test("a stepper's supersteps are stored as it goes, and after a reload a stepper on the thread goes on", async () => {
  const page = await harness();
  const first = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "stepper", steps: 4 });
    const stepper = g.stepper({ n: 0 }, { configurable: { thread_id: "s1" } });
    const snaps = [];
    for (let i = 0; i < 4; i++) snaps.push(await stepper.step());
    return snaps.map((s) => ({ step: s.step, tasks: s.tasks.map((t) => [t.name, t.input.log ?? null]), log: s.state.log }));
  });
  // The input's superstep, ask, then two ticks: each task's input is the state before its step.
  assert.deepEqual(first, [
    { step: 0, tasks: [["__start__", null]], log: [] },
    { step: 1, tasks: [["ask", []]], log: [] },
    { step: 2, tasks: [["tick", []]], log: ["tick 1"] },
    { step: 3, tasks: [["tick", ["tick 1"]]], log: ["tick 1", "tick 2"] },
  ]);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const after = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "stepper", steps: 4 });
    const stepper = await g.stepper(null, { configurable: { thread_id: "s1" } });
    const next = stepper.next;
    const steps = [];
    for (let s = await stepper.step(); ; s = await stepper.step()) {
      steps.push([s.step, s.outcome.kind, s.state.log.length]);
      if (s.outcome.kind !== "continue") break;
    }
    return { next, steps };
  });
  assert.deepEqual(after, { next: ["tick"], steps: [[4, "continue", 3], [5, "continue", 4], [6, "done", 4]] });
  const history = await cleanHistory(page, "stepper", "s1");
  assert.deepEqual(history.steps, [5, 4, 3, 2, 1, 0, -1]);
  assert.deepEqual(history.values.log, ["tick 1", "tick 2", "tick 3", "tick 4"]);
  await page.close();
});

test("an interrupted thread resumes after a reload", async () => {
  const page = await harness();
  const paused = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "interrupt", steps: 2, ask: true });
    return g.invoke({ n: 0 }, { configurable: { thread_id: "hitl" } });
  });
  assert.equal(paused.__interrupt__[0].value, "name?");
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const done = await page.evaluate(async () => {
    const { g, saver } = window.makeGraph({ db: "interrupt", steps: 2, ask: true });
    const cfg = { configurable: { thread_id: "hitl" } };
    const before = await g.getState(cfg);
    // LangGraph.js's read API on the saver itself shows the same checkpoint.
    const tuple = await saver.getTuple(cfg);
    const saved = { id: tuple.config.configurable.checkpoint_id, step: tuple.metadata.step, writes: tuple.pendingWrites.map(([, ch]) => ch) };
    const out = await g.invoke(new window.superstep.Command({ resume: "Ada" }), cfg);
    return { next: before.next, interrupts: before.tasks[0].interrupts.map((i) => i.value), out, saved, id: before.config.configurable.checkpoint_id, step: before.metadata.step };
  });
  assert.deepEqual(done.next, ["ask"]);
  assert.deepEqual(done.interrupts, ["name?"]);
  assert.deepEqual(done.saved, { id: done.id, step: done.step, writes: ["__interrupt__"] });
  assert.equal(done.out.answer, "Ada");
  assert.equal(done.out.n, 2);
  // Each superstep's writes are stored with the checkpoint it ran from, in its transaction:
  // after another reload, history shows what every task wrote, the resumed one beside its question.
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const results = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "interrupt", steps: 2, ask: true });
    const out = [];
    for await (const s of g.getStateHistory({ configurable: { thread_id: "hitl" } })) {
      out.push(s.tasks.map((t) => [t.name, t.result ?? null, t.interrupts.map((i) => i.value)]));
    }
    return out;
  });
  assert.deepEqual(results, [
    [],
    [["tick", { n: 2, log: ["tick 2"] }, []]],
    [["tick", { n: 1, log: ["tick 1"] }, []]],
    [["ask", { answer: "Ada" }, ["name?"]]],
    [["__start__", { n: 0 }, []]],
  ]);
  await page.close();
});

test("a fork and a replay leave the original branch's checkpoints as they were, across a reload", async () => {
  const page = await harness();
  const history = () =>
    page.evaluate(async () => {
      const { g } = window.makeGraph({ db: "fork", steps: 3 });
      const all = [];
      for await (const s of g.getStateHistory({ configurable: { thread_id: "f" } })) all.push({ id: s.config.configurable.checkpoint_id, values: s.values, next: s.next });
      return all;
    });
  await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "fork", steps: 3 });
    await g.invoke({ n: 0 }, { configurable: { thread_id: "f" } });
  });
  const original = await history();
  await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "fork", steps: 3 });
    const all = [];
    for await (const s of g.getStateHistory({ configurable: { thread_id: "f" } })) all.push(s);
    const early = all.find((s) => s.values.n === 1);
    // A fork that writes different values into the same channels, run to the end.
    const fork = await g.updateState(early.config, { n: 1, log: ["edited"] }, "tick");
    await g.invoke(null, fork);
  });
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  const forked = await history();
  for (const cp of original) assert.deepEqual(forked.find((c) => c.id === cp.id), cp);
  await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "fork", steps: 3 });
    const all = [];
    for await (const s of g.getStateHistory({ configurable: { thread_id: "f" } })) all.push(s);
    await g.invoke(null, all.find((s) => s.values.n === 1 && s.metadata.source === "loop").config);
  });
  const replayed = await history();
  for (const cp of forked) assert.deepEqual(replayed.find((c) => c.id === cp.id), cp);
  assert.ok(replayed.length > original.length + 4);
  await page.close();
});

test("another tab deleting the database closes this one's connection, and the next run reopens it", async () => {
  const page = await harness();
  const first = await page.evaluate(async () => {
    window.vc = window.makeGraph({ db: "versionchange", steps: 2 }).g;
    return window.vc.invoke({ n: 0 }, { configurable: { thread_id: "t1" } });
  });
  assert.equal(first.n, 2);
  // The delete waits for open connections: it succeeds only if this page's saver closes its own.
  const other = await harness();
  const deleted = await other.evaluate(
    () => new Promise((res) => {
      const req = indexedDB.deleteDatabase("versionchange");
      req.onsuccess = () => res("deleted");
      req.onblocked = () => res("blocked");
    }),
  );
  assert.equal(deleted, "deleted");
  await other.close();
  // The same saver, at once: it opens the database again rather than failing on the closed one.
  const after = await page.evaluate(async () => {
    const out = await window.vc.invoke({ n: 0 }, { configurable: { thread_id: "t2" } });
    const gone = await window.vc.getState({ configurable: { thread_id: "t1" } });
    return { n: out.n, t1: gone.values };
  });
  assert.deepEqual(after, { n: 2, t1: {} });
  await page.close();
});

test("a database the app already keeps under the saver's name, at a later version, gains the saver's stores and keeps its own", async () => {
  const page = await harness();
  const promised = (req) => new Promise((res, rej) => ((req.onsuccess = () => res(req.result)), (req.onerror = () => rej(req.error))));
  // The app's own database: version 3, one store with a record, no store of the saver's.
  await page.evaluate(async () => {
    const req = indexedDB.open("app", 3);
    req.onupgradeneeded = () => req.result.createObjectStore("todos").put("milk", "t1");
    await new Promise((res, rej) => ((req.onsuccess = () => res(req.result.close())), (req.onerror = () => rej(req.error))));
  });
  const run = () =>
    page.evaluate(async () => {
      const { g } = window.makeGraph({ db: "app", steps: 2 });
      const out = await g.invoke({ n: 0 }, { configurable: { thread_id: "a" } });
      const state = await g.getState({ configurable: { thread_id: "a" } });
      return { n: out.n, log: state.values.log };
    });
  assert.deepEqual(await run(), { n: 2, log: ["tick 1", "tick 2"] });
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");
  // A new saver continues the thread, with no second upgrade.
  const again = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "app", steps: 4 });
    const out = await g.invoke({ log: ["again"] }, { configurable: { thread_id: "a" } });
    return out.n;
  });
  assert.equal(again, 4);
  const app = await page.evaluate(async (promisedText) => {
    const promised = eval(promisedText);
    const db = await promised(indexedDB.open("app"));
    const todo = await promised(db.transaction("todos").objectStore("todos").get("t1"));
    const out = { version: db.version, stores: [...db.objectStoreNames].sort(), todo };
    db.close();
    return out;
  }, promised.toString());
  assert.deepEqual(app, { version: 4, stores: ["blobs", "checkpoints", "threads", "todos", "writes"], todo: "milk" });
  await page.close();
});

test("a quota error is typed and leaves the last checkpoint usable", async () => {
  const page = await harness();
  const result = await page.evaluate(async () => {
    const { g } = window.makeGraph({ db: "quota", steps: 4 });
    const cfg = { configurable: { thread_id: "q" } };
    await g.invoke({ n: 0 }, cfg);
    const realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException("simulated: the quota has been exceeded", "QuotaExceededError");
    };
    let error;
    try {
      await g.invoke({ log: ["more"] }, cfg);
    } catch (e) {
      error = { name: e.name, isQuota: e instanceof window.superstep.StorageQuotaError };
    }
    IDBObjectStore.prototype.put = realPut;
    const state = await g.getState(cfg);
    const resumed = await g.invoke({ log: ["after"] }, cfg);
    return { error, values: state.values, resumed };
  });
  assert.deepEqual(result.error, { name: "StorageQuotaError", isQuota: true });
  assert.equal(result.values.n, 4);
  // The thread goes on from the last committed checkpoint (n = 4): one more tick.
  assert.deepEqual(result.resumed.log.slice(-2), ["after", "tick 5"]);
  await page.close();
});

test("two pages running one thread do not fork or corrupt it", async () => {
  const [a, b] = [await harness(), await harness()];
  const run = (page) =>
    page.evaluate(async () => {
      const { g } = window.makeGraph({ db: "race", steps: 8, delay: 2 });
      return g.invoke({ n: 0, log: ["start"] }, { configurable: { thread_id: "shared" } });
    });
  const [ra, rb] = await Promise.all([run(a), run(b)]);
  // The lock serializes the runs: each sees a whole run, one after the other.
  assert.equal(ra.n, 8);
  assert.equal(rb.n, 8);
  assert.equal(ra.log.filter((l) => l === "start").length + rb.log.filter((l) => l === "start").length, 3);
  const h = await cleanHistory(a, "race", "shared");
  assert.equal(h.broken, undefined, `history forks: ${JSON.stringify(h)}`);
  const refused = await b.evaluate(async () => {
    const slow = window.makeGraph({ db: "race2", steps: 20, delay: 5 });
    const other = window.makeGraph({ db: "race2", steps: 20, onLocked: "error" });
    const cfg = { configurable: { thread_id: "x" } };
    const first = slow.g.invoke({ n: 0 }, cfg);
    await new Promise((r) => setTimeout(r, 10));
    let name;
    try {
      await other.g.invoke({ n: 0 }, cfg);
    } catch (e) {
      name = e.name;
    }
    await first;
    return name;
  });
  assert.equal(refused, "ThreadLockedError");
  await a.close();
  await b.close();
});

test("a page closed mid-run, 20 times, always resumes to the uninterrupted result", async () => {
  const reference = await (async () => {
    const page = await harness();
    const out = await page.evaluate(() => window.makeGraph({ db: "crash-ref", steps: 12 }).g.invoke({ n: 0 }, { configurable: { thread_id: "ref" } }));
    await page.close();
    return out;
  })();
  for (let seed = 1; seed <= 20; seed++) {
    const db = `crash-${seed}`;
    const page = await harness();
    // Start the run and close the page at a seed-dependent moment while it is running.
    await page.evaluate(({ db }) => {
      window.run = window.makeGraph({ db, steps: 12, delay: 3 }).g.invoke({ n: 0 }, { configurable: { thread_id: "c" } });
    }, { db });
    await new Promise((r) => setTimeout(r, (seed * 7) % 45));
    await page.close();
    const again = await harness();
    const out = await again.evaluate(async ({ db }) => {
      const { g } = window.makeGraph({ db, steps: 12 });
      const cfg = { configurable: { thread_id: "c" } };
      const st = await g.getState(cfg);
      // Nothing stored yet: start; otherwise continue where the last checkpoint left off.
      if (!st.metadata) return g.invoke({ n: 0 }, cfg);
      return st.next.length ? g.invoke(null, cfg) : st.values;
    }, { db });
    assert.deepEqual(out, reference, `seed ${seed}`);
    const h = await cleanHistory(again, db, "c");
    assert.equal(h.broken, undefined, `seed ${seed}: ${JSON.stringify(h)}`);
    await again.close();
  }
});
