// `superstep/prebuilt` in Node: the same exports, from the Node entry.
export { ToolNode, toolsCondition } from "./node.js";
