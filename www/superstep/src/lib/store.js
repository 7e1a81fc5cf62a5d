// LangGraph's long-term memory store, in memory: items by namespace (a list
// of labels) and key, shared by every thread of the graphs compiled with it.
// Nodes reach it as `config.store` or `getStore()`. Any object with the same
// methods works in its place (LangGraph.js's own stores included). Search
// filters by value fields, and with an `index` (the app's embeddings) ranks
// by meaning for a `query` (store-index.js).
import { VectorIndex } from "./store-index.js";

class InvalidNamespaceError extends Error {
  constructor(message) {
    super(message);
    this.name = "InvalidNamespaceError";
  }
}

function checkNamespace(namespace, allowEmpty) {
  if (!Array.isArray(namespace)) throw new InvalidNamespaceError(`A namespace is a list of labels, got ${typeof namespace}.`);
  if (namespace.length === 0 && !allowEmpty) throw new InvalidNamespaceError("Namespace cannot be empty.");
  for (const label of namespace) {
    if (typeof label !== "string" || label === "" || /[.:\0]/.test(label)) {
      throw new InvalidNamespaceError(`Invalid namespace label ${JSON.stringify(label)}: labels are non-empty strings without '.', ':' or NUL.`);
    }
  }
}

const OPERATORS = {
  $eq: (a, b) => a === b,
  $ne: (a, b) => a !== b,
  $gt: (a, b) => Number(a) > Number(b),
  $gte: (a, b) => Number(a) >= Number(b),
  $lt: (a, b) => Number(a) < Number(b),
  $lte: (a, b) => Number(a) <= Number(b),
  $in: (a, b) => Array.isArray(b) && b.includes(a),
  $nin: (a, b) => !Array.isArray(b) || !b.includes(a),
};

/** One filter condition on a field, as LangGraph's: a value to equal, or `{ $gt: 3, ... }`. */
function matches(value, condition) {
  const ops = condition && typeof condition === "object" ? Object.keys(condition) : [];
  if (ops.length && ops.every((op) => op in OPERATORS)) return ops.every((op) => OPERATORS[op](value, condition[op]));
  return value === condition;
}

/**
 * LangGraph's store base: a store implements `batch(operations)`, and get,
 * put, delete, search and listNamespaces are batches of one. Extend it to
 * back a store with anything (a server, IndexedDB).
 */
export class BaseStore {
  async get(namespace, key) {
    checkNamespace(namespace, true);
    return (await this.batch([{ namespace, key }]))[0];
  }

  async search(namespacePrefix, { filter, limit = 10, offset = 0, query } = {}) {
    checkNamespace(namespacePrefix, true);
    return (await this.batch([{ namespacePrefix, filter, limit, offset, query }]))[0];
  }

  async put(namespace, key, value, index) {
    checkWritable(namespace);
    await this.batch([{ namespace, key, value, index }]);
  }

  async delete(namespace, key) {
    checkNamespace(namespace, true);
    await this.batch([{ namespace, key, value: null }]);
  }

  async listNamespaces({ prefix, suffix, maxDepth, limit = 100, offset = 0 } = {}) {
    const matchConditions = [];
    if (prefix) matchConditions.push({ matchType: "prefix", path: prefix });
    if (suffix) matchConditions.push({ matchType: "suffix", path: suffix });
    return (await this.batch([{ matchConditions: matchConditions.length ? matchConditions : undefined, maxDepth, limit, offset }]))[0];
  }

  start() {}
  stop() {}
}

/** A namespace to write under: as LangGraph's, not empty and not under the reserved root "langgraph". */
function checkWritable(namespace) {
  checkNamespace(namespace, false);
  if (namespace[0] === "langgraph") throw new InvalidNamespaceError(`Root label for namespace cannot be "langgraph". Got: ${namespace}`);
}

export class InMemoryStore extends BaseStore {
  /** Namespace joined by ":" → key → item. */
  #data = new Map();
  #index = null;

  /** `options.index`: `{ embeddings, dims, fields }`, as LangGraph.js's, for searches by a `query`. */
  constructor(options) {
    super();
    if (options?.index) this.#index = new VectorIndex(options.index);
  }

