// invoke() with a stream mode other than "values" returns the chunks (the seed's node-cache example prints
// graph.invoke({x: 5}, stream_mode="updates")); "values" keeps returning the state, a list of modes gives
// [mode, chunk] pairs, and a paused run's chunks end with its interrupt.
import { out, thread } from "./_support.mjs";
export const name = "invoke with streamMode";
export const features = ["streaming", "cache", "interrupts"];
export const requires = ["InMemoryCache"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, InMemoryCache, interrupt, Command } = lib;
  const S = Annotation.Root({ x: Annotation(), result: Annotation(), answer: Annotation() });
  const cached = new StateGraph(S)
    .addNode("expensive_node", (s) => ({ result: s.x * 2 }), { cachePolicy: { ttl: 3 } })
    .addEdge(START, "expensive_node")
    .addEdge("expensive_node", END)
    .compile({ cache: new InMemoryCache() });
  const first = out(await cached.invoke({ x: 5 }, { streamMode: "updates" }));
  const second = out(await cached.invoke({ x: 5 }, { streamMode: "updates" }));
  const values = out(await cached.invoke({ x: 6 }, { streamMode: "values" }));
  const modes = out(await cached.invoke({ x: 7 }, { streamMode: ["updates", "values"] }));
  const asking = new StateGraph(S)
    .addNode("ask", () => ({ answer: interrupt("ok?") }))
    .addEdge(START, "ask")
    .addEdge("ask", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("i");
  const paused = out(await asking.invoke({ x: 1 }, { ...t, streamMode: "updates" }));
  const resumed = out(await asking.invoke(new Command({ resume: "yes" }), { ...t, streamMode: "updates" }));
  return { first, second, values, modes, paused: paused.map((c) => Object.keys(c)), resumed };
}
