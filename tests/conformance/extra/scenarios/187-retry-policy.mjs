// retryPolicy: a flaky node succeeds within maxAttempts; retryOn filters which errors retry; exhaustion rethrows.
import { capture, out } from "./_support.mjs";
export const name = "retry policy";
export const features = ["retry", "errors"];
class Flaky extends Error { constructor() { super("flaky"); this.name = "Flaky"; } }
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ v: Annotation() });
  const build = (fails, policy) => {
    let calls = 0;
    const g = new StateGraph(S)
      .addNode("n", () => { calls += 1; if (calls <= fails) throw new Flaky(); return { v: calls }; }, { retryPolicy: policy })
      .addEdge(START, "n").addEdge("n", END).compile();
    return { g, calls: () => calls };
  };
  const a = build(2, { maxAttempts: 3, initialInterval: 1, jitter: false });
  const ok = out(await a.g.invoke({ v: 0 }));
  const b = build(5, { maxAttempts: 2, initialInterval: 1, jitter: false });
  const exhausted = await capture(lib, () => b.g.invoke({ v: 0 }));
  const c = build(5, { maxAttempts: 4, initialInterval: 1, jitter: false, retryOn: (e) => e.name !== "Flaky" });
  const filtered = await capture(lib, () => c.g.invoke({ v: 0 }));
  return { ok, okCalls: a.calls(), exhausted, exhaustedCalls: b.calls(), filtered, filteredCalls: c.calls() };
}
