// The conformance adapter: the `lib` object the scenarios use, built from the
// superstep package (its Node entry loads the wasm from disk).
import * as superstep from "../../www/superstep/node.js";

export const engine = { name: "superstep", version: "0.1.0" };

export default async function lib() {
  await superstep.init();
  const {
    StateGraph, Annotation, START, END, Send, Command, interrupt, MemorySaver, isGraphInterrupt,
    GraphRecursionError, InvalidUpdateError, Overwrite, messagesStateReducer, MessagesAnnotation, InMemoryCache, task, InMemoryStore, pushMessage,
    StateSchema, ReducedValue, UntrackedValue, DeltaValue, MessagesDeltaValue, messagesDeltaReducer, MessagesValue, withLangGraph, isGraphBubbleUp, isParentCommand, NodeInterrupt, ParentCommand,
    entrypoint, getPreviousState, ToolNode, toolsCondition, createReactAgent, MessageGraph, RunControl, isGraphDrained,
  } = superstep;
  return {
    StateGraph, Annotation, START, END, Send, Command, interrupt, MemorySaver, isGraphInterrupt,
    GraphRecursionError, InvalidUpdateError, Overwrite, messagesStateReducer, MessagesAnnotation, InMemoryCache,
    // Beyond the shared suite's names: extra scenarios that need them say so in `requires`.
    task,
    InMemoryStore,
    pushMessage,
    StateSchema,
    ReducedValue,
    UntrackedValue,
    DeltaValue,
    MessagesDeltaValue,
    messagesDeltaReducer,
    MessagesValue,
    withLangGraph,
    isGraphBubbleUp,
    isParentCommand,
    NodeInterrupt,
    ParentCommand,
    entrypoint,
    getPreviousState,
    ToolNode,
    toolsCondition,
    createReactAgent,
    MessageGraph,
    RunControl,
    isGraphDrained,
  };
}
