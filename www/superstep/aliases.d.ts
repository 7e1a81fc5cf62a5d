// LangGraph.js's type names, for TypeScript code ported from it.
import type { AnnotationRoot, Command, CompiledStateGraph, END, ExtractStateType, ExtractUpdateType, LangGraphRunnableConfig, Message, MessageLike, NodeConfig, Overwrite, Send } from "./index.js";

export type BinaryOperator<V, U = V> = (a: V, b: U) => V;
/** One entry of LangGraph.js's old `{ channels }` state: a reducer (`reducer` or `value`) with a default, or null for the last value. */
export type SingleReducer<V, U = V> = { reducer: BinaryOperator<V, U>; default?: () => V } | { value: BinaryOperator<V, U>; default?: () => V } | null;
/** `new StateGraph<IState>({ channels })`, as LangGraph.js's first API had it. */
export interface StateGraphArgs<Channels extends object | unknown> {
  channels: Channels extends object ? { [K in keyof Channels]: SingleReducer<Channels[K], any> } : Record<string, SingleReducer<unknown, any>>;
}
/** What `messagesStateReducer` takes on either side. */
export type Messages = Array<Message | MessageLike> | Message | MessageLike;
/** The state and update types of an object of channels (an Annotation.Root's spec). */
export type StateType<SD extends Record<string, unknown>> = AnnotationRoot<SD>["State"];
export type UpdateType<SD extends Record<string, unknown>> = AnnotationRoot<SD>["Update"];
export type OverwriteValue<V> = Overwrite<V>;
/** What a node may return: an update or a Command, or a promise of either. */
export type GraphNodeReturnValue<Update, _Nodes extends string = string> = Update | Command<Update> | Promise<Update | Command<Update>>;
/** A node of a graph over `Schema` (an Annotation.Root, a StateSchema, a zod object). */
export type GraphNode<Schema, Context extends Record<string, any> = Record<string, any>, Nodes extends string = string> = (
  state: ExtractStateType<Schema>,
  config: LangGraphRunnableConfig<Context>,
) => GraphNodeReturnValue<ExtractUpdateType<Schema>, Nodes>;
type Route<Nodes extends string> = Nodes | typeof END | Send | Array<Nodes | typeof END | Send>;
/** A router of a graph over `Schema`: the nodes to go to next, `END`, or `Send`s. */
export type ConditionalEdgeRouter<Schema, Context extends Record<string, any> = Record<string, any>, Nodes extends string = string> = (
  state: ExtractStateType<Schema>,
  config: LangGraphRunnableConfig<Context>,
) => Route<Nodes> | Promise<Route<Nodes>>;
/** LangGraph.js 1.x's name for a node's second argument, seen as its runtime (its context, store, writer...). */
export type Runtime<Context = Record<string, unknown>, _InterruptType = unknown, _WriterType = unknown> = LangGraphRunnableConfig<Context>;
/** Where and how a task runs (a node config's `executionInfo`). */
export type ExecutionInfo = NodeConfig["executionInfo"];
/** LangGraph.js's base compiled graph type; here every compiled graph is a `CompiledStateGraph`. */
export type CompiledGraph<_N extends string = string, S = any, U = any> = CompiledStateGraph<S, U>;
