// streamEvents(input, { version: "v3" }), the event protocol the seeds' subgraph examples print: lifecycle,
// checkpoint envelopes, values, tasks, updates, custom events, with namespaces; the output, interrupts and
// subgraph projections; a resume; and a failing run.
export const name = "streamEvents v3 protocol events";
export const features = ["streaming", "subgraphs", "interrupts"];

const strip = (ns) => ns.map((s) => s.split(":")[0]);
function norm(e) {
  const d = e.params.data;
  let data = d;
  if (e.method === "checkpoints") data = { step: d.step, source: d.source, parent: "parent_id" in d, id: typeof d.id };
  if (e.method === "tasks") data = { name: d.name, ...("result" in d ? { result: d.result, error: d.error } : { input: d.input, triggers: d.triggers }), interrupts: d.interrupts.map((i) => i.value) };
  if (e.method === "updates" && d.node === "__interrupt__") data = { node: d.node, values: d.values.map((i) => i.value) };
  if (e.method === "values" && d && d.__interrupt__) data = { __interrupt__: d.__interrupt__.map((i) => i.value) };
  if (e.method === "lifecycle" && d.error) data = { ...d, error: typeof d.error };
  if (e.method === "tasks" && d.error) data = { ...data, error: d.error };
  return [e.seq, e.method, strip(e.params.namespace), e.params.node ?? null, data, typeof e.params.timestamp];
}
async function collect(stream) {
  const out = [];
  for await (const e of stream) out.push(norm(e));
  return out;
}

export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const res = {};
  // The seeds' shared-keys subgraph as a node.
  const Sub = Annotation.Root({ foo: Annotation(), bar: Annotation() });
  const sub = new StateGraph(Sub)
    .addNode("subgraph_node_1", () => ({ bar: "bar" }))
    .addNode("subgraph_node_2", (s, config) => {
      config.writer({ progress: 1 });
      config.writer("plain");
      return { foo: s.foo + s.bar };
    })
    .addEdge(START, "subgraph_node_1")
    .addEdge("subgraph_node_1", "subgraph_node_2")
    .compile();
  const P = Annotation.Root({ foo: Annotation() });
  const g = new StateGraph(P)
    .addNode("node_1", (s) => ({ foo: "hi! " + s.foo }))
    .addNode("node_2", sub)
    .addEdge(START, "node_1")
    .addEdge("node_1", "node_2")
    .compile();
  const s1 = await g.streamEvents({ foo: "foo" }, { version: "v3" });
  res.events = await collect(s1);
  res.output = await s1.output;
  res.flags = [s1.interrupted, s1.interrupts.length];
  res.again = (await collect(s1)).length === res.events.length;
  const subs = [];
  for await (const sg of s1.subgraphs) subs.push([sg.name, sg.index, strip(sg.path)]);
  res.subgraphs = subs;
  const vals = [];
  for await (const v of s1.values) vals.push(v);
  res.values = vals;
  res.valuesThen = await s1.values;

  // An interrupt under a checkpointer, then a resume.
  const h = new StateGraph(P)
    .addNode("ask", () => ({ foo: interrupt("ok?") }))
    .addNode("after", (s) => ({ foo: s.foo + "!" }))
    .addEdge(START, "ask")
    .addEdge("ask", "after")
    .compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "t" } };
  const s2 = await h.streamEvents({ foo: "x" }, { version: "v3", ...t });
  res.paused = await collect(s2);
  const out2 = await s2.output;
  res.pausedOutput = { keys: Object.keys(out2), values: (out2.__interrupt__ ?? []).map((i) => i.value) };
  res.pausedFlags = [s2.interrupted, s2.interrupts.map((i) => [typeof i.interruptId, i.payload])];
  const s3 = await h.streamEvents(new Command({ resume: "yes" }), { version: "v3", ...t });
  res.resumed = await collect(s3);
  res.resumedOutput = await s3.output;

  // A failing node.
  const f = new StateGraph(P)
    .addNode("ok", () => ({ foo: "a" }))
    .addNode("bad", async () => {
      // Failing after a delay: a synchronous failure can beat LangGraph.js's own task-start event.
      await new Promise((r) => setTimeout(r, 5));
      throw new RangeError("boom");
    })
    .addEdge(START, "ok")
    .addEdge("ok", "bad")
    .compile();
  const s4 = await f.streamEvents({ foo: "x" }, { version: "v3" });
  const seen = [];
  try {
    for await (const e of s4) seen.push(norm(e));
  } catch (e) {
    res.iterError = e.name;
  }
  res.failing = seen;
  try {
    await s4.output;
  } catch (e) {
    res.outputError = e.name;
  }
  return res;
}
