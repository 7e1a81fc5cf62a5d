import type { z } from "zod/v3";
import type { $ZodRegistry, $ZodType } from "zod/v4/core";
import type { LangGraphMeta, Message, MessageLike } from "./index.js";
export { withLangGraph, schemaMetaRegistry, MessagesZodMeta, LangGraphMeta } from "./index.js";
/** The registry of zod meta, as zod 4's `register` takes it: `z.array(...).register(registry, { reducer: { fn }, default })`. */
export declare const registry: $ZodRegistry<LangGraphMeta<any, any> & { [key: string]: unknown }, $ZodType>;
/** LangGraph.js's `MessagesZodState` (zod's v3 API, as there): a `messages` field merged by `messagesStateReducer`. */
export declare const MessagesZodState: z.ZodObject<{ messages: z.ZodType<Message[], z.ZodTypeDef, MessageLike | MessageLike[]> }>;
