// addSequence, setEntryPoint, setFinishPoint, addNode with an object of nodes.
import { collect, out } from "./_support.mjs";
export const name = "sequence, entry and finish points";
export const features = ["edges", "basics"];
export async function run(lib) {
  const { StateGraph, Annotation } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const seq = new StateGraph(S)
    .addSequence([["one", () => ({ log: ["1"] })], ["two", () => ({ log: ["2"] })], ["three", () => ({ log: ["3"] })]])
    .setEntryPoint("one").setFinishPoint("three").compile();
  const a = out(await seq.invoke({ log: ["in"] }));
  const obj = new StateGraph(S).addNode({ p: () => ({ log: ["p"] }), q: () => ({ log: ["q"] }) }).setEntryPoint("p").addEdge("p", "q").setFinishPoint("q").compile();
  const b = await collect(obj.stream({}, { streamMode: "updates" }), out);
  return { a, b };
}
