// `superstep/langchain` (Node): importing it once makes compiled graphs and workflows full
// LangChain runnables, as LangGraph.js's are: `pipe`, `withRetry`, `withFallbacks`,
// `withListeners`, `asTool`, `pick` and `assign` are LangChain's own, from the app's
// @langchain/core. (Without it, LangChain already takes a graph as a runnable in a
// RunnableSequence or a RunnableMap.) LangChain's CallbackManager then drives a run's
// callbacks, a list of handlers included, and the environment's tracing (LangSmith):
// what a node calls reports under its task's run, as with LangGraph.js. And a chat model's
// tokens streamed without chunks (a fake model's) become LangChain's AIMessageChunks.
import { Runnable } from "@langchain/core/runnables";
import { CallbackManager, CallbackManagerForChainRun } from "@langchain/core/callbacks/manager";
import { AIMessageChunk } from "@langchain/core/messages";
import { CompiledStateGraph, CompiledMessageGraph, Entrypoint, useCallbackManager } from "./node.js";

useCallbackManager(CallbackManager, CallbackManagerForChainRun, AIMessageChunk);

for (const cls of [CompiledStateGraph, CompiledMessageGraph, Entrypoint]) {
  for (const method of ["pipe", "withRetry", "withFallbacks", "withListeners", "asTool", "pick", "assign"]) cls.prototype[method] = Runnable.prototype[method];
}
