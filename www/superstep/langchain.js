// `superstep/langchain`: importing it once makes compiled graphs and workflows full
// LangChain runnables, as LangGraph.js's are: `pipe`, `withRetry`, `withFallbacks`,
// `withListeners`, `asTool`, `pick` and `assign` are LangChain's own, from the app's
// @langchain/core. (Without it, LangChain already takes a graph as a runnable in a
// RunnableSequence or a RunnableMap.)
import { Runnable } from "@langchain/core/runnables";
import { CompiledStateGraph, CompiledMessageGraph, Entrypoint } from "./index.js";

for (const cls of [CompiledStateGraph, CompiledMessageGraph, Entrypoint]) {
  for (const method of ["pipe", "withRetry", "withFallbacks", "withListeners", "asTool", "pick", "assign"]) cls.prototype[method] = Runnable.prototype[method];
}
