// Null input and a resume Command where there is nothing to continue.
import { outcome, out, thread } from "./_support.mjs";
export const name = "empty input";
export const features = ["errors", "checkpointer"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const build = (opts) => new StateGraph(S).addNode("a", (s) => ({ x: (s.x ?? 0) + 1 })).addEdge(START, "a").addEdge("a", END).compile(opts);
  const plain = build({});
  const saved = build({ checkpointer: new MemorySaver() });
  return {
    nullNoSaver: await outcome(lib, async () => out(await plain.invoke(null))),
    undefinedNoSaver: await outcome(lib, async () => out(await plain.invoke(undefined))),
    resumeNoSaver: await outcome(lib, async () => out(await plain.invoke(new Command({ resume: 1 })))),
    resumeEmptyThread: await outcome(lib, async () => out(await saved.invoke(new Command({ resume: 1 }), thread("e1")))),
    gotoEmptyThread: await outcome(lib, async () => out(await saved.invoke(new Command({ goto: "a" }), thread("e2")))),
    emptyObject: await outcome(lib, async () => out(await plain.invoke({}))),
  };
}
