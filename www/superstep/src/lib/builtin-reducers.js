// The JS reducers the engine runs itself, in place, instead of calling back
// into JS with the whole value every superstep.
import { BUILTIN } from "./messages.js";

/**
 * `(a, b) => a.concat(b)` over a list default behaves exactly like the
 * engine's `append` reducer, which appends in place instead of copying the
 * list through JS every superstep.
 */
function isConcat(fn) {
  return /^\(?\s*([A-Za-z_$][\w$]*)\s*,\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\1\.concat\(\s*\2\s*\)$/.test(fn.toString().trim());
}

/** `(a, b) => [...a, ...b]` ("spread") or `(a, b) => [...a, b]` ("push"). */
function spreadForm(fn) {
  const m = /^\(?\s*([A-Za-z_$][\w$]*)\s*,\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*\[\s*\.\.\.\1\s*,\s*(\.\.\.)?\2\s*\]$/.exec(fn.toString().trim());
  return m ? (m[3] ? "spread" : "push") : undefined;
}

/**
 * What a channel's JS reducer is known to do to lists ("concat", "spread" or "push"), so
 * that the engine folds list writes into a list in place and calls the function
 * only for what else it gets (JS takes a first write as it is, spreads a string...).
 */
export function listFold(ch) {
  if (!ch.reducer || ch.batch) return undefined;
  return isConcat(ch.reducer) ? "concat" : spreadForm(ch.reducer);
}

/** The engine's built-in reducer a channel's JS reducer stands for, if any (a batch reducer is never `append`). */
export function builtinReducer(ch, dflt) {
  return ch.reducer ? ch.reducer[BUILTIN] ?? (!ch.batch && Array.isArray(dflt) && isConcat(ch.reducer) ? "append" : undefined) : undefined;
}
