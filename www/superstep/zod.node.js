// `superstep/zod` in Node: the same exports, from the Node entry (one registry per entry).
import { z } from "zod/v3";
import { withLangGraph, MessagesZodMeta } from "./node.js";

export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta } from "./node.js";
export const MessagesZodState = z.object({ messages: withLangGraph(z.custom(), MessagesZodMeta) });
