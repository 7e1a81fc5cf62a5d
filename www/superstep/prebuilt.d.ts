export { ToolNode, toolsCondition } from "./index.js";
