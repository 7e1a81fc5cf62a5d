// `messagesStateReducer` (LangGraph's add_messages). Graphs run the engine's
// built-in version; this JS one serves direct calls and has the same rules.
import { Annotation } from "./types.js";

export const BUILTIN = Symbol.for("superstep.builtinReducer");
export const REMOVE_ALL_MESSAGES = "__remove_all__";

const TYPES = { user: "human", assistant: "ai", developer: "system" };

export function randomId() {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** A v4 UUID; `crypto.randomUUID` needs a secure context, which a plain http page is not. */
export const uuid = () => randomId().replace(/^(.{8})(.{4}).(.{3})(.{4})(.{12})$/, "$1-$2-4$3-$4-$5");

/** A message object's type, as LangChain names it (a role `assistant` is `ai`). */
export function messageType(m) {
  const type = m.type ?? (typeof m.getType === "function" ? m.getType() : m.role);
  return TYPES[type] ?? type;
}

/** Whether `m` is a message (plain or LangChain's) of `type` ("ai", "tool", "system"...). */
export const isMessageOf = (m, type) => !!m && typeof m === "object" && messageType(m) === type;

/** A message-like value (a string, `[role, content]`, `{ role, content }`) as a plain message, its id as given. */
export function asMessage(m) {
  let msg;
  if (typeof m === "string") msg = { type: "human", content: m };
  else if (Array.isArray(m) && m.length === 2) msg = { type: TYPES[m[0]] ?? m[0], content: m[1] };
  else if (m && typeof m === "object") {
    const { role, ...rest } = m;
    msg = { ...rest, type: messageType(m) };
  } else throw new TypeError(`cannot turn ${String(m)} into a message`);
  return msg;
}

/**
 * What a plain message gets on its way out (the engine finds them: message_mark.rs):
 * LangChain's message symbol, by which `AIMessage.isInstance(m)` and
 * `m instanceof AIMessage` know a message of its type, and what LangChain's
 * messages have that LangChain reads: `m.text`, `m.getType()`, `m._getType()` (its
 * `isAIMessage(m)` and `isSystemMessage(m)` call it), and `additional_kwargs` and
 * `response_metadata`, empty where the message has none (with `_getType`, LangChain
 * takes the message as one of its own, and a provider reads those fields). Not
 * enumerable: JSON, spread and deep equality still see the plain message.
 */
export const LC_MESSAGE = Symbol.for("langchain.message");
const ACCESSORS = {
  [LC_MESSAGE]: { value: true },
  getType: {
    value() {
      return this.type;
    },
  },
  _getType: {
    value() {
      return this.type;
    },
  },
  text: {
    get() {
      const blocks = Array.isArray(this.content) ? this.content : [{ type: "text", text: this.content }];
      return blocks.reduce((text, b) => (b?.type === "text" && typeof b.text === "string" ? text + b.text : text), "");
    },
  },
};

/** Marks `m`, a plain message; a field of its own named `text` or `getType` stays as it is. */
export function markMessage(m) {
  if (!("text" in m) && !("getType" in m)) Object.defineProperties(m, ACCESSORS);
  else Object.defineProperty(m, LC_MESSAGE, ACCESSORS[LC_MESSAGE]);
  for (const key of ["additional_kwargs", "response_metadata"]) if (!(key in m)) Object.defineProperty(m, key, { value: {}, writable: true, configurable: true });
}

function coerce(m) {
  const msg = asMessage(m);
  if (typeof msg.id !== "string") msg.id = randomId();
  if (typeof msg.content === "string" || Array.isArray(msg.content)) markMessage(msg);
  return msg;
}

const list = (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).map(coerce);

export function messagesStateReducer(left, right) {
  const l = list(left);
  const r = list(right);
  const all = r.findLastIndex((m) => m.type === "remove" && m.id === REMOVE_ALL_MESSAGES);
  if (all >= 0) return r.slice(all + 1);
  const merged = [...l];
  const removed = new Set();
  for (const m of r) {
    const i = merged.findIndex((x) => x.id === m.id);
    if (i >= 0 && m.type === "remove") removed.add(i);
    else if (i >= 0) merged[i] = m;
    else if (m.type === "remove") throw new Error(`Attempting to delete a message with an ID that doesn't exist ('${m.id}')`);
    else merged.push(m);
  }
  return merged.filter((_, i) => !removed.has(i));
}
messagesStateReducer[BUILTIN] = "messages";

/**
 * LangGraph.js's `messagesDeltaReducer(state, writes)`: a superstep's writes in one
 * pass. Messages keep the ids they came with (a graph gives its writes ids first, as
 * the engine's `messages_delta` reducer does); removing an unknown id does nothing.
 */
export function messagesDeltaReducer(state, writes) {
  const result = (state ?? []).map(asMessage);
  const index = new Map();
  result.forEach((m, i) => m.id != null && index.set(m.id, i));
  for (const w of writes) {
    for (const m of (Array.isArray(w) ? w : [w]).map(asMessage)) {
      if (m.type === "remove" && m.id === REMOVE_ALL_MESSAGES) {
        result.length = 0;
        index.clear();
      } else if (m.id == null) result.push(m);
      else if (m.type === "remove") {
        if (index.has(m.id)) result[index.get(m.id)] = null;
        index.delete(m.id);
      } else if (index.has(m.id)) result[index.get(m.id)] = m;
      else {
        index.set(m.id, result.length);
        result.push(m);
      }
    }
  }
  return result.filter((m) => m !== null);
}
messagesDeltaReducer[BUILTIN] = "messages_delta";

export const MessagesAnnotation = Annotation.Root({
  messages: Annotation({ reducer: messagesStateReducer, default: () => [] }),
});
