// The `messages` projection of a v3 run stream (`run.messages`,
// `run.messagesFrom(node)`, and a subgraph's), as LangGraph.js 1.7 has it: the
// protocol's `messages` events of the nodes directly under a namespace (the
// run stream picks them), grouped into one stream per message, from `message-start` to
// `message-finish`. Each is LangChain's `ChatModelStream` in shape: iterate it
// for its raw events, or read `text`, `reasoning`, `toolCalls` and `usage`
// (each iterable and awaitable), or await it (or `output`) for the whole
// message, here a plain AI message with LangChain's mark.
import { Log } from "./replay-log.js";
import { markMessage } from "./messages.js";

/** A content-block delta as a typed delta (older producers send it content-shaped). */
function deltaOf(e) {
  if (e.event !== "content-block-delta") return undefined;
  if (e.delta) return e.delta;
  const c = e.content;
  if (c === null || typeof c !== "object") return undefined;
  if (c.type === "text" && typeof c.text === "string") return { type: "text-delta", text: c.text };
  if (c.type === "reasoning" && typeof c.reasoning === "string") return { type: "reasoning-delta", reasoning: c.reasoning };
  if (c.type === "thinking" && typeof c.thinking === "string") return { type: "reasoning-delta", reasoning: c.thinking };
  if (typeof c.data === "string") return { type: "data-delta", data: c.data };
  if (typeof c.type === "string") return { type: "block-delta", fields: c };
  return undefined;
}

function applyDelta(block, d) {
  switch (d.type) {
    case "text-delta":
      return block.type === "text" ? { ...block, text: (block.text ?? "") + d.text } : block;
    case "reasoning-delta":
      if (block.type === "thinking") return { ...block, thinking: (block.thinking ?? "") + d.reasoning };
      return block.type === "reasoning" ? { ...block, reasoning: (block.reasoning ?? "") + d.reasoning } : block;
    case "data-delta":
      return { ...block, data: (block.data ?? "") + d.data };
    case "tool-call-delta":
      return block.type === "tool_call_chunk" ? { ...block, args: (block.args ?? "") + d.args } : block;
    case "block-delta":
      return { ...block, ...d.fields };
    default:
      return block;
  }
}

const usageOf = (u) => (u ? { ...u, input_tokens: u.input_tokens ?? 0, output_tokens: u.output_tokens ?? 0, total_tokens: u.total_tokens ?? 0 } : undefined);

/** Iterable of what `pick` finds in a message's events; awaited, `fold` of them all from `initial`. */
function projection(log, pick, fold, initial) {
  const iterate = () => {
    const events = log.iterate(0, (e) => e);
    return (async function* () {
      for await (const e of events) {
        const v = pick(e);
        if (v !== undefined) yield v;
      }
    })();
  };
  return {
    [Symbol.asyncIterator]: iterate,
    then(onfulfilled, onrejected) {
      return (async () => {
        let acc = initial;
        for await (const v of iterate()) acc = fold(acc, v);
        return acc;
      })().then(onfulfilled, onrejected);
    },
  };
}

/** One message's stream. */
export class MessageStream {
  #log = new Log();
  constructor(namespace, node) {
    this.namespace = namespace;
    this.node = node;
  }
  push(event) {
    this.#log.push(event);
  }
  end(error) {
    this.#log.end(error);
  }
  [Symbol.asyncIterator]() {
    return this.#log.iterate(0, (e) => e);
  }
  /** Text deltas; awaited, the whole text. */
  get text() {
    const pick = (e) => {
      const d = deltaOf(e);
      return d?.type === "text-delta" ? d.text : undefined;
    };
    return projection(this.#log, pick, (a, t) => a + t, "");
  }
  /** Reasoning deltas; awaited, the whole reasoning. */
  get reasoning() {
    const pick = (e) => {
      if (e.event === "content-block-start" && (e.content?.type === "reasoning" || e.content?.type === "thinking")) return (e.content.reasoning ?? e.content.thinking) || undefined;
      const d = deltaOf(e);
      return d?.type === "reasoning-delta" ? d.reasoning || undefined : undefined;
    };
    return projection(this.#log, pick, (a, t) => a + t, "");
  }
  /** Each tool call as its block finishes; awaited, all of them. */
  get toolCalls() {
    return projection(this.#log, (e) => (e.event === "content-block-finish" && e.content?.type === "tool_call" ? e.content : undefined), (a, c) => [...a, c], []);
  }
  /** Usage as reported; awaited, the last report. */
  get usage() {
    const pick = (e) => (e.event === "usage" || ((e.event === "message-start" || e.event === "message-finish") && e.usage) ? usageOf(e.usage) : undefined);
    return projection(this.#log, pick, (_, u) => u, undefined);
  }
  /** The whole message, once it finishes. */
  get output() {
    return this.#assemble();
  }
  then(onfulfilled, onrejected) {
    return this.#assemble().then(onfulfilled, onrejected);
  }
  async #assemble() {
    const blocks = [];
    let id, usage, finish;
    let metadata = {};
    for await (const e of this.#log.iterate(0, (x) => x)) {
      if (e.event === "message-start") {
        id = e.id ?? id;
        usage = usageOf(e.usage) ?? usage;
      } else if (e.event === "content-block-start" || e.event === "content-block-finish") blocks[e.index] = e.content;
      else if (e.event === "content-block-delta" && blocks[e.index]) {
        const d = deltaOf(e);
        if (d) blocks[e.index] = applyDelta(blocks[e.index], d);
      } else if (e.event === "usage") usage = usageOf(e.usage);
      else if (e.event === "message-finish") {
        finish = e.reason;
        usage = usageOf(e.usage) ?? usage;
        metadata = { ...metadata, ...e.responseMetadata };
      }
    }
    const message = {
      type: "ai",
      id,
      content: blocks.filter((b) => b != null),
      usage_metadata: usage,
      response_metadata: { ...metadata, ...(finish ? { finish_reason: finish } : {}), output_version: "v1" },
    };
    markMessage(message);
    return message;
  }
}

const streamKey = (d) => (typeof d.run_id === "string" ? `run:${d.run_id}` : d.event === "message-start" && typeof d.id === "string" ? `message:${d.id}` : "");

/**
 * The message streams of the `messages` events `mine` picks from `events`, the
 * run's log. They are filled as the run's events come, whoever reads them, so
 * awaiting one message inside the loop over them does not wait on the loop.
 */
export function messagesOf(events, mine) {
  const out = new Log();
  const active = new Map();
  const ignored = new Set();
  (async () => {
    for await (const e of events.iterate(0, (x) => (mine(x) ? x : undefined))) {
      const d = e.params.data;
      const k = streamKey(d);
      if (d.event === "message-start") {
        // As LangGraph.js: a tool's message is not a model's.
        if (d.role === "tool") {
          ignored.add(k);
          continue;
        }
        const stream = new MessageStream(e.params.namespace, e.params.node);
        active.set(k, stream);
        stream.push(d);
        out.push(stream);
      } else if (ignored.has(k)) {
        if (d.event === "message-finish") ignored.delete(k);
      } else if (d.event === "message-finish") {
        active.get(k)?.push(d);
        active.get(k)?.end();
        active.delete(k);
      } else active.get(k)?.push(d);
    }
  })().then(
    () => {
      for (const stream of active.values()) {
        stream.push({ event: "message-finish" });
        stream.end();
      }
      out.end();
    },
    (error) => {
      for (const stream of active.values()) stream.end(error);
      out.end(error);
    },
  );
  // Each loop over it replays from the first message.
  return { [Symbol.asyncIterator]: () => out.iterate(0, (s) => s) };
}
