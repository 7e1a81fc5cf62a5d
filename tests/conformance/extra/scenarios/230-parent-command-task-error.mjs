// A subgraph node that leaves for its parent with Command.PARENT: in the "tasks" stream (with
// subgraphs) its task ends with the error name "ParentCommand", and the parent goes on.
import { collect, ns } from "./_support.mjs";
export const name = "Command.PARENT in the tasks stream";
export const features = ["command", "subgraphs", "stream-tasks"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c1", () => new Command({ graph: Command.PARENT, goto: "b", update: { log: ["c1"] } }))
    .addEdge(START, "c1").compile();
  const g = new StateGraph(S).addNode("sub", child, { ends: ["b"] }).addNode("b", () => ({ log: ["b"] })).addEdge(START, "sub").addEdge("b", END).compile();
  const events = await collect(g.stream({ log: [] }, { streamMode: "tasks", subgraphs: true }), ([namespace, d]) =>
    "result" in d ? { ns: ns(namespace), name: d.name, result: d.result, error: d.error ? d.error.name : null } : { ns: ns(namespace), name: d.name, start: true });
  return { events, output: await g.invoke({ log: [] }) };
}
