// What a node may return, and what a graph takes as input: an object, nothing, a Command, or a
// list holding at least one Command (whose updates, and any plain updates beside them, all
// apply, each write reduced in turn). Anything else is an InvalidUpdateError, and so is input
// that is not an object. Without a thread id, getState shows an empty thread.
import { errorName, thread } from "./_support.mjs";
export const name = "node return values and graph input";
export const features = ["command", "errors", "reducers", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, MemorySaver } = lib;
  const S = Annotation.Root({ a: Annotation(), l: Annotation({ reducer: (x, y) => x.concat(y), default: () => [] }) });
  const graph = (ret) =>
    new StateGraph(S).addNode("n", () => ret, { ends: ["m"] }).addNode("m", () => ({ l: ["m"] })).addEdge(START, "n").compile();
  const results = {};
  const tryRun = async (key, f) => {
    try {
      results[key] = await f();
    } catch (e) {
      results[key] = { error: errorName(e, lib) };
    }
  };
  await tryRun("mixed", () => graph([new Command({ update: { l: ["c"] }, goto: "m" }), { l: ["u"], a: 1 }, null]).invoke({ l: [] }));
  await tryRun("twoCommands", () => graph([new Command({ update: { l: ["c1"] } }), new Command({ update: { l: ["c2"] }, goto: "m" })]).invoke({ l: [] }));
  await tryRun("sameKeyTwice", () => graph([new Command({ update: { a: 1 } }), new Command({ update: { a: 2 } })]).invoke({ l: [] }));
  for (const [key, ret] of Object.entries({ empty: [], number: 5, text: "x", flag: true, objects: [{ a: 1 }], nested: [[new Command({ goto: "m" })]] })) {
    await tryRun(key, () => graph(ret).invoke({ l: [] }));
  }
  for (const [key, input] of Object.entries({ inputList: [], inputNumber: 5, inputText: "x" })) {
    await tryRun(key, () => graph({}).invoke(input));
  }
  const saved = new StateGraph(S).addNode("n", () => ({ a: 1 })).addEdge(START, "n").addEdge("n", END).compile({ checkpointer: new MemorySaver() });
  await saved.invoke({ l: [] }, thread("t"));
  const s = await saved.getState({ configurable: {} });
  results.noThread = { values: s.values, next: s.next, tasks: s.tasks };
  return results;
}
