// The "messages" stream mode and node outputs, as LangGraph.js's handler reads
// them: messages in a Command's update (alone or in a list beside updates), a
// `task()` call's result (streamed as the call's own task, under its node's
// namespace, and not again with the node's output), an entrypoint's return
// value, and a message without an id (it gets its output's run id and place).
// Run ids are left out; task ids in namespaces too.
import { AIMessage } from "@langchain/core/messages";
export const name = "messages in Commands, task() calls and entrypoints";
export const features = ["messages", "streaming", "commands", "functional"];
export const requires = ["entrypoint", "task"];

const taskless = (ns) => ns.split("|").map((p) => p.split(":")[0]).join("|");
const idOf = (id) => (typeof id !== "string" ? typeof id : id.replace(/^run-[0-9a-f-]{36}/, "run-<id>"));
const row = ([m, meta]) => [m.content, idOf(m.id), meta.langgraph_node, meta.langgraph_triggers, meta.langgraph_path, taskless(meta.checkpoint_ns), meta.langgraph_step];

export async function run(lib) {
  const { StateGraph, MessagesAnnotation, START, Command, MemorySaver, task, entrypoint } = lib;
  const make = task("make", async (x) => new AIMessage({ content: `made ${x}`, id: `m${x}` }));
  const g = new StateGraph(MessagesAnnotation)
    .addNode("a", () => new Command({ update: { messages: [new AIMessage({ content: "via command", id: "c1" })] }, goto: "b" }), { ends: ["b"] })
    .addNode("b", () => [new Command({ update: { messages: [new AIMessage({ content: "in list", id: "c2" })] } }), { messages: [new AIMessage({ content: "beside", id: "c3" })] }])
    .addNode("c", async () => ({ messages: [await make(1), new AIMessage({ content: "no id" })] }))
    .addEdge(START, "a")
    .addEdge("b", "c")
    .compile({ checkpointer: new MemorySaver() });
  const out = { graph: [], subgraphs: [], entrypoint: [] };
  for await (const c of await g.stream({ messages: [] }, { streamMode: "messages", configurable: { thread_id: "g" } })) out.graph.push(row(c));
  for await (const [ns, c] of await g.stream({ messages: [] }, { streamMode: "messages", subgraphs: true, configurable: { thread_id: "s" } })) out.subgraphs.push([ns, ...row(c)]);
  const wf = entrypoint({ name: "wf", checkpointer: new MemorySaver() }, async (x) => ({ messages: [await make(x), new AIMessage({ content: "final", id: "f" })] }));
  for await (const c of await wf.stream(2, { streamMode: "messages", configurable: { thread_id: "wf" } })) out.entrypoint.push(row(c));
  return out;
}
