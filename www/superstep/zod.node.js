// `superstep/zod` in Node: the same exports, from the Node entry (one registry per entry).
export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta } from "./node.js";
