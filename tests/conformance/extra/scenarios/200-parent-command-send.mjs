// A subgraph node sends Command.PARENT with goto to a parent node and an update through the parent's reducer.
import { out } from "./_support.mjs";
export const name = "parent command with goto list";
export const features = ["command", "subgraphs"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c", () => new Command({ graph: Command.PARENT, goto: ["x", "y"], update: { log: ["from child"] } }))
    .addEdge(START, "c").compile();
  const g = new StateGraph(S)
    .addNode("sub", child, { ends: ["x", "y"] })
    .addNode("x", () => ({ log: ["x"] })).addNode("y", () => ({ log: ["y"] }))
    .addEdge(START, "sub").addEdge("x", END).addEdge("y", END)
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) chunks.push(JSON.stringify(c));
  return { result: out(await g.invoke({ log: [] })), chunks };
}
