// Overwrite from two parallel nodes is an error; Overwrite in a Command update and next to a plain write.
import { outcome, out } from "./_support.mjs";
export const name = "Overwrite conflicts";
export const features = ["reducers", "overwrite", "errors"];
export const requires = ["Overwrite"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Overwrite, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const two = new StateGraph(S).addNode("a", () => ({ log: new Overwrite(["a"]) })).addNode("b", () => ({ log: new Overwrite(["b"]) }))
    .addEdge(START, "a").addEdge(START, "b").compile();
  const mixed = new StateGraph(S).addNode("a", () => ({ log: new Overwrite(["a"]) })).addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").addEdge(START, "b").compile();
  const cmd = new StateGraph(S).addNode("a", () => new Command({ update: { log: new Overwrite(["reset"]) }, goto: "b" }), { ends: ["b"] }).addNode("b", () => ({ log: ["b"] }))
    .addEdge(START, "a").compile();
  return {
    two: await outcome(lib, async () => out(await two.invoke({ log: ["in"] }))),
    mixed: await outcome(lib, async () => out(await mixed.invoke({ log: ["in"] }))),
    cmd: await outcome(lib, async () => out(await cmd.invoke({ log: ["in"] }))),
  };
}
