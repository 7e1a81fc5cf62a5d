// LangGraph.js-shaped value types: START/END, Send, Command, Overwrite,
// Annotation, and the error classes.
import * as wasm from "../../wasm/superstep_wasm.js";
import { finalizer } from "./finalizer.js";
import { timeoutPolicy } from "./timeout.js";
export const START = "__start__";
export const END = "__end__";
/** The key under which `invoke` returns pending interrupts. */
export const INTERRUPT = "__interrupt__";

/** Whether an `invoke` result holds interrupts (the run paused). */
export function isInterrupted(values) {
  return !!values && typeof values === "object" && Array.isArray(values[INTERRUPT]);
}

/** Run `node` with its own input `args` in the next superstep. */
export class Send {
  /** `options.timeout`: the task's own timeout policy (milliseconds or `{ runTimeout, idleTimeout, refreshOn }`), in place of the node's. */
  constructor(node, args, options) {
    this.lg_name = "Send";
    this.node = node;
    this.args = args;
    this.timeout = timeoutPolicy(options?.timeout, `Send to "${node}"`);
  }
}

/** `x`, or the Send it describes when it is a plain object with a node name and args, as LangGraph.js reads a Command's goto. */
function asSend(x) {
  const proto = x !== null && typeof x === "object" ? Object.getPrototypeOf(x) : undefined;
  const copied = proto === Object.prototype || proto === null;
  return copied && typeof x.node === "string" && x.args !== undefined ? new Send(x.node, x.args, x.timeout !== undefined ? { timeout: x.timeout } : undefined) : x;
}

/** Control flow and state update in one value. */
export class Command {
  static PARENT = "__parent__";
  constructor({ update, goto, resume, graph } = {}) {
    // Keys in LangGraph.js's order.
    this.lg_name = "Command";
    // As LangGraph.js's: a LangChain tool that returns a Command hands it on as it is, not as a ToolMessage's text.
    this.lc_direct_tool_output = true;
    this.graph = graph;
    this.update = update;
    this.resume = resume;
    // As LangGraph.js: a single goto becomes a list of one, and a copied Send (`{ node, args }`) a Send.
    this.goto = goto ? (Array.isArray(goto) ? goto : [goto]).map(asSend) : [];
  }
  /** As LangGraph.js writes a Command as JSON. */
  toJSON() {
    return { lg_name: this.lg_name, update: this.update, resume: this.resume, goto: this.goto };
  }
}

/** Wrap a channel update to replace the value instead of reducing it. */
export class Overwrite {
  constructor(value) {
    this.lg_name = "Overwrite";
    // As LangGraph.js keeps it (and writes it as JSON): under `__overwrite__`, read as `value`.
    this.__overwrite__ = value;
  }
  get value() {
    return this.__overwrite__;
  }
  toJSON() {
    return { __overwrite__: this.__overwrite__ };
  }
}

export const isCommand = (v) => v instanceof Command || (v && typeof v === "object" && v.lg_name === "Command");
export const isSend = (v) => v instanceof Send || (v && typeof v === "object" && v.lg_name === "Send");
export const isOverwrite = (v) => v instanceof Overwrite || (v && typeof v === "object" && v.lg_name === "Overwrite");
/** An Overwrite's value: ours, LangGraph.js's (or a copy of one), which keep it under `__overwrite__`. */
export const overwriteValue = (v) => ("__overwrite__" in v ? v.__overwrite__ : v.value);

/** The base of LangGraph's own errors, as LangGraph.js has it (`lc_error_code` where one applies). */
export class BaseLangGraphError extends Error {}

/** An error message as LangGraph.js ends one that has an `lc_error_code`: with its troubleshooting page. */
function withTroubleshootingUrl(message, code) {
  if (!code || String(message).includes("Troubleshooting URL:")) return message;
  return `${message}\n\nTroubleshooting URL: https://docs.langchain.com/oss/javascript/langgraph/${code}/\n`;
}

function errorClass(name, extra = {}) {
  const cls = class extends BaseLangGraphError {
    constructor(message, fields = {}) {
      super(withTroubleshootingUrl(message, fields?.lc_error_code));
      this.name = name;
      Object.assign(this, extra, fields);
    }
  };
  Object.defineProperty(cls, "name", { value: name });
  return cls;
}

