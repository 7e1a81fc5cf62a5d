export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta, LangGraphMeta } from "./index.js";
