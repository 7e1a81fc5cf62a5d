// The "messages" stream mode's chat-model tokens, as LangGraph.js streams them:
// a LangChain callback handler, handed to a node in `config.callbacks` while the
// run streams messages. A chat model the node calls with its config streams
// through it chunk by chunk (or, if it cannot stream, its whole message once),
// each with the model run's metadata. Duck-typed: no LangChain code is needed.
// Under `streamEvents` v3 the handler asks LangChain for the protocol's own
// events instead of chunks (its content blocks, finish reason and usage), as
// LangGraph.js's protocol handler does.
import { isLangChainMessage, messageClassOf, toPlain } from "./values.js";
import { LC_MESSAGE, isMessageOf } from "./messages.js";

// LangChain message classes, by number: a streamed message (a model's chunk, or a
// message a node returns or pushes) crosses the engine as plain data tagged with
// its class, and the stream hands it back as one (an `AIMessageChunk` that
// `isAIMessageChunk` knows and `concat` joins), as LangGraph.js streams it.
const CLASS = "__superstep_class";
const classes = [];

/**
 * `message`'s plain copy (made here unless given), tagged with its class when it
 * is a LangChain message, or a state's message of a type whose class has crossed.
 */
export function tagged(message, plain = toPlain(message, "message")) {
  const cls = isLangChainMessage(message) ? message.constructor : message?.[LC_MESSAGE] === true ? messageClassOf(message.type) : undefined;
  if (cls) {
    const n = classes.indexOf(cls);
    plain[CLASS] = n >= 0 ? n : classes.push(cls) - 1;
  }
  return plain;
}

/** LangChain's AIMessageChunk, once `superstep/langchain` brings it (see `handleLLMNewToken`). */
let AIChunk = null;
export function useAIMessageChunk(cls) {
  AIChunk = cls;
}

/** A streamed `[message, metadata]` pair with a tagged chunk made its class again. */
export function revived(pair) {
  const m = pair?.[0];
  if (!m || typeof m !== "object" || !(CLASS in m)) return pair;
  const { [CLASS]: n, type, ...fields } = m;
  return [new classes[n](fields), pair[1]];
}

/** The configurable key that marks a `streamEvents` v3 run; nodes do not see it. */
export const PROTOCOL_RUN = "__superstep_protocol_messages";

const nostream = (tags) => !!tags && (tags.includes("nostream") || tags.includes("langsmith:nostream"));

/**
 * A handler for one task: `emit([payload, metadata])` streams a pair, and `seen` (a
 * Set) gets each streamed message's id, so the node's returned message is not sent
 * again. `protocol`: payloads are v3 protocol events, with the run id in the metadata.
 * `inherited`: the task's tags and metadata, which a model called with a config of its
 * own inherits, as LangChain's callback manager passes them on in LangGraph.js.
 */
export function tokenHandler(emit, seen, protocol, inherited = {}) {
  const { tags: runTags = [], metadata: runMetadata } = inherited;
  const metadatas = new Map();
  const streamed = new Set();
  const stableIds = new Map();
  const out = (runId, payload) => {
    const meta = toPlain(protocol ? { ...metadatas.get(runId), run_id: runId } : metadatas.get(runId), "message metadata");
    emit([protocol ? toPlain(payload, "message") : tagged(payload), meta]);
  };
  // One id for every chunk of a model run, as LangGraph.js gives them.
  const idFor = (runId, message) => {
    let id = message.id;
    if (message.tool_call_id !== undefined && isMessageOf(message, "tool")) id ??= `run-${runId}-tool-${message.tool_call_id}`;
    else {
      if (id == null || id === `run-${runId}`) id = stableIds.get(runId) ?? id ?? `run-${runId}`;
      if (!stableIds.has(runId)) stableIds.set(runId, id);
    }
    if (id !== message.id) {
      message.id = id;
      if (message.lc_kwargs) message.lc_kwargs.id = id;
    }
    seen.add(id);
    return id;
  };
  const whole = (runId, message) => {
    if (message.id != null && seen.has(message.id)) return;
    idFor(runId, message);
    out(runId, message);
  };
  const forget = (runId) => {
    streamed.delete(runId);
    metadatas.delete(runId);
    stableIds.delete(runId);
  };
  const handler = {
    // Delivered as the model streams, not in LangChain's background queue: a late
    // token would reach a task that has already finished.
    awaitHandlers: true,
    handleChatModelStart(_llm, _messages, runId, _parent, _extra, ownTags, ownMetadata, name) {
      const tags = [...runTags, ...(ownTags ?? []).filter((t) => !runTags.includes(t))];
      const metadata = runMetadata ? { ...runMetadata, ...ownMetadata } : ownMetadata;
      if (metadata && !nostream(tags)) metadatas.set(runId, { tags, name, ...metadata });
    },
    handleLLMEnd(output, runId) {
      const message = output?.generations?.[0]?.[0]?.message;
      if (metadatas.has(runId) && message && typeof message === "object") {
        // A model that streamed nothing sends its message now; one that streamed
        // protocol events has its message marked as sent.
        if (!streamed.has(runId)) whole(runId, message);
        else if (protocol) idFor(runId, message);
      }
      forget(runId);
    },
    handleLLMError(_error, runId) {
      forget(runId);
    },
  };
  if (protocol) {
    handler.lc_prefer_chat_model_stream_events = true;
    handler.handleChatModelStreamEvent = (event, runId) => {
      if (!metadatas.has(runId)) return;
      let forwarded = event;
      if (event.event === "message-start") {
        streamed.add(runId);
        const id = event.id ?? `run-${runId}`;
        seen.add(id);
        if (!stableIds.has(runId)) stableIds.set(runId, id);
        if (event.id == null) forwarded = { ...event, id };
      }
      out(runId, forwarded);
    };
  } else {
    handler.lc_prefer_streaming = true;
    handler.handleLLMNewToken = (token, _idx, runId, _parent, _tags, fields) => {
      streamed.add(runId);
      if (!metadatas.has(runId)) return;
      // A token without a chunk (a text model's, a fake one's) streams as an AI message
      // chunk of its text: LangChain's own class when `superstep/langchain` brought it.
      const message = fields?.chunk?.message ?? (AIChunk ? new AIChunk({ content: token }) : { type: "ai", content: token });
      idFor(runId, message);
      out(runId, message);
    };
  }
  return handler;
}
