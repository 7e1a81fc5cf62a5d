// A node's `errorHandler` (LangGraph.js 1.7): once the node's retries run out, the handler
// runs in the same superstep on the node's input, with a NodeError ({ node, error }); its
// update takes the node's place, the node's edges are not followed, and a Command routes on.
// A sibling keeps running; a failing handler fails the run; `setNodeDefaults({ errorHandler })`
// serves every node without its own. Stream chunks of one superstep are sorted by node.
import { capture, clone, out } from "./_support.mjs";
export const name = "node error handlers";
export const features = ["errors", "retry", "streaming", "command"];
export const requires = [];
const byKey = (chunks) => chunks.map(clone).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), err: Annotation() });
  const seen = [];
  let attempts = 0;
  const failing = () => { attempts += 1; throw new TypeError("boom"); };
  const record = (state, e) => {
    seen.push({ log: state.log, node: e.node, message: e.error.message, errorName: e.error.name, same: e.error instanceof TypeError });
    return { err: e.error.message, log: ["handled"] };
  };
  const base = (handler, options = {}) => new StateGraph(S)
    .addNode("a", failing, { errorHandler: handler, ...options })
    .addNode("b", () => ({ log: ["b"] }))
    .addNode("c", () => ({ log: ["c"] }))
    .addNode("fix", () => ({ log: ["fix"] }))
    .addEdge(START, "a").addEdge(START, "c").addEdge("a", "b").addEdge("b", END).addEdge("c", "fix").addEdge("fix", END);
  const result = {};

  const g = base(record).compile({ checkpointer: new MemorySaver() });
  const cfg = { configurable: { thread_id: "1" } };
  const chunks = [];
  for await (const c of await g.stream({ log: ["in"] }, { ...cfg, streamMode: "updates" })) chunks.push(c);
  result.plain = { updates: byKey(chunks), seen: clone(seen), state: clone((await g.getState(cfg)).values) };
  const hist = [];
  for await (const s of g.getStateHistory(cfg)) hist.push({ step: s.metadata.step, next: [...s.next].sort(), values: clone(s.values) });
  result.plain.history = hist;

  const routed = base((state, e) => new Command({ update: { log: [`recovered ${e.node}`] }, goto: "fix" })).compile();
  result.routed = clone(await routed.invoke({ log: [] }));

  attempts = 0;
  const retried = base(record, { retryPolicy: { maxAttempts: 3, initialInterval: 1, jitter: false } }).compile();
  result.retried = { out: clone(await retried.invoke({ log: [] })), attempts };

  const broken = base(() => { throw new RangeError("handler broke"); }).compile();
  result.brokenHandler = await capture(lib, () => broken.invoke({ log: [] }));

  const defaults = new StateGraph(S)
    .addNode("a", failing)
    .addNode("b", () => { throw new Error("b broke"); }, { errorHandler: (s, e) => ({ log: [`own ${e.node}`] }) })
    .addEdge(START, "a").addEdge(START, "b")
    .setNodeDefaults({ errorHandler: (s, e) => ({ log: [`default ${e.node}`] }) })
    .compile();
  const dchunks = [];
  for await (const c of await defaults.stream({ log: [] }, { streamMode: "updates" })) dchunks.push(c);
  result.defaults = { updates: byKey(dchunks), out: clone(await defaults.invoke({ log: [] })) };

  // A handler that pauses: the snapshot lists the failed node with its error and no `next`;
  // the resume answers the handler, and the node does not run again.
  const snap = (s) => ({ values: clone(s.values), next: [...s.next].sort(), tasks: s.tasks.map((t) => ({ name: t.name, error: !!t.error, interrupts: t.interrupts.map((i) => clone(i.value)) })).sort((a, b) => a.name.localeCompare(b.name)) });
  let aRuns = 0;
  let handlerRuns = 0;
  const pausing = new StateGraph(S)
    .addNode("a", () => { aRuns += 1; throw new Error("boom"); }, { errorHandler: () => { handlerRuns += 1; return { log: [`answer ${lib.interrupt("retry?")}`] }; } })
    .addNode("c", () => ({ log: ["c"] }))
    .addEdge(START, "a").addEdge(START, "c")
    .compile({ checkpointer: new MemorySaver() });
  const pcfg = { configurable: { thread_id: "p" } };
  const paused = out(await pausing.invoke({ log: [] }, pcfg));
  const pausedState = snap(await pausing.getState(pcfg));
  const resumed = clone(await pausing.invoke(new Command({ resume: "yes" }), pcfg));
  result.pausedHandler = { paused, pausedState, resumed, aRuns, handlerRuns };

  // A handler that finished beside a paused sibling runs again on resume (LangGraph.js does).
  aRuns = 0;
  handlerRuns = 0;
  const sibling = new StateGraph(S)
    .addNode("a", () => { aRuns += 1; throw new Error("boom"); }, { errorHandler: () => (handlerRuns += 1, { log: ["handled"] }) })
    .addNode("c", () => ({ log: [lib.interrupt("c?")] }))
    .addEdge(START, "a").addEdge(START, "c")
    .compile({ checkpointer: new MemorySaver() });
  const scfg = { configurable: { thread_id: "s" } };
  await sibling.invoke({ log: [] }, scfg);
  const siblingState = snap(await sibling.getState(scfg));
  const done = clone(await sibling.invoke(new Command({ resume: "c!" }), scfg));
  result.pausedSibling = { siblingState, done, aRuns, handlerRuns };
  return result;
}
