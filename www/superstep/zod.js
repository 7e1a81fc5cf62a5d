// `superstep/zod`, as `@langchain/langgraph/zod`: LangGraph meta for zod state fields,
// and LangGraph.js's `MessagesZodState`, built as there with the app's zod (its `zod/v3`).
import { z } from "zod/v3";
import { withLangGraph, MessagesZodMeta } from "./index.js";

export { withLangGraph, registry, schemaMetaRegistry, MessagesZodMeta } from "./index.js";
export const MessagesZodState = z.object({ messages: withLangGraph(z.custom(), MessagesZodMeta) });
