// streamEvents v3 over nested graphs: the seeds' parent -> child -> grandchild example (subgraphs called
// inside nodes), Send tasks into a subgraph node, and an interrupt inside a subgraph resumed under a
// checkpointer; with each run's subgraph streams.
export const name = "streamEvents v3 over nested subgraphs";
export const features = ["streaming", "subgraphs", "send", "interrupts"];

const strip = (ns) => ns.map((s) => s.split(":")[0]);
function norm(e) {
  const d = e.params.data;
  let data = d;
  if (e.method === "checkpoints") data = { step: d.step, source: d.source, parent: "parent_id" in d };
  if (e.method === "tasks") data = { name: d.name, ...("result" in d ? { result: d.result } : { input: d.input }), interrupts: d.interrupts.map((i) => i.value) };
  if (e.method === "updates" && d.node === "__interrupt__") data = { node: d.node, values: d.values.map((i) => i.value) };
  if (e.method === "values" && d && d.__interrupt__) data = { __interrupt__: d.__interrupt__.map((i) => i.value) };
  return [e.seq, e.method, strip(e.params.namespace), e.params.node ?? null, data];
}
async function collect(stream) {
  const out = [];
  for await (const e of stream) out.push(norm(e));
  const subs = [];
  for await (const s of stream.subgraphs) subs.push([s.name, strip(s.path)]);
  const output = await stream.output;
  return { events: out, subs, output: output.__interrupt__ ? { __interrupt__: output.__interrupt__.map((i) => i.value) } : output };
}

export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, Send, interrupt } = lib;
  const res = {};
  const G = Annotation.Root({ my_grandchild_key: Annotation() });
  const grandchild = new StateGraph(G).addNode("grandchild_1", (s) => ({ my_grandchild_key: s.my_grandchild_key + ", how are you" })).addEdge(START, "grandchild_1").compile();
  const C = Annotation.Root({ my_child_key: Annotation() });
  const child = new StateGraph(C)
    .addNode("child_1", async (s, config) => {
      const out = await grandchild.invoke({ my_grandchild_key: s.my_child_key }, config);
      return { my_child_key: out.my_grandchild_key + " today?" };
    })
    .addEdge(START, "child_1")
    .compile();
  const P = Annotation.Root({ my_key: Annotation() });
  const parent = new StateGraph(P)
    .addNode("parent_1", (s) => ({ my_key: "hi " + s.my_key }))
    .addNode("child", async (s, config) => {
      const out = await child.invoke({ my_child_key: s.my_key }, config);
      return { my_key: out.my_child_key };
    })
    .addNode("parent_2", (s) => ({ my_key: s.my_key + " bye!" }))
    .addEdge(START, "parent_1")
    .addEdge("parent_1", "child")
    .addEdge("child", "parent_2")
    .compile();
  res.grandchild = await collect(await parent.streamEvents({ my_key: "Bob" }, { version: "v3" }));

  // Send tasks into a subgraph node.
  const W = Annotation.Root({ item: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const worker = new StateGraph(W).addNode("work", (s) => ({ done: [s.item * 2] })).addEdge(START, "work").compile();
  const D = Annotation.Root({ done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const fan = new StateGraph(D)
    .addNode("worker", worker)
    .addConditionalEdges(START, () => [new Send("worker", { item: 1 }), new Send("worker", { item: 2 })])
    .compile();
  const fs = await fan.streamEvents({}, { version: "v3" });
  const f = await collect(fs);
  res.fanOutput = f.output;
  res.fanSubs = f.subs;
  res.fanRoot = f.events.filter((e) => e[2].length === 0).map((e) => [e[1], e[4]]);
  // The two Send tasks' subgraphs interleave as their tasks run, which is not a contract: each one's own
  // events, in order, sorted.
  const per = new Map();
  for await (const e of fs) if (e.params.namespace.length) {
    const k = e.params.namespace.join("|");
    per.set(k, [...(per.get(k) ?? []), norm(e).slice(1)]);
  }
  res.fanSubgraphs = [...per.values()].map((evs) => JSON.stringify(evs)).sort();

  // An interrupt inside a subgraph node, resumed.
  const S = Annotation.Root({ v: Annotation() });
  const asker = new StateGraph(S).addNode("ask", () => ({ v: interrupt("name?") })).addEdge(START, "ask").compile();
  const host = new StateGraph(S).addNode("inner", asker).addNode("end", (s) => ({ v: s.v + "!" })).addEdge(START, "inner").addEdge("inner", "end").compile({ checkpointer: new MemorySaver() });
  const t = { configurable: { thread_id: "t" } };
  const p1 = await host.streamEvents({ v: "" }, { version: "v3", ...t });
  res.paused = await collect(p1);
  res.pausedFlags = [p1.interrupted, p1.interrupts.map((i) => i.payload)];
  res.resumed = await collect(await host.streamEvents(new Command({ resume: "Ada" }), { version: "v3", ...t }));
  return res;
}
