// Which nodes compile as reachable, as LangGraph.js decides it: a node is unreachable only when
// no edge, path map or `ends` names it. A node that loops on itself and is entered by a
// subgraph's Command.PARENT compiles and runs; so does one named only by a router without a path
// map. A node nothing names is UnreachableNodeError, a GraphValidationError here.
import { errorName } from "./_support.mjs";
export const name = "reachability by edges, Command.PARENT and routers";
export const features = ["command", "subgraphs", "errors", "conditional-edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S).addNode("c", () => new Command({ graph: Command.PARENT, goto: "again", update: { log: ["c"] } })).addEdge(START, "c").compile();
  const results = {};
  const parent = new StateGraph(S)
    .addNode("sub", child)
    .addNode("again", (s) => ({ log: ["again"] }))
    .addEdge(START, "sub")
    .addConditionalEdges("again", (s) => (s.log.length < 4 ? "again" : END), { again: "again", [END]: END });
  results.parentGoto = await parent.compile().invoke({ log: [] });
  const routed = new StateGraph(S).addNode("a", () => ({ log: ["a"] })).addNode("b", () => ({ log: ["b"] })).addEdge(START, "a").addConditionalEdges("a", () => "b");
  results.routed = await routed.compile().invoke({ log: [] });
  try {
    new StateGraph(S).addNode("a", () => ({})).addNode("island", () => ({})).addEdge(START, "a").compile();
    results.island = "compiled";
  } catch (e) {
    results.island = { error: e.name === "UnreachableNodeError" || e.name === "GraphValidationError" ? "unreachable" : errorName(e, lib) };
  }
  return results;
}