export const GraphRecursionError = errorClass("GraphRecursionError");
export const InvalidUpdateError = errorClass("InvalidUpdateError");
export const NodeError = errorClass("NodeError");
export const GraphValidationError = errorClass("GraphValidationError");
/** A node that cannot be reached from START, as LangGraph.js names it (a GraphValidationError too). */
export class UnreachableNodeError extends GraphValidationError {
  constructor(message, fields) {
    super(message, fields);
    this.name = "UnreachableNodeError";
  }
}
export const GraphValueError = errorClass("GraphValueError");
/** A StateGraph given no state definition, with LangGraph.js's message. */
export class StateGraphInputError extends BaseLangGraphError {
  constructor(message) {
    super(message ?? "Invalid StateGraph input. Make sure to pass a valid StateDefinition, Annotation.Root, or Zod schema.");
    this.name = "StateGraphInputError";
  }
}
/** A null input with nothing to continue (LangGraph.js's name). */
export const EmptyInputError = errorClass("EmptyInputError");
export const MissingNodeError = errorClass("MissingNodeError");
export const CheckpointStorageError = errorClass("CheckpointStorageError");
export const StorageQuotaError = errorClass("StorageQuotaError");
export const ThreadLockedError = errorClass("ThreadLockedError");
export const GraphDocumentError = errorClass("GraphDocumentError");
/** Building a graph, saver or cache before `init()` has loaded the engine. */
export const EngineNotLoadedError = errorClass("EngineNotLoadedError");
// LangGraph.js's other error classes, for code that imports or checks them; this
// engine raises none of them (it has no remote graphs nor a strict resume mode).
export const EmptyChannelError = errorClass("EmptyChannelError");
export const MultipleSubgraphsError = errorClass("MultipleSubgraphsError");
export const RemoteException = errorClass("RemoteException");
/** LangGraph.js's refusal of a resume that matches no pending interrupt (`reason`, `interruptIds`, `pendingIds`). */
export class UnknownInterruptError extends BaseLangGraphError {
  constructor(message, fields = {}) {
    super(message);
    this.name = "UnknownInterruptError";
    Object.assign(this, { reason: fields.reason, interruptIds: fields.interruptIds ?? [], pendingIds: fields.pendingIds ?? [] });
  }
}
export const isUnknownInterruptError = (e) => e?.name === "UnknownInterruptError";

/**
 * A node attempt that ran past its `timeout`, with LangGraph.js's fields:
 * `node`, `kind` ("run" or "idle"), `timeout` (the one that ran out),
 * `elapsed`, `runTimeout` and `idleTimeout` (ms).
 */
export class NodeTimeoutError extends BaseLangGraphError {
  constructor({ node, kind, elapsed, runTimeout, idleTimeout }) {
    const idle = kind === "idle";
    super(
      idle
        ? `Node "${node}" exceeded its idle timeout of ${idleTimeout}ms without making progress (elapsed: ${elapsed}ms).`
        : `Node "${node}" exceeded its run timeout of ${runTimeout}ms (elapsed: ${elapsed}ms).`,
    );
    this.name = "NodeTimeoutError";
    Object.assign(this, { node, kind, timeout: idle ? idleTimeout : runTimeout, elapsed, runTimeout, idleTimeout });
  }
}

/** Whether `e` is a NodeTimeoutError (by name, as LangGraph.js checks). */
export const isNodeTimeoutError = (e) => e?.name === "NodeTimeoutError";
/** Whether `e` is a NodeError: what an `errorHandler` gets (`node`, `error`). */
export const isNodeError = (e) => e?.name === "NodeError";

/** What carries control flow up through a node (an interrupt, a Command to the parent): a `catch` in a node rethrows it. */
export class GraphBubbleUp extends BaseLangGraphError {
  get is_bubble_up() {
    return true;
  }
}

/** Thrown by `interrupt()` to pause the run; carries the interrupts. */
export class GraphInterrupt extends GraphBubbleUp {
  constructor(interrupts = []) {
    super(JSON.stringify(interrupts));
    this.name = "GraphInterrupt";
    this.interrupts = interrupts;
  }
}

/** A run stopped at a superstep boundary by its `RunControl`'s `requestDrain(reason)`, as LangGraph.js's. */
export class GraphDrained extends GraphBubbleUp {
  constructor(reason = "shutdown") {
    super(`Graph drained: ${reason}`);
    this.name = "GraphDrained";
    this.reason = reason;
  }
}
export const isGraphDrained = (e) => e?.name === "GraphDrained";

/**
 * LangGraph.js's run control: `requestDrain(reason)` (from outside, or from a
 * node as `config.control`) stops the run at its next superstep boundary, its
 * checkpoint saved, with a `GraphDrained`; a null input resumes it.
 */
