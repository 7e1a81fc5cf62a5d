// The checkpointers, the node cache and the long-term store of the superstep package (re-exported by index.d.ts).

/** One of the engine's own savers. */
export interface Checkpointer {
  readonly id: number;
}

/** What a JS checkpointer is given and gives back, as in LangGraph.js. */
export interface SaverConfig {
  configurable?: { thread_id?: string; checkpoint_ns?: string; checkpoint_id?: string; [key: string]: unknown };
}
export interface SavedCheckpoint {
  v: number;
  id: string;
  ts: string;
  channel_values: Record<string, unknown>;
  channel_versions: Record<string, string | number>;
  versions_seen: Record<string, Record<string, string | number>>;
}
export interface SavedCheckpointTuple {
  config: SaverConfig;
  checkpoint: SavedCheckpoint;
  metadata?: Record<string, unknown>;
  parentConfig?: SaverConfig;
  /** `[taskId, channel, value]`. */
  pendingWrites?: [string, string, unknown][];
}

/**
 * A checkpointer written in JS, shaped like LangGraph.js's `BaseCheckpointSaver`
 * (its SQLite and Postgres savers, or one's own). Each Superstep checkpoint is
 * stored whole, as one channel's value; `deleteThread` is optional.
 */
export interface CheckpointSaverLike {
  getTuple(config: SaverConfig): Promise<SavedCheckpointTuple | undefined>;
  list(config: SaverConfig, options?: { limit?: number; before?: SaverConfig; filter?: Record<string, unknown> }): AsyncGenerator<SavedCheckpointTuple>;
  put(config: SaverConfig, checkpoint: SavedCheckpoint, metadata: Record<string, unknown>, newVersions: Record<string, string | number>): Promise<SaverConfig>;
  putWrites(config: SaverConfig, writes: [string, unknown][], taskId: string): Promise<void>;
  deleteThread?(threadId: string): Promise<void>;
}

/** The base of a JS checkpointer, as in LangGraph.js; `serde` defaults to JSON. */
export abstract class BaseCheckpointSaver implements CheckpointSaverLike {
  serde: { dumpsTyped(value: unknown): Promise<[string, Uint8Array]>; loadsTyped(type: string, data: Uint8Array | string): Promise<any> };
  constructor(serde?: BaseCheckpointSaver["serde"]);
  get(config: SaverConfig): Promise<SavedCheckpoint | undefined>;
  getNextVersion(current: number | undefined): number;
  abstract getTuple(config: SaverConfig): Promise<SavedCheckpointTuple | undefined>;
  abstract list(config: SaverConfig, options?: { limit?: number; before?: SaverConfig; filter?: Record<string, unknown> }): AsyncGenerator<SavedCheckpointTuple>;
  abstract put(config: SaverConfig, checkpoint: SavedCheckpoint, metadata: Record<string, unknown>, newVersions: Record<string, string | number>): Promise<SaverConfig>;
  abstract putWrites(config: SaverConfig, writes: [string, unknown][], taskId: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
}

/** LangGraph.js's read API, on the engine's savers too: `config` names a thread (and a checkpoint). */
export interface SavedCheckpointReader {
  getTuple(config: SaverConfig): Promise<SavedCheckpointTuple | undefined>;
  get(config: SaverConfig): Promise<SavedCheckpoint | undefined>;
  /** Newest first. */
  list(config: SaverConfig, options?: { limit?: number; before?: SaverConfig; filter?: Record<string, unknown> }): AsyncGenerator<SavedCheckpointTuple>;
}

export class MemorySaver implements Checkpointer, SavedCheckpointReader {
  readonly id: number;
  getTuple(config: SaverConfig): Promise<SavedCheckpointTuple | undefined>;
  get(config: SaverConfig): Promise<SavedCheckpoint | undefined>;
  list(config: SaverConfig, options?: { limit?: number; before?: SaverConfig; filter?: Record<string, unknown> }): AsyncGenerator<SavedCheckpointTuple>;
  toJSON(): string;
  /** Forgets a thread, its subgraphs' checkpoints included. */
  deleteThread(threadId: string): Promise<void>;
}

export interface IndexedDBSaverOptions {
  /** Database name (default "superstep"). */
  name?: string;
  /** When another tab runs the same thread: wait for it, or fail with ThreadLockedError. */
  onLocked?: "wait" | "error";
  /** IndexedDB transaction durability (default "strict"). */
  durability?: "strict" | "relaxed" | "default";
}

export class InMemoryCache {
  readonly id: number;
  /** Forgets every cached result. */
  clear(): Promise<void>;
}


/** A stored item: `value` under `namespace` and `key`. */
export interface Item {
  value: Record<string, any>;
  key: string;
  namespace: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** LangGraph's store operations, as `batch()` takes them; a put with `value: null` deletes. */
export type StoreOperation =
  | { namespace: string[]; key: string }
  | { namespace: string[]; key: string; value: Record<string, any> | null; index?: false | string[] }
  | { namespacePrefix: string[]; filter?: Record<string, any>; limit?: number; offset?: number; query?: string }
  | { matchConditions?: { matchType: "prefix" | "suffix"; path: string[] }[]; maxDepth?: number; limit?: number; offset?: number };

/**
 * LangGraph's store base: a store implements `batch()`, and the other methods are batches of one.
 * Nodes read the compiled store as `config.store` (any object with these methods will do).
 */
export abstract class BaseStore {
  abstract batch(operations: StoreOperation[]): Promise<any[]>;
  get(namespace: string[], key: string): Promise<Item | null>;
  put(namespace: string[], key: string, value: Record<string, any> | null, index?: false | string[]): Promise<void>;
  delete(namespace: string[], key: string): Promise<void>;
  search(namespacePrefix: string[], options?: { filter?: Record<string, any>; limit?: number; offset?: number; query?: string }): Promise<(Item & { score?: number })[]>;
  listNamespaces(options?: { prefix?: string[]; suffix?: string[]; maxDepth?: number; limit?: number; offset?: number }): Promise<string[][]>;
  start(): void;
  stop(): void;
}

/** LangGraph's in-memory store: filters by value fields (`{ n: { $gt: 1 } }`); no embedding index, so `query` is ignored. */
/** LangGraph.js's store index: the app's embeddings, the vectors' size, and the fields to embed ("$", the whole value, unless told). */
export interface StoreIndexConfig {
  embeddings: { embedDocuments(texts: string[]): Promise<number[][]>; embedQuery(text: string): Promise<number[]> };
  dims: number;
  fields?: string[];
}
export class InMemoryStore extends BaseStore {
  /** With `index`, a search with a `query` ranks items by meaning, each with its `score`. */
  constructor(options?: { index?: StoreIndexConfig });
  readonly indexConfig: StoreIndexConfig | undefined;
  batch(operations: StoreOperation[]): Promise<any[]>;
}

/** Checkpoints in the browser's IndexedDB (see `IndexedDBSaverOptions`). */
export class IndexedDBSaver implements Checkpointer, SavedCheckpointReader {
  constructor(options?: IndexedDBSaverOptions);
  readonly id: number;
  getTuple(config: SaverConfig): Promise<SavedCheckpointTuple | undefined>;
  get(config: SaverConfig): Promise<SavedCheckpoint | undefined>;
  list(config: SaverConfig, options?: { limit?: number; before?: SaverConfig; filter?: Record<string, unknown> }): AsyncGenerator<SavedCheckpointTuple>;
  readonly name: string;
  listThreads(): Promise<{ thread_id: string; updated_at: number; step: number; graph: string; checkpoint_id: string }[]>;
  deleteThread(threadId: string): Promise<void>;
}
