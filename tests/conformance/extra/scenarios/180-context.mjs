// Runtime context passed to invoke reaches nodes (config.context), separate from state and configurable.
import { out } from "./_support.mjs";
export const name = "runtime context";
export const features = ["config", "context"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ out: Annotation() });
  const g = new StateGraph(S)
    .addNode("a", (s, config) => ({ out: `${config.context?.provider ?? "none"}/${config.configurable?.user ?? "none"}` }))
    .addEdge(START, "a").addEdge("a", END).compile();
  const withCtx = out(await g.invoke({ out: "" }, { context: { provider: "anthropic" }, configurable: { user: "u1" } }));
  const without = out(await g.invoke({ out: "" }));
  return { withCtx, without };
}