export class RunControl {
  #drainReason = undefined;
  /** The engine's copy of the request (made when a run first takes this control), which runs read without calling JS. */
  #flag = undefined;
  requestDrain(reason = "shutdown") {
    this.#drainReason = reason;
    if (this.#flag !== undefined) wasm.requestDrain(this.#flag, String(reason));
  }
  /** The engine's copy of `control`'s request, for a run's config. */
  static flagOf(control) {
    if (control.#flag === undefined) {
      control.#flag = wasm.drainFlag();
      finalizer.register(control, { id: control.#flag });
      if (control.#drainReason !== undefined) wasm.requestDrain(control.#flag, String(control.#drainReason));
    }
    return control.#flag;
  }
  get drainRequested() {
    return this.#drainReason !== undefined;
  }
  get drainReason() {
    return this.#drainReason;
  }
}

/** LangGraph.js's older way to pause: `throw new NodeInterrupt(value)` in a node. */
export class NodeInterrupt extends GraphInterrupt {
  constructor(message) {
    super([{ value: message }]);
    this.name = "NodeInterrupt";
  }
}

/** A `Command({ graph: Command.PARENT })` on its way out of a subgraph invoked inside a node. */
export class ParentCommand extends GraphBubbleUp {
  constructor(command) {
    super();
    this.name = "ParentCommand";
    this.command = command;
    this.__parentCommand = true;
  }
}

export const isGraphInterrupt = (e) => e instanceof GraphInterrupt || (!!e && typeof e === "object" && (e.name === "GraphInterrupt" || e.name === "NodeInterrupt"));
export const isParentCommand = (e) => !!e && (e instanceof ParentCommand || e.name === "ParentCommand");
export const isGraphBubbleUp = (e) => !!e && e.is_bubble_up === true;

const CLASSES = {
  GraphRecursionError,
  InvalidUpdateError,
  NodeError,
  GraphValidationError,
  GraphValueError,
  EmptyInputError,
  MissingNodeError,
  CheckpointStorageError,
  StorageQuotaError,
  ThreadLockedError,
  GraphDocumentError,
  GraphDrained,
  // Arguments of the wrong type (a config the bindings cannot read).
  TypeError,
};

/** An engine error object (`{__superstepError, name, message, ...}`) as a typed Error. */
export function typedError(e) {
  if (!e || typeof e !== "object" || !e.__superstepError) return e instanceof Error ? e : new Error(String(e));
  const { __superstepError, name, message, ...fields } = e;
  const Cls = fields.lc_error_code === "UNREACHABLE_NODE" ? UnreachableNodeError : CLASSES[name];
  if (Cls) return new Cls(message, fields);
  // A class JS has built in (TimeoutError, AbortError): an Error by that name, as DOMException names them.
  const error = Object.assign(new Error(message), fields);
  if (name !== "Error") error.name = name;
  return error;
}

// ---------------------------------------------------------------- Annotation
const CHANNEL = Symbol.for("superstep.channel");

/**
 * A state channel: `Annotation()` keeps the last value; `Annotation({reducer, default})`
 * reduces. As in LangGraph.js, a default counts only beside a reducer: without
 * one the channel is a plain last value, which starts unset.
 */
export function Annotation(spec) {
  const reducer = spec?.reducer || spec?.value || undefined;
  return channel(reducer, reducer ? spec.default : undefined);
}

/** A channel as schemas declare theirs: a reducer or none, a default or none. */
export function channel(reducer, dflt) {
  return { [CHANNEL]: true, reducer, default: dflt };
}

const keepLast = (_, b) => b;

/** A channel no checkpoint keeps. `guard`: one write a superstep, as a plain channel; else the last of several. */
export const untrackedChannel = (guard, dflt) => ({ ...channel(guard ? undefined : keepLast, dflt), untracked: true });

/** A channel whose reducer takes a superstep's writes at once, `reducer(current, writes)`. */
export const batchChannel = (reducer, dflt) => ({ ...channel(reducer, dflt), batch: true });

/** A delta channel's `snapshotFrequency`, checked as LangGraph.js checks it. */
export function snapshotFrequency(n) {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`snapshotFrequency must be a positive integer, got ${n}`);
  return n;
}

/** A state schema: an object of channels. */
Annotation.Root = function Root(spec) {
  return { lc_graph_name: "AnnotationRoot", spec };
};

/** The channel definition of a schema entry (`Annotation`, `Annotation()` or `Annotation({...})`). */
export function channelOf(entry) {
  if (entry === Annotation || entry === undefined || entry === null) return { reducer: undefined, default: undefined };
  if (entry[CHANNEL]) return entry;
  if (typeof entry === "object" && ("reducer" in entry || "default" in entry || "value" in entry)) return Annotation(entry);
  return { reducer: undefined, default: undefined };
}

export const isAnnotationRoot = (v) => v && typeof v === "object" && v.lc_graph_name === "AnnotationRoot";
