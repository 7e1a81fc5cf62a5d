// Nodes read where and how their task runs as config.executionInfo (the seed
// documents' runtime.execution_info): the checkpoint its superstep ran from (whose
// tasks list it), its namespace and task id, the thread, and the attempt, counted
// from 1 across retries, with the first attempt's time kept.
export const name = "execution info";
export const features = ["runtime", "retry", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const seen = [];
  let failures = 1;
  const record = (name) => (s, config) => {
    seen.push({ name, ...config.executionInfo });
    if (name === "a" && failures-- > 0) throw new Error("once");
    return { x: s.x + 1 };
  };
  const build = () =>
    new StateGraph(S)
      .addNode("a", record("a"), { retryPolicy: { maxAttempts: 3, initialInterval: 20, jitter: false } })
      .addNode("b", record("b"))
      .addEdge(START, "a")
      .addEdge("a", "b");
  const cfg = { configurable: { thread_id: "info" } };
  const g = build().compile({ checkpointer: new MemorySaver() });
  await g.invoke({ x: 0 }, cfg);
  const history = [];
  for await (const s of g.getStateHistory(cfg)) history.push(s);
  const ran = (e) => history.find((s) => s.config.configurable.checkpoint_id === e.checkpointId);
  const shape = (e) => ({
    name: e.name,
    keys: Object.keys(e),
    ranFromStep: ran(e)?.metadata.step ?? null,
    listedThere: !!ran(e)?.tasks.some((t) => t.id === e.taskId),
    nsIsNodeAndTask: e.checkpointNs === `${e.name}:${e.taskId}`,
    threadId: e.threadId ?? null,
    nodeAttempt: e.nodeAttempt,
    timeIsNumber: typeof e.nodeFirstAttemptTime === "number" && e.nodeFirstAttemptTime > 0,
  });
  const withThread = seen.map(shape);
  const sameFirstTime = seen[0].nodeFirstAttemptTime === seen[1].nodeFirstAttemptTime;
  // Without a checkpointer: no thread.
  seen.length = 0;
  failures = 0;
  await build().compile().invoke({ x: 0 });
  return { withThread, sameFirstTime, noThread: seen.map((e) => ({ name: e.name, threadId: e.threadId ?? null, nodeAttempt: e.nodeAttempt })) };
}
