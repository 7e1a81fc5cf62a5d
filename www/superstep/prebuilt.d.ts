export { ToolNode, toolsCondition, createReactAgent, createReactAgentAnnotation } from "./index.js";
