// Nodes read the documented run metadata: langgraph_step, langgraph_node, langgraph_triggers and the checkpoint ns.
import { out, thread } from "./_support.mjs";
export const name = "config metadata in nodes";
export const features = ["config", "recursion-limit"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const seen = (name) => (s, config) => {
    const m = config.metadata || {};
    return { log: [{ name, step: m.langgraph_step, node: m.langgraph_node, triggers: [...(m.langgraph_triggers || [])].sort(), ns: String(m.langgraph_checkpoint_ns || "").split(":")[0], path: (m.langgraph_path || []).slice(0, 1) }] };
  };
  const g = new StateGraph(S)
    .addNode("a", seen("a")).addNode("b", seen("b"))
    .addEdge(START, "a").addConditionalEdges("a", () => "b").addEdge("b", END)
    .compile();
  const plain = out(await g.invoke({ log: [] }));
  const saved = new StateGraph(S).addNode("a", seen("a")).addEdge(START, "a").addEdge("a", END).compile({ checkpointer: new MemorySaver() });
  const t = thread("md");
  await saved.invoke({ log: [] }, t);
  const again = out(await saved.invoke({ log: [] }, t));
  return { plain, again };
}
