// LangChain takes a compiled graph as one of its runnables (in a RunnableSequence,
// a RunnableMap, wrapped by a RunnableLambda...), as LangGraph.js's compiled graphs
// are: LangChain knows a runnable by `lc_runnable`, and streams through one with
// `transform`. The methods that make LangChain runnables of a graph (`pipe`,
// `withRetry`, `asTool`...) need LangChain's classes, which this package does not
// import: `superstep/langchain` brings them.
import { isRecord } from "./values.js";

/** The Runnable methods `superstep/langchain` gives compiled graphs. */
export const LANGCHAIN_METHODS = ["pipe", "withRetry", "withFallbacks", "withListeners", "asTool", "pick", "assign"];

/** Makes `cls`'s instances runnables to LangChain. */
export function runnableToLangChain(cls) {
  Object.defineProperty(cls.prototype, "lc_runnable", { value: true });
  /** A stream through this graph: its input's chunks, combined as LangChain combines them, then this graph's chunks. */
  cls.prototype.transform = async function* transform(chunks, config) {
    yield* await this.stream(await combined(chunks), config);
  };
  for (const method of LANGCHAIN_METHODS) {
    cls.prototype[method] = function needsLangChain() {
      throw new TypeError(`${method}() makes a LangChain runnable of the graph: import "superstep/langchain" once (it uses your @langchain/core)`);
    };
  }
}

async function combined(chunks) {
  let out;
  let first = true;
  for await (const chunk of chunks) {
    out = first ? chunk : concat(out, chunk);
    first = false;
  }
  return out;
}

/** LangChain's `concat` of stream chunks: text and lists joined, objects merged key by key; otherwise the later one. */
function concat(a, b) {
  if (typeof a === "string" && typeof b === "string") return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (!isRecord(a) || !isRecord(b)) return b;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in a ? concat(a[k], v) : v;
  return out;
}

/** LangChain's `batch`: `invoke` over `inputs`, at most `maxConcurrency` at once, results in input order. */
export async function batch(invoke, inputs, options, batchOptions = {}) {
  const configs = Array.isArray(options) ? options : inputs.map(() => options);
  if (configs.length !== inputs.length) throw new Error(`Passed "options" must be an array with the same length as the inputs, but got ${configs.length} options for ${inputs.length} inputs`);
  const limit = configs[0]?.maxConcurrency ?? batchOptions.maxConcurrency ?? inputs.length;
  const out = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      try {
        out[i] = await invoke(inputs[i], configs[i]);
      } catch (e) {
        if (!batchOptions.returnExceptions) throw e;
        out[i] = e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), inputs.length) }, worker));
  return out;
}
