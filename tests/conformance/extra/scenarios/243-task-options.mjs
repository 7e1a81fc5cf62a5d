// task() options: `retry` retries the call itself (the node does not run again), `timeout` fails a slow
// call with NodeTimeoutError (and so its node's task), and both show in the "tasks" and "updates"
// streams as one call. Margins are wide (40 ms against 400 ms), so no result depends on timing.
import { capture, out } from "./_support.mjs";
export const name = "task() retry and timeout options";
export const features = ["retry", "timeout", "streaming"];
export const requires = ["task"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
class Flaky extends Error { constructor() { super("flaky"); this.name = "Flaky"; } }
async function chunks(lib, stream) {
  const got = [];
  try {
    for await (const [mode, c] of await stream) {
      if (mode === "tasks") got.push(["tasks", { name: c.name, ...("result" in c ? { result: c.result, error: c.error ? true : null } : { start: true }) }]);
      else got.push([mode, out(c)]);
    }
  } catch (e) {
    got.push({ error: e.name });
  }
  return got;
}
export async function run(lib) {
  const { StateGraph, Annotation, START, END, task } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const calls = { flaky: 0, node: 0, never: 0, picky: 0 };
  const flaky = task({ name: "flaky", retry: { maxAttempts: 3, initialInterval: 1, jitter: false } }, async (k) => {
    calls.flaky += 1;
    if (calls.flaky < 3) throw new Flaky();
    return `${k}${calls.flaky}`;
  });
  const one = (fn) => new StateGraph(S).addNode("a", fn).addEdge(START, "a").addEdge("a", END).compile();
  const retried = await chunks(lib, one(async () => { calls.node += 1; return { log: [await flaky("x")] }; }).stream({ log: [] }, { streamMode: ["tasks", "updates"] }));

  // Out of attempts: the call's last error fails the node's task.
  const never = task({ name: "never", retry: { maxAttempts: 2, initialInterval: 1, jitter: false } }, async () => { calls.never += 1; throw new Flaky(); });
  const exhausted = await capture(lib, () => one(async () => ({ log: [await never()] })).invoke({ log: [] }));

  // retryOn decides, as for nodes.
  const picky = task({ name: "picky", retry: { maxAttempts: 3, initialInterval: 1, jitter: false, retryOn: (e) => e.name !== "Flaky" } }, async () => { calls.picky += 1; throw new Flaky(); });
  const notRetried = await capture(lib, () => one(async () => ({ log: [await picky()] })).invoke({ log: [] }));

  // A call past its timeout fails with NodeTimeoutError; a quick one is untouched.
  const slow = task({ name: "slow", timeout: 40 }, async () => { await sleep(400); return "late"; });
  const quick = task({ name: "quick", timeout: { runTimeout: 2000 } }, async () => "soon");
  const timedOut = await capture(lib, () => one(async () => ({ log: [await slow()] })).invoke({ log: [] }));
  const inTime = out(await one(async () => ({ log: [await quick()] })).invoke({ log: [] }));
  return { retried, exhausted, notRetried, timedOut, inTime, calls };
}
