// `superstep/zod`, as `@langchain/langgraph/zod`: LangGraph meta for zod state fields.
export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta } from "./index.js";
