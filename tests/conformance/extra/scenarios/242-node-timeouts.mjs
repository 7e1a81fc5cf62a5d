// Node timeouts (LangGraph.js 1.7's `timeout` node option): a hard run timeout, an idle timeout that
// progress (custom stream writes, heartbeats) refreshes, retries of a timed-out attempt, writes of an
// abandoned attempt dropped, a synchronous node checked after it returns, and graph-wide defaults.
// Margins are wide (a timeout of 40 ms against a node that sleeps 400 ms), so no result depends on timing.
import { capture, out, snapshot } from "./_support.mjs";
export const name = "node timeouts";
export const features = ["timeout", "retry", "streaming", "errors"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const busy = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
async function chunks(stream) {
  const got = [];
  try {
    for await (const c of await stream) got.push(c);
  } catch (e) {
    got.push({ error: e.name });
  }
  return got;
}
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ n: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const one = (fn, options, defaults) => {
    const g = new StateGraph(S).addNode("a", fn, options).addNode("b", () => ({ log: ["b"] }))
      .addEdge(START, "a").addEdge("a", "b").addEdge("b", END);
    if (defaults) g.setNodeDefaults(defaults);
    return g;
  };

  // A slow node past its run timeout fails; a quick one with a timeout is untouched.
  const slow = await capture(lib, () => one(async () => { await sleep(400); return { log: ["a"] }; }, { timeout: 40 }).compile().invoke({ n: 1 }));
  const quick = out(await one(async () => ({ log: ["a"] }), { timeout: { runTimeout: 2000 } }).compile().invoke({ n: 1 }));

  // The failed task keeps the error; the thread resumes once the node is quick.
  let fast = false;
  const saved = one(async () => { if (!fast) await sleep(400); return { log: ["a"] }; }, { timeout: 40 }).compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "t" } };
  const failed = await capture(lib, () => saved.invoke({ n: 1 }, cfg));
  const failedState = snapshot(await saved.getState(cfg), lib);
  fast = true;
  const resumed = out(await saved.invoke(null, cfg));

  // A retry after a timed-out attempt (out at 200 ms); the abandoned attempt's custom write (at 300 ms,
  // while the retry runs) is dropped.
  let attempts = 0;
  const retried = one(async (s, config) => {
    attempts += 1;
    const mine = attempts;
    if (mine === 1) { await sleep(300); config.writer({ late: mine }); return { log: ["late"] }; }
    await sleep(150);
    config.writer({ on_time: mine });
    return { log: [`a${mine}`] };
  }, { timeout: 200, retryPolicy: { maxAttempts: 3, initialInterval: 1, jitter: false } }).compile();
  const retriedChunks = await chunks(retried.stream({ n: 1 }, { streamMode: ["custom", "updates"] }));
  const retriedAttempts = attempts;

  // An idle timeout: custom writes count as progress unless refreshOn is "heartbeat".
  const writing = async (s, config) => {
    for (let i = 0; i < 6; i++) { await sleep(30); config.writer(i); }
    return { log: ["a"] };
  };
  const idleAuto = await capture(lib, async () => out(await one(writing, { timeout: { idleTimeout: 120 } }).compile().invoke({ n: 1 })));
  const idleHeartbeatOnly = await capture(lib, () => one(writing, { timeout: { idleTimeout: 120, refreshOn: "heartbeat" } }).compile().invoke({ n: 1 }));
  const idleSilent = await capture(lib, () => one(async () => { await sleep(400); return { log: ["a"] }; }, { timeout: { idleTimeout: 40 } }).compile().invoke({ n: 1 }));

  // A synchronous node cannot be stopped, but one that ran past its timeout fails when it returns.
  const sync = await capture(lib, () => one(() => { busy(120); return { log: ["a"] }; }, { timeout: 30 }).compile().invoke({ n: 1 }));

  // Graph-wide: the default applies to a node without its own; a node's own timeout wins.
  const byDefault = await capture(lib, () => one(async () => { await sleep(400); return { log: ["a"] }; }, undefined, { timeout: 40 }).compile().invoke({ n: 1 }));
  const ownWins = await capture(lib, async () => out(await one(async () => { await sleep(100); return { log: ["a"] }; }, { timeout: 2000 }, { timeout: 40 }).compile().invoke({ n: 1 })));

  return { slow, quick, failed, failedState, resumed, retriedChunks, retriedAttempts, idleAuto, idleHeartbeatOnly, idleSilent, sync, byDefault, ownWins };
}
