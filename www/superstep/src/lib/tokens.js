// The "messages" stream mode's chat-model tokens, as LangGraph.js streams them:
// a LangChain callback handler, handed to a node in `config.callbacks` while the
// run streams messages. A chat model the node calls with its config streams
// through it chunk by chunk (or, if it cannot stream, its whole message once),
// each with the model run's metadata. Duck-typed: no LangChain code is needed.
import { toPlain } from "./values.js";

const NOSTREAM = "nostream";

/**
 * Ids of the messages streamed as tokens lately, so `streamEvents` v3 can tell a
 * chunk of a longer message from a whole one (the chunks cross the engine as
 * plain messages). Bounded: the oldest go first.
 */
export const tokenMessageIds = new Set();
const remember = (id) => {
  tokenMessageIds.delete(id);
  tokenMessageIds.add(id);
  if (tokenMessageIds.size > 1000) tokenMessageIds.delete(tokenMessageIds.values().next().value);
};

/**
 * A handler for one task: `emit([message, metadata])` streams a pair, and `seen` (a
 * Set) gets each streamed message's id, so the node's returned message is not sent again.
 */
export function tokenHandler(emit, seen) {
  const metadatas = new Map();
  const streamed = new Set();
  const stableIds = new Map();
  const send = (runId, message, dedupe, token) => {
    const meta = metadatas.get(runId);
    if (!meta || (dedupe && message.id != null && seen.has(message.id))) return;
    // One id for every chunk of a model run, as LangGraph.js gives them.
    let id = message.id;
    if (message.tool_call_id !== undefined && (message._getType?.() ?? message.type) === "tool") id ??= `run-${runId}-tool-${message.tool_call_id}`;
    else {
      if (id == null || id === `run-${runId}`) id = stableIds.get(runId) ?? id ?? `run-${runId}`;
      if (!stableIds.has(runId)) stableIds.set(runId, id);
    }
    if (id !== message.id) {
      message.id = id;
      if (message.lc_kwargs) message.lc_kwargs.id = id;
    }
    seen.add(id);
    if (token) remember(id);
    emit(toPlain([message, meta], "message"));
  };
  return {
    lc_prefer_streaming: true,
    // Delivered as the model streams, not in LangChain's background queue: a late
    // token would reach a task that has already finished.
    awaitHandlers: true,
    handleChatModelStart(_llm, _messages, runId, _parent, _extra, tags, metadata, name) {
      if (metadata && !tags?.includes(NOSTREAM)) metadatas.set(runId, { tags, name, ...metadata });
    },
    handleLLMNewToken(token, _idx, runId, _parent, _tags, fields) {
      streamed.add(runId);
      const chunk = fields?.chunk;
      // A chunk without a message (a text model's) streams as an AI message chunk of its text.
      send(runId, chunk?.message ?? { type: "ai", content: token }, false, true);
    },
    handleLLMEnd(output, runId) {
      if (!streamed.has(runId)) {
        const message = output?.generations?.[0]?.[0]?.message;
        if (message && typeof message === "object") send(runId, message, true);
      }
      streamed.delete(runId);
      metadatas.delete(runId);
    },
    handleLLMError(_error, runId) {
      streamed.delete(runId);
      metadatas.delete(runId);
    },
  };
}
