// A node returns Command whose goto mixes a node name and Send objects; updates stream the Command's update.
import { out } from "./_support.mjs";
export const name = "command goto with sends";
export const features = ["command", "send", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, Send } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const g = new StateGraph(S)
    .addNode("plan", () => new Command({ update: { n: 2 }, goto: ["tail", new Send("work", { n: 5 }), new Send("work", { n: 6 })] }), { ends: ["tail", "work"] })
    .addNode("work", (s) => ({ log: [`w${s.n}`] }))
    .addNode("tail", (s) => ({ log: [`t${s.n}`] }))
    .addEdge(START, "plan").addEdge("work", END).addEdge("tail", END)
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) chunks.push(c);
  const sorted = chunks.slice(1).map((c) => JSON.stringify(c)).sort();
  return { result: out(await g.invoke({ log: [] })), first: chunks[0], rest: sorted };
}
