// The bundle is minified, so without this a console shows a graph as `be {…}`
// and `constructor.name` is no help. The exported classes get their names back
// here (the error classes name themselves); esbuild's --keep-names would name
// every closure as well, which slows a fan-out.
import { Send, Command, Overwrite, GraphBubbleUp, GraphInterrupt, GraphDrained, NodeInterrupt, ParentCommand, BaseLangGraphError, UnreachableNodeError, StateGraphInputError, UnknownInterruptError, NodeTimeoutError, RunControl } from "./types.js";
import { StateGraph } from "./graph.js";
import { CompiledStateGraph } from "./compiled-graph.js";
import { DocumentGraph } from "./document-graph.js";
import { MessageGraph, CompiledMessageGraph } from "./message-graph.js";
import { MemorySaver, IndexedDBSaver, InMemoryCache, BaseCheckpointSaver } from "./savers.js";
import { InMemoryStore, BaseStore } from "./store.js";
import { GraphRunStream, SubgraphRunStream } from "./events.js";
import { StreamChannel } from "./stream-transformers.js";
import { GraphCallbackHandler } from "./graph-callbacks.js";
import { Entrypoint } from "./entrypoint.js";
import { ToolNode } from "./prebuilt.js";
import { StateSchema, ReducedValue, UntrackedValue, DeltaValue } from "./schema.js";
import { BaseChannel, BinaryOperatorAggregate, UntrackedValueChannel, DeltaChannel } from "./channels.js";

const classes = {
  Send, Command, Overwrite, GraphBubbleUp, GraphInterrupt, GraphDrained, NodeInterrupt, ParentCommand, BaseLangGraphError, UnreachableNodeError,
  StateGraphInputError, UnknownInterruptError, NodeTimeoutError, StateGraph, CompiledStateGraph, DocumentGraph, MessageGraph, CompiledMessageGraph, MemorySaver,
  IndexedDBSaver, InMemoryCache, BaseCheckpointSaver, InMemoryStore, BaseStore, GraphRunStream, SubgraphRunStream, Entrypoint, ToolNode,
  StateSchema, ReducedValue, UntrackedValue, DeltaValue, RunControl, StreamChannel, GraphCallbackHandler,
  BaseChannel, BinaryOperatorAggregate, UntrackedValueChannel, DeltaChannel,
};
for (const [name, cls] of Object.entries(classes)) Object.defineProperty(cls, "name", { value: name });
