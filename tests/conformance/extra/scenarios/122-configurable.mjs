// Nodes and routers read config.configurable from the invoke config.
import { out } from "./_support.mjs";
export const name = "configurable";
export const features = ["config"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ greeting: Annotation(), route: Annotation() });
  const g = new StateGraph(S)
    .addNode("greet", (s, config) => ({ greeting: `hi ${config.configurable.user}` }))
    .addNode("loud", (s) => ({ route: "loud", greeting: s.greeting.toUpperCase() }))
    .addNode("quiet", () => ({ route: "quiet" }))
    .addEdge(START, "greet")
    .addConditionalEdges("greet", (s, config) => (config.configurable.mode === "loud" ? "loud" : "quiet"))
    .addEdge("loud", END).addEdge("quiet", END)
    .compile();
  const a = out(await g.invoke({}, { configurable: { user: "Ann", mode: "loud" } }));
  const b = out(await g.invoke({}, { configurable: { user: "Bob" } }));
  return { a, b };
}
