// The JS reducers the engine runs itself, in place, instead of calling back
// into JS with the whole value every superstep.
import { BUILTIN } from "./messages.js";

/** `(a, b) => <body>`, the two parameters named in the body as \1 and \2. */
const ARROW = String.raw`^\(?\s*([A-Za-z_$][\w$]*)\s*,\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>\s*`;
const FORMS = [
  ["concat", new RegExp(ARROW + String.raw`\1\.concat\(\s*\2\s*\)$`)],
  ["spread", new RegExp(ARROW + String.raw`\[\s*\.\.\.\1\s*,\s*\.\.\.\2\s*\]$`)],
  ["push", new RegExp(ARROW + String.raw`\[\s*\.\.\.\1\s*,\s*\2\s*\]$`)],
];

/** Which of `(a, b) => a.concat(b)`, `[...a, ...b]` or `[...a, b]` a reducer is written as, if any. */
function listForm(fn) {
  const text = fn.toString().trim();
  return FORMS.find(([, re]) => re.test(text))?.[0];
}

/**
 * What a channel's JS reducer is known to do to lists ("concat", "spread" or "push"), so
 * that the engine folds list writes into a list in place and calls the function
 * only for what else it gets (JS takes a first write as it is, spreads a string...).
 */
export function listFold(ch) {
  return ch.reducer && !ch.batch ? listForm(ch.reducer) : undefined;
}

/**
 * The engine's built-in reducer a channel's JS reducer stands for, if any: a concat
 * over a list default behaves exactly like `append` (a batch reducer never does).
 */
export function builtinReducer(ch, dflt) {
  return ch.reducer ? ch.reducer[BUILTIN] ?? (Array.isArray(dflt) && listFold(ch) === "concat" ? "append" : undefined) : undefined;
}
