// The browser entry of the superstep package: `await init()` once, then use the
// LangGraph.js-shaped API. `cargo xtask build` bundles it into ../index.js, so
// the .wasm's URL below is relative to the bundle.
import wasmInit, * as wasm from "../wasm/superstep_wasm.js";

export { START, END, INTERRUPT, Send, Command, Overwrite, Annotation, GraphInterrupt, isGraphInterrupt, GraphBubbleUp, isGraphBubbleUp, NodeInterrupt, ParentCommand, isParentCommand, isNodeError, isNodeTimeoutError, isCommand, isInterrupted } from "./lib/types.js";
export {
  GraphRecursionError, InvalidUpdateError, NodeError, GraphValidationError, UnreachableNodeError, GraphValueError, EmptyInputError, StateGraphInputError,
  BaseLangGraphError, MissingNodeError, CheckpointStorageError, StorageQuotaError, ThreadLockedError, GraphDocumentError, NodeTimeoutError, EngineNotLoadedError,
  EmptyChannelError, MultipleSubgraphsError, RemoteException, UnknownInterruptError, isUnknownInterruptError, GraphDrained, isGraphDrained, RunControl,
} from "./lib/types.js";
export { isInvalidResume } from "./lib/response-schema.js";
export { interrupt, task, getConfig, getCurrentTaskInput, getStore, getWriter, writer, pushMessage } from "./lib/runtime.js";
export { InMemoryStore, BaseStore } from "./lib/store.js";
export { messagesStateReducer, messagesStateReducer as addMessages, messagesDeltaReducer, MessagesAnnotation, REMOVE_ALL_MESSAGES } from "./lib/messages.js";
export { StateGraph } from "./lib/graph.js";
export { CompiledStateGraph } from "./lib/compiled-graph.js";
export { DocumentGraph } from "./lib/document-graph.js";
export { MessageGraph, CompiledMessageGraph } from "./lib/message-graph.js";
export { MemorySaver, IndexedDBSaver, InMemoryCache, BaseCheckpointSaver } from "./lib/savers.js";
export { GraphRunStream, SubgraphRunStream } from "./lib/events.js";
export { StreamChannel } from "./lib/stream-transformers.js";
export { BaseChannel, BinaryOperatorAggregate, UntrackedValueChannel, DeltaChannel } from "./lib/channels.js";
export { GraphCallbackHandler } from "./lib/graph-callbacks.js";
export { entrypoint, getPreviousState, Entrypoint } from "./lib/entrypoint.js";
export { ToolNode, toolsCondition } from "./lib/prebuilt.js";
// For `superstep/langchain`, which hands over LangChain's CallbackManager.
export { useCallbackManager } from "./lib/callbacks.js";
export { createReactAgent, createReactAgentAnnotation } from "./lib/react-agent.js";
export { StateSchema, ReducedValue, UntrackedValue, DeltaValue, MessagesValue, MessagesDeltaValue, MessagesZodMeta, withLangGraph, registry, schemaMetaRegistry, isStandardSchema } from "./lib/schema.js";

import { markLoaded } from "./lib/engine.js";
import "./lib/class-names.js";

let ready = null;

/** Loads the engine. Pass bytes, a Response, a URL or a WebAssembly.Module; default: the bundled .wasm. */
export function init(source) {
  ready ??= wasmInit({ module_or_path: source ?? new URL("./wasm/superstep_wasm_bg.wasm", import.meta.url) }).then(markLoaded);
  return ready;
}

/** The engine's version string. */
export function engineVersion() {
  return wasm.engineVersion();
}
