// addSequence and addNode in their object forms, chained with edges and a finish point.
import { out } from "./_support.mjs";
export const name = "object forms of addSequence and addNode";
export const features = ["edges", "builder"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addSequence({ one: () => ({ log: ["1"] }), two: () => ({ log: ["2"] }) })
    .addNode({ three: () => ({ log: ["3"] }), four: async () => ({ log: ["4"] }) })
    .addEdge(START, "one").addEdge("two", "three").addEdge("three", "four").setFinishPoint("four")
    .compile();
  const chunks = [];
  for await (const c of await g.stream({ log: [] }, { streamMode: "updates" })) chunks.push(Object.keys(c));
  return { result: out(await g.invoke({ log: [] })), chunks };
}
