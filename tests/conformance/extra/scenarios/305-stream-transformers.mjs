// LangGraph.js 1.7's stream transformers on streamEvents v3: `compile({ transformers })`, a call's
// `transformers` and `withConfig({ streamTransformers })`; what each one's process() sees, drops and
// pushes; remote and local StreamChannels in `extensions` (a remote one's items logged as
// `custom:<name>` events under the namespace of the event being shown); promises in the projection
// logged at the end; and a failing run.
export const name = "streamEvents v3 stream transformers";
export const features = ["streaming", "subgraphs", "interrupts"];
export const requires = ["StreamChannel"];

const strip = (ns) => ns.map((s) => s.split(":")[0]);
const brief = (e) => {
  const d = e.params.data;
  const data = e.method === "checkpoints" ? d.step : e.method === "tasks" ? d.name : e.method === "lifecycle" ? d.event : d;
  return [e.seq, e.method, strip(e.params.namespace).join("/"), e.params.node ?? null, data];
};
async function all(iterable, map = (x) => x) {
  const out = [];
  for await (const x of iterable) out.push(map(x));
  return out;
}

export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, StreamChannel, interrupt } = lib;
  const res = {};
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }) });
  const sub = new StateGraph(S)
    .addNode("inner", (_s, config) => {
      config.writer({ hi: 1 });
      return { n: 100 };
    })
    .addEdge(START, "inner")
    .compile();

  // Counts what it is shown, drops task events, logs each update's node on a remote channel,
  // echoes a subgraph's custom event at the root, and resolves a total when the run ends.
  const counter = () => {
    const counts = StreamChannel.remote("counts");
    const local = StreamChannel.local();
    let n = 0;
    let resolveTotal;
    const total = new Promise((r) => (resolveTotal = r));
    let emitter;
    return {
      init: () => ({ counts, local, total }),
      onRegister(e) {
        emitter = e;
      },
      process(e) {
        n++;
        if (e.method === "updates") {
          counts.push({ node: e.params.node, n });
          local.push(e.params.node);
        }
        if (e.method === "custom" && e.params.namespace.length) {
          emitter.push([], { type: "event", method: "custom", params: { namespace: [], timestamp: 0, data: { name: "echo", payload: e.params.data } } });
        }
        return e.method !== "tasks";
      },
      finalize() {
        resolveTotal(n);
      },
      fail() {
        resolveTotal(-1);
      },
    };
  };
  const g = new StateGraph(S).addNode("a", () => ({ n: 1 })).addNode("b", sub).addEdge(START, "a").addEdge("a", "b").compile({ transformers: [counter] });
  res.field = [g.streamTransformers.length, g.withConfig({ streamTransformers: [counter] }).streamTransformers.length];

  const r1 = await g.streamEvents({ n: 0 }, { version: "v3" });
  res.extensionKeys = Object.keys(r1.extensions);
  res.events = await all(r1, brief);
  res.local = await all(r1.extensions.local);
  res.counts = await all(r1.extensions.counts);
  res.total = await r1.extensions.total;
  res.output = await r1.output;
  res.subgraphExtensions = await all(r1.subgraphs, (s) => Object.keys(s.extensions ?? {}).length);

  // Dropping every event empties the log (but for the first, logged before the transformers
  // came); the projections still see every event.
  const dropAll = () => ({ init: () => ({}), process: () => false });
  const plain = new StateGraph(S).addNode("a", () => ({ n: 1 })).addNode("b", sub).addEdge(START, "a").addEdge("a", "b").compile();
  const r2 = await plain.streamEvents({ n: 0 }, { version: "v3", transformers: [dropAll] });
  res.dropped = {
    events: await all(r2, (e) => e.method),
    values: await all(r2.values),
    subgraphs: await all(r2.subgraphs, (s) => s.name),
    lifecycle: await all(r2.lifecycle, (l) => l.event),
    output: await r2.output,
  };

  // A process() that returns nothing drops the event; init() may return nothing.
  const silent = () => ({ init: () => undefined, process() {} });
  const r3 = await plain.streamEvents({ n: 0 }, { version: "v3", transformers: [silent] });
  res.silent = { events: (await all(r3)).length, extensions: r3.extensions, output: await r3.output };

  // The graph's transformers, then the config's (both counters; the second's keys win).
  const r4 = await g.withConfig({ streamTransformers: [counter] }).streamEvents({ n: 0 }, { version: "v3" });
  res.twice = { events: await all(r4, brief), total: await r4.extensions.total };

  // An interrupted run finalizes its transformers.
  let finalized = 0;
  const closing = () => ({ init: () => ({ log: StreamChannel.remote("log") }), process: () => true, finalize: () => void finalized++ });
  const h = new StateGraph(S)
    .addNode("ask", () => ({ n: interrupt("ok?") }))
    .addEdge(START, "ask")
    .compile({ checkpointer: new MemorySaver() });
  const r5 = await h.streamEvents({ n: 0 }, { version: "v3", transformers: [closing], configurable: { thread_id: "t" } });
  res.interrupted = { events: await all(r5, (e) => e.method), flag: r5.interrupted, finalized, log: [r5.extensions.log.done, r5.extensions.log.size] };

  // A failing run: the iteration throws, the transformer hears of it, its channels fail.
  const bad = new StateGraph(S)
    .addNode("a", () => {
      throw new Error("boom");
    })
    .addEdge(START, "a")
    .compile();
  const r6 = await bad.streamEvents({ n: 0 }, { version: "v3", transformers: [counter] });
  res.failed = {};
  try {
    await all(r6);
  } catch (e) {
    res.failed.iteration = e.message;
  }
  res.failed.total = await r6.extensions.total;
  try {
    await all(r6.extensions.counts);
  } catch (e) {
    res.failed.channel = e.message;
  }

  // StreamChannel on its own.
  const c = StreamChannel.local();
  c.push(1);
  c.push(2);
  res.channel = [c.size, c.get(1), c.done, c.channelName ?? null, StreamChannel.isInstance(c), StreamChannel.isInstance({})];
  try {
    c.get(5);
  } catch (e) {
    res.channel.push(e.name);
  }
  c.close();
  res.channel.push(await all(c), c.done);
  const named = StreamChannel.remote("x");
  named.push({ a: 1 });
  named.push("l1\nl2");
  named.close();
  res.eventStream = await new Response(named.toEventStream()).text();
  return res;
}
