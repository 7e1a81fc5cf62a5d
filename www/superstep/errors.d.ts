// The errors of the superstep package, LangGraph.js's classes and names (re-exported by index.d.ts).
import type { Command, NodeConfig } from "./index.js";
/** The base of LangGraph's own errors. */
export class BaseLangGraphError extends Error {
  lc_error_code?: string;
}
export class GraphRecursionError extends BaseLangGraphError {}
export class InvalidUpdateError extends BaseLangGraphError {
  key?: string;
  nodes?: string[];
  path?: string;
}
export class NodeError extends BaseLangGraphError {
  node?: string;
  /** In an `errorHandler`: the error the failed node threw, as it threw it. */
  error?: unknown;
}
/** Whether `e` is a NodeError, what an `errorHandler` gets. */
export function isNodeError(e: unknown): e is NodeError;
/**
 * Runs, in the same superstep, when a node fails after its retries: it gets
 * the node's input and `{ node, error }`, and returns an update or a
 * `Command` (its update stands in for the node's; `goto` routes on).
 */
export type ErrorHandler<S = any, U = any> = (state: S, error: NodeError & { node: string; error: unknown }, config: NodeConfig) => U | Command | Promise<U | Command>;
export function isNodeTimeoutError(e: unknown): e is NodeTimeoutError;
/** A node attempt that ran past its `timeout`; a retry policy retries it. */
export class NodeTimeoutError extends BaseLangGraphError {
  readonly name: "NodeTimeoutError";
  node: string;
  /** Which timeout ran out. */
  kind: "run" | "idle";
  /** The timeout that ran out, in ms. */
  timeout: number;
  /** ms from the attempt's start until it ran out. */
  elapsed: number;
  runTimeout?: number;
  idleTimeout?: number;
}
export class GraphValidationError extends BaseLangGraphError {
  culprit?: string;
}
/** A node that cannot be reached from START (LangGraph.js's `UnreachableNodeError`, code `UNREACHABLE_NODE`). */
export class UnreachableNodeError extends GraphValidationError {
  lc_error_code: "UNREACHABLE_NODE";
}
export class GraphValueError extends BaseLangGraphError {}
/** `new StateGraph(x)` where `x` is no state definition (LangGraph.js's class and message). */
export class StateGraphInputError extends BaseLangGraphError {}
/** A null input with nothing to continue: no checkpointer, or a thread with no checkpoint. */
export class EmptyInputError extends BaseLangGraphError {}
export class MissingNodeError extends BaseLangGraphError {
  node?: string;
}
/** LangGraph.js's error classes this engine never raises, for code that imports or checks them. */
export class EmptyChannelError extends BaseLangGraphError {}
export class MultipleSubgraphsError extends BaseLangGraphError {}
export class RemoteException extends BaseLangGraphError {}
export class UnknownInterruptError extends BaseLangGraphError {
  constructor(message: string, fields?: { reason?: "not_pending" | "empty_map" | "ambiguous"; interruptIds?: string[]; pendingIds?: string[] });
  reason?: "not_pending" | "empty_map" | "ambiguous";
  interruptIds: string[];
  pendingIds: string[];
}
export function isUnknownInterruptError(e: unknown): e is UnknownInterruptError;
export class CheckpointStorageError extends BaseLangGraphError {}
export class StorageQuotaError extends BaseLangGraphError {}
export class ThreadLockedError extends BaseLangGraphError {}
export interface Interrupt<V = unknown> {
  /** Absent for a NodeInterrupt's. */
  id?: string;
  value: V;
  /** The answer expected, as JSON Schema: `interrupt(value, { responseSchema })`'s. */
  response_schema?: Record<string, unknown>;
}
/** What carries control flow up through a node (an interrupt, a subgraph's Command.PARENT): a `catch` in a node rethrows it. */
export class GraphBubbleUp extends BaseLangGraphError {
  readonly is_bubble_up: true;
}
export class GraphInterrupt extends GraphBubbleUp {
  constructor(interrupts?: Interrupt[]);
  interrupts: Interrupt[];
}
/** LangGraph.js's older pause: `throw new NodeInterrupt(value)` in a node; its interrupt has no id, and resuming runs the node again. */
export class NodeInterrupt extends GraphInterrupt {
  constructor(value: unknown);
}
/** A subgraph's `Command({ graph: Command.PARENT })` on its way out of the node that invoked it. */
export class ParentCommand extends GraphBubbleUp {
  constructor(command: Command);
  command: Command;
}
/** A run its `RunControl` drained: it stopped at a superstep boundary, its checkpoint saved; a null input resumes it. */
export class GraphDrained extends GraphBubbleUp {
  constructor(reason?: string);
  reason: string;
}
export function isGraphDrained(e: unknown): e is GraphDrained;
export function isGraphInterrupt(e: unknown): e is GraphInterrupt;
/** Whether `e` (or an error it was caused by) is a resume value its interrupt's `responseSchema` refused. */
export function isInvalidResume(e: unknown): boolean;
export function isGraphBubbleUp(e: unknown): e is GraphBubbleUp;
export function isParentCommand(e: unknown): e is ParentCommand;
