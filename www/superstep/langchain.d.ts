// `superstep/langchain`: importing it makes compiled graphs and workflows full LangChain
// runnables (`pipe`, `withRetry`, `withFallbacks`, `withListeners`, `asTool`, `pick`,
// `assign` from the app's @langchain/core), as LangGraph.js's compiled graphs are.
export {};
