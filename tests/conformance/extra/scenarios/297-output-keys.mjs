// The Graph API page's output_keys: a run's own output keys limit what its
// values and updates show. The page's example (input, output and private
// schemas) streams every channel by default; with the output schema's key, only
// the superstep that wrote it streams a values chunk, and updates show only that
// key. A single key given as a string shows its value alone. invoke returns the
// keys' values; a paused run's values, and its resume's first chunk, show them too.
// A graph invoked in a node takes the option too.
import { thread, interrupts, subgraphChunk } from "./_support.mjs";
export const name = "outputKeys limit streamed values and updates";
export const features = ["streaming", "schemas", "interrupts", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const Input = Annotation.Root({ user_input: Annotation() });
  const Output = Annotation.Root({ graph_output: Annotation() });
  const Overall = Annotation.Root({ foo: Annotation(), user_input: Annotation(), graph_output: Annotation() });
  const Private = Annotation.Root({ bar: Annotation() });
  const g = new StateGraph({ stateSchema: Overall, input: Input, output: Output })
    .addNode("node_1", (s) => ({ foo: s.user_input + " name" }))
    .addNode("node_2", (s) => ({ bar: s.foo + " is" }), { input: Overall })
    .addNode("node_3", (s) => ({ graph_output: s.bar + " Lance" }), { input: Private })
    .addEdge(START, "node_1").addEdge("node_1", "node_2").addEdge("node_2", "node_3").addEdge("node_3", END)
    .compile();
  const streamed = async (outputKeys) => {
    const chunks = [];
    for await (const c of await g.stream({ user_input: "My" }, { streamMode: ["values", "updates"], outputKeys })) chunks.push(c);
    return chunks;
  };
  const byDefault = await streamed(undefined);
  const outputOnly = await streamed(["graph_output"]);
  const lone = await streamed("graph_output");
  const privateToo = await streamed(["foo", "bar"]);
  const invoked = [await g.invoke({ user_input: "My" }, { outputKeys: ["foo", "bar"] }), await g.invoke({ user_input: "My" }, { outputKeys: "foo" })];
  // A pause, a resume, and a subgraph's own chunks (which keep every key).
  const S = Annotation.Root({ a: Annotation(), b: Annotation({ reducer: (x, y) => x.concat(y), default: () => [] }) });
  const sub = new StateGraph(S).addNode("inner", () => ({ b: ["inner"] })).addEdge(START, "inner").compile();
  const h = new StateGraph(S)
    .addNode("one", () => ({ a: 1, b: ["one"] }))
    .addNode("sub", sub)
    .addNode("ask", () => ({ b: [interrupt("which?")] }))
    .addEdge(START, "one").addEdge("one", "sub").addEdge("sub", "ask")
    .compile({ checkpointer: new MemorySaver() });
  const cfg = { ...thread("t"), outputKeys: ["a"] };
  const chunks = [];
  for await (const c of await h.stream({}, { ...cfg, streamMode: ["values", "updates"], subgraphs: true })) chunks.push(subgraphChunk(c));
  const pausedChunks = chunks.map((c) => (c[2]?.__interrupt__ ? [c[0], c[1], { __interrupt__: interrupts(c[2].__interrupt__) }] : c));
  const resumed = [];
  for await (const c of await h.stream(new Command({ resume: "b" }), { ...cfg, streamMode: "values" })) resumed.push(c);
  const final = await h.invoke(null, { ...thread("t"), outputKeys: "b" });
  // A graph invoked in a node with outputKeys of its own: its output and its values chunks.
  const got = [];
  const caller = new StateGraph(S)
    .addNode("n", async (s, c) => {
      got.push(await sub.invoke(s, { outputKeys: ["a"] }));
      got.push(await sub.invoke({ a: 2 }, { ...c, outputKeys: "b" }));
      return {};
    })
    .addEdge(START, "n")
    .compile();
  const nestedChunks = [];
  for await (const c of await caller.stream({ a: 1 }, { streamMode: "values", subgraphs: true })) nestedChunks.push([c[0].length, c[1]]);
  return { byDefault, outputOnly, lone, privateToo, invoked, pausedChunks, resumed, final, nested: { got, nestedChunks } };
}
