// LangGraph.js's `outputKeys` option of invoke and stream. The engine limits a
// run's values and updates to those keys (and streams values only after a
// superstep that wrote one); a single key given as a string, not a list, shows
// its value alone, as here: `{ node: value }` updates, bare values and output.

/** The keys as the engine reads them: a list, or undefined for none. */
export function outputKeysArg(keys) {
  if (keys === undefined || keys === null) return undefined;
  if (typeof keys === "string") return [keys];
  if (Array.isArray(keys) && keys.every((k) => typeof k === "string")) return keys;
  throw new TypeError("outputKeys must be a state key or a list of them");
}

/** The one key whose value stands alone, when `outputKeys` is a string. */
export function loneKey(config) {
  return typeof config?.outputKeys === "string" ? config.outputKeys : undefined;
}

/** The run's output with a lone key: its value (as in LangGraph.js, a pause's interrupts are not added). */
export function loneOutput(output, key) {
  return output?.[key];
}

/** A root values or updates part's data with a lone key (a pause's `__interrupt__` chunk stays as it is). */
export function loneChunk(p, key) {
  const data = p.data;
  if (p.namespace.length || !data || "__interrupt__" in data) return data;
  if (p.mode === "values") return data[key];
  if (p.mode !== "updates") return data;
  const out = {};
  for (const [node, update] of Object.entries(data)) {
    if (node === "__metadata__") out[node] = update;
    else if (Array.isArray(update)) {
      const values = update.filter((u) => key in u).map((u) => u[key]);
      if (values.length) out[node] = values;
    } else if (update && key in update) out[node] = update[key];
  }
  return out;
}
