import type { z } from "zod/v3";
import type { Message, MessageLike } from "./index.js";
export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta, LangGraphMeta } from "./index.js";
/** LangGraph.js's `MessagesZodState` (zod's v3 API, as there): a `messages` field merged by `messagesStateReducer`. */
export declare const MessagesZodState: z.ZodObject<{ messages: z.ZodType<Message[], z.ZodTypeDef, MessageLike | MessageLike[]> }>;
