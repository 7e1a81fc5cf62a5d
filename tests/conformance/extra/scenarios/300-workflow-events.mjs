// streamEvents and task() calls. Under v2 a call is a task of its own: it starts and
// ends as a chain named after it, with its own push path and a namespace under its
// node's, and ends with what it returned; a chat model it calls reports under it. A
// workflow (entrypoint) streams events too: v2 without a __start__ task, its return
// value and saved value through two hidden chains; v3 as a graph's. A workflow's
// updateState takes a return value (or entrypoint.final), and batch runs each input.
// The graph's chunks keep their order among themselves; where they fall between the
// tasks' events is a matter of timing, so they are listed apart. Ids are left out.
import { FakeListChatModel } from "@langchain/core/utils/testing";
export const name = "streamEvents of task() calls and of workflows";
export const features = ["streaming", "functional"];
export const requires = ["task", "entrypoint"];

const taskless = (ns) => (typeof ns === "string" ? ns.split("|").map((p) => p.split(":")[0]).join("|") : ns);
const content = (v) => (v && typeof v === "object" && "kwargs" in v ? v.kwargs.content : v?.content ?? v);

/** v2 events, `on_chain_stream` chunks apart; metadata without ids, a model's without its `ls_*` and versions. */
async function v2(stream) {
  const events = [];
  const chunks = [];
  for await (const e of stream) {
    if (e.event === "on_chain_stream" && e.name === e.metadata?.ls_integration) continue;
    const m = e.metadata ?? {};
    const meta = [m.langgraph_node ?? null, m.langgraph_step ?? null, JSON.stringify(m.langgraph_path ?? null), taskless(m.checkpoint_ns ?? null), m.thread_id ?? null];
    if (e.event === "on_chain_stream" && !m.langgraph_node) chunks.push([e.name, e.data.chunk]);
    else events.push([e.event, e.name, e.tags, meta, e.data.input === undefined ? null : content(e.data.input), e.data.output === undefined ? null : content(e.data.output), e.data.chunk === undefined ? null : content(e.data.chunk)]);
  }
  return { events, chunks };
}

async function v3(stream) {
  const out = [];
  for await (const e of stream) {
    const d = e.params.data;
    let data = d;
    if (e.method === "checkpoints") data = { step: d.step, source: d.source };
    if (e.method === "tasks") data = { name: d.name, ...("result" in d ? { result: d.result } : { input: d.input }) };
    out.push([e.method, e.params.namespace.length, e.params.node ?? null, data]);
  }
  return { events: out, output: await stream.output };
}

export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, task, entrypoint, getPreviousState } = lib;
  const res = {};

  // task() calls inside a graph's node, one calling a chat model; a sibling node beside.
  const model = new FakeListChatModel({ responses: ["ab"] });
  const two = task("two", async (q) => q + "2");
  const ask = task("ask", async (q) => (await model.invoke(q)).content);
  const S = Annotation.Root({ x: Annotation(), y: Annotation() });
  const graph = new StateGraph(S)
    .addNode("a", async (s) => ({ x: await ask(await two(s.x)) }))
    .addNode("b", async () => ({ y: 1 }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .compile();
  const calls = await v2(graph.streamEvents({ x: "q" }, { version: "v2" }));
  // Each task's own events in order (between tasks, the order is timing's).
  res.calls = {
    a: calls.events.filter((e) => e[3][0] === "a" || e[1] === "a"),
    two: calls.events.filter((e) => e[3][0] === "two"),
    ask: calls.events.filter((e) => e[3][0] === "ask"),
    b: calls.events.filter((e) => e[3][0] === "b"),
    chunks: calls.chunks,
  };

  // A workflow with a checkpointer: final values, a call, a run that reads the previous one.
  const double = task("double", async (n) => n * 2);
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (n) => {
    const previous = getPreviousState() ?? 0;
    return entrypoint.final({ value: (await double(n)) + previous, save: n });
  });
  const t = { configurable: { thread_id: "w" } };
  res.workflowV2 = await v2(wf.streamEvents(1, { version: "v2", ...t }));
  res.workflowV3 = await v3(await wf.streamEvents(2, { version: "v3", ...t }));
  const plain = entrypoint("plain", async (n) => ({ n: await double(n) }));
  res.plainV2 = await v2(plain.streamEvents(3, { version: "v2" }));

  // updateState takes a return value, or a final's value and saved value.
  await wf.updateState(t, 100);
  const s1 = await wf.getState(t);
  res.afterUpdate = { values: s1.values, next: s1.next, source: s1.metadata?.source, invoke: await wf.invoke(5, t) };
  await wf.updateState(t, entrypoint.final({ value: "V", save: 1000 }));
  res.afterFinal = { values: (await wf.getState(t)).values, invoke: await wf.invoke(5, t) };
  res.batch = await plain.batch([1, 2, 3]);
  return res;
}