  /** The index's config, as LangGraph.js's store shows it (undefined without one). */
  get indexConfig() {
    return this.#index?.config;
  }

  /**
   * LangGraph's operations: search (`namespacePrefix`), list (`matchConditions`),
   * put (`value`; null deletes) or get. As in LangGraph.js, reads see the store
   * as the batch found it, and its puts apply at the end (the last per item).
   */
  async batch(operations) {
    const results = [];
    const puts = new Map();
    for (const op of operations) {
      if ("namespacePrefix" in op) results.push(await this.search(op.namespacePrefix, op));
      else if ("matchConditions" in op) {
        const path = (type) => op.matchConditions?.find((c) => c.matchType === type)?.path;
        results.push(await this.listNamespaces({ prefix: path("prefix"), suffix: path("suffix"), maxDepth: op.maxDepth, limit: op.limit, offset: op.offset }));
      } else if ("value" in op) {
        checkNamespace(op.namespace, false);
        puts.set(JSON.stringify([op.namespace, op.key]), op);
        results.push(null);
      } else results.push(await this.get(op.namespace, op.key));
    }
    await this.#index?.add([...puts.values()]);
    for (const op of puts.values()) this.#write(op.namespace, op.key, op.value);
    return results;
  }

  async get(namespace, key) {
    checkNamespace(namespace, true);
    return this.#data.get(namespace.join(":"))?.get(key) ?? null;
  }

  /** `index`: false to leave the item out of the index, or its own fields to embed. */
  async put(namespace, key, value, index) {
    checkWritable(namespace);
    if (this.#index && value !== null) await this.#index.add([{ namespace, key, value, index }]);
    this.#write(namespace, key, value);
  }

  #write(namespace, key, value) {
    const ns = namespace.join(":");
    if (value === null) return void this.#data.get(ns)?.delete(key);
    if (!this.#data.has(ns)) this.#data.set(ns, new Map());
    const items = this.#data.get(ns);
    const now = new Date();
    const item = items.get(key);
    if (item) Object.assign(item, { value, updatedAt: now });
    else items.set(key, { value, key, namespace: [...namespace], createdAt: now, updatedAt: now });
  }

  async delete(namespace, key) {
    checkNamespace(namespace, true);
    this.#data.get(namespace.join(":"))?.delete(key);
  }

  /**
   * Items under a namespace prefix, filtered by value fields; `limit` 10 and `offset` 0
   * unless told. With an index and a `query`, ranked by meaning, each with its `score`.
   */
  async search(namespacePrefix, { filter, limit = 10, offset = 0, query } = {}) {
    checkNamespace(namespacePrefix, true);
    const prefix = namespacePrefix.join(":");
    const found = [];
    for (const [ns, items] of this.#data) {
      if (prefix && ns !== prefix && !ns.startsWith(`${prefix}:`)) continue;
      for (const item of items.values()) {
        if (!filter || Object.entries(filter).every(([field, condition]) => matches(item.value?.[field], condition))) found.push({ ...item, score: undefined });
      }
    }
    if (query && this.#index?.config.embeddings) return this.#index.rank(found, query, offset, limit);
    return found.slice(offset, offset + limit);
  }

  /** Namespaces in order, by `prefix` and `suffix` (`"*"` matches any label), cut at `maxDepth`. */
  async listNamespaces({ prefix, suffix, maxDepth, limit = 100, offset = 0 } = {}) {
    const fits = (path, ns, at) => path.length <= ns.length && path.every((label, i) => label === "*" || label === ns[at(i)]);
    let namespaces = [...this.#data.keys()].map((ns) => ns.split(":"));
    if (prefix) namespaces = namespaces.filter((ns) => fits(prefix, ns, (i) => i));
    if (suffix) namespaces = namespaces.filter((ns) => fits(suffix, ns, (i) => ns.length - suffix.length + i));
    if (maxDepth !== undefined) namespaces = [...new Set(namespaces.map((ns) => ns.slice(0, maxDepth).join(":")))].map((ns) => ns.split(":"));
    namespaces.sort((a, b) => a.join(":").localeCompare(b.join(":")));
    return namespaces.slice(offset, offset + limit);
  }

  start() {}
  stop() {}
}
