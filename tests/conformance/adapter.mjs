// The conformance adapter: the `lib` object the scenarios use, built from the
// superstep package (its Node entry loads the wasm from disk).
import * as superstep from "../../www/superstep/node.js";

export const engine = { name: "superstep", version: "0.1.0" };

// LangGraph.js throws a plain Error for most malformed graphs (an edge to an unknown
// node, a node added twice, two routers on one node...), where this package throws a
// GraphValidationError: a subclass of Error with a name of its own. The scenarios record
// error class names as LangGraph.js has them, so the builder reports those under Error's.
const BUILDER_METHODS = ["addNode", "addEdge", "addConditionalEdges", "addSequence", "setEntryPoint", "setFinishPoint", "compile"];
const asLangGraphError = (e) => (e?.name === "GraphValidationError" ? new Error(e.message, { cause: e }) : e);
class StateGraph extends superstep.StateGraph {
  constructor(...args) {
    try {
      super(...args);
    } catch (e) {
      throw asLangGraphError(e);
    }
  }
}
for (const method of BUILDER_METHODS) {
  const own = superstep.StateGraph.prototype[method];
  StateGraph.prototype[method] = function (...args) {
    try {
      return own.apply(this, args);
    } catch (e) {
      throw asLangGraphError(e);
    }
  };
}

export default async function lib() {
  await superstep.init();
  const {
    Annotation, START, END, Send, Command, interrupt, MemorySaver, isGraphInterrupt,
    GraphRecursionError, InvalidUpdateError, Overwrite, messagesStateReducer, MessagesAnnotation, InMemoryCache, task, InMemoryStore, pushMessage,
    StateSchema, ReducedValue, UntrackedValue, DeltaValue, MessagesDeltaValue, messagesDeltaReducer, MessagesValue, withLangGraph, isGraphBubbleUp, isParentCommand, NodeInterrupt, ParentCommand,
    entrypoint, getPreviousState, ToolNode, toolsCondition, createReactAgent, MessageGraph, RunControl, isGraphDrained, StreamChannel,
    BinaryOperatorAggregate, DeltaChannel, UntrackedValueChannel,
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
    StreamChannel,
    BinaryOperatorAggregate,
    DeltaChannel,
    UntrackedValueChannel,
  };
}
