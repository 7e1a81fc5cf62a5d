// LangGraph.js's type names, for TypeScript code ported from it.
import type { Annotation, AnnotationRoot, BaseChannel, Channel, Command, CompiledStateGraph, END, LangGraphRunnableConfig, Message, MessageLike, NodeConfig, Overwrite, Send, StateSchema } from "./index.js";

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

/** The value type a LangGraph.js `{ channels }` entry keeps: its default's, else its reducer's. */
type ReducedTo<R> = R extends { default?: () => infer V } ? (unknown extends V ? ReducedBy<R> : V) : ReducedBy<R>;
type ReducedBy<R> = R extends { reducer: (a: infer V, b: any) => any } | { value: (a: infer V, b: any) => any } ? V : unknown;
type ChannelsState<C> = { [K in keyof C]: ReducedTo<C[K]> };
/**
 * The state type of what `new StateGraph(...)` takes, as LangGraph.js's `ExtractStateType`:
 * an Annotation.Root or StateSchema's, a zod object's, `{ channels }`'s, `{ state | stateSchema | input }`'s,
 * an object of channels', or a plain type given as the type argument (`new StateGraph<IState>(...)`).
 */
export type ExtractStateType<A> = A extends AnnotationRoot<any> | StateSchema<any>
  ? A["State"]
  : A extends { _output: infer O }
    ? O
    : A extends { channels: infer C }
      ? ChannelsState<C>
      : A extends { state: infer T } | { stateSchema: infer T } | { input: infer T }
        ? ExtractStateType<T>
        : A extends Record<string, BaseChannel<any, any>>
          ? AnnotationRoot<A>["State"]
          : A extends Record<string, Channel<any, any> | typeof Annotation>
            ? Record<string, unknown>
            : A extends object
              ? A
              : Record<string, unknown>;
/** The update type of the same: a schema's own, else the state's fields, each optional. */
export type ExtractUpdateType<A> = A extends AnnotationRoot<any> | StateSchema<any>
  ? A["Update"]
  : A extends { _input: infer I }
    ? Partial<I>
    : A extends { state: infer T } | { stateSchema: infer T } | { input: infer T }
      ? ExtractUpdateType<T>
      : A extends Record<string, BaseChannel<any, any>>
        ? AnnotationRoot<A>["Update"]
        : Partial<ExtractStateType<A>>;
