// A malformed graph fails where LangGraph.js fails it, with the class it throws:
// at addNode/addEdge/addConditionalEdges for what those check, else at compile,
// which names unknown sources, then unreachable nodes, then unknown targets,
// then unknown breakpoints. A graph that compiles still runs.
import { capture } from "./_support.mjs";
export const name = "malformed graphs fail where and as LangGraph.js fails them";
export const features = ["errors", "edges", "validation"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ x: Annotation() });
  const noop = () => ({});
  const g = () => new StateGraph(S).addNode("a", noop);
  const fails = (build) => capture(lib, () => { build(); return "built"; });
  return {
    duplicateNode: await fails(() => g().addNode("a", noop)),
    noNodes: await fails(() => new StateGraph(S).addNode({})),
    reservedName: await fails(() => g().addNode(END, noop)),
    reservedChar: await fails(() => g().addNode("p|q", noop)),
    nodeNamedLikeKey: await fails(() => g().addNode("x", noop)),
    endAsStart: await fails(() => g().addEdge(END, "a")),
    startAsEnd: await fails(() => g().addEdge("a", START)),
    waitingEdgeBeforeItsNode: await fails(() => g().addEdge(["a", "b"], "a")),
    waitingEdgeToEnd: await fails(() => g().addEdge(["a"], END)),
    twoRouters: await fails(() => g().addConditionalEdges("a", () => END).addConditionalEdges("a", () => END)),
    emptySequence: await fails(() => new StateGraph(S).addSequence([])),
    sequenceRepeatsANode: await fails(() => g().addSequence([["a", noop]])),
    unknownTarget: await fails(() => g().addEdge(START, "a").addEdge("a", "ghost").compile()),
    unknownSource: await fails(() => g().addEdge(START, "a").addEdge("ghost", "a").compile()),
    unknownSourceBeforeUnreachable: await fails(() => g().addNode("b", noop).addEdge("ghost", "a").compile()),
    unreachableBeforeUnknownTarget: await fails(() => g().addNode("b", noop).addEdge(START, "a").addEdge("a", "ghost").compile()),
    noEdges: await fails(() => g().compile()),
    entryUnknown: await fails(() => g().setEntryPoint("ghost").compile()),
    finishUnknown: await fails(() => g().setEntryPoint("a").setFinishPoint("ghost").compile()),
    pathMapUnknown: await fails(() => g().addEdge(START, "a").addConditionalEdges("a", () => "k", { k: "ghost" }).compile()),
    endsUnknown: await fails(() => new StateGraph(S).addNode("a", noop, { ends: ["ghost"] }).addEdge(START, "a").compile()),
    breakpointUnknown: await fails(() => g().addEdge(START, "a").compile({ interruptBefore: ["ghost"] })),
    afterBreakpointUnknown: await fails(() => g().addEdge(START, "a").compile({ interruptAfter: ["ghost"] })),
    unreachable: await fails(() => g().addNode("b", noop).addEdge(START, "a").compile()),
    stillRuns: await capture(lib, () => g().addEdge(START, "a").addConditionalEdges("a", () => END).compile().invoke({ x: 1 })),
  };
}
