// Command({goto: END}) stops a branch while a sibling continues; Command with only an update follows static edges.
import { out } from "./_support.mjs";
export const name = "command goto END and update-only";
export const features = ["command", "parallel"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode("stop", () => new Command({ goto: END, update: { log: ["stop"] } }), { ends: [END] })
    .addNode("go", () => new Command({ update: { log: ["go"] } }))
    .addNode("after", () => ({ log: ["after"] }))
    .addEdge(START, "stop").addEdge(START, "go").addEdge("go", "after").addEdge("after", END)
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) chunks.push(JSON.stringify(c));
  return { result: out(await g.invoke({ log: [] })), chunks: chunks.sort() };
}
