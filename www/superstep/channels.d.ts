// LangGraph.js's channel classes, for state definitions that name a channel instead of `Annotation(...)`.

/** What every channel class extends. `ValueType` and `UpdateType` are for types only, as in LangGraph.js. */
export declare abstract class BaseChannel<V = unknown, U = V> {
  readonly lg_is_channel: true;
  abstract readonly lc_graph_name: string;
  ValueType: V;
  UpdateType: U;
}

/** A value folded by `operator(current, write)`, starting from `initialValueFactory()` if given. */
export declare class BinaryOperatorAggregate<V = unknown, U = V> extends BaseChannel<V, U> {
  readonly lc_graph_name: "BinaryOperatorAggregate";
  operator: (current: V, update: U) => V;
  initialValueFactory?: () => V;
  constructor(operator: (current: V, update: U) => V, initialValueFactory?: () => V);
}

/** A value no checkpoint keeps. `guard` (default true): one write a superstep; false keeps the last. */
export declare class UntrackedValueChannel<V = unknown> extends BaseChannel<V, V> {
  readonly lc_graph_name: "UntrackedValue";
  guard: boolean;
  initialValueFactory?: () => V;
  constructor(options?: { guard?: boolean; initialValueFactory?: () => V });
}

/** A value whose `reducer(current, writes)` takes a superstep's writes at once (it must not care how they are batched); starts as `[]` unless told. */
export declare class DeltaChannel<V = unknown, U = unknown> extends BaseChannel<V, U> {
  readonly lc_graph_name: "DeltaChannel";
  reducer: (current: V, writes: U[]) => V;
  snapshotFrequency: number;
  initialValueFactory: () => V;
  constructor(reducer: (current: V, writes: U[]) => V, options?: { snapshotFrequency?: number; initialValueFactory?: () => V });
}
