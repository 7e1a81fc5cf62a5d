// LangGraph.js's channel classes, for state definitions that name a channel instead of
// `Annotation(...)`. Each stands for the channel description the engine takes; LangGraph.js's
// own instances are read the same way (both carry `lg_is_channel` and `lc_graph_name`).
import { batchChannel, channel, GraphValidationError, snapshotFrequency, untrackedChannel } from "./types.js";

/** What every channel class extends; LangGraph.js apps tell a channel by `lg_is_channel`. */
export class BaseChannel {
  lg_is_channel = true;
}

/** A value folded by `operator(current, write)`, starting from `initialValueFactory()` if given. */
export class BinaryOperatorAggregate extends BaseChannel {
  lc_graph_name = "BinaryOperatorAggregate";
  constructor(operator, initialValueFactory) {
    super();
    this.operator = operator;
    this.initialValueFactory = initialValueFactory;
  }
}

/** A value no checkpoint keeps. `guard` (default true): one write a superstep; false keeps the last. */
export class UntrackedValueChannel extends BaseChannel {
  lc_graph_name = "UntrackedValue";
  constructor(options) {
    super();
    this.guard = options?.guard ?? true;
    this.initialValueFactory = options?.initialValueFactory;
  }
}

/** A value whose `reducer(current, writes)` takes a superstep's writes at once; starts as `[]` unless told. */
export class DeltaChannel extends BaseChannel {
  lc_graph_name = "DeltaChannel";
  constructor(reducer, options) {
    super();
    this.reducer = reducer;
    this.snapshotFrequency = snapshotFrequency(options?.snapshotFrequency ?? 100);
    this.initialValueFactory = options?.initialValueFactory ?? (() => []);
  }
}

export const isChannelInstance = (v) => v !== null && typeof v === "object" && v.lg_is_channel === true;

/** The engine's description of a channel instance (ours or LangGraph.js's); `key` names it in errors. */
export function channelOfInstance(key, ch) {
  switch (ch.lc_graph_name) {
    case "LastValue":
      return channel(undefined, ch.initialValueFactory);
    case "BinaryOperatorAggregate":
      return channel(ch.operator, ch.initialValueFactory);
    case "UntrackedValue":
      return untrackedChannel(ch.guard, ch.initialValueFactory);
    case "DeltaChannel":
      return batchChannel(ch.reducer, ch.initialValueFactory);
    default:
      throw new GraphValidationError(
        `State key "${key}" is a ${ch.lc_graph_name ?? ch.constructor?.name ?? "custom"} channel, which this engine does not run: use Annotation(), Annotation({ reducer, default }), BinaryOperatorAggregate, DeltaChannel or UntrackedValueChannel.`,
      );
  }
}
