// The conformance adapter with LangGraph.js's own MemorySaver (from
// @langchain/langgraph-checkpoint) as every scenario's checkpointer: a saver
// written in JS, reached through the package's bridge, must give the same
// results as the engine's own.
import { MemorySaver as LangGraphMemorySaver } from "@langchain/langgraph-checkpoint";
import adapter from "./adapter.mjs";

export { engine } from "./adapter.mjs";

export default async function lib() {
  return { ...(await adapter()), MemorySaver: LangGraphMemorySaver };
}
