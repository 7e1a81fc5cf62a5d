// `superstep/prebuilt`, as `@langchain/langgraph/prebuilt`: the tool step of an agent.
export { ToolNode, toolsCondition, createReactAgent, createReactAgentAnnotation } from "./index.js";
