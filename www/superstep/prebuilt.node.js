// `superstep/prebuilt` in Node: the same exports, from the Node entry.
export { ToolNode, toolsCondition, createReactAgent, createReactAgentAnnotation } from "./node.js";
